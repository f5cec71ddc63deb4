import { describe, expect, it } from 'vitest';
import { createMemoryMirror } from '../../../db/memory-mirror.ts';
import { applyChanges } from '../../../db/mirror.ts';

describe('applyChanges: the mirror is written as a diff', () => {
  it('reports only what really changed', async () => {
    const m = createMemoryMirror('t');
    expect(await applyChanges(m, [{ table: 'classes', upserts: [{ id: 1, a: 1 }, { id: 2, a: 2 }] }])).toEqual([
      { table: 'classes', upserts: [{ id: 1, a: 1 }, { id: 2, a: 2 }], deletes: [] },
    ]);
    // The same rows again: nothing written, nothing to tell.
    expect(await applyChanges(m, [{ table: 'classes', upserts: [{ id: 1, a: 1 }, { id: 2, a: 2 }] }])).toEqual([]);
    // A delete of a missing row and a patch of a missing row are no-ops.
    expect(await applyChanges(m, [{ table: 'classes', deletes: [9], patches: [{ key: 8, apply: (r) => r && { ...r, b: 1 } }] }])).toEqual([]);
  });

  it('replace deletes what the full list no longer holds; patches read the write’s own earlier rows', async () => {
    const m = createMemoryMirror('t');
    await applyChanges(m, [{ table: 'notifications', upserts: [{ id: 'a', read: false }, { id: 'b', read: false }] }]);
    const diff = await applyChanges(m, [
      { table: 'notifications', upserts: [{ id: 'b', read: false }, { id: 'c', read: false }], replace: true },
      { table: 'notifications', patches: [{ key: 'c', apply: (r) => r && { ...r, read: true } }] },
    ]);
    expect(diff).toEqual([{ table: 'notifications', upserts: [{ id: 'c', read: true }], deletes: ['a'] }]);
    expect(await m.getAll('notifications')).toEqual([{ id: 'b', read: false }, { id: 'c', read: true }]);
  });

  it('a row upserted then deleted in one write is only a delete (when it existed) or nothing', async () => {
    const m = createMemoryMirror('t');
    await applyChanges(m, [{ table: 'messages', upserts: [{ id: 'pending:x', text: 'hi' }] }]);
    const diff = await applyChanges(m, [
      { table: 'messages', upserts: [{ id: 5, text: 'hi', client_key: 'x' }], deletes: ['pending:x'] },
      { table: 'messages', upserts: [{ id: 'pending:y', text: 'tmp' }], deletes: ['pending:y'] },
    ]);
    expect(diff).toEqual([{ table: 'messages', upserts: [{ id: 5, text: 'hi', client_key: 'x' }], deletes: ['pending:x'] }]);
  });
});
