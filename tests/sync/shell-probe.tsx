import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { IDBKeyRange } from 'fake-indexeddb';
import type { Notification } from '../../db/entities.ts';
import { EngineBridge } from '../../src/app/engine-bridge.tsx';
import { useShell } from '../../src/app/session-context.tsx';
import { installEngine } from '../../src/lib/engine/connect.ts';
import { mirrorCollection } from '../../src/lib/engine/mirror-collection.ts';
import { MirrorSource } from '../../src/lib/engine/source.ts';
import { setMirrorSource } from '../../src/lib/engine/tables.ts';
import type { TestServer } from '../helpers/server.ts';
import { Browser, until } from './harness.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** What the bell renders: the shell's notifications (its menu's list, newest first) and the badge's count. */
export interface Shown { count: number | null; ids: string[]; titles: string[]; unread: number }

function Probe() {
  const { notifications, session } = useShell();
  const shown: Shown = {
    count: session.status === 'signed-in' ? session.user.notifications_count : null,
    ids: notifications.map((n) => n.id),
    titles: notifications.map((n) => n.data.title),
    unread: notifications.filter((n) => !n.read).length,
  };
  return <pre>{JSON.stringify(shown)}</pre>;
}

/**
 * One browser with two tabs of one engine, signed in as the demo student: tab A renders the app's
 * shell (EngineBridge, as every page does) over the app's mirror source; tab B reads the
 * notifications table through a mirror source of its own, as another tab's shell does. The shell's
 * rows are the page's one store, so one file renders one shell (jsdom environment).
 */
export async function shellWorld(server: TestServer) {
  const db = server.app.db;
  const browser = new Browser(server);
  const engine = browser.engine();
  const a = browser.tab(engine, { id: 'tab-a' });
  const b = browser.tab(engine, { id: 'tab-b' });
  installEngine(a);
  setMirrorSource(new MirrorSource(() => a, { indexedDB: browser.idb, IDBKeyRange }));
  const sourceB = new MirrorSource(() => b, { indexedDB: browser.idb, IDBKeyRange });
  const bNotes = mirrorCollection<Notification, string>(() => sourceB, 'notifications');
  await bNotes.preload();

  const el = document.createElement('div');
  document.body.append(el);
  const root = createRoot(el);
  await act(async () => root.render(<EngineBridge><Probe /></EngineBridge>));
  const shown = () => JSON.parse(el.textContent || '{}') as Shown;
  const settled = (what: string, check: (s: Shown) => boolean) => until(what, async () => (await act(async () => {}), check(shown())));

  const user = await browser.signIn(a, 'student@example.com');
  const onServer = () => ({
    ids: (db.prepare('SELECT id FROM notifications WHERE user_id = ? ORDER BY created_at DESC, id').all(user.id) as { id: string }[]).map((r) => r.id),
    unread: (db.prepare('SELECT COUNT(*) AS n FROM notifications WHERE user_id = ? AND read_at IS NULL').get(user.id) as { n: number }).n,
  });
  /** The list's first `n` are the server's newest `n`, and the badge is the server's unread count. */
  const agrees = (s: Shown, n: number) => {
    const srv = onServer();
    return s.ids.join() === srv.ids.slice(0, n).join() && s.count === srv.unread;
  };
  const unmount = () => act(async () => root.unmount());
  return { db, browser, engine, a, bNotes, shown, settled, user, onServer, agrees, unmount };
}
