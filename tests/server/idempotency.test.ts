import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createUser } from '../../server/seed/factory.ts';
import { idempotency, KEY_REUSED } from '../../server/lib/idempotency.ts';
import type { Env } from '../../server/lib/context.ts';

/**
 * Issue 19, finding 7: three retries with one Idempotency-Key, queued behind a first attempt that
 * ended in a 500, each ran (one key moved $3). Requests with the same user and key now run one at
 * a time: after a failed attempt the next one runs, and once one succeeds the rest replay it.
 */

let s: TestServer;
let token = '';
const ids: Record<string, number> = {};

beforeAll(async () => {
  s = await startTestServer({}, (db) => {
    ids.parent = createUser(db, { name: 'Parent', email: 'parent@example.test', credits: 100 });
    ids.child = createUser(db, { name: 'Child', email: 'child@example.test', parent_id: ids.parent });
  });
  token = await s.login('parent@example.test');
});
afterAll(async () => {
  await s.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('Idempotency-Key', () => {
  it('retries queued behind a failed first attempt run one at a time: exactly one succeeds, the rest replay it', async () => {
    let calls = 0;
    let moved = 0;
    const app = new Hono<Env>();
    app.use('*', async (c, next) => {
      c.set('app', s.app);
      await next();
    });
    app.use('*', idempotency());
    app.post('/move', async (c) => {
      const n = ++calls;
      await sleep(60);
      if (n === 1) return c.json({ message: 'Server Error' }, 500);
      moved += 1;
      return c.json({ moved, attempt: n });
    });
    const send = () => app.request('/move', { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': 'move-1' } });

    const first = send();
    await sleep(10);
    const retries = [send(), send(), send()];
    const replies = await Promise.all([first, ...retries]);
    expect(replies.map((r) => r.status)).toEqual([500, 200, 200, 200]);
    expect(calls).toBe(2);
    expect(moved).toBe(1);
    const bodies = await Promise.all(replies.slice(1).map((r) => r.json()));
    expect(bodies).toEqual([{ moved: 1, attempt: 2 }, { moved: 1, attempt: 2 }, { moved: 1, attempt: 2 }]);
    expect(replies.slice(2).map((r) => r.headers.get('idempotent-replayed'))).toEqual(['true', 'true']);
    // Another key runs on its own.
    const r = await app.request('/move', { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': 'move-2' } });
    expect(await r.json()).toEqual({ moved: 2, attempt: 3 });
  });

  it('a 429 is not stored: the same key runs again once the wait is over', async () => {
    let n = 0;
    const app = new Hono<Env>();
    app.use('*', async (c, next) => {
      c.set('app', s.app);
      await next();
    });
    app.use('*', idempotency());
    app.post('/limited', (c) => (++n === 1 ? c.json({ message: 'Too many attempts.' }, 429) : c.json({ ok: n })));
    const send = () => app.request('/limited', { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': 'limited-1' } });
    expect((await send()).status).toBe(429);
    expect(await (await send()).json()).toEqual({ ok: 2 });
    expect(await (await send()).json()).toEqual({ ok: 2 });
  });

  it('on the real server, five concurrent transfers with one key move money once', async () => {
    const transfer = () =>
      s.api('POST', '/childs/transfer', { token, body: { child_id: ids.child, amount: 3 }, headers: { 'Idempotency-Key': 'transfer-1' } });
    const replies = await Promise.all(Array.from({ length: 5 }, transfer));
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(s.app.db.prepare('SELECT credits FROM users WHERE id = ?').get(ids.child)).toEqual({ credits: 3 });
    expect(s.app.db.prepare('SELECT credits FROM users WHERE id = ?').get(ids.parent)).toEqual({ credits: 97 });
  });

  it('a key belongs to its call: reused for another call (concurrently or later) it answers 422 and moves no money', async () => {
    const credits = (id: number) => (s.app.db.prepare('SELECT credits FROM users WHERE id = ?').get(id) as { credits: number }).credits;
    const key = { 'Idempotency-Key': 'borrow-then-transfer' };
    const borrow = await s.api('POST', '/wallet/borrow', { token, body: { amount: 5 }, headers: key });
    expect(borrow.status).toBe(200);
    const parent = credits(ids.parent!);
    const child = credits(ids.child!);
    // Before: the transfer answered the borrow's reply with 200 and the child received nothing.
    const reused = await Promise.all([
      s.api('POST', '/childs/transfer', { token, body: { child_id: ids.child, amount: 3 }, headers: key }),
      s.api('POST', '/wallet/borrow', { token, body: { amount: 7 }, headers: key }),
      s.api('PUT', '/wallet/borrow', { token, body: { amount: 5 }, headers: key }),
    ]);
    expect(reused.map((r) => r.status)).toEqual([422, 422, 422]);
    expect(reused[0]!.body).toEqual({ message: KEY_REUSED, errors: { idempotency_key: [KEY_REUSED] } });
    expect([credits(ids.parent!), credits(ids.child!)]).toEqual([parent, child]);
    // The same call replays, whatever the key order or spacing of its JSON.
    const again = await s.api('POST', '/wallet/borrow', { token, body: { amount: 5 }, headers: key });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(borrow.body);
    const spaced = await fetch(`${s.url}/api/wallet/borrow`, {
      method: 'POST', body: '{ "amount" : 5 }', headers: { ...key, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    });
    expect(spaced.status).toBe(200);
    expect(spaced.headers.get('idempotent-replayed')).toBe('true');
    expect(credits(ids.parent!)).toBe(parent);
  });
});
