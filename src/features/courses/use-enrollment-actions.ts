import type { EnrollmentForm, MutateData, Result } from '../../../db/engine-api.ts';
import { useMutation } from '../../lib/engine/mutation.ts';

type Outcome = { ok: true } | { ok: false; message: string };
const outcomeOf = (r: Result<MutateData> | null): Outcome =>
  r === null ? { ok: false, message: '' } : r.ok ? { ok: true } : { ok: false, message: r.error.message };

/**
 * Enrol, resubmit and finish. These need the network (never queued): offline the engine fails them
 * at once with the enrolment's own offline message (db/mutations.ts). The engine writes the reply
 * into the course and the user's enrolments before it resolves, and refreshes the notifications and
 * the calendars as the policy says.
 */
export function useEnrollmentActions(courseId: number) {
  const enroll = useMutation('enroll');
  const update = useMutation('updateEnrollment');
  const finish = useMutation('finishEnrollment');
  return {
    enroll: async (form: EnrollmentForm) => outcomeOf(await enroll.run({ courseId, form })),
    update: async (form: EnrollmentForm) => outcomeOf(await update.run({ courseId, form })),
    finish: async (reason: string) => outcomeOf(await finish.run({ courseId, reason: reason.trim() })),
  };
}
