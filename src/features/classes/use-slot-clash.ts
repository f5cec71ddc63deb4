import { useMemo } from 'react';
import type { Class } from '../../../db/entities.ts';
import { classesCollection } from '../../lib/engine/index.ts';
import { useLiveQuery } from '../../lib/engine/live-query.ts';
import { useI18n } from '../../lib/i18n/index.ts';
import { clashMessage, findClash, slotStart } from './clash.ts';
import type { Role } from './rules.ts';

/**
 * The clash of a chosen slot (`date` at `time`, `minutes` long, in `timeZone`) with the user's
 * other classes in the mirror, as the sentence to show, or null. `excludeId` is the class being moved.
 */
export function useSlotClash(date: string, time: string, minutes: number, timeZone: string, role: Role, excludeId?: number): string | null {
  useI18n();
  const { data } = useLiveQuery((q) => q.from({ c: classesCollection }), []);
  const slot = slotStart(date, time, timeZone);
  const clash = useMemo(() => (slot == null ? null : findClash((data ?? []) as Class[], slot, minutes, excludeId)), [data, slot, minutes, excludeId]);
  return clash ? clashMessage(clash, role, timeZone) : null;
}
