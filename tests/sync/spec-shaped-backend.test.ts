import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Class, Notification, RescheduleRequest, User } from '../../db/entities.ts';
import type { KvRow, MessageRow } from '../../db/rows.ts';
import type { TestServer } from '../helpers/server.ts';
import { Browser, recordingFetch, startWorld } from './harness.ts';

/**
 * Issue 25: the engine against a backend that sends what the spec names and nothing more. The
 * reference server's replies are cut to the spec's fields on the way (the fields it adds are
 * removed), and the calls the spec does not list (`GET /user`, `GET /conversations?search=`,
 * `GET /geo`) answer 404. Nothing is reported invalid, the screens' rows have what they need, and
 * the conveniences' 404s are answered without an error.
 */

let server: TestServer;
beforeAll(async () => (server = await startWorld()));
afterAll(() => server.close());

/** Removes, at any depth, what the reference server adds beyond the spec's fields. */
function toSpec(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(toSpec);
  if (!v || typeof v !== 'object') return v;
  const o = { ...(v as Record<string, unknown>) };
  const isClass = 'start_datetime' in o && 'full_status' in o;
  for (const k of ['end_datetime', 'teacher_joined', 'class_id', 'finish_requested', 'conversation_id']) delete o[k];
  if (isClass) delete o.duration;
  if ('old_start_formated' in o) delete o.status;
  if ('groupId' in o) delete o.email;
  if ('payment_methods' in o) for (const k of ['credits', 'loan_credits', 'can_borrow', 'max_borrow_amount']) delete o[k];
  if ('steps' in o) {
    delete o.id;
    delete o.type;
  }
  for (const [k, x] of Object.entries(o)) o[k] = toSpec(x);
  return o;
}

const UNLISTED = [/^\/user$/, /^\/conversations\?search=/, /^\/geo$/];

describe('a spec-shaped backend', () => {
  it('its replies are written whole, with what the screens need derived, and its missing calls are done without', async () => {
    const browser = new Browser(server);
    const base = recordingFetch(browser.log, 'engine', browser.gate).fetch;
    // The calls the spec does not list answer 404, as a backend without them would.
    const unlisted: string[] = [];
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      const path = url.pathname.replace(/^\/api/, '') + url.search;
      if (UNLISTED.some((p) => p.test(path))) {
        unlisted.push(path);
        return new Response('Not Found', { status: 404, headers: { 'content-type': 'text/html' } });
      }
      return base(input, init);
    };
    browser.gate.tamper = (_path, body) => toSpec(body);
    const engine = browser.engine({ fetch });
    const tab = browser.tab(engine);
    const user = await browser.signIn(tab, 'student@example.com');
    expect(user.email).toBeUndefined();
    // The user as the engine keeps it: read like every user, without the email the spec does not name.
    const stored = async () => ((await tab.snapshot('kv')) as KvRow[]).find((r) => r.key === 'user')!.value as User;

    // Home: its next class dated by derivation, its reschedule requests pending.
    expect((await stored()).email).toBeNull();
    expect((await tab.refresh('home', { force: true })).ok).toBe(true);
    expect((await tab.refresh({ kind: 'calendar', month: new Date().toISOString().slice(0, 7) }, { force: true })).ok).toBe(true);
    const classes = (await tab.snapshot('classes')) as Class[];
    expect(classes.length).toBeGreaterThan(0);
    for (const k of classes) {
      expect(k.end_datetime > k.start_datetime).toBe(true);
      expect(k.duration).toBeGreaterThan(0);
    }
    const requests = (await tab.snapshot('rescheduleRequests')) as RescheduleRequest[];
    for (const r of requests) expect(r).toMatchObject({ status: 'pending', class_id: null });

    // Lists, courses, wallet, history: every reply of the student's screens is read.
    for (const r of ['courses', 'my-enrollments', 'wallet', 'children', 'transactions', 'notifications'] as const) {
      expect((await tab.refresh(r, { force: true })).ok, r).toBe(true);
    }
    for (const list of [{ kind: 'conversations' } as const, { kind: 'class-reports', enrollmentId: null } as const]) {
      expect((await tab.loadMore(list)).ok, list.kind).toBe(true);
    }
    const wallet = ((await tab.snapshot('kv')) as KvRow[]).find((r) => r.key === 'wallet')!.value as Record<string, unknown>;
    expect(wallet).toMatchObject({ credits: user.credits, loan_credits: user.loan_credits });
    expect((wallet.payment_methods as { id: string; type: string }[]).map((m) => m.type)).toContain('card');

    // A conversation's messages name no conversation: they are the one read.
    const conversations = (await tab.snapshot('conversations')) as { id: number }[];
    expect((await tab.loadMore({ kind: 'messages', conversationId: conversations[0]!.id })).ok).toBe(true);
    const messages = (await tab.snapshot('messages')) as MessageRow[];
    expect(messages.length).toBeGreaterThan(0);
    expect(messages.every((m) => typeof m.conversation_id === 'number')).toBe(true);

    // No GET /user: the user is read with the session check, quietly.
    expect((await tab.refresh('user', { force: true })).ok).toBe(true);
    expect((await tab.refresh('user', { force: true })).ok).toBe(true);
    // Asked once; from then on the session check answers.
    expect(unlisted.filter((p) => p === '/user')).toHaveLength(1);
    expect(browser.log.filter((r) => r.path === '/token/valid').length).toBeGreaterThanOrEqual(2);

    // Conversation search: the engine says 404 (the inbox then searches this device only: tests/unit/spec).
    expect(await tab.loadMore({ kind: 'conversations', search: 'support' })).toMatchObject({ ok: false, error: { status: 404 } });
    // The guest bar's country: the default service answers 404, no country, no error.
    expect(await tab.call({ method: 'GET', path: `${server.url}/api/geo`, thirdParty: true })).toMatchObject({ ok: false, error: { status: 404 } });

    expect(browser.bus.seen.filter((e) => e.type === 'invalid-reply')).toEqual([]);
    browser.gate.tamper = undefined;
    engine.shutdown();
  });

  it('the teacher\'s screens too: classes lists, history, reports, salary, working hours', async () => {
    const browser = new Browser(server);
    browser.gate.tamper = (_path, body) => toSpec(body);
    const { engine, tab } = await browser.signedInTab('teacher@example.com');
    for (const r of ['home', 'salary', 'salary-previous', 'teacher-schedule'] as const) expect((await tab.refresh(r, { force: true })).ok, r).toBe(true);
    for (const list of [{ kind: 'coming-classes' } as const, { kind: 'classes-history' } as const, { kind: 'class-reports', enrollmentId: null } as const]) {
      expect((await tab.loadMore(list)).ok, list.kind).toBe(true);
    }
    const classes = (await tab.snapshot('classes')) as Class[];
    expect(classes.length).toBeGreaterThan(1);
    expect(classes.every((k) => typeof k.end_datetime === 'string' && k.duration > 0)).toBe(true);
    expect(browser.bus.seen.filter((e) => e.type === 'invalid-reply')).toEqual([]);
    browser.gate.tamper = undefined;
    engine.shutdown();
  });

  it('one bad row among 100 notifications leaves 99 in the mirror, the bad one reported; Show all follows links.next', async () => {
    const browser = new Browser(server);
    const { engine, tab } = await browser.signedInTab('teacher@example.com');
    const note = (i: number): Notification => ({
      id: `n-${i}`, read: true, created_at: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
      data: { type: i === 7 ? 'a_type_the_spec_does_not_name' : 'admin_message', title: `Notice ${i}`, content: 'x', course_id: null, course_class_id: null },
    });
    const all = Array.from({ length: 100 }, (_, i) => note(100 - i));
    const broken = all.map((n, i) => (i === 41 ? { ...n, read: 'maybe' } : n));
    browser.gate.tamper = (path, body) => {
      if (path === '/notifications') return { data: broken.slice(0, 60), links: { next: `${server.url}/api/notifications?page=2` } };
      if (path === '/notifications?page=2') return { data: broken.slice(60), links: { next: null } };
      return body;
    };
    expect((await tab.refresh('notifications-all', { force: true })).ok).toBe(true);
    const stored = (await tab.snapshot('notifications')) as Notification[];
    expect(stored).toHaveLength(99);
    expect(stored.map((n) => n.id)).not.toContain(all[41]!.id);
    // An unknown type is kept as it is.
    expect(stored.find((n) => n.id === 'n-7')?.data.type).toBe('a_type_the_spec_does_not_name');
    const reports = browser.bus.seen.filter((e) => e.type === 'invalid-reply');
    expect(reports).toEqual([{ type: 'invalid-reply', path: '/notifications', issues: expect.stringMatching(/^data\[41\] \(id n-59\) left out: read/) }]);
    expect(browser.requests('/notifications?page=2')).toHaveLength(1);

    // The first page alone (a poll after a write) keeps the older rows: the list has a next page.
    expect((await tab.refresh('notifications', { force: true })).ok).toBe(true);
    expect(((await tab.snapshot('notifications')) as Notification[]).length).toBe(99);
    browser.gate.tamper = undefined;
    engine.shutdown();
  });
});
