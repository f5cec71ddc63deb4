import type { Class } from '../../../db/entities.ts';

/**
 * iCalendar (RFC 5545) files of classes, built on the device from the mirror: they work offline
 * and with any backend. Google, Apple and Outlook calendars import what this writes:
 * - one VEVENT per class with a stable UID (`class-<id>@<host>`): importing the file again after a
 *   class moved updates the event instead of adding a second one;
 * - times in UTC (`…Z`), so no VTIMEZONE is needed and the importing calendar shows them in its own zone;
 * - CRLF line ends, lines folded at 75 octets (never inside a UTF-8 sequence), TEXT values escaped;
 * - the VCALENDAR's VERSION and PRODID, each event's DTSTAMP.
 * Pure: the tests parse its output with a real iCalendar parser (ical.js).
 */

export interface IcsEvent {
  id: number;
  start: string;
  end: string;
  summary: string;
  description: string;
  url: string;
  canceled: boolean;
}

const CRLF = '\r\n';
const MAX_OCTETS = 75;

/** `20261128T140000Z` of an instant. */
export function icsTime(ms: number): string {
  return new Date(ms).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** A TEXT value escaped (RFC 5545 3.3.11): backslash, semicolon, comma, newline. */
export function escapeText(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r\n|\r|\n/g, '\\n');
}

const encoder = new TextEncoder();

/** A content line folded at 75 octets (RFC 5545 3.1): continuation lines start with one space. */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= MAX_OCTETS) return line;
  const out: string[] = [];
  let current = '';
  let octets = 0;
  // A continuation line's leading space counts towards its 75.
  let limit = MAX_OCTETS;
  for (const ch of line) {
    const n = encoder.encode(ch).length;
    if (octets + n > limit) {
      out.push(current);
      current = '';
      octets = 0;
      limit = MAX_OCTETS - 1;
    }
    current += ch;
    octets += n;
  }
  out.push(current);
  return out.join(`${CRLF} `);
}

/** A whole VCALENDAR of the events, stamped `now`. `host` names the UIDs' domain. */
export function buildIcs(events: readonly IcsEvent[], opts: { host: string; now: number; product: string; name?: string }): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${escapeText(opts.product)}//Classes//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...(opts.name ? [`X-WR-CALNAME:${escapeText(opts.name)}`] : []),
  ];
  const stamp = icsTime(opts.now);
  for (const e of events) {
    const start = Date.parse(e.start);
    const end = Date.parse(e.end);
    if (!Number.isFinite(start) || !Number.isFinite(end)) continue;
    lines.push(
      'BEGIN:VEVENT',
      `UID:class-${e.id}@${opts.host}`,
      `DTSTAMP:${stamp}`,
      `DTSTART:${icsTime(start)}`,
      `DTEND:${icsTime(Math.max(end, start))}`,
      `SUMMARY:${escapeText(e.summary)}`,
      `DESCRIPTION:${escapeText(e.description)}`,
      `URL:${e.url}`,
      `STATUS:${e.canceled ? 'CANCELLED' : 'CONFIRMED'}`,
      'TRANSP:OPAQUE',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join(CRLF) + CRLF;
}

/** The classes still to come (not canceled, not over), soonest first. */
export function upcomingClasses(all: readonly Class[], now: number): Class[] {
  const nowIso = new Date(now).toISOString();
  return all.filter((k) => !k.canceled && !k.absent && k.end_datetime > nowIso).sort((a, b) => (a.start_datetime < b.start_datetime ? -1 : a.start_datetime > b.start_datetime ? 1 : a.id - b.id));
}
