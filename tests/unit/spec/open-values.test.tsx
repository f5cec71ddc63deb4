// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { appConfigFile } from '../../../db/app-config.ts';
import { eventColour, eventKind, eventStatus, EVENT_COLOURS } from '../../../src/features/calendar/colors.ts';
import { ClassChips } from '../../../src/features/classes/class-chips.tsx';
import { makeClass } from '../../../src/features/classes/fixtures.ts';
import { classChips, mustWaitForTeacher, requestIsFor } from '../../../src/features/classes/rules.ts';
import { MessageBubble } from '../../../src/features/inbox/message-bubble.tsx';
import { orderMessages, type MessageRow } from '../../../src/features/inbox/order.ts';
import { searchView } from '../../../src/features/inbox/search.ts';
import { resolveConfig } from '../../../src/lib/config.ts';
import { parseCountry } from '../../../src/lib/geo.ts';
import { host, mountPerTest, render } from '../render-root.tsx';

mountPerTest();

describe('unknown statuses and types show as they are', () => {
  it('a class chip: the unknown payment and full status as their text, in grey', () => {
    const k = makeClass({ full_status: 'on-hold', payment_status: 'sponsored' });
    expect(classChips(k)).toEqual([{ label: 'on-hold', color: 'gray' }, { label: 'sponsored', color: 'gray' }]);
    render(<ClassChips klass={k} />);
    expect(host.textContent).toContain('on-hold');
    expect(host.textContent).toContain('sponsored');
    // Known ones keep their label.
    expect(classChips(makeClass({ payment_status: 'trial' })).map((c) => c.label)).toContain('Trial');
  });

  it('the calendar: an unknown status is the neutral colour, named by its text; the precedence before it holds', () => {
    const k = makeClass({ status: 'paused', full_status: 'paused' });
    expect(eventKind(k)).toBe('default');
    expect(eventColour(k)).toBe(EVENT_COLOURS.default);
    expect(eventStatus(k)).toBe('paused');
    expect(eventKind(makeClass({ status: 'paused', full_status: 'paused', canceled: true }))).toBe('canceled');
    expect(eventKind(makeClass({ status: 'paused', full_status: 'scheduled', payment_status: 'trial' }))).toBe('trial');
    expect(eventStatus(makeClass())).toBe('Next Classes');
  });

  it('a message of a type the spec does not name shows its type', () => {
    const row: MessageRow = {
      id: 5, conversation_id: 1, type: 'sticker', text: null, image_url: null, audio: null, download: null,
      sender: { id: 4, name: 'Yusuf', avatar: null, support: false }, sender_type: 'user', created_at_timestamp: 1_790_000_000, client_key: null,
    };
    const [item] = orderMessages([row]);
    render(<MessageBubble item={item!} mine={false} runStart onOpenImage={() => {}} onRetry={() => {}} onDiscard={() => {}} />);
    expect(host.textContent).toContain('sticker');
  });
});

describe('the spec\'s own fields are enough', () => {
  it('Wait for Teacher from the join answer: no link means the teacher is not in; teacher_joined wins when sent', () => {
    expect(mustWaitForTeacher({ join_url: null })).toBe(true);
    expect(mustWaitForTeacher({})).toBe(true);
    expect(mustWaitForTeacher({ join_url: 'https://meet.example.com/x' })).toBe(false);
    expect(mustWaitForTeacher({ join_url: 'https://meet.example.com/x', teacher_joined: false })).toBe(true);
    expect(mustWaitForTeacher({ join_url: null, teacher_joined: true })).toBe(false);
    // A class with no link until this join made one: the student opened the room, the teacher is not in it.
    expect(mustWaitForTeacher({ join_url: 'https://meet.example.com/x' }, null)).toBe(true);
    expect(mustWaitForTeacher({ join_url: 'https://meet.example.com/x' }, 'https://meet.example.com/x')).toBe(false);
  });

  it('a reschedule request without class_id is found by its enrolment and old start', () => {
    const k = makeClass({ id: 8, date: '2026-03-10', start: '17:00' });
    const r = { class_id: null, enrollment: k.enrollment, old_start_formated: '2026-03-10 05:00 PM' };
    expect(requestIsFor(r, k)).toBe(true);
    expect(requestIsFor({ ...r, old_start_formated: '2026-03-10 05:15 PM' }, k)).toBe(false);
    expect(requestIsFor({ ...r, enrollment: { ...k.enrollment, id: 99 } }, k)).toBe(false);
    expect(requestIsFor(r, makeClass({ id: 9, date: '2026-03-10', start: '00:00' }))).toBe(false);
    expect(requestIsFor({ ...r, old_start_formated: '2026-03-10 12:00 AM' }, makeClass({ date: '2026-03-10', start: '00:00' }))).toBe(true);
    expect(requestIsFor({ ...r, class_id: 8 }, makeClass({ id: 8, start: '09:00' }))).toBe(true);
  });

  it('conversation search on a backend without it (404): this device\'s results, no failure shown', () => {
    const c = { id: 1, title: 'Support Team', avatar: null, seen: true, closed: false, created_at_timestamp: 1, last_message: null };
    const v = searchView({
      conversations: [c], query: 'supp', deferred: 'supp', asked: 'supp', row: undefined, online: true,
      answer: { text: 'supp', error: { kind: 'rejected', status: 404, message: 'Error occurred during fetching data' } },
    });
    expect(v).toMatchObject({ answered: true, incomplete: false, failed: null, searching: false });
    expect(v.shown.map((x) => x.id)).toEqual([1]);
  });
});

describe('the IP-to-country service', () => {
  it('reads a trace reply (loc=XX) or a bare two-letter code', () => {
    expect(parseCountry('fl=1\nip=1.2.3.4\nloc=EG\ntls=TLSv1.3\n')).toBe('EG');
    expect(parseCountry('eg\n')).toBe('EG');
    expect(parseCountry(' US ')).toBe('US');
    expect(parseCountry('Egypt')).toBeNull();
    expect(parseCountry('<html>Not Found</html>')).toBeNull();
  });

  it('geoUrl is a config key: absolute or relative to the page; default the backend\'s <apiBase>/geo', () => {
    const page = 'https://app.example.com/home';
    expect(resolveConfig([null], page, '1').geoUrl).toBe('https://app.example.com/api/geo');
    expect(resolveConfig([{ apiBase: 'https://api.example.com/api' }], page, '1').geoUrl).toBe('https://api.example.com/api/geo');
    expect(resolveConfig([{ geoUrl: 'https://www.cloudflare.com/cdn-cgi/trace' }], page, '1').geoUrl).toBe('https://www.cloudflare.com/cdn-cgi/trace');
    expect(resolveConfig([{ geoUrl: '/cdn-cgi/trace' }], page, '1').geoUrl).toBe('https://app.example.com/cdn-cgi/trace');
    expect(appConfigFile.safeParse({ geoUrl: '' }).success).toBe(false);
    expect(appConfigFile.safeParse({ geoUrl: 42 }).success).toBe(false);
  });
});
