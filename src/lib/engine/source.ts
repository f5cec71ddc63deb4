import type { EngineEvent, MirrorTableName } from '../../../db/engine-api.ts';
import { MirrorReader } from '../../../db/idb-reader.ts';
import { userDbName, type Key, type Row } from '../../../db/tables.ts';
import type { EngineClient } from './client.ts';
import { getEngine } from './connect.ts';

/** What a collection's sync does with the mirror's rows: start over, or apply a diff. */
export interface Sink {
  reset(rows: Row[]): void;
  apply(upserts: Row[], deletes: Key[]): void;
}

interface Attached {
  table: MirrorTableName;
  sink: Sink;
  /** Events that arrived while the initial rows were being read: applied right after them, in order. */
  queue: { upserts: Row[]; deletes: Key[] }[] | null;
  generation: number;
}

/**
 * Feeds the tab's collections from the mirror: each table's rows are read once from the tab's own
 * read-only Dexie connection to the signed-in user's database (or from the worker when the mirror
 * is in memory), then every 'change' event is applied as a diff. When the user changes (sign-in
 * elsewhere, sign-out, a 401) every collection starts over from the new user's mirror, or empty.
 */
export class MirrorSource {
  private userId: number | null = null;
  private generation = 0;
  private reader: MirrorReader | null = null;
  private readonly attached = new Set<Attached>();
  private started = false;

  constructor(private readonly engine: () => EngineClient, private readonly idb?: { indexedDB: IDBFactory; IDBKeyRange: typeof IDBKeyRange }) {}

  attach(table: MirrorTableName, sink: Sink): () => void {
    this.start();
    const a: Attached = { table, sink, queue: null, generation: -1 };
    this.attached.add(a);
    void this.load(a);
    return () => this.attached.delete(a);
  }

  private start() {
    if (this.started) return;
    this.started = true;
    const client = this.engine();
    client.events((e) => this.onEvent(e));
    // The session stored on this device is known before the engine answers hello: reading its
    // mirror starts at once (a warm start shows the screen without waiting for the worker). Should
    // the engine answer another user, the collections start over from that user's mirror.
    const follow = () => {
      const s = client.getState();
      if (!s.ready && s.session.status !== 'signed-in') return;
      this.setUser(s.session.status === 'signed-in' ? s.session.user.id : null);
    };
    client.subscribeState(follow);
    follow();
  }

  private setUser(userId: number | null) {
    if (userId === this.userId) return;
    this.userId = userId;
    this.generation += 1;
    this.reader?.close();
    this.reader = null;
    for (const a of this.attached) void this.load(a);
  }

  private async readTable(table: MirrorTableName): Promise<Row[]> {
    const client = this.engine();
    if (this.userId === null) return [];
    if (client.getState().status?.storage === 'memory') return (await client.snapshot(table)) as Row[];
    this.reader ??= new MirrorReader(userDbName(this.userId), this.idb?.indexedDB);
    try {
      return await this.reader.read(table);
    } catch {
      // The tab cannot read IndexedDB itself: ask the worker.
      return (await client.snapshot(table)) as Row[];
    }
  }

  private async load(a: Attached) {
    const generation = this.generation;
    a.generation = generation;
    a.queue = [];
    const rows: Row[] = await this.readTable(a.table).catch(() => []);
    if (a.generation !== generation || generation !== this.generation) return; // a newer load runs
    const queued = a.queue ?? [];
    a.queue = null;
    a.sink.reset(rows);
    for (const q of queued) a.sink.apply(q.upserts, q.deletes);
  }

  private onEvent(e: EngineEvent) {
    if (e.type !== 'change' || e.userId !== this.userId) return;
    for (const a of this.attached) {
      if (a.table !== e.table) continue;
      const diff = { upserts: e.upserts as Row[], deletes: e.deletes };
      if (a.queue) a.queue.push(diff);
      else a.sink.apply(diff.upserts, diff.deletes);
    }
  }
}

let source: MirrorSource | null = null;
/** The source every reader of the mirror uses; tests may install their own before anything reads. */
export const mirrorSource = (): MirrorSource => (source ??= new MirrorSource(getEngine));
export const setMirrorSource = (s: MirrorSource) => void (source = s);
