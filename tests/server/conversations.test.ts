import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { addMessage, createConversation, createUser } from '../../server/seed/factory.ts';
import { issueToken } from '../../server/lib/auth.ts';
import type { ConversationResource, MessageResource } from '../../server/lib/messaging.ts';

const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describe('conversations and messages', () => {
  let s: TestServer;
  const ids = { student: 0, teacher: 0, support: 0, admin: 0, other: 0, chat: 0, closed: 0, foreign: 0, staff: 0, empty: 0 };
  const tok = { student: '', teacher: '', other: '' };
  /** What the server published: channel, event and payload (an inbox update here). */
  let calls: [string, string, { unread_inbox_count?: number; data?: { id?: number; seen?: boolean } }][] = [];
  const T0 = Date.now() - 10 * 86_400_000;

  beforeAll(async () => {
    s = await startTestServer({}, (db) => {
      ids.student = createUser(db, { name: 'Sara Student', email: 'sara@example.com' });
      ids.teacher = createUser(db, { name: 'Tariq Teacher', email: 'tariq@example.com', group_id: 1, avatar: 'https://img/t.png' });
      ids.support = createUser(db, { name: 'Support Team', email: 'support@example.com', kind: 'support' });
      ids.admin = createUser(db, { name: 'The Admin', email: 'admin@example.com', kind: 'admin' });
      ids.other = createUser(db, { name: 'Omar Other', email: 'omar@example.com' });
      // 55 quiet conversations with support, older than the interesting ones.
      for (let i = 0; i < 55; i++) {
        createConversation(db, { title: `Support ${i}`, members: [ids.student, ids.support], created_at: T0 + i * 1000 });
      }
      ids.empty = createConversation(db, { title: 'Empty one', members: [ids.student, ids.support], created_at: T0 + 60_000 });
      ids.chat = createConversation(db, { title: 'Tariq Teacher', avatar: 'https://img/t.png', members: [ids.student, ids.teacher], created_at: T0 });
      for (let i = 0; i < 35; i++) {
        addMessage(db, { conversation_id: ids.chat, sender_id: i % 2 ? ids.teacher : ids.student, text: `message ${i}`, created_at: T0 + 3_600_000 + i * 60_000 });
      }
      ids.staff = createConversation(db, { title: 'Staff', members: [ids.student, ids.support, ids.admin], created_at: T0 });
      addMessage(db, { conversation_id: ids.staff, sender_id: ids.support, text: 'from support', created_at: T0 + 2_000_000 });
      addMessage(db, { conversation_id: ids.staff, sender_id: ids.admin, text: 'from admin', created_at: T0 + 2_100_000 });
      ids.closed = createConversation(db, { title: 'Closed ticket', closed: true, members: [ids.student, ids.support], created_at: T0 });
      ids.foreign = createConversation(db, { title: 'Not yours', members: [ids.other, ids.teacher], created_at: T0 });
      addMessage(db, { conversation_id: ids.foreign, sender_id: ids.teacher, text: 'secret', created_at: T0 + 100 });
      tok.student = issueToken(db, ids.student, Date.now());
      tok.teacher = issueToken(db, ids.teacher, Date.now());
      tok.other = issueToken(db, ids.other, Date.now());
    });
  });
  afterAll(() => s.close());
  beforeEach(() => {
    calls = [];
    s.app.broadcaster = { publish: (channel, event, data) => void calls.push([channel, event, data as (typeof calls)[number][2]]) };
  });

  const seenOf = (conv: number, user: number) =>
    (s.app.db.prepare('SELECT seen FROM conversation_members WHERE conversation_id = ? AND user_id = ?').get(conv, user) as { seen: number }).seen;

  it('requires sign-in', async () => {
    expect((await s.api('GET', '/conversations')).status).toBe(401);
    expect((await s.api('GET', `/conversations/${ids.chat}`)).status).toBe(401);
    expect((await s.api('POST', `/conversations/${ids.chat}`, { body: { text: 'x', type: 'text' } })).status).toBe(401);
  });

  it('lists the caller\'s conversations newest activity first, 50 a page, with the last message', async () => {
    const r = await s.api('GET', '/conversations', { token: tok.student });
    expect(r.status).toBe(200);
    expect(r.body.meta).toEqual({ current_page: 1, per_page: 50, total: 59 });
    expect(r.body.data).toHaveLength(50);
    expect(r.body.links.next).toMatch(/\/api\/conversations\?page=2$/);
    const [first, second] = r.body.data;
    expect(first).toEqual({
      id: ids.chat, title: 'Tariq Teacher', avatar: 'https://img/t.png', seen: true /* the student sent the last one */, closed: false,
      created_at_timestamp: Math.floor(T0 / 1000),
      updated_at_timestamp: Math.floor((T0 + 3_600_000 + 34 * 60_000) / 1000),
      last_message: {
        id: expect.any(Number), conversation_id: ids.chat, type: 'text', text: 'message 34', image_url: null, audio: null,
        download: null, sender: { id: ids.student, name: 'Sara Student', avatar: null, support: false }, sender_type: 'user',
        created_at_timestamp: Math.floor((T0 + 3_600_000 + 34 * 60_000) / 1000), client_key: null,
      },
    });
    expect(second.id).toBe(ids.staff);
    expect(second.seen).toBe(false);
    expect(second.last_message.sender).toEqual({ id: ids.admin, name: 'The Admin', avatar: null, support: true });
    expect(second.last_message.sender_type).toBe('admin');
    const times = r.body.data.map((c: ConversationResource) => c.updated_at_timestamp);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(r.body.data.find((c: ConversationResource) => c.id === ids.empty).last_message).toBeNull();
    expect(r.body.data.some((c: ConversationResource) => c.id === ids.foreign)).toBe(false);

    const p2 = await s.api('GET', r.body.links.next, { token: tok.student });
    expect(p2.body.data).toHaveLength(9);
    expect(p2.body.links.next).toBeNull();
    const all = [...r.body.data, ...p2.body.data].map((c: ConversationResource) => c.id);
    expect(new Set(all).size).toBe(59);
  });

  it('a support sender is flagged support with sender_type support', async () => {
    const r = await s.api('GET', `/conversations/${ids.staff}`, { token: tok.student });
    const fromSupport = r.body.data.find((m: MessageResource) => m.text === 'from support');
    expect(fromSupport.sender.support).toBe(true);
    expect(fromSupport.sender_type).toBe('support');
  });

  it('pages messages newest first with a before cursor, and the first page marks the conversation seen', async () => {
    s.app.db.prepare('UPDATE conversation_members SET seen = 0 WHERE conversation_id = ? AND user_id = ?').run(ids.chat, ids.student);
    const unreadBefore = (s.app.db.prepare('SELECT COUNT(*) AS n FROM conversation_members WHERE user_id = ? AND seen = 0').get(ids.student) as { n: number }).n;

    const r = await s.api('GET', `/conversations/${ids.chat}`, { token: tok.student });
    expect(r.status).toBe(200);
    expect(r.body.data).toHaveLength(30);
    expect(r.body.data[0].text).toBe('message 34');
    expect(r.body.data[29].text).toBe('message 5');
    const ids30 = r.body.data.map((m: MessageResource) => m.id);
    expect([...ids30].sort((a, b) => b - a)).toEqual(ids30);
    expect(r.body.conversation).toMatchObject({ id: ids.chat, seen: true, closed: false });
    expect(seenOf(ids.chat, ids.student)).toBe(1);
    const next = new URL(r.body.links.next);
    expect(next.pathname).toBe(`/api/conversations/${ids.chat}`);
    expect(next.searchParams.get('before')).toBe(String(ids30[29]));

    expect(calls).toHaveLength(1);
    expect(calls[0]![0]).toBe(`private-User.${ids.student}.Inbox`);
    expect(calls[0]![1]).toBe('App\\Events\\InboxUpdated');
    expect(calls[0]![2].unread_inbox_count).toBe(unreadBefore - 1);
    expect(calls[0]![2].data).toMatchObject({ id: ids.chat, seen: true });

    // an older page does not touch the seen flag
    s.app.db.prepare('UPDATE conversation_members SET seen = 0 WHERE conversation_id = ? AND user_id = ?').run(ids.chat, ids.student);
    calls = [];
    const older = await s.api('GET', r.body.links.next, { token: tok.student });
    expect(older.body.data.map((m: MessageResource) => m.text)).toEqual(['message 4', 'message 3', 'message 2', 'message 1', 'message 0']);
    expect(older.body.links.next).toBeNull();
    expect(seenOf(ids.chat, ids.student)).toBe(0);
    expect(calls).toHaveLength(0);

    // opening it again marks it; opening a seen conversation broadcasts nothing
    await s.api('GET', `/conversations/${ids.chat}`, { token: tok.student });
    expect(seenOf(ids.chat, ids.student)).toBe(1);
    calls = [];
    await s.api('GET', `/conversations/${ids.chat}`, { token: tok.student });
    expect(calls).toHaveLength(0);
  });

  it('an empty conversation answers no messages and no next link', async () => {
    const r = await s.api('GET', `/conversations/${ids.empty}`, { token: tok.student });
    expect(r.body).toMatchObject({ data: [], links: { next: null }, conversation: { id: ids.empty, last_message: null } });
  });

  it('a malformed cursor is a 422', async () => {
    const r = await s.api('GET', `/conversations/${ids.chat}?before=abc`, { token: tok.student });
    expect(r.status).toBe(422);
    expect(r.body.errors.before).toBeDefined();
  });

  it('another user\'s or an unknown conversation is 404 for reading and posting', async () => {
    for (const path of [`/conversations/${ids.foreign}`, '/conversations/999999']) {
      expect((await s.api('GET', path, { token: tok.student })).status).toBe(404);
      const p = await s.api('POST', path, { token: tok.student, body: { text: 'hi', type: 'text' } });
      expect(p.status).toBe(404);
      expect(p.body).toEqual({ message: 'Not found.' });
    }
    const n = (s.app.db.prepare('SELECT COUNT(*) AS n FROM messages WHERE conversation_id = ?').get(ids.foreign) as { n: number }).n;
    expect(n).toBe(1);
  });

  it('sends a text message verbatim, echoes client_key, and broadcasts to the conversation and every member', async () => {
    const text = '  <b>bold</b> & "quotes" مرحبا \n line two  ';
    const r = await s.api('POST', `/conversations/${ids.chat}`, {
      token: tok.student, body: { text, type: 'text' }, headers: { 'Idempotency-Key': 'key-123' },
    });
    expect(r.status).toBe(200);
    const m = r.body.data;
    expect(m).toEqual({
      id: expect.any(Number), conversation_id: ids.chat, type: 'text', text: '<b>bold</b> & "quotes" مرحبا \n line two',
      image_url: null, audio: null, download: null, sender: { id: ids.student, name: 'Sara Student', avatar: null, support: false },
      sender_type: 'user', created_at_timestamp: expect.any(Number), client_key: 'key-123',
    });
    expect(Math.abs(m.created_at_timestamp - Date.now() / 1000)).toBeLessThan(5);
    const stored = s.app.db.prepare('SELECT text FROM messages WHERE id = ?').get(m.id) as { text: string };
    expect(stored.text).toBe('<b>bold</b> & "quotes" مرحبا \n line two');
    expect(seenOf(ids.chat, ids.student)).toBe(1);
    expect(seenOf(ids.chat, ids.teacher)).toBe(0);

    const convMsg = calls.filter((c) => c[0] === `private-Conversation.${ids.chat}`);
    expect(convMsg).toEqual([[`private-Conversation.${ids.chat}`, 'App\\Events\\NewConversationMessage', { data: m }]]);
    const toTeacher = calls.find((c) => c[0] === `private-User.${ids.teacher}.Inbox`)!;
    expect(toTeacher[1]).toBe('App\\Events\\InboxUpdated');
    expect(toTeacher[2].data).toMatchObject({ id: ids.chat, seen: false, last_message: { id: m.id } });
    expect(toTeacher[2].unread_inbox_count).toBe(
      (s.app.db.prepare('SELECT COUNT(*) AS n FROM conversation_members WHERE user_id = ? AND seen = 0').get(ids.teacher) as { n: number }).n,
    );
    expect(toTeacher[2].unread_inbox_count).toBeGreaterThanOrEqual(1);
    const toSender = calls.find((c) => c[0] === `private-User.${ids.student}.Inbox`)!;
    expect(toSender[2].data).toMatchObject({ id: ids.chat, seen: true });
    expect(calls).toHaveLength(3);

    // the same key again replays the first reply and stores nothing
    const again = await s.api('POST', `/conversations/${ids.chat}`, {
      token: tok.student, body: { text, type: 'text' }, headers: { 'Idempotency-Key': 'key-123' },
    });
    expect(again.body.data.id).toBe(m.id);
    expect((s.app.db.prepare('SELECT COUNT(*) AS n FROM messages WHERE client_key = ?').get('key-123') as { n: number }).n).toBe(1);

    // the conversation is now the newest activity for the teacher, unread
    const list = await s.api('GET', '/conversations', { token: tok.teacher });
    expect(list.body.data[0]).toMatchObject({ id: ids.chat, seen: false, last_message: { id: m.id } });
    const tUser = await s.api('GET', `/conversations/${ids.chat}`, { token: tok.teacher });
    expect(tUser.body.data[0].id).toBe(m.id);
    expect(seenOf(ids.chat, ids.teacher)).toBe(1);
  });

  it('a message without a key has client_key null', async () => {
    const r = await s.api('POST', `/conversations/${ids.chat}`, { token: tok.student, body: { text: 'no key', type: 'text' } });
    expect(r.body.data.client_key).toBeNull();
  });

  it('rejects empty, blank and oversized text with 422', async () => {
    for (const body of [{ type: 'text' }, { text: '', type: 'text' }, { text: '   \n ', type: 'text' }, { text: 42, type: 'text' }]) {
      const r = await s.api('POST', `/conversations/${ids.chat}`, { token: tok.student, body });
      expect(r.status).toBe(422);
      expect(r.body).toEqual({ message: 'The text field is required.', errors: { text: ['The text field is required.'] } });
    }
    const big = await s.api('POST', `/conversations/${ids.chat}`, { token: tok.student, body: { text: 'x'.repeat(5001), type: 'text' } });
    expect(big.status).toBe(422);
    expect(big.body.errors.text[0]).toBe('The text may not be greater than 5000 characters.');
    const ok = await s.api('POST', `/conversations/${ids.chat}`, { token: tok.student, body: { text: 'y'.repeat(5000), type: 'text' } });
    expect(ok.status).toBe(200);
    const bad = await s.api('POST', `/conversations/${ids.chat}`, { token: tok.student, body: { text: 'x', type: 'sticker' } });
    expect(bad.status).toBe(422);
    expect(calls.filter((c) => c[1] === 'App\\Events\\NewConversationMessage')).toHaveLength(1);
  });

  it('a closed conversation refuses messages with 403', async () => {
    const r = await s.api('POST', `/conversations/${ids.closed}`, { token: tok.student, body: { text: 'hello?', type: 'text' } });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ message: 'Conversation is closed!' });
    const g = await s.api('GET', `/conversations/${ids.closed}`, { token: tok.student });
    expect(g.body.conversation.closed).toBe(true);
    expect(calls.filter((c) => c[1] === 'App\\Events\\NewConversationMessage')).toHaveLength(0);
  });

  const imageForm = (bytes: Uint8Array | string, name: string, type: string) => {
    const f = new FormData();
    f.set('type', 'image');
    f.set('latest', '1');
    f.set('image', new Blob([bytes as BlobPart], { type }), name);
    return f;
  };

  it('rejects a non-image upload even when named and typed as one', async () => {
    for (const form of [
      imageForm('this is plain text, not a picture', 'photo.png', 'image/png'),
      imageForm(PNG_1x1, 'photo.png', 'text/plain'),
    ]) {
      const r = await s.api('POST', `/conversations/${ids.chat}`, { token: tok.student, body: form });
      expect(r.status).toBe(422);
      expect(r.body).toEqual({ message: 'The image must be an image.', errors: { image: ['The image must be an image.'] } });
    }
    const f = new FormData();
    f.set('type', 'image');
    const missing = await s.api('POST', `/conversations/${ids.chat}`, { token: tok.student, body: f });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.image).toBeDefined();
    const huge = new Uint8Array(5 * 1024 * 1024 + 1);
    huge.set(PNG_1x1);
    const tooBig = await s.api('POST', `/conversations/${ids.chat}`, { token: tok.student, body: imageForm(huge, 'big.png', 'image/png') });
    expect(tooBig.status).toBe(422);
    expect(tooBig.body.errors.image[0]).toMatch(/may not be greater than/);
  });

  it('stores a real image and serves it back under /uploads', async () => {
    const r = await s.api('POST', `/conversations/${ids.chat}`, {
      token: tok.student, body: imageForm(PNG_1x1, 'whatever.jpg', 'image/jpeg'), headers: { 'Idempotency-Key': 'img-1' },
    });
    expect(r.status).toBe(200);
    const m = r.body.data;
    expect(m).toMatchObject({ type: 'image', text: null, client_key: 'img-1', sender: { id: ids.student } });
    // Stored relative to the API's origin (no PUBLIC_URL, no trusted proxy): a request's Host never names it.
    expect(m.image_url).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    expect(m.download).toBe(m.image_url);
    const res = await fetch(`${s.url}${m.image_url}`);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG_1x1)).toBe(true);
    expect(calls.find((c) => c[1] === 'App\\Events\\NewConversationMessage')![2]).toEqual({ data: m });
  });

  it('test API: the other party posts a message, with the same broadcasts', async () => {
    const r = await s.api('POST', `/test/conversations/${ids.chat}/messages`, { body: { sender_id: ids.teacher, text: 'reply from teacher' } });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ text: 'reply from teacher', sender: { id: ids.teacher, name: 'Tariq Teacher' }, sender_type: 'user' });
    expect(seenOf(ids.chat, ids.student)).toBe(0);
    expect(seenOf(ids.chat, ids.teacher)).toBe(1);
    expect(calls.map((c) => c[0]).sort()).toEqual(
      [`private-Conversation.${ids.chat}`, `private-User.${ids.student}.Inbox`, `private-User.${ids.teacher}.Inbox`].sort(),
    );
    const toStudent = calls.find((c) => c[0] === `private-User.${ids.student}.Inbox`)!;
    expect(toStudent[2].data?.seen).toBe(false);
    expect(toStudent[2].unread_inbox_count).toBeGreaterThanOrEqual(1);
    const user = await s.api('GET', '/user', { token: tok.student });
    if (user.status === 200) expect(user.body.data.unread_inbox_count).toBe(toStudent[2].unread_inbox_count);

    const stranger = await s.api('POST', `/test/conversations/${ids.chat}/messages`, { body: { sender_id: ids.other, text: 'intruder' } });
    expect(stranger.status).toBe(404);
  });

  it('test API routes are absent without ENABLE_TEST_API', async () => {
    const prod = await startTestServer({ enableTestApi: false });
    try {
      const r = await prod.api('POST', `/test/conversations/1/messages`, { body: { sender_id: 1, text: 'x' } });
      expect(r.status).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
