import { useCallback } from 'react';
import { notify } from '../../components/ui/toaster.tsx';
import { snapMessage, snapToQuarter } from './rules.ts';

/**
 * The time pickers of class forms (reschedule, makeup): minutes snap to 00, 15, 30 or 45 (23:59
 * allowed), and the user is told "{new} used instead of {old}" (spec section 5). Answers a
 * function that snaps a typed value, stores the snapped one with `setTime` and returns it.
 */
export function useQuarterSnap(setTime: (time: string) => void): (value: string) => string {
  return useCallback((value: string) => {
    const s = snapToQuarter(value);
    if (s.changed) {
      setTime(s.time);
      notify('info', snapMessage(s.time, value));
    }
    return s.time;
  }, [setTime]);
}
