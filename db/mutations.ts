import type { Mutation, MutationName, Resource } from './engine-api.ts';
import type { ErrorCode } from './messages.ts';
import { MESSAGES } from './messages.ts';

type Of<K extends MutationName> = Extract<Mutation, { name: K }>;

/**
 * What is particular to one mutation, in one table read by the worker (queueing, refreshes,
 * error wording) and by the tabs' one write API (success wording). Everything that is the same for
 * every mutation (the idempotency key, the double-submit guard, the wait for the mirror's change,
 * the error mapping) lives once in the mechanisms, never as a special case keyed by name.
 */
export interface MutationPolicy<M extends Mutation> {
  /** Waits in the outbox while offline and is sent once, in order, when the network returns; otherwise it fails at once offline. */
  queue: boolean;
  /** The message when it fails and no business code or field message says more. */
  failure: string;
  /** The message when it cannot be sent because the device is offline (default: `MESSAGES.offline`). */
  offline?: string;
  /** Shown when the server accepted it (a screen may say more, e.g. the amount charged). */
  success?: string | ((m: M) => string);
  /**
   * Re-read after the server accepted it (the change touched more than its own reply carries); a
   * function when it depends on the mutation (the class it changed).
   */
  refresh?: Resource[] | ((m: M) => Resource[]);
  /** Every calendar month a tab shows is re-read after success (the change moved or removed classes). */
  calendars?: boolean;
  /** After a rejection with one of these codes the screen showed stale state: re-read what it showed. */
  onRejected?: { codes: readonly ErrorCode[]; refresh: (m: M) => Resource[] };
  /** This action's own wording of a business code, before the catalogue's (`CODE_MESSAGES`). */
  codes?: Readonly<Partial<Record<ErrorCode, string>>>;
  /** A rejection without a known code shows the server's own sentence (cancel and reschedule, spec §8). */
  showsServerMessage?: boolean;
}

export type MutationPolicies = { [K in MutationName]: MutationPolicy<Of<K>> };

/** A class whose state the server refused to change because it moved on (limit reached, locked): re-read it. */
const staleClass = { codes: ['LIMIT_EXCEEDED', 'CLASS_LOCKED', 'NOT_ALLOWED'], refresh: (m: { classId: number }) => [{ kind: 'class', id: m.classId }] as Resource[] } as const;

export const MUTATIONS: MutationPolicies = {
  sendMessage: { queue: true, failure: MESSAGES.actionFailed },
  sendImage: { queue: false, failure: MESSAGES.uploadImageFailed },
  saveClassReport: { queue: true, failure: MESSAGES.actionFailed, success: MESSAGES.classReportSaved },
  editClassReport: { queue: true, failure: MESSAGES.actionFailed, success: MESSAGES.classReportSaved },
  saveSchedule: { queue: true, failure: MESSAGES.saveFailed, success: MESSAGES.changesSaved },
  saveJoinUrl: { queue: true, failure: MESSAGES.actionFailed, success: MESSAGES.changesSaved },
  readNotifications: { queue: true, failure: MESSAGES.actionFailed },
  join: { queue: false, failure: MESSAGES.joinFailed },
  markAbsent: { queue: false, failure: MESSAGES.actionFailed, refresh: ['home'], onRejected: staleClass },
  // The teacher marks it: the balance that is short is the student's.
  markAttended: { queue: false, failure: MESSAGES.actionFailed, refresh: ['home'], onRejected: staleClass, codes: { NO_ENOUGH_CREDITS: MESSAGES.studentBalanceNotEnough } },
  // A cancel or a reschedule spends one of the user's class changes this month: every class carries
  // the count left ("N of M class changes left"), so the classes shown are re-read (the reply of a
  // cancel is its class; a reschedule answers the request, so its class is re-read too).
  cancelClass: { queue: false, failure: MESSAGES.actionFailed, refresh: ['home'], calendars: true, onRejected: staleClass, showsServerMessage: true },
  rescheduleClass: {
    queue: false,
    failure: MESSAGES.actionFailed,
    success: MESSAGES.rescheduleSubmitted,
    refresh: (m) => [{ kind: 'class', id: m.classId }, 'home'],
    calendars: true,
    onRejected: staleClass,
    showsServerMessage: true,
  },
  decideReschedule: {
    queue: false,
    failure: MESSAGES.actionFailed,
    success: (m) => (m.action === 'approve' ? MESSAGES.rescheduleApproved : MESSAGES.rescheduleRejected),
    refresh: ['home'],
  },
  addMakeup: { queue: false, failure: MESSAGES.actionFailed, success: MESSAGES.classAdded, refresh: ['home'], calendars: true },
  // A new enrolment counts on the dashboard (My Courses) at once: home is re-read with the notifications.
  enroll: { queue: false, failure: MESSAGES.enrollFailed, offline: MESSAGES.enrollOffline, success: MESSAGES.enrolled, refresh: ['notifications', 'user', 'home'] },
  updateEnrollment: { queue: false, failure: MESSAGES.submitFailed, offline: MESSAGES.enrollOffline, success: MESSAGES.enrollmentUpdated, refresh: ['notifications'] },
  finishEnrollment: {
    queue: false,
    failure: MESSAGES.finishFailed,
    offline: MESSAGES.enrollOffline,
    success: MESSAGES.requestSent,
    refresh: ['home', 'notifications'],
    calendars: true,
  },
  recharge: { queue: false, failure: MESSAGES.paymentCompletingFailed, success: MESSAGES.recharged, refresh: ['notifications', 'transactions'] },
  manualRecharge: { queue: false, failure: MESSAGES.requestFailed, success: MESSAGES.paymentUnderReview, refresh: ['notifications'] },
  borrow: { queue: false, failure: MESSAGES.requestFailed, success: MESSAGES.borrowDone, refresh: ['notifications', 'transactions'] },
  transfer: { queue: false, failure: MESSAGES.requestFailed, success: MESSAGES.creditsTransferred, refresh: ['transactions'] },
  createChild: { queue: false, failure: MESSAGES.actionFailed, success: MESSAGES.accountCreated },
  changePassword: { queue: false, failure: MESSAGES.actionFailed, success: MESSAGES.passwordChanged },
  updateTimezone: { queue: false, failure: MESSAGES.saveFailed },
};

export const policyOf = <K extends MutationName>(name: K): MutationPolicy<Of<K>> => MUTATIONS[name] as MutationPolicy<Of<K>>;

/** What to re-read after the server accepted a mutation (its policy's `refresh`). */
export function refreshesOf<M extends Mutation>(m: M): Resource[] {
  const r = (MUTATIONS[m.name] as MutationPolicy<M>).refresh;
  return typeof r === 'function' ? r(m) : (r ?? []);
}

/** The success message of a mutation the server accepted, if its policy has one. */
export function successMessage<M extends Mutation>(m: M): string | undefined {
  const s = (MUTATIONS[m.name] as MutationPolicy<M>).success;
  return typeof s === 'function' ? s(m) : s;
}
