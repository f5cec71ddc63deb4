import { eq } from '@tanstack/react-db';
import { useLiveQuery } from '../lib/collections/live-query.ts';
import { useEffect } from 'react';
import type { Notification, User } from '../../db/entities.ts';
import { kvCollection, notificationsCollection } from '../lib/collections/tables.ts';

export interface LiveUser {
  user: User | null;
  notifications: Notification[];
}

/**
 * The signed-in user and notifications as the mirror holds them (the engine patches the stored
 * user on every change: credits, unread counts, the read badge). Loaded only once signed in, so a
 * guest's first screen does not download the mirror's code.
 */
export default function LiveUserFeed({ onChange }: { onChange: (v: LiveUser) => void }) {
  const { data: kv } = useLiveQuery((q) => q.from({ kv: kvCollection }).where(({ kv }) => eq(kv.key, 'user')));
  const { data: notes } = useLiveQuery((q) => q.from({ n: notificationsCollection }));
  const user = (kv?.[0]?.value as User | undefined) ?? null;
  useEffect(() => {
    const notifications = [...(notes ?? [])].sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
    onChange({ user, notifications });
  }, [user, notes, onChange]);
  return null;
}
