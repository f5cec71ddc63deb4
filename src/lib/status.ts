/**
 * The shared status mapping (shell spec section 4, second spec section 4): text and colour for
 * enrolment, class and account statuses. Colours are Chakra colour palettes. Unknown values are
 * shown as they are, in a neutral colour, so a status added on the server still reads sensibly.
 */
import { t, type MessageId } from './i18n/index.ts';

type StatusId = Extract<MessageId, `status.${string}`>;

export interface StatusStyle {
  label: string;
  color: string;
}

const STATUS: Readonly<Record<string, StatusStyle>> = {
  review: { label: 'In Review', color: 'blue' },
  pending: { label: 'Pending', color: 'orange' },
  'not-approved': { label: 'Pending', color: 'orange' },
  updated: { label: 'Form Updated', color: 'cyan' },
  completed: { label: 'Completed', color: 'green' },
  joined: { label: 'Enrolled', color: 'green' },
  'action-needed': { label: 'Action Needed', color: 'red' },
  approved: { label: 'Approved', color: 'green' },
  finished: { label: 'Finished', color: 'gray' },
  canceled: { label: 'Canceled', color: 'red' },
  suspended: { label: 'Suspended', color: 'red' },
  'not-verified': { label: 'Not Verified', color: 'orange' },
  active: { label: 'Active', color: 'green' },
  reviewed: { label: 'Reviewed', color: 'teal' },
  unread: { label: 'Unread', color: 'purple' },
  expired: { label: 'Attended', color: 'green' },
  missed: { label: 'Missed', color: 'red' },
  scheduled: { label: 'Scheduled', color: 'blue' },
  running: { label: 'Running', color: 'purple' },
};

export function statusStyle(value: string | null | undefined): StatusStyle {
  if (value == null) return { label: '', color: 'gray' };
  const known = Object.hasOwn(STATUS, value) ? STATUS[value] : undefined;
  // The label in the current language (src/lib/i18n/*/status.ts holds the same English as the table).
  return known ? { label: t(`status.${value}` as StatusId), color: known.color } : { label: value, color: 'gray' };
}

export const statusLabel = (value: string | null | undefined) => statusStyle(value).label;
