import { tabLockName } from '../../db/ids.ts';

/**
 * The part of the Web Locks API the engine uses (`navigator.locks`), so tests can pass an
 * in-process implementation. A lock is held until the callback's promise settles; a context
 * that dies releases its locks.
 */
export interface LockManagerLike {
  request<T>(name: string, cb: (lock: unknown) => Promise<T> | T): Promise<T>;
}

/** The part of BroadcastChannel the coordination uses. */
export interface ChannelLike {
  postMessage(msg: unknown): void;
  addEventListener(type: 'message', cb: (ev: { data: unknown }) => void): void;
  removeEventListener(type: 'message', cb: (ev: { data: unknown }) => void): void;
  close(): void;
}

export const LEADER_LOCK = 'tutoring-engine-leader';

/**
 * Calls `onGone` when the tab holding its lock (db/ids.ts `tabLockName`) is gone: the lock is
 * granted to us only then. Each tab is watched once.
 */
export function presenceWatcher(locks: LockManagerLike | undefined) {
  const watched = new Set<string>();
  return (tabId: string, onGone: () => void) => {
    if (!locks || watched.has(tabId)) return;
    watched.add(tabId);
    void locks.request(tabLockName(tabId), async () => {
      watched.delete(tabId);
      onGone();
    });
  };
}
