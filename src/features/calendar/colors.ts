import type { Class } from '../../../db/entities.ts';
import { CLASS_STATUSES, FULL_STATUSES, isKnown } from '../../../db/known-values.ts';
import { t } from '../../lib/i18n/index.ts';

/**
 * Calendar event colours and their legend (shell spec section 2.8). The order of `eventKind`'s
 * tests is the spec's precedence, first match wins: absent, canceled, missed, expired (attended),
 * running, trial, rescheduled, any saved class (next classes), default.
 */
export type EventKind = 'absent' | 'canceled' | 'missed' | 'attended' | 'running' | 'trial' | 'rescheduled' | 'next' | 'default';

type ColourInput = Pick<Class, 'absent' | 'canceled' | 'full_status' | 'status' | 'payment_status' | 'rescheduled'> & { id?: number | null; attended?: boolean };

export function eventKind(k: ColourInput): EventKind {
  if (k.absent) return 'absent';
  if (k.canceled) return 'canceled';
  if (k.full_status === 'missed') return 'missed';
  // Marked attended: so at once, though the server's status stays running until the end (a status
  // the spec does not name is not overridden: it shows as it is).
  if (k.attended && !unknownStatus(k)) return 'attended';
  if (k.status === 'expired') return 'attended';
  if (k.status === 'running') return 'running';
  if (k.payment_status === 'trial') return 'trial';
  if (k.rescheduled) return 'rescheduled';
  // A status the spec does not name is not a "next class": the neutral colour, and its own text (eventStatus).
  if (unknownStatus(k)) return 'default';
  if (k.id != null) return 'next';
  return 'default';
}

/** The status or full status of a class when the spec does not name it ("Unknown values show as they are"), else null. */
function unknownStatus(k: Pick<ColourInput, 'status' | 'full_status'>): string | null {
  if (!isKnown(FULL_STATUSES, k.full_status)) return k.full_status || null;
  if (!isKnown(CLASS_STATUSES, k.status)) return k.status || null;
  return null;
}

/** The status words an event ends with: the legend's word for its kind, or an unknown status as it is. */
export function eventStatus(k: ColourInput): string {
  const kind = eventKind(k);
  return (kind === 'default' ? unknownStatus(k) : null) ?? kindLabel(kind);
}

/**
 * Background colours, chosen for white text at AA contrast (4.5:1 or more) and to tell the kinds
 * apart on the page in light and dark mode alike. Missed (red: nobody marked it) and Canceled
 * (slate grey, and struck through: it did not take place) differ in hue and lightness; Absent is
 * magenta. The class cards' status chips use the same hues (classes/rules.ts).
 */
export const EVENT_COLOURS: Record<EventKind, string> = {
  attended: '#2f855a',
  missed: '#c53030',
  next: '#2b6cb0',
  trial: '#975a16',
  rescheduled: '#00758f',
  running: '#6b46c1',
  canceled: '#4a5568',
  absent: '#b83280',
  default: '#5a6b80',
};

export const eventColour = (k: ColourInput) => EVENT_COLOURS[eventKind(k)];

/** The legend's words for a kind (the status an event's accessible name ends with). */
export const kindLabel = (kind: EventKind) => t(`calendar.kind.${kind}`);

/** The legend, in the spec's order. */
export const LEGEND: readonly { kind: EventKind; readonly label: string }[] = (
  ['attended', 'missed', 'next', 'trial', 'rescheduled', 'running', 'canceled', 'absent'] as const
).map((kind) => ({
  kind,
  /** In the current language (read at each use). */
  get label() {
    return kindLabel(kind);
  },
}));
