import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../db/entities.ts';
import {
  FIRST_INDEX, filterConversations, nextFirstIndex, orderMessages, sortConversations, type MessageRow,
} from '../../src/features/inbox/order.ts';

const sender = { id: 1, name: 'Sara', avatar: null, support: false };
const msg = (id: number | string, extra: Partial<MessageRow> = {}): MessageRow => ({
  id, conversation_id: 7, type: 'text', text: `m${id}`, image_url: null, audio: null, download: null,
  sender, sender_type: 'user', created_at_timestamp: 1000, client_key: null, ...extra,
});
const conv = (id: number, title: string, updated: number): Conversation => ({
  id, title, avatar: null, seen: true, closed: false, created_at_timestamp: 1, updated_at_timestamp: updated, last_message: null,
});

describe('conversations', () => {
  it('sorts by last activity, newest first, ties by id', () => {
    const sorted = sortConversations([conv(1, 'a', 10), conv(2, 'b', 30), conv(3, 'c', 20), conv(4, 'd', 30)]);
    expect(sorted.map((c) => c.id)).toEqual([4, 2, 3, 1]);
  });

  it('counts a newer last message as activity', () => {
    const c = { ...conv(1, 'a', 10), last_message: { ...msg(5), id: 5, created_at_timestamp: 99 } } as Conversation;
    expect(sortConversations([conv(2, 'b', 50), c]).map((x) => x.id)).toEqual([1, 2]);
  });

  it('filters by title, ignoring case and surrounding spaces', () => {
    const list = [conv(1, 'Quran with Ahmad', 1), conv(2, 'Support', 2), conv(3, 'تجويد', 3)];
    expect(filterConversations(list, '  ahMAD ').map((c) => c.id)).toEqual([1]);
    expect(filterConversations(list, 'تجو').map((c) => c.id)).toEqual([3]);
    expect(filterConversations(list, '')).toBe(list);
    expect(filterConversations(list, 'zzz')).toEqual([]);
  });

  it('filters 10,000 conversations quickly', () => {
    const list = Array.from({ length: 10_000 }, (_, i) => conv(i, `Conversation number ${i}`, i));
    const t0 = performance.now();
    expect(filterConversations(list, 'number 99').length).toBe(111);
    expect(performance.now() - t0).toBeLessThan(50);
  });
});

describe('messages', () => {
  it('orders server messages by id, unsent ones after them', () => {
    const items = orderMessages([msg('pending:b', { pending: true, client_key: 'b', created_at_timestamp: 2000 }), msg(3), msg(1), msg(2)]);
    expect(items.map((i) => i.key)).toEqual(['m:1', 'm:2', 'm:3', 'k:b']);
    expect(items.map((i) => i.state)).toEqual(['sent', 'sent', 'sent', 'pending']);
    expect(items[3]!.mutationId).toBe('b');
  });

  it('keeps one stable key from pending to sent', () => {
    const pending = orderMessages([msg(1), msg('pending:abc', { pending: true })]);
    const sent = orderMessages([msg(1), msg(2, { client_key: 'abc' })]);
    expect(pending.at(-1)!.key).toBe(sent.at(-1)!.key);
    expect(sent.at(-1)!.state).toBe('sent');
  });

  it('shows a message once when the pending row and its server copy are both present', () => {
    const items = orderMessages([msg('pending:abc', { pending: true, client_key: 'abc' }), msg(9, { client_key: 'abc' }), msg(9, { client_key: 'abc' })]);
    expect(items).toHaveLength(1);
    expect(items[0]!.row.id).toBe(9);
  });

  it('marks failed unsent rows', () => {
    const [item] = orderMessages([msg('pending:x', { pending: true, error: { message: 'no' } })]);
    expect(item!.state).toBe('failed');
    expect(item!.mutationId).toBe('x');
  });
});

describe('nextFirstIndex', () => {
  it('subtracts exactly the number of prepended rows', () => {
    expect(nextFirstIndex('m:10', ['m:1', 'm:2', 'm:10', 'm:11'], FIRST_INDEX)).toBe(FIRST_INDEX - 2);
  });
  it('is unchanged by appends, replacements and removals below', () => {
    expect(nextFirstIndex('m:1', ['m:1', 'm:2', 'k:new'], 500)).toBe(500);
    expect(nextFirstIndex('m:1', ['m:1'], 500)).toBe(500);
    expect(nextFirstIndex('m:1', ['m:2'], 500)).toBe(500);
    expect(nextFirstIndex(undefined, ['m:2'], 500)).toBe(500);
  });
  it('never goes below 1', () => {
    expect(nextFirstIndex('m:9', ['m:1', 'm:2', 'm:9'], 2)).toBe(1);
  });
});

describe('message items', () => {
  it('keep their object for an unchanged row, so a new message re-renders only its own bubble', () => {
    const a = msg(1);
    const b = msg(2);
    const before = orderMessages([a, b]);
    const after = orderMessages([a, b, msg('pending:x', { pending: true, created_at_timestamp: 2000 })]);
    expect(after[0]).toBe(before[0]);
    expect(after[1]).toBe(before[1]);
    expect(after).toHaveLength(3);
    // A changed row (a new object) is a new item.
    const edited = orderMessages([{ ...a, text: 'changed' }, b]);
    expect(edited[0]).not.toBe(before[0]);
    expect(edited[0]!.row.text).toBe('changed');
    expect(edited[1]).toBe(before[1]);
  });
});
