import { describe, expect, it } from 'vitest';
import { joinUrlError, selectClassList } from '../../src/features/classes/rules.ts';
import { sendTabTo } from '../../src/features/classes/actions/join-section.tsx';
import { makeClass } from '../../src/features/classes/fixtures.ts';
import { MESSAGES, rejectionMessage } from '../../db/messages.ts';
import { policyOf, successMessage } from '../../db/mutations.ts';

/** Issue 16 items 3, 8 and 12: the pure parts. */

describe('Classes History is what has happened, newest first (item 12)', () => {
  const now = Date.parse('2026-03-10T12:00:00.000Z');
  const at = (iso: string, over: Parameters<typeof makeClass>[0] = {}) => {
    const start = Date.parse(iso);
    return makeClass({ start_datetime: new Date(start).toISOString(), end_datetime: new Date(start + 3_600_000).toISOString(), ...over });
  };

  it('leaves out classes whose time is not over, canceled ones included, and puts the newest first', () => {
    const futureCanceled = at('2026-03-12T10:00:00Z', { id: 1, canceled: true, full_status: 'canceled' });
    const old = at('2026-03-01T10:00:00Z', { id: 2, status: 'expired' });
    const running = at('2026-03-10T11:30:00Z', { id: 3, status: 'running' });
    const recentCanceled = at('2026-03-09T10:00:00Z', { id: 4, canceled: true });
    const recent = at('2026-03-10T10:00:00Z', { id: 5, status: 'expired' });
    const shown = selectClassList([futureCanceled, old, running, recentCanceled, recent], 'classes-history', now);
    expect(shown.map((k) => k.id)).toEqual([5, 4, 2]);
  });

  it('keeps the coming list in its server order, without canceled or ended classes', () => {
    const a = at('2026-03-11T10:00:00Z', { id: 1 });
    const b = at('2026-03-12T10:00:00Z', { id: 2, canceled: true });
    const c = at('2026-03-09T10:00:00Z', { id: 3 });
    const d = at('2026-03-13T10:00:00Z', { id: 4 });
    expect(selectClassList([a, b, c, d], 'coming-classes', now).map((k) => k.id)).toEqual([1, 4]);
  });
});

describe('a join URL is checked as a URL before it is sent (item 8)', () => {
  it('accepts http(s) links with a host', () => {
    for (const u of ['https://zoom.us/j/123456789', 'https://meet.google.com/abc-defg-hij', ' https://x.example.com/a?b=1 ', 'http://localhost:3000/room']) {
      expect(joinUrlError(u)).toBeNull();
    }
  });
  it('refuses anything else with a message that says what is expected', () => {
    for (const u of ['', 'zoom.us/j/123', 'meet', 'ftp://x.example.com', 'https://', 'https://exa mple.com', 'https://user:pw@x.example.com', 'javascript:alert(1)']) {
      expect(joinUrlError(u)).toBe(MESSAGES.joinUrlInvalid);
    }
    expect(MESSAGES.joinUrlInvalid).toMatch(/https:\/\//);
  });
  it('says so on success (the policy) and shows the server’s 422 message rather than the generic one', () => {
    expect(successMessage({ name: 'saveJoinUrl', id: '', classId: 1, join_url: 'https://x.example.com' })).toBe(MESSAGES.changesSaved);
    const body = { message: 'The join url must be a valid URL.', errors: { join_url: ['The join url must be a valid URL.'] } };
    expect(rejectionMessage(policyOf('saveJoinUrl').failure, 422, body)).toBe('The join url must be a valid URL.');
  });
  it('a non-image in chat shows the server’s first 422 message', () => {
    const body = { message: 'The image must be an image.', errors: { image: ['The image must be an image.'] } };
    expect(rejectionMessage(policyOf('sendImage').failure, 422, body)).toBe('The image must be an image.');
    expect(rejectionMessage(policyOf('sendImage').failure, 500, null)).toBe(MESSAGES.uploadImageFailed);
  });
});

describe('Join Class sends the tab opened by the click to the class (item 3)', () => {
  const fakeTab = (closed = false) => {
    const tab = { closed, location: { href: 'about:blank' }, close() { tab.closed = true; } };
    return tab;
  };
  it('navigates an open tab to the link', () => {
    const tab = fakeTab();
    expect(sendTabTo(tab as unknown as Window, 'https://zoom.us/j/1')).toBe(true);
    expect(tab.location.href).toBe('https://zoom.us/j/1');
  });
  it('answers false (the temporary link is the way in) when no tab opened, it was closed, or there is no link', () => {
    expect(sendTabTo(null, 'https://zoom.us/j/1')).toBe(false);
    expect(sendTabTo(fakeTab(true) as unknown as Window, 'https://zoom.us/j/1')).toBe(false);
    const tab = fakeTab();
    expect(sendTabTo(tab as unknown as Window, null)).toBe(false);
    expect(tab.closed).toBe(true);
  });
});
