// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePhoneNav, type PhoneNav } from '../../src/features/calendar/phone-nav.ts';
import { mountPerTest, render } from './render-root.tsx';

mountPerTest();

let nav: PhoneNav;
function Probe({ timeZone }: { timeZone: string }) {
  nav = usePhoneNav('timeGridWeek', timeZone);
  return null;
}

describe("the phone calendar's week follows today until the user moves (issue 30, the Friday moment)", () => {
  // Friday 4 December 2026, 22:20 UTC: already Saturday 5 December in Cairo, where a week starts.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-04T22:20:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it("moves with the user's timezone saved after the screen was drawn", () => {
    render(<Probe timeZone="Africa/Cairo" />);
    expect(nav.range.from).toBe('2026-12-05');
    expect(nav.selected).toBe('2026-12-05');
    render(<Probe timeZone="UTC" />);
    expect(nav.range.from).toBe('2026-11-28');
    expect(nav.selected).toBe('2026-12-04');
  });

  it('stays where the user moved it, and This Month brings it back to following today', () => {
    render(<Probe timeZone="Africa/Cairo" />);
    act(() => nav.controller.next());
    expect(nav.range.from).toBe('2026-12-12');
    render(<Probe timeZone="UTC" />);
    expect(nav.range.from).toBe('2026-12-12');
    act(() => nav.controller.today());
    expect(nav.range.from).toBe('2026-11-28');
    render(<Probe timeZone="Africa/Cairo" />);
    expect(nav.range.from).toBe('2026-12-05');
  });
});
