import type { MutationName } from './engine-api.ts';

/**
 * The user-facing wording of every failure the engine reports, as the two spec documents give it
 * (section 8 of each; their spelling is kept on purpose). Decisions are made on status and code,
 * never on message text.
 */
export const MSG = {
  offline: 'You are offline. This action needs a connection.',
  fetch: 'Error occurred during fetching data',
  loading: 'Error occurred during loading your data',
  action: 'Error occurred during preforming your action',
  join: 'Error occurred during joining, please contact support',
  saveChanges: 'Error occurred during saving your changes',
  uploadImage: 'Error during uploading the image',
  enroll: 'Error occurred during enrolling course',
  submit: 'Error occurred during submitting',
  finish: 'Error occurred during finishing',
  cardPayment: 'Error occurred during processing your payment, plase contact support',
  completePayment: 'Error occurred during completing your payment, please contact support',
  request: 'Error occurred during performing request, please contact support',
  unauthorized: 'Your session has ended. Please sign in again.',
  unsentChanges: 'Some changes have not been sent yet. Signing out now discards them.',
  invalidReply: 'Error occurred during loading your data',
} as const;

/** Business codes of `400 {code}` replies and their wording. */
export const CODE_MESSAGES: Record<string, string> = {
  LIMIT_EXCEEDED: 'Monthly limit exceeded',
  MAX_BORROW_AMOUNT_EXCEEDED: 'You have excceeded max borrow amount',
  BORROW_NOT_ALLOWED: 'Borrow is not allowed for you right now',
  NO_ENOUGH_CREDITS: 'No Enough Credits',
  CLASS_LOCKED: "You can't cancel or reschedule because less than 30 minutes left until class starts",
  CARD_DECLINED: MSG.cardPayment,
};

/** The generic failure of each mutation, when no code or field message says more. */
export const MUTATION_FAILURE: Record<MutationName, string> = {
  sendMessage: MSG.action,
  sendImage: MSG.uploadImage,
  saveClassReport: MSG.action,
  editClassReport: MSG.action,
  saveSchedule: MSG.saveChanges,
  saveJoinUrl: MSG.action,
  readNotifications: MSG.action,
  join: MSG.join,
  markAbsent: MSG.action,
  markAttended: MSG.action,
  cancelClass: MSG.action,
  rescheduleClass: MSG.action,
  decideReschedule: MSG.action,
  addMakeup: MSG.action,
  enroll: MSG.enroll,
  updateEnrollment: MSG.submit,
  finishEnrollment: MSG.finish,
  recharge: MSG.completePayment,
  manualRecharge: MSG.request,
  borrow: MSG.request,
  transfer: MSG.request,
  createChild: MSG.action,
  changePassword: MSG.action,
  updateTimezone: MSG.action,
};

/** Cancel and reschedule show the server's own message when it is a sentence (spec §8). */
const SHOWS_SERVER_MESSAGE: ReadonlySet<MutationName> = new Set(['cancelClass', 'rescheduleClass']);

/** The first message of a Laravel-shaped 422 body, if any. */
export function firstFieldMessage(body: unknown): string | undefined {
  const errors = (body as { errors?: Record<string, unknown> } | null)?.errors;
  if (errors && typeof errors === 'object') {
    for (const v of Object.values(errors)) {
      if (Array.isArray(v) && typeof v[0] === 'string') return v[0];
    }
  }
  const m = (body as { message?: unknown } | null)?.message;
  return typeof m === 'string' && m ? m : undefined;
}

/** The message for a rejected call: 422 → first field message; a known code → its wording; else the action's generic text. */
export function rejectionMessage(name: MutationName | null, status: number, rawBody: unknown): string {
  const body = textBody(rawBody);
  if (status === 422) return firstFieldMessage(body) ?? (name ? MUTATION_FAILURE[name] : MSG.action);
  const code = (body as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && CODE_MESSAGES[code]) return CODE_MESSAGES[code]!;
  if (name && SHOWS_SERVER_MESSAGE.has(name)) {
    const m = (body as { message?: unknown } | null)?.message;
    // A bare code ("NOT_ALLOWED") is not a sentence for the user.
    if (typeof m === 'string' && m && m !== code && !/^[A-Z_]+$/.test(m)) return m;
  }
  return name ? MUTATION_FAILURE[name] : MSG.action;
}

/**
 * A reply body that is plain text (the spec: cancel's "body may be LIMIT_EXCEEDED") read as the JSON
 * shape: a bare code (`LIMIT_EXCEEDED`) as `{ code }`, any other text as `{ message }`.
 */
export function textBody(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  const text = body.trim().replace(/^"(.*)"$/, '$1');
  if (!text) return null;
  return /^[A-Z][A-Z_]*$/.test(text) ? { code: text } : { message: text };
}
