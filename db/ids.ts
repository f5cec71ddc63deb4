/**
 * A fresh unique id: a mutation's id (also its Idempotency-Key and, for a text, its client_key), a
 * tab's id. `crypto.randomUUID` exists only in secure contexts (https or localhost); a page served
 * over plain http elsewhere gets a random id of the same use.
 */
export const newId = (): string =>
  globalThis.crypto?.randomUUID ? globalThis.crypto.randomUUID() : `${Date.now()}-${Math.random().toString(16).slice(2)}-${Math.random().toString(16).slice(2)}`;

/**
 * The Web Lock a tab holds for its whole life (src/lib/engine/connect.ts); the engine asks for the
 * same lock and is granted it only when the tab is gone, however it went (closed, crashed, discarded).
 */
export const tabLockName = (tabId: string): string => `tutoring-tab:${tabId}`;
