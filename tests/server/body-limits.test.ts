import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createConversation, createUser } from '../../server/seed/factory.ts';
import { multipart, rawRequest } from './raw-http.ts';

/**
 * Issue 19, finding 3: oversized bodies were read into memory before any check (a 200 MB image
 * raised the server's memory by 785 MB before its 422), chunked encoding bypassed the attachment
 * pre-check, and no endpoint had a body limit. Now every route refuses a body over its limit with
 * 413 before parsing: at once for a declared Content-Length, at the limit for a chunked body; an
 * upload streams and is cut at its limit.
 */

const JSON_LIMIT = 256 * 1024;
const UPLOAD_LIMIT = 5 * 1024 * 1024;
const MB = 1024 * 1024;

let s: TestServer;
let token = '';
const ids: Record<string, number> = {};

beforeAll(async () => {
  s = await startTestServer({}, (db) => {
    ids.student = createUser(db, { name: 'Sara', email: 'sara@example.test', credits: 50 });
    ids.teacher = createUser(db, { name: 'Tariq', email: 'tariq@example.test', group_id: 1 });
    ids.chat = createConversation(db, { title: 'Tariq', members: [ids.student, ids.teacher] });
  });
  token = await s.login('sara@example.test');
});
afterAll(async () => {
  await s.close();
});

const auth = () => ({ Authorization: `Bearer ${token}` });
const tooLarge = (limit: number) => ({ message: `The request body is too large: at most ${limit / 1024} kilobytes.` });
const filler = (size: number) => Buffer.alloc(size, 0x61);

describe('JSON and form bodies (256 KiB)', () => {
  it('a declared body over the limit is refused before it is sent, on every route', async () => {
    for (const [method, path] of [
      ['POST', '/api/login'], ['POST', '/api/childs/transfer'], ['PUT', '/api/teacher-schedule'], ['POST', '/api/classes/1/join'],
      ['POST', '/api/logout'], ['POST', '/api/nothing-here'], ['POST', '/'], ['DELETE', '/api/conversations/1'],
    ] as const) {
      // Only 64 KiB of the announced 300 MB are ever sent: a reply proves the server did not wait.
      const r = await rawRequest(`${s.url}${path}`, {
        method, headers: { ...auth(), 'Content-Type': 'application/json', 'Content-Length': String(300 * MB) }, body: filler(64 * 1024), timeoutMs: 5000,
      });
      expect(r.status, path).toBe(413);
      expect(r.body, path).toEqual(tooLarge(JSON_LIMIT));
      expect(r.headers.connection, path).toBe('close');
    }
  });

  it('a chunked body is cut where it passes the limit', async () => {
    const r = await rawRequest(`${s.url}/api/childs/transfer`, {
      headers: { ...auth(), 'Content-Type': 'application/json' }, chunked: true,
      body: (i) => (i === 0 ? Buffer.from('{"child_id": 1, "amount": 5, "pad": "') : i < 2000 ? filler(64 * 1024) : null),
    });
    expect(r.status).toBe(413);
    expect(r.body).toEqual(tooLarge(JSON_LIMIT));
    // 125 MB were on offer; the reply came after about the limit (plus what the sockets buffer).
    expect(r.sentBeforeReply).toBeLessThan(16 * MB);
  });

  it('a multipart body on a route that takes no file has the same limit', async () => {
    const form = multipart({ email: 'sara@example.test' }, 'password', 'p.txt', 'text/plain');
    const r = await rawRequest(`${s.url}/api/login`, {
      headers: { 'Content-Type': form.contentType }, chunked: true,
      body: (i) => (i === 0 ? form.head : i < 1000 ? filler(64 * 1024) : null),
    });
    expect(r.status).toBe(413);
  });

  it('bodies under the limit, chunked or not, are read as before', async () => {
    const body = Buffer.from(JSON.stringify({ email: 'sara@example.test', password: 'password', pad: 'x'.repeat(200 * 1024) }));
    const plain = await rawRequest(`${s.url}/api/login`, { headers: { 'Content-Type': 'application/json' }, body });
    expect(plain.status).toBe(200);
    const chunked = await rawRequest(`${s.url}/api/login`, {
      headers: { 'Content-Type': 'application/json' }, chunked: true, body: (i) => (i === 0 ? body : null),
    });
    expect(chunked.status).toBe(200);
    expect(typeof chunked.body.token).toBe('string');
  });
});

describe('uploads (5 MiB a file)', () => {
  const upload = () => multipart({ type: 'image' }, 'image', 'big.png', 'image/png');
  const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

  it('a declared 200 MB image is refused at once (413), before a byte of it is read', async () => {
    const form = upload();
    const r = await rawRequest(`${s.url}/api/conversations/${ids.chat}`, {
      headers: { ...auth(), 'Content-Type': form.contentType, 'Content-Length': String(200 * MB) },
      body: Buffer.concat([form.head, PNG, filler(64 * 1024)]), timeoutMs: 5000,
    });
    expect(r.status).toBe(413);
    expect(r.body).toEqual(tooLarge(UPLOAD_LIMIT + 64 * 1024));
  });

  it('a chunked image without end is streamed and cut at the limit, and nothing is stored', async () => {
    const before = (s.app.db.prepare('SELECT COUNT(*) AS n FROM messages').get() as { n: number }).n;
    const form = upload();
    const r = await rawRequest(`${s.url}/api/conversations/${ids.chat}`, {
      headers: { ...auth(), 'Content-Type': form.contentType }, chunked: true,
      body: (i) => (i === 0 ? Buffer.concat([form.head, PNG]) : i < 3200 ? filler(64 * 1024) : null), // 200 MB on offer
      timeoutMs: 20_000,
    });
    expect(r.status).toBe(413);
    expect(r.sentBeforeReply).toBeLessThan(24 * MB);
    expect((s.app.db.prepare('SELECT COUNT(*) AS n FROM messages').get() as { n: number }).n).toBe(before);
  });

  it('the manual-payment attachment is cut the same way, chunked or not', async () => {
    const form = multipart({ amount: '30', payment_method: 'bank', message: 'receipt' }, 'attachment', 'r.png', 'image/png');
    const chunked = await rawRequest(`${s.url}/api/wallet/recharge/ebmgateway`, {
      headers: { ...auth(), 'Content-Type': form.contentType }, chunked: true,
      body: (i) => (i === 0 ? Buffer.concat([form.head, PNG]) : i < 3200 ? filler(64 * 1024) : null),
      timeoutMs: 20_000,
    });
    expect(chunked.status).toBe(413);
    expect(chunked.sentBeforeReply).toBeLessThan(24 * MB);
    const declared = await rawRequest(`${s.url}/api/wallet/recharge/ebmgateway`, {
      headers: { ...auth(), 'Content-Type': form.contentType, 'Content-Length': String(50 * MB) },
      body: form.head, timeoutMs: 5000,
    });
    expect(declared.status).toBe(413);
  });

  it('a file just over 5 MiB inside the body limit is a 422 on its field; its bytes are not kept', async () => {
    const form = upload();
    const body = Buffer.concat([form.head, PNG, filler(UPLOAD_LIMIT + 1 - PNG.length), form.tail]);
    const r = await rawRequest(`${s.url}/api/conversations/${ids.chat}`, { headers: { ...auth(), 'Content-Type': form.contentType }, body });
    expect(r.status).toBe(422);
    expect(r.body.errors.image).toEqual(['The image may not be greater than 5120 kilobytes.']);
  });
});
