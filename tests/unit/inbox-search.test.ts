import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../db/entities.ts';
import type { ListRow } from '../../db/rows.ts';
import { searchView, type SearchInputs } from '../../src/features/inbox/search.ts';

/** What the inbox search shows while it types, asks the server, gets an answer, or cannot ask. */

const conv = (id: number, title: string, updated: number): Conversation => ({
  id, title, avatar: null, seen: true, closed: false, created_at_timestamp: 1, updated_at_timestamp: updated, last_message: null,
});
// Newest activity first, as the list hands them; 3 came from the server's search (beyond the pages read).
const all = [conv(1, 'Bilal & Amina', 30), conv(2, 'Support Team', 20), conv(3, 'Join link problem', 10)];
const row = (ids: number[], next: string | null = null): ListRow => ({ key: 'conversations?search=zaynab', ids, next });
const base: SearchInputs = { conversations: all, query: 'zaynab', deferred: 'zaynab', asked: 'zaynab', answer: null, row: undefined, online: true };
const ids = (v: { shown: readonly Conversation[] }) => v.shown.map((c) => c.id);

describe('inbox search', () => {
  it('no text: the whole list, nothing asked', () => {
    const v = searchView({ ...base, query: ' ', deferred: '', asked: '' });
    expect(v).toMatchObject({ active: false, searching: false, answered: false, incomplete: false });
    expect(ids(v)).toEqual([1, 2, 3]);
  });

  it('while typing and asking: the local matches at once, and "searching"', () => {
    const typing = searchView({ ...base, query: 'bil', deferred: 'bil', asked: '' });
    expect(ids(typing)).toEqual([1]);
    expect(typing).toMatchObject({ active: true, searching: true, answered: false, incomplete: false });
    // Nothing local: empty, but not answered (the screen does not say "No Conversation Found" yet).
    const asking = searchView(base);
    expect(ids(asking)).toEqual([]);
    expect(asking).toMatchObject({ searching: true, answered: false });
  });

  it('the server\'s results join the local ones, newest activity first; none found is answered and empty', () => {
    const v = searchView({ ...base, query: 'i', deferred: 'i', asked: 'i', answer: { text: 'i', error: null }, row: { ...row([3, 2]), key: 'conversations?search=i' } });
    // 1 and 3 match "i" locally; 2 ("Support Team") only by the server (the other party's name).
    expect(ids(v)).toEqual([1, 2, 3]);
    expect(v).toMatchObject({ searching: false, answered: true, incomplete: false, hasMore: false });
    const none = searchView({ ...base, answer: { text: 'zaynab', error: null }, row: row([]) });
    expect(ids(none)).toEqual([]);
    expect(none).toMatchObject({ answered: true, searching: false });
    expect(searchView({ ...base, answer: { text: 'zaynab', error: null }, row: row([3], 'https://x/api/conversations?search=zaynab&page=2') }).hasMore).toBe(true);
  });

  it('answered, but what the server found is not on screen yet: still searching, not "No Conversation Found"', () => {
    // Its row has not reached the tab's collection yet.
    const rowLate = searchView({ ...base, answer: { text: 'zaynab', error: null }, row: undefined });
    expect(ids(rowLate)).toEqual([]);
    expect(rowLate).toMatchObject({ searching: true, answered: false });
    // The local filter is still on an earlier text.
    const filterLate = searchView({ ...base, deferred: 'zayna', answer: { text: 'zaynab', error: null }, row: row([3]) });
    expect(filterLate).toMatchObject({ searching: true, answered: false });
    // A backend without the search (404): the device's own results are the answer.
    const noSearch = searchView({ ...base, answer: { text: 'zaynab', error: { status: 404 } as never }, row: undefined });
    expect(noSearch).toMatchObject({ searching: false, answered: true });
  });

  it('a stored search shows at once, before the server answers again', () => {
    const v = searchView({ ...base, row: row([3]) });
    expect(ids(v)).toEqual([3]);
    expect(v.searching).toBe(true);
  });

  it('an earlier text\'s answer and results never stand for the text typed since', () => {
    const v = searchView({ ...base, query: 'zaynabx', deferred: 'zaynabx', answer: { text: 'zaynab', error: null }, row: row([3]) });
    expect(ids(v)).toEqual([]);
    expect(v).toMatchObject({ searching: true, answered: false });
  });

  it('offline: local results only, and the results may be incomplete', () => {
    const v = searchView({ ...base, query: 'bilal', deferred: 'bilal', asked: 'bilal', online: false });
    expect(ids(v)).toEqual([1]);
    expect(v).toMatchObject({ searching: false, answered: false, incomplete: true, offline: true });
  });

  it('the server could not be asked: local results, incomplete, with the reason to retry', () => {
    const error = { kind: 'server' as const, status: 500, message: 'Error occurred during fetching data' };
    const v = searchView({ ...base, query: 'bilal', deferred: 'bilal', asked: 'bilal', answer: { text: 'bilal', error } });
    expect(ids(v)).toEqual([1]);
    expect(v).toMatchObject({ searching: false, answered: false, incomplete: true, offline: false, failed: error });
  });
});
