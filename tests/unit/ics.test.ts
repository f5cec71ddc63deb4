import { describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { buildIcs, escapeText, foldLine, upcomingClasses, type IcsEvent } from '../../src/features/classes/ics.ts';
import { makeClass } from '../../src/features/classes/fixtures.ts';

const NOW = Date.UTC(2026, 10, 28, 16, 0);
const event = (over: Partial<IcsEvent> = {}): IcsEvent => ({
  id: 12,
  start: '2026-11-29T14:00:00.000Z',
  end: '2026-11-29T14:45:00.000Z',
  summary: 'Tajweed Rules for Beginners; part 2, with أحمد عبد الرحمن — a long title that must fold over 75 octets',
  description: 'Open the class: https://app.example.com/calendar?class=12\nsecond line',
  url: 'https://app.example.com/calendar?class=12',
  canceled: false,
  ...over,
});

describe('.ics of classes (RFC 5545)', () => {
  const text = buildIcs([event(), event({ id: 13, start: '2026-11-30T18:00:00Z', end: '2026-11-30T18:30:00Z', canceled: true })], { host: 'app.example.com', now: NOW, product: 'Tutoring' });

  it('parses with ical.js, with the times, UID, title and link of each class', () => {
    const cal = new ICAL.Component(ICAL.parse(text));
    expect(cal.getFirstPropertyValue('version')).toBe('2.0');
    expect(String(cal.getFirstPropertyValue('prodid'))).toContain('Tutoring');
    const events = cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events).toHaveLength(2);
    const [a, b] = events;
    expect(a!.uid).toBe('class-12@app.example.com');
    expect(a!.startDate.toJSDate().toISOString()).toBe('2026-11-29T14:00:00.000Z');
    expect(a!.endDate.toJSDate().toISOString()).toBe('2026-11-29T14:45:00.000Z');
    expect(a!.startDate.zone?.tzid).toBe('UTC');
    expect(a!.summary).toBe(event().summary);
    expect(a!.description).toBe(event().description);
    expect(a!.component.getFirstPropertyValue('url')).toBe('https://app.example.com/calendar?class=12');
    expect(String(a!.component.getFirstPropertyValue('dtstamp'))).toBe('2026-11-28T16:00:00Z');
    expect(b!.component.getFirstPropertyValue('status')).toBe('CANCELLED');
  });

  it('ends lines with CRLF and folds them at 75 octets', () => {
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(text).toMatch(/\r\n [^\r\n]/); // a long line was folded
  });

  it('folds without splitting a character, and escapes TEXT', () => {
    const long = `SUMMARY:${'ع'.repeat(80)}`;
    const folded = foldLine(long);
    expect(folded.split('\r\n ').join('')).toBe(long);
    expect(escapeText('a;b,c\\d\ne')).toBe('a\\;b\\,c\\\\d\\ne');
  });

  it('keeps the upcoming classes only, soonest first', () => {
    const past = makeClass({ id: 1, start_datetime: '2026-11-27T10:00:00Z', end_datetime: '2026-11-27T11:00:00Z' });
    const later = makeClass({ id: 2, start_datetime: '2026-12-02T10:00:00Z', end_datetime: '2026-12-02T11:00:00Z' });
    const soon = makeClass({ id: 3, start_datetime: '2026-11-29T10:00:00Z', end_datetime: '2026-11-29T11:00:00Z' });
    const canceled = makeClass({ id: 4, canceled: true, start_datetime: '2026-11-29T10:00:00Z', end_datetime: '2026-11-29T11:00:00Z' });
    expect(upcomingClasses([past, later, soon, canceled], NOW).map((k) => k.id)).toEqual([3, 2]);
  });
});
