/**
 * The one message catalogue: every user-facing message of both spec documents (section 8 error
 * catalogues, success and info alerts, validation messages), in their exact wording, misspellings
 * included (the wording is part of the product and the end-to-end tests look for it), and the few
 * the spec has no wording for. The worker words its errors from here; screens show them.
 * Decisions are made on status and code, never on message text.
 */
export const MESSAGES = {
  // Shell and session (shell spec, section 8).
  appDataFailed: '(1) Error occurred during loading your data',
  authCheckFailed: '(2) Error occurred during loading your data',
  loadFailed: 'Error occurred during loading your data',
  fetchFailed: 'Error occurred during fetching data',
  /** The spec has no wording for these. */
  offline: 'You are offline. This action needs a connection.',
  sessionEnded: 'Your session has ended. Please sign in again.',
  unsentChanges: 'Some changes have not been sent yet. Signing out now discards them.',
  queued: 'Saved on this device. It will be sent when you are back online.',
  enrollOffline: "You're offline. Enrolment needs a connection: please try again when you're back online.",
  /** A 429 on sign-in, confirmation, password reset or registration (the spec has no wording for it). */
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',

  // Class actions.
  joinFailed: 'Error occurred during joining, please contact support',
  limitExceeded: 'Monthly limit exceeded',
  actionFailed: 'Error occurred during preforming your action',
  fillRequired: 'Fill required inputs',
  /** The spec has no wording for these. */
  joinUrlInvalid: 'Enter the full class link, starting with https:// (for example https://zoom.us/j/123456789).',
  rescheduleWaiting: 'A reschedule request for this class is waiting for an answer: you can ask again once it is approved or rejected.',
  rescheduleAnswerFirst: 'A reschedule request for this class is waiting for your answer: approve or reject it above first.',

  // Working hours.
  saveFailed: 'Error occurred during saving your changes',

  // Success messages (shell spec).
  classReportSaved: 'Class Report Saved Successfully',
  rescheduleSubmitted: 'Reschedule request submitted',
  rescheduleApproved: 'Reschedule has been approved successfully',
  rescheduleRejected: 'Reschedule request rejected successfully',
  classAdded: 'Class has been added successfully',
  changesSaved: 'Changes Saved Successfully',

  // Info alerts.
  lockedBeforeStart: "You can't cancel or reschedule because less than 30 minutes left until class starts",
  waitForTeacherTitle: 'Wait for Teacher',
  waitForTeacher: "The teacher hasn't joined the classroom yet",
  balanceNotEnoughTitle: 'Balance Not Enough',
  balanceNotEnough: 'Please recharge as soon as possible..',
  studentBalanceNotEnough: "Student's balance is not enough",

  // Registration (section 5).
  inputRequired: 'Input is required',
  emailNotValid: 'Email not valid',
  passwordMinLength: 'Password min length is 6',
  passwordsDoNotMatch: 'Passwords do not match',
  phoneNotValid: 'Phone number is not valid',
  formNotValid: 'Data you entered are not valid',

  // Messaging, courses, wallet (second spec, section 8).
  uploadImageFailed: 'Error during uploading the image',
  /** A file over the upload limit, refused before it is sent: the spec's failed-upload wording plus the limit. */
  uploadImageTooLarge: 'Error during uploading the image. Images up to 5 MB.',
  enrollFailed: 'Error occurred during enrolling course',
  submitFailed: 'Error occurred during submitting',
  finishFailed: 'Error occurred during finishing',
  paymentProcessingFailed: 'Error occurred during processing your payment, plase contact support',
  paymentCompletingFailed: 'Error occurred during completing your payment, please contact support',
  requestFailed: 'Error occurred during performing request, please contact support',
  maxBorrowExceeded: 'You have excceeded max borrow amount',
  borrowNotAllowed: 'Borrow is not allowed for you right now',
  noEnoughCredits: 'No Enough Credits',

  enrolled: "You've succesfully enrolled the course",
  enrollmentUpdated: 'Enrollment form updated successfully',
  requestSent: 'Your request sent successfully',
  passwordChanged: 'Password hase been changed successfully',
  recharged: 'You have successfully recharged your wallet',
  paymentUnderReview: 'We are reviewing your payment and you will be notified that balance added.',
  borrowDone: 'Borrow balance transaction done successfully',
  accountCreated: 'Account created successfully',
  /** The spec ignores child-creation errors; issue 28 asks for a clear message (no spec wording). */
  childCannotCreate: 'A child account cannot create accounts of its own.',
  creditsTransferred: 'Credits transferred successfully',
  referralCopied: 'Referral Link Copied',

  updateEnrollmentToResubmit: 'Please update enrollment form to resubmit',
  enterReason: 'Please enter the reason.',

  // Enrolment and other validation (second spec, section 5).
  requiredInputsEmpty: 'Required inputs cannot be empty',
  preferredDaysTooFew: "'Preferred Days' must be equal or more than 'Classes/ Week'",
  scheduleTooFew: "'Schedule' times must be equal or more than 'Classes/ Week'",

  // Labels whose spelling the spec fixes.
  assessment: 'Assesment',
  conversationClosed: 'Conversation is closed!',
  noConversation: 'No Conversation Found',
  /** The inbox search could not ask the server (the spec has no wording for these). */
  searchOffline: "You're offline. Only conversations on this device were searched: results may be incomplete.",
  searchIncomplete: 'Only conversations on this device were searched: results may be incomplete.',
  noClasses: 'No classes were found',
  /** A class link (`?class=`) to a class that does not exist or is not the user's (the spec has no wording for it). */
  noClass: 'This class was not found. It may have been removed, or the link is not right.',
  noClassReports: "You don't have class reports yet",
  noResults: 'No Results',
} as const;

/** A message's typed id: the key of its English text (src/lib/i18n translates it: `msg.<key>`). */
export type MessageKey = keyof typeof MESSAGES;

const KEY_OF_TEXT = new Map<string, MessageKey>(Object.entries(MESSAGES).map(([k, v]) => [v, k as MessageKey]));

/**
 * The id of a catalogue message from its English text (the worker hands screens the text), or
 * undefined for any other text (a server's own sentence): the display translates by this id.
 */
export const messageKey = (text: string): MessageKey | undefined => KEY_OF_TEXT.get(text);

/** Reschedule time picker: minutes snap to quarters and the user is told. */
export const snappedTimeMessage = (used: string, instead: string) => `${used} used instead of ${instead}`;

/** On the sign-in page after a 401 ended the session with changes unsent (the spec has no wording for it). */
export const keptChangesMessage = (n: number) =>
  n === 1 ? '1 change is waiting to be sent. Sign in again to send it.' : `${n} changes are waiting to be sent. Sign in again to send them.`;

/** Recharge below the server's minimum. */
export const minRechargeMessage = (min: number | string) => `Cannot recharge less than ${min}$`;

/** Durations of transient messages, in ms (both specs, section 9). */
export const DURATIONS = {
  snackbar: 2000,
  messageBar: 4000,
  announcement: 15_000,
  registration: 4000,
  default: 5000,
  snack: 4000,
  referralCopied: 2000,
} as const;

/**
 * The business codes of `400 {code}` replies (server/API.md; the reference server's own list is
 * `server/lib/errors.ts` BusinessCode, and a test keeps the two equal).
 */
export const ERROR_CODES = ['LIMIT_EXCEEDED', 'MAX_BORROW_AMOUNT_EXCEEDED', 'BORROW_NOT_ALLOWED', 'NO_ENOUGH_CREDITS', 'CLASS_LOCKED', 'NOT_ALLOWED', 'CARD_DECLINED'] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
export const isErrorCode = (c: unknown): c is ErrorCode => typeof c === 'string' && (ERROR_CODES as readonly string[]).includes(c);

/** The wording of each business code; a code without one (NOT_ALLOWED) leaves the action's own message. */
export const CODE_MESSAGES: Readonly<Partial<Record<ErrorCode, string>>> = {
  LIMIT_EXCEEDED: MESSAGES.limitExceeded,
  MAX_BORROW_AMOUNT_EXCEEDED: MESSAGES.maxBorrowExceeded,
  BORROW_NOT_ALLOWED: MESSAGES.borrowNotAllowed,
  NO_ENOUGH_CREDITS: MESSAGES.noEnoughCredits,
  CLASS_LOCKED: MESSAGES.lockedBeforeStart,
  CARD_DECLINED: MESSAGES.paymentProcessingFailed,
};

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

/**
 * The message for a rejected call: 422 → its first field message; a known code → its wording; a
 * mutation whose policy shows the server's own sentence (cancel, reschedule) → that; else the
 * mutation's generic failure (`failure`, from the policy table in `db/mutations.ts`).
 */
export function rejectionMessage(
  failure: string,
  status: number,
  rawBody: unknown,
  showsServerMessage = false,
  /** The action's own wording of a code, before the catalogue's (db/mutations.ts `codes`). */
  codeMessages: Readonly<Partial<Record<ErrorCode, string>>> = {},
): string {
  const body = textBody(rawBody);
  if (status === 422) return firstFieldMessage(body) ?? failure;
  if (status === 429) return MESSAGES.tooManyAttempts;
  const code = (body as { code?: unknown } | null)?.code;
  if (isErrorCode(code)) {
    const m = codeMessages[code] ?? CODE_MESSAGES[code];
    if (m) return m;
  }
  if (showsServerMessage) {
    const m = (body as { message?: unknown } | null)?.message;
    // A bare code ("NOT_ALLOWED") is not a sentence for the user.
    if (typeof m === 'string' && m && m !== code && !/^[A-Z_]+$/.test(m)) return m;
  }
  return failure;
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

