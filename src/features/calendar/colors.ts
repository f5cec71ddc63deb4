import type { Class } from '../../../db/entities.ts';

/**
 * Calendar event colours and their legend (shell spec section 2.8). The order of `eventKind`'s
 * tests is the spec's precedence, first match wins: absent, canceled, missed, expired (attended),
 * running, trial, rescheduled, any saved class (next classes), default.
 */
export type EventKind = 'absent' | 'canceled' | 'missed' | 'attended' | 'running' | 'trial' | 'rescheduled' | 'next' | 'default';

type ColourInput = Pick<Class, 'absent' | 'canceled' | 'full_status' | 'status' | 'payment_status' | 'rescheduled'> & { id?: number | null };

export function eventKind(k: ColourInput): EventKind {
  if (k.absent) return 'absent';
  if (k.canceled) return 'canceled';
  if (k.full_status === 'missed') return 'missed';
  if (k.status === 'expired') return 'attended';
  if (k.status === 'running') return 'running';
  if (k.payment_status === 'trial') return 'trial';
  if (k.rescheduled) return 'rescheduled';
  if (k.id != null) return 'next';
  return 'default';
}

/** Background colours, chosen for white text at AA contrast. */
export const EVENT_COLOURS: Record<EventKind, string> = {
  attended: '#2f855a',
  missed: '#c53030',
  next: '#2b6cb0',
  trial: '#975a16',
  rescheduled: '#0987a0',
  running: '#6b46c1',
  canceled: '#9b2c2c',
  absent: '#4a5568',
  default: '#718096',
};

export const eventColour = (k: ColourInput) => EVENT_COLOURS[eventKind(k)];

/** The legend, in the spec's order. */
export const LEGEND: { kind: EventKind; label: string }[] = [
  { kind: 'attended', label: 'Attended' },
  { kind: 'missed', label: 'Missed' },
  { kind: 'next', label: 'Next Classes' },
  { kind: 'trial', label: 'Trial' },
  { kind: 'rescheduled', label: 'Rescheduled' },
  { kind: 'running', label: 'Running' },
  { kind: 'canceled', label: 'Canceled' },
  { kind: 'absent', label: 'Absent' },
];
