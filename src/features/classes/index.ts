/**
 * The classes feature's public entry: what other features may use of it (the lint allows a
 * feature to import another only through its index).
 */
export { AddUpcomingToCalendar } from './add-to-calendar.tsx';
export { JoinButton } from './actions/join-button.tsx';
export { RequestDecision } from './actions/request-decision.tsx';
export { ClassChips } from './class-chips.tsx';
export { StartsIn } from './class-info.tsx';
export { usePendingRequests } from './data.ts';
export { classWhen, requestStart } from './display.ts';
export { ClassDialog } from './lazy-class-dialog.tsx';
export { classLink, parseClassParam, useClassInAddress, CLASS_PARAM, type ClassRef } from './class-link.ts';
export { cardTitle, delayWarning, eventTitle, makeupError, makeupMinTime, type Role } from './rules.ts';
export { monthOf, safeZone, todayIn } from './time.ts';
export { useQuarterSnap } from './quarter-time.ts';
export { useSlotClash } from './use-slot-clash.ts';
