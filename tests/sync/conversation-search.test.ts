import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '../../db/entities.ts';
import type { ListRow } from '../../db/rows.ts';
import { createConversation, createUser } from '../../server/seed/factory.ts';
import type { TestServer } from '../helpers/server.ts';
import { KEPT_SEARCHES } from '../../worker/sync/lists.ts';
import { Browser, startWorld } from './harness.ts';

/**
 * Issue 14, item 7: a teacher with 112 conversations searches a name whose conversation is on the
 * third page. The inbox asks the server (`GET /conversations?search=`): the found conversation is
 * written into the mirror (the conversations table, and a lists row of the search's own), so the
 * screen, which reads only the mirror, shows it; the list's own paging is left where it was.
 */

const TEACHER = 'teacher@example.com';
let server: TestServer;
beforeAll(
  async () =>
    (server = await startWorld({}, (db) => {
      const teacher = (db.prepare('SELECT id FROM users WHERE email = ?').get(TEACHER) as { id: number }).id;
      const old = Date.now() - 400 * 86_400_000; // older than every seeded conversation
      const student = (name: string, i: number) => createUser(db, { name, email: `search-${i}@example.com` });
      createConversation(db, { title: 'Zaynab Qureshi & Ustadha Amina Hassan', members: [student('Zaynab Qureshi', 0), teacher], created_at: old });
      for (let i = 1; i <= 106; i++) {
        createConversation(db, { title: `Pupil ${i} & Ustadha Amina Hassan`, members: [student(`Pupil ${i}`, i), teacher], created_at: old + i * 60_000 });
      }
    })),
);
afterAll(() => server.close());

describe('inbox search over every conversation', () => {
  it('a conversation beyond the loaded pages is found by search and lands in the mirror', async () => {
    const browser = new Browser(server);
    const { engine, tab } = await browser.signedInTab(TEACHER);
    const conversations = async () => (await tab.snapshot('conversations')) as Conversation[];
    const lists = async () => (await tab.snapshot('lists')) as ListRow[];
    const row = async (key: string) => (await lists()).find((l) => l.key === key);

    // The inbox opens: the first page, 50 of the teacher's 112.
    expect((await tab.loadMore({ kind: 'conversations' })).ok).toBe(true);
    const mainBefore = (await row('conversations'))!;
    expect(mainBefore.ids).toHaveLength(50);
    expect(mainBefore.next).toMatch(/page=2/);
    expect((await conversations()).some((c) => c.title.startsWith('Zaynab'))).toBe(false);

    // The search, as the screen asks it (any case, spaces around): one request, whatever page it is on.
    const before = browser.requests(/^\/conversations\?/).length;
    const r = await tab.loadMore({ kind: 'conversations', search: '  ZAYNAB ' }, { fromStart: true });
    expect(r).toEqual({ ok: true, data: { hasMore: false } });
    const asked = browser.requests(/^\/conversations\?/).slice(before);
    expect(asked.map((q) => q.path)).toEqual(['/conversations?search=zaynab']);

    const found = (await conversations()).find((c) => c.title.startsWith('Zaynab'));
    expect(found).toBeDefined();
    const search = (await row('conversations?search=zaynab'))!;
    expect(search.ids).toEqual([found!.id]);
    expect(search.next).toBeNull();
    // The list's own paging is untouched: scrolling on reads page 2 next.
    expect(await row('conversations')).toEqual(mainBefore);

    // A search with more than a page pages on like the list, and keeps its search.
    const many = { kind: 'conversations' as const, search: 'pupil' };
    expect(await tab.loadMore(many, { fromStart: true })).toEqual({ ok: true, data: { hasMore: true } });
    expect((await row('conversations?search=pupil'))!.next).toMatch(/search=pupil.*page=2|page=2.*search=pupil/);
    expect(await tab.loadMore(many)).toEqual({ ok: true, data: { hasMore: true } });
    expect(await tab.loadMore(many)).toEqual({ ok: true, data: { hasMore: false } });
    expect((await row('conversations?search=pupil'))!.ids).toHaveLength(106);

    // None found: an empty list row, which is the server saying "none".
    expect((await tab.loadMore({ kind: 'conversations', search: 'nobody by this name' }, { fromStart: true })).ok).toBe(true);
    expect(await row(`conversations?search=${encodeURIComponent('nobody by this name')}`)).toMatchObject({ ids: [], next: null });
    engine.shutdown();
  });

  it('keeps only the latest searches in the mirror', async () => {
    const browser = new Browser(server);
    const { engine, tab } = await browser.signedInTab(TEACHER);
    const searches = async () => ((await tab.snapshot('lists')) as ListRow[]).filter((l) => l.key.startsWith('conversations?search='));
    const typed = Array.from({ length: KEPT_SEARCHES + 5 }, (_, i) => `pupil ${i + 1}`);
    for (const q of typed) expect((await tab.loadMore({ kind: 'conversations', search: q }, { fromStart: true })).ok).toBe(true);
    const kept = (await searches()).map((l) => decodeURIComponent(l.key.slice('conversations?search='.length)));
    expect(kept.sort()).toEqual(typed.slice(-KEPT_SEARCHES).sort());
    // The list itself is no search: never dropped.
    expect((await tab.loadMore({ kind: 'conversations' })).ok).toBe(true);
    for (const q of ['a', 'b', 'c']) await tab.loadMore({ kind: 'conversations', search: q }, { fromStart: true });
    expect(((await tab.snapshot('lists')) as ListRow[]).some((l) => l.key === 'conversations')).toBe(true);
    engine.shutdown();
  });

  it('offline, the search is not asked: it fails at once as offline and the screen keeps its local results', async () => {
    const browser = new Browser(server);
    const { engine, tab } = await browser.signedInTab(TEACHER);
    await tab.setOnline(false);
    const before = browser.log.length;
    const r = await tab.loadMore({ kind: 'conversations', search: 'zaynab' }, { fromStart: true });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.kind).toBe('offline');
    expect(browser.log.length).toBe(before);
    engine.shutdown();
  });
});
