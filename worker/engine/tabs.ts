import type { WatchKey } from '../../db/engine-api.ts';
import { watchKeyId } from '../ports.ts';

interface Tab {
  visible: boolean;
  /** Watch counts of this tab (a tab may show the same month in two places). */
  watches: Map<string, { key: WatchKey; count: number }>;
}

/**
 * The tabs the engine serves: which are visible (polling pauses while none is) and what each
 * watches, reference-counted across tabs so a channel or a poller lives while anyone needs it.
 */
export class TabRegistry {
  private readonly tabs = new Map<string, Tab>();

  add(tabId: string, visible: boolean): void {
    const t = this.tabs.get(tabId);
    if (t) t.visible = visible;
    else this.tabs.set(tabId, { visible, watches: new Map() });
  }

  /** Removes a tab; returns the keys nobody watches any more. */
  remove(tabId: string): WatchKey[] {
    const t = this.tabs.get(tabId);
    if (!t) return [];
    this.tabs.delete(tabId);
    return [...t.watches.values()].map((w) => w.key).filter((k) => this.total(watchKeyId(k)) === 0);
  }

  setVisible(tabId: string, visible: boolean): void {
    this.add(tabId, visible);
  }

  anyVisible(): boolean {
    for (const t of this.tabs.values()) if (t.visible) return true;
    return false;
  }

  /** Returns true when this is the first watcher of the key in the whole browser. */
  watch(tabId: string, key: WatchKey): boolean {
    if (!this.tabs.has(tabId)) this.add(tabId, true);
    const id = watchKeyId(key);
    const first = this.total(id) === 0;
    const w = this.tabs.get(tabId)!.watches;
    const cur = w.get(id);
    w.set(id, { key, count: (cur?.count ?? 0) + 1 });
    return first;
  }

  /** Returns true when nobody watches the key any more. */
  unwatch(tabId: string, key: WatchKey): boolean {
    const id = watchKeyId(key);
    const w = this.tabs.get(tabId)?.watches;
    const cur = w?.get(id);
    if (!w || !cur) return false;
    if (cur.count <= 1) w.delete(id);
    else cur.count -= 1;
    return this.total(id) === 0;
  }

  /** Every key watched by some tab. */
  watched(): WatchKey[] {
    const out = new Map<string, WatchKey>();
    for (const t of this.tabs.values()) for (const [id, w] of t.watches) out.set(id, w.key);
    return [...out.values()];
  }

  private total(id: string): number {
    let n = 0;
    for (const t of this.tabs.values()) n += t.watches.get(id)?.count ?? 0;
    return n;
  }
}
