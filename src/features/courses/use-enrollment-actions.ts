import { useCallback } from 'react';
import type { EnrollmentForm, Mutation } from '../../../db/engine-api.ts';
import { mutationId, useShell } from '../../app/session-context.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { MESSAGES } from '../../lib/messages.ts';
import { OFFLINE_MESSAGE, enrollmentErrorMessage } from './enrollment-errors.ts';

type Outcome = { ok: true } | { ok: false; message: string };

/**
 * Enrol, resubmit and finish. These need the network (never queued): offline they fail at once.
 * The engine writes the reply into the course and the user's enrolments before it resolves, and
 * refreshes the notifications itself (the server adds one on enrolling and on a finish request).
 */
export function useEnrollmentActions(courseId: number) {
  const { engine, status } = useShell();

  const run = useCallback(
    async (m: Mutation, success: string, fallback: string): Promise<Outcome> => {
      const offline = status?.online === false || (typeof navigator !== 'undefined' && navigator.onLine === false);
      if (offline) {
        notify('error', OFFLINE_MESSAGE);
        return { ok: false, message: OFFLINE_MESSAGE };
      }
      const r = await engine.mutate(m);
      if (!r.ok) {
        const message = enrollmentErrorMessage(r.error, fallback);
        notify('error', message);
        return { ok: false, message };
      }
      notify('success', success);
      return { ok: true };
    },
    [engine, status],
  );

  return {
    enroll: (form: EnrollmentForm) => run({ id: mutationId(), name: 'enroll', courseId, form }, MESSAGES.enrolled, MESSAGES.enrollFailed),
    update: (form: EnrollmentForm) =>
      run({ id: mutationId(), name: 'updateEnrollment', courseId, form }, MESSAGES.enrollmentUpdated, MESSAGES.submitFailed),
    finish: (reason: string) =>
      run({ id: mutationId(), name: 'finishEnrollment', courseId, reason: reason.trim() }, MESSAGES.requestSent, MESSAGES.finishFailed),
  };
}
