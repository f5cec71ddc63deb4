/**
 * Every user-facing message of both spec documents (section 8 error catalogues, success and info
 * alerts, validation messages), in their exact wording, misspellings included: the wording is part
 * of the product and the end-to-end tests look for it.
 */
export const MESSAGES = {
  // Shell and session (shell spec, section 8).
  appDataFailed: 'Error occurred during loading your data',
  authCheckFailed: 'Error occurred during loading your data',

  // Class actions.
  joinFailed: 'Error occurred during joining, please contact support',
  limitExceeded: 'Monthly limit exceeded',
  actionFailed: 'Error occurred during preforming your action',
  fillRequired: 'Fill required inputs',

  // Working hours.
  fetchFailed: 'Error occurred during fetching data',
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
  /** A 429 on sign-in, confirmation, password reset or registration (the spec has no wording for it). */
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',

  // Messaging, courses, wallet (second spec, section 8).
  uploadImageFailed: 'Error during uploading the image',
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
  noClasses: 'No classes were found',
  noClassReports: "You don't have class reports yet",
  noResults: 'No Results',
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** Reschedule time picker: minutes snap to quarters and the user is told. */
export const snappedTimeMessage = (used: string, instead: string) => `${used} used instead of ${instead}`;

/** Recharge below the server's minimum. */
export const minRechargeMessage = (min: number | string) => `Cannot recharge less than ${min}$`;

/** Business codes in reply bodies (server/API.md) and their messages; decided by code, never by text. */
export const CODE_MESSAGES: Readonly<Record<string, string>> = {
  LIMIT_EXCEEDED: MESSAGES.limitExceeded,
  MAX_BORROW_AMOUNT_EXCEEDED: MESSAGES.maxBorrowExceeded,
  BORROW_NOT_ALLOWED: MESSAGES.borrowNotAllowed,
  NO_ENOUGH_CREDITS: MESSAGES.noEnoughCredits,
  CLASS_LOCKED: MESSAGES.lockedBeforeStart,
};

/** The message for a business code, or the fallback when the code is unknown or absent. */
export function messageForCode(code: string | undefined, fallback: string): string {
  return (code && CODE_MESSAGES[code]) || fallback;
}

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
