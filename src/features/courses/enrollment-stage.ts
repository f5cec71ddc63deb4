import type { Course, Enrollment } from '../../../db/entities.ts';

/**
 * Which state of the course page applies (second spec, section 4). The course carries the
 * student's latest enrolment that still holds a place; canceled and finished ones are not sent,
 * so the course can be enrolled in again.
 */
export type EnrollmentStage =
  /** No enrolment: the blank form and Enroll Now. */
  | 'new'
  /** Waiting for support (pending, review, updated): read-only until Edit, thank-you notice. */
  | 'pending'
  /** The admin asks for changes: the form is editable and shows the admin comment. */
  | 'action-needed'
  /** Classes run: the Cancel Subscription card. */
  | 'approved'
  /** A finish request was sent: the card's button is disabled with its notice. */
  | 'finish-requested'
  /** Any other status (suspended, or one added on the server): read-only, no action. */
  | 'closed';

export const EDITABLE_STATUSES: readonly string[] = ['pending', 'review', 'updated', 'action-needed'];
const PENDING_STATUSES: readonly string[] = ['pending', 'review', 'updated'];
const RUNNING_STATUSES: readonly string[] = ['approved', 'joined'];

export function enrollmentStage(course: Pick<Course, 'enrollment' | 'finish_requested'>): EnrollmentStage {
  const e = course.enrollment;
  if (!e) return 'new';
  if (e.status === 'action-needed') return 'action-needed';
  if (PENDING_STATUSES.includes(e.status)) return 'pending';
  if (RUNNING_STATUSES.includes(e.status)) return e.finish_requested || course.finish_requested ? 'finish-requested' : 'approved';
  return 'closed';
}

/** The form can be re-submitted (the server accepts PUT) in these statuses. */
export const canResubmit = (e: Pick<Enrollment, 'status'> | null | undefined) => !!e && EDITABLE_STATUSES.includes(e.status);

/** The form starts editable with no enrolment and when the admin asks for changes; otherwise Edit opens it. */
export const startsEditable = (stage: EnrollmentStage) => stage === 'new' || stage === 'action-needed';

/** The cancel reason is required (the spec's warning when empty). */
export const isReasonValid = (reason: string) => reason.trim().length > 0;
