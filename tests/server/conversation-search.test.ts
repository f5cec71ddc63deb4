import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createConversation, createUser } from '../../server/seed/factory.ts';
import { issueToken } from '../../server/lib/auth.ts';
import type { ConversationResource } from '../../server/lib/messaging.ts';

/**
 * `GET /conversations?search=<text>`: the inbox searches every conversation, not only the pages it
 * has read. A teacher with 112 conversations finds a student whose conversation is on the third page.
 */
describe('GET /conversations?search=', () => {
  let s: TestServer;
  const ids = { teacher: 0, other: 0, support: 0, zaynab: 0, elodie: 0, ticket: 0, percent: 0, foreign: 0 };
  const tok = { teacher: '', other: '' };
  const T0 = Date.now() - 30 * 86_400_000;
  const names = (r: { body: { data: ConversationResource[] } }) => r.body.data.map((c) => c.title);

  beforeAll(async () => {
    s = await startTestServer({}, (db) => {
      ids.teacher = createUser(db, { name: 'Tariq Teacher', email: 'tariq@example.com', group_id: 1 });
      ids.other = createUser(db, { name: 'Omar Other', email: 'omar@example.com', group_id: 1 });
      ids.support = createUser(db, { name: 'Support Team', email: 'support@example.com', kind: 'support' });
      const student = (name: string, i: number) => createUser(db, { name, email: `s${i}@example.com` });
      // The oldest first: these end on the third page of the teacher's list (newest activity first).
      ids.zaynab = createConversation(db, { title: 'Zaynab Qureshi & Tariq Teacher', members: [student('Zaynab Qureshi', 1), ids.teacher], created_at: T0 });
      ids.elodie = createConversation(db, { title: 'Élodie Martin & Tariq Teacher', members: [student('Élodie Martin', 2), ids.teacher], created_at: T0 + 1000 });
      // A title that does not name the other party: found by the other party's name.
      ids.ticket = createConversation(db, { title: 'Join link problem', members: [ids.teacher, ids.support], created_at: T0 + 2000 });
      ids.percent = createConversation(db, { title: '100% attendance', members: [ids.teacher, ids.support], created_at: T0 + 3000 });
      // 60 conversations with "Bilal" in the title, then 48 others, all newer.
      for (let i = 0; i < 60; i++) {
        createConversation(db, { title: `Bilal ${i} & Tariq Teacher`, members: [student(`Bilal ${i}`, 100 + i), ids.teacher], created_at: T0 + 10_000 + i * 1000 });
      }
      for (let i = 0; i < 48; i++) {
        createConversation(db, { title: `Student ${i} & Tariq Teacher`, members: [student(`Student ${i}`, 200 + i), ids.teacher], created_at: T0 + 100_000 + i * 1000 });
      }
      ids.foreign = createConversation(db, { title: 'Zaynab Qureshi & Omar Other', members: [ids.other, ids.support], created_at: T0 + 500_000 });
      tok.teacher = issueToken(db, ids.teacher, Date.now());
      tok.other = issueToken(db, ids.other, Date.now());
    });
  });
  afterAll(() => s.close());

  it('needs sign-in', async () => {
    expect((await s.api('GET', '/conversations?search=zaynab')).status).toBe(401);
  });

  it('finds a conversation beyond the second page, case-insensitively, and nobody else\'s', async () => {
    const all = await s.api('GET', '/conversations?page=3', { token: tok.teacher });
    expect(all.body.meta.total).toBe(112);
    expect(all.body.data.map((c: ConversationResource) => c.id)).toContain(ids.zaynab);

    const r = await s.api('GET', '/conversations?search=ZAYNAB', { token: tok.teacher });
    expect(r.status).toBe(200);
    expect(r.body.data.map((c: ConversationResource) => c.id)).toEqual([ids.zaynab]);
    expect(r.body.meta).toEqual({ current_page: 1, per_page: 50, total: 1 });
    expect(r.body.links.next).toBeNull();
    // The same resource as the list's.
    expect(r.body.data[0]).toEqual(all.body.data.find((c: ConversationResource) => c.id === ids.zaynab));
    // Beyond ASCII: É folds to é, as the client's filter does.
    expect(names(await s.api('GET', `/conversations?search=${encodeURIComponent('élodie')}`, { token: tok.teacher }))).toEqual(['Élodie Martin & Tariq Teacher']);
    // Surrounding spaces do not count.
    expect(names(await s.api('GET', '/conversations?search=%20zaynab%20', { token: tok.teacher }))).toEqual(['Zaynab Qureshi & Tariq Teacher']);
    // Omar's conversation with the same name is not the teacher's.
    expect(names(await s.api('GET', '/conversations?search=zaynab', { token: tok.other }))).toEqual(['Zaynab Qureshi & Omar Other']);
  });

  it('matches the other party\'s name as well as the title, never the caller\'s own name', async () => {
    const r = await s.api('GET', '/conversations?search=support%20team', { token: tok.teacher });
    expect(names(r)).toEqual(['100% attendance', 'Join link problem']);
    // Every title names the teacher, but a member's name matches only for the others: the two support threads are not found.
    const own = await s.api('GET', '/conversations?search=tariq', { token: tok.teacher });
    expect(own.body.meta.total).toBe(110);
    expect(own.body.data.map((c: ConversationResource) => c.id)).not.toContain(ids.ticket);
  });

  it('takes the text literally: % and _ are not wildcards', async () => {
    expect(names(await s.api('GET', '/conversations?search=100%25', { token: tok.teacher }))).toEqual(['100% attendance']);
    expect((await s.api('GET', '/conversations?search=%25', { token: tok.teacher })).body.meta.total).toBe(1);
    expect((await s.api('GET', '/conversations?search=_', { token: tok.teacher })).body.meta.total).toBe(0);
  });

  it('pages the results like the list, newest activity first, and links.next keeps the search', async () => {
    const r = await s.api('GET', '/conversations?search=bilal', { token: tok.teacher });
    expect(r.body.meta).toEqual({ current_page: 1, per_page: 50, total: 60 });
    expect(r.body.data).toHaveLength(50);
    expect(r.body.data[0].title).toBe('Bilal 59 & Tariq Teacher');
    const next = new URL(r.body.links.next);
    expect(next.searchParams.get('search')).toBe('bilal');
    expect(next.searchParams.get('page')).toBe('2');
    const p2 = await s.api('GET', r.body.links.next, { token: tok.teacher });
    expect(p2.body.data).toHaveLength(10);
    expect(p2.body.links.next).toBeNull();
    const titles = [...names(r), ...names(p2)];
    expect(new Set(titles).size).toBe(60);
    expect(titles.every((t) => t.startsWith('Bilal '))).toBe(true);
  });

  it('an empty search is the whole list; none found is an empty page; a search over 100 characters is refused', async () => {
    expect((await s.api('GET', '/conversations?search=', { token: tok.teacher })).body.meta.total).toBe(112);
    expect((await s.api('GET', '/conversations?search=%20%20', { token: tok.teacher })).body.meta.total).toBe(112);
    const none = await s.api('GET', '/conversations?search=nobody-by-this-name', { token: tok.teacher });
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ data: [], links: { next: null }, meta: { current_page: 1, per_page: 50, total: 0 } });
    const long = await s.api('GET', `/conversations?search=${'a'.repeat(101)}`, { token: tok.teacher });
    expect(long.status).toBe(422);
    expect(long.body.errors).toEqual({ search: ['The search may not be greater than 100 characters.'] });
  });
});
