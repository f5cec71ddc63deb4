import { describe, expect, it } from 'vitest';
import type { Mirror } from '../../db/mirror.ts';
import { userDocNotifications } from '../../worker/sync/notifications.ts';

const note = (id: string, created_at: string, read: boolean) => ({ id, created_at, read, data: { title: id } });

describe("a user document's newest notifications and the stored older ones", () => {
  it('marks read a stored row of the same instant as the oldest listed that the list left out (a tie at its end)', async () => {
    const stored = [note('old', '2026-11-20T08:00:00.000Z', false), note('tied', '2026-11-25T08:00:00.000Z', false), note('listed', '2026-11-25T08:00:00.000Z', false)];
    const mirror = { getAll: async () => stored } as unknown as Mirror;
    const user = { notifications: [note('newest', '2026-11-29T08:00:00.000Z', true), note('listed', '2026-11-25T08:00:00.000Z', true)], notifications_count: 0 };
    const changes = await userDocNotifications(mirror, [{ table: 'kv', upserts: [{ key: 'user', value: user }] }] as never);
    const upserts = changes[0]!.upserts as unknown as { id: string; read: boolean }[];
    expect(upserts.filter((r) => r.read).map((r) => r.id).sort()).toEqual(['listed', 'newest', 'old', 'tied']);
  });

  it('leaves a stored row newer than the document alone (learnt from a later reply)', async () => {
    const stored = [note('later', '2026-11-30T08:00:00.000Z', false)];
    const mirror = { getAll: async () => stored } as unknown as Mirror;
    const user = { notifications: [note('newest', '2026-11-29T08:00:00.000Z', true)], notifications_count: 0 };
    const changes = await userDocNotifications(mirror, [{ table: 'kv', upserts: [{ key: 'user', value: user }] }] as never);
    expect((changes[0]!.upserts as unknown as { id: string }[]).map((r) => r.id)).toEqual(['newest']);
  });
});
