import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { seed } from '../../server/seed/index.ts';
import { chooseEncoding } from '../../server/lib/compression.ts';
import { noneMatchHits } from '../../server/lib/validators.ts';

/** A raw HTTP exchange: the bytes as sent (fetch would decode them), and how many came in on the socket. */
function raw(url: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer; wire: number }>((resolve, reject) => {
    const req = http.request(url, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks), wire: req.socket!.bytesRead }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('validators (ETag, 304) and compression', () => {
  let s: TestServer;
  let student: string;
  let teacher: string;
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tutoring-client-'));
  const script = `export const x = ${JSON.stringify('console.log("hello");'.repeat(400))};\n`;

  beforeAll(async () => {
    fs.mkdirSync(path.join(clientDir, 'assets'));
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>t</title>');
    fs.writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js'), script);
    s = await startTestServer({ clientDir } as never, (db) => seed(db, { scale: 1 }));
    student = await s.login('student@example.com');
    teacher = await s.login('teacher@example.com');
  });
  afterAll(async () => {
    await s.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  const auth = (token: string, extra: Record<string, string> = {}) => ({ Accept: 'application/json', Authorization: `Bearer ${token}`, ...extra });

  it('a GET reply carries a weak ETag from its body; the same body has the same tag', async () => {
    const a = await s.api('GET', '/home', { token: student });
    const b = await s.api('GET', '/home', { token: student });
    expect(a.status).toBe(200);
    const etag = a.headers.get('etag');
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(b.headers.get('etag')).toBe(etag);
    expect(b.body).toEqual(a.body);
    // Per user: the teacher's home is another body, so another tag.
    expect((await s.api('GET', '/home', { token: teacher })).headers.get('etag')).not.toBe(etag);
  });

  it('answers 304 with no body to a matching If-None-Match, and 200 with a new tag once the reply changed', async () => {
    const month = new Date().toISOString().slice(0, 7);
    for (const p of ['/home', `/calendar?start_date=${month}-01`, '/notifications']) {
      const first = await raw(`${s.url}/api${p}`, auth(teacher));
      const etag = first.headers.etag as string;
      expect(etag, p).toBeTruthy();
      const again = await raw(`${s.url}/api${p}`, auth(teacher, { 'If-None-Match': etag }));
      expect(again.status, p).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe('no-store');
      expect(again.headers['content-type']).toBeUndefined();
      expect(again.wire).toBeLessThan(400);
      // Other tags, or the strong form of the same one (weak comparison), in a list.
      expect((await raw(`${s.url}/api${p}`, auth(teacher, { 'If-None-Match': `"nope", ${etag.slice(2)}` }))).status).toBe(304);
      expect((await raw(`${s.url}/api${p}`, auth(teacher, { 'If-None-Match': '"nope"' }))).status).toBe(200);
    }

    const before = await s.api('GET', '/notifications', { token: student });
    expect(before.body.data.some((n: { read: boolean }) => !n.read)).toBe(true);
    const tag = before.headers.get('etag')!;
    expect((await s.api('POST', '/notifications/read', { token: student, body: {} })).status).toBe(200);
    const after = await s.api('GET', '/notifications', { token: student, headers: { 'If-None-Match': tag } });
    expect(after.status).toBe(200);
    expect(after.body.data.every((n: { read: boolean }) => n.read)).toBe(true);
    expect(after.headers.get('etag')).not.toBe(tag);
  });

  it('no ETag on writes or errors', async () => {
    const login = await s.api('POST', '/login', { body: { email: 'student@example.com', password: 'password' } });
    expect(login.headers.get('etag')).toBeNull();
    expect((await s.api('GET', '/home')).headers.get('etag')).toBeNull(); // 401
    expect((await s.api('GET', '/nope', { token: student })).headers.get('etag')).toBeNull(); // 404
  });

  it('compresses JSON with gzip or brotli when accepted, and sends it plain otherwise', async () => {
    const url = `${s.url}/api/home`;
    const plain = await raw(url, auth(teacher));
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const json = JSON.parse(plain.body.toString('utf8'));

    const gz = await raw(url, auth(teacher, { 'Accept-Encoding': 'gzip, deflate' }));
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(Number(gz.headers['content-length'])).toBe(gz.body.length);
    expect(JSON.parse(zlib.gunzipSync(gz.body).toString('utf8'))).toEqual(json);
    expect(gz.body.length).toBeLessThan(plain.body.length / 2);
    // The tag names the content, whatever its encoding.
    expect(gz.headers.etag).toBe(plain.headers.etag);

    const br = await raw(url, auth(teacher, { 'Accept-Encoding': 'gzip, deflate, br, zstd' }));
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(br.body).toString('utf8'))).toEqual(json);

    expect((await raw(url, auth(teacher, { 'Accept-Encoding': 'br;q=0, gzip' }))).headers['content-encoding']).toBe('gzip');
    expect((await raw(url, auth(teacher, { 'Accept-Encoding': 'identity' }))).headers['content-encoding']).toBeUndefined();
    // Small replies are not worth it.
    const small = await raw(`${s.url}/api/nope`, auth(teacher, { 'Accept-Encoding': 'gzip' }));
    expect(small.status).toBe(404);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('compresses the built client too; a hashed asset is compressed once and served the same every time', async () => {
    const a = await raw(`${s.url}/assets/app-abc123.js`, { 'Accept-Encoding': 'gzip, br' });
    const b = await raw(`${s.url}/assets/app-abc123.js`, { 'Accept-Encoding': 'gzip, br' });
    expect(a.status).toBe(200);
    expect(a.headers['content-encoding']).toBe('br');
    expect(a.headers['cache-control']).toContain('immutable');
    expect(zlib.brotliDecompressSync(a.body).toString('utf8')).toBe(script);
    expect(b.body.equals(a.body)).toBe(true);
    expect(a.body.length).toBeLessThan(script.length / 10);
  });

  it('parses Accept-Encoding and If-None-Match by the rules', () => {
    expect(chooseEncoding(undefined)).toBeNull();
    expect(chooseEncoding('gzip, deflate')).toBe('gzip');
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('identity, *;q=0')).toBeNull();
    expect(noneMatchHits('W/"a", "b"', '"b"')).toBe(true);
    expect(noneMatchHits('"a"', 'W/"a"')).toBe(true);
    expect(noneMatchHits('*', 'W/"x"')).toBe(true);
    expect(noneMatchHits('"ab"', 'W/"a"')).toBe(false);
    expect(noneMatchHits(undefined, 'W/"a"')).toBe(false);
  });
});
