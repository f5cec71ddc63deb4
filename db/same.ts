/**
 * Whether two plain JSON values (rows, documents, the session, the settings) are equal. Used to keep
 * the object already held when an answer brings the same content again: nothing downstream (a
 * broadcast diff, a React context, a memo) then sees a change.
 */
export const same = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);

/** `next`, or `prev` when they are equal (the same object keeps every reader's memo valid). */
export const keepSame = <T>(prev: T, next: T): T => (same(prev, next) ? prev : next);
