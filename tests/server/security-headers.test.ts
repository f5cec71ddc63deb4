import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createConversation, createUser } from '../../server/seed/factory.ts';

/**
 * Issue 19, finding 12: no security headers on the app, the API or uploads (CSP, nosniff,
 * Referrer-Policy, frame-ancestors), and SVG uploads were served as images. Every reply now carries
 * them; the app's policy allows what the client needs (its inline scripts by hash, Emotion's style
 * tags, the socket on its own origin, the card provider's SDK); uploads are sandboxed and anything
 * but a raster image is a download.
 */

const INLINE = "\n      (function () { document.documentElement.classList.add('light'); })();\n    ";
const INDEX = `<!doctype html><html><head><script>${INLINE}</script><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>`;
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>';

let s: TestServer;
let clientDir = '';
let token = '';
const ids: Record<string, number> = {};

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tutoring-client-'));
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), INDEX);
  fs.writeFileSync(path.join(clientDir, 'assets', 'app.js'), 'console.log(1);');
  s = await startTestServer({ clientDir, cspConnectSrc: ['wss://ws-eu.pusher.com'] } as object, (db) => {
    ids.student = createUser(db, { name: 'Sara', email: 'sara@example.test', credits: 10 });
    ids.teacher = createUser(db, { name: 'Tariq', email: 'tariq@example.test', group_id: 1 });
    ids.chat = createConversation(db, { title: 'Tariq', members: [ids.student, ids.teacher] });
  });
  token = await s.login('sara@example.test');
});
afterAll(async () => {
  await s.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

const get = (p: string, init: RequestInit = {}) => fetch(`${s.url}${p}`, init);
const directives = (csp: string | null) =>
  new Map((csp ?? '').split(';').map((d) => d.trim().split(/\s+/)).filter((d) => d[0]).map(([k, ...v]) => [k!, v]));

function expectCommon(res: Response, what: string) {
  expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(res.headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
  expect(directives(res.headers.get('content-security-policy')).get('frame-ancestors'), what).toEqual(["'none'"]);
}

describe('the API', () => {
  it('every reply, errors included, carries nosniff, a referrer policy and a no-content CSP', async () => {
    const replies: [string, Response][] = [
      ['GET /api/app', await get('/api/app')],
      ['GET /api/user (401)', await get('/api/user')],
      ['GET /api/nothing (404)', await get('/api/nothing')],
      ['POST /api/login (422)', await get('/api/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })],
      ['POST /api/login (400)', await get('/api/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{' })],
      ['POST /api/login (413)', await get('/api/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: 'x'.repeat(300 * 1024) })],
    ];
    for (const [what, res] of replies) {
      expectCommon(res, what);
      expect(res.headers.get('content-security-policy'), what).toBe("default-src 'none'; frame-ancestors 'none'");
    }
  });
});

describe('the app', () => {
  it('the shell allows its own inline script by hash, Emotion\'s styles, its socket and the card provider; nothing else', async () => {
    for (const p of ['/', '/home', '/courses/12', '/assets/app.js']) {
      const res = await get(p);
      expect(res.status, p).toBe(200);
      expectCommon(res, p);
      expect(res.headers.get('x-frame-options'), p).toBe('DENY');
      const d = directives(res.headers.get('content-security-policy'));
      const hash = `'sha256-${crypto.createHash('sha256').update(INLINE, 'utf8').digest('base64')}'`;
      expect(d.get('default-src')).toEqual(["'self'"]);
      expect(d.get('script-src')).toEqual(["'self'", hash, 'https://www.paypal.com', 'https://*.paypal.com']);
      expect(d.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
      expect(d.get('connect-src')).toEqual(["'self'", 'https://www.paypal.com', 'https://*.paypal.com', 'wss://ws-eu.pusher.com']);
      expect(d.get('frame-src')).toEqual(['https://www.paypal.com', 'https://*.paypal.com']);
      expect(d.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https:']);
      expect(d.get('worker-src')).toEqual(["'self'", 'blob:']);
      expect(d.get('object-src')).toEqual(["'none'"]);
      expect(d.get('base-uri')).toEqual(["'self'"]);
      expect(res.headers.get('content-security-policy')).not.toMatch(/unsafe-eval/);
    }
  });

  it('follows a rebuilt index.html', async () => {
    const other = "window.__APP_CONFIG__ = { apiBase: 'https://api.example.com/api' };";
    const file = path.join(clientDir, 'index.html');
    fs.writeFileSync(file, INDEX.replace('<script type="module"', `<script>${other}</script><script type="module"`));
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5000));
    const d = directives((await get('/')).headers.get('content-security-policy'));
    expect(d.get('script-src')).toContain(`'sha256-${crypto.createHash('sha256').update(other, 'utf8').digest('base64')}'`);
    fs.writeFileSync(file, INDEX);
    fs.utimesSync(file, new Date(), new Date(Date.now() + 10_000));
  });

  it('a reply to / has the length of what it sends, also when index.html is rebuilt right after it', async () => {
    // Read only the headers, then rebuild the file at once: the next request on the connection must
    // still read a whole reply (a length from a stat and a body streamed later sent a rebuilt file's
    // bytes under the old length, and the connection's next reply read them as its status line).
    const file = path.join(clientDir, 'index.html');
    const longer = INDEX.replace('<body>', `<body><p>${'x'.repeat(200)}</p>`);
    for (let i = 0; i < 30; i++) {
      const first = await get('/');
      fs.writeFileSync(file, i % 2 ? INDEX : longer);
      const next = await get('/');
      expect(next.status).toBe(200);
      const [a, b] = [await first.text(), await next.text()];
      expect([INDEX, longer]).toContain(a);
      expect(b).toBe(i % 2 ? INDEX : longer);
    }
    fs.writeFileSync(file, INDEX);
  });
});

describe('uploads', () => {
  it('an uploaded image is served as that image type, nosniff, sandboxed', async () => {
    const f = new FormData();
    f.set('type', 'image');
    f.set('image', new Blob([PNG], { type: 'image/png' }), 'a.png');
    const m = await s.api('POST', `/conversations/${ids.chat}`, { token, body: f });
    expect(m.status).toBe(200);
    const res = await get(m.body.data.image_url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expectCommon(res, 'upload');
    const d = directives(res.headers.get('content-security-policy'));
    expect(d.get('default-src')).toEqual(["'none'"]);
    expect(d.has('sandbox')).toBe(true);
    expect(res.headers.get('content-disposition')).toBeNull();
  });

  it('an SVG is refused as an upload, and any non-raster file there is a download, never a page', async () => {
    const f = new FormData();
    f.set('type', 'image');
    f.set('image', new Blob([SVG], { type: 'image/svg+xml' }), 'x.svg');
    const m = await s.api('POST', `/conversations/${ids.chat}`, { token, body: f });
    expect(m.status).toBe(422);
    const p = new FormData();
    p.set('amount', '30');
    p.set('payment_method', 'bank');
    p.set('message', 'receipt');
    p.set('attachment', new Blob([SVG], { type: 'image/svg+xml' }), 'r.svg');
    const pay = await s.api('POST', '/wallet/recharge/ebmgateway', { token, body: p });
    expect(pay.status).toBe(422);
    expect(pay.body.errors.attachment).toEqual(['The attachment must be an image.']);
    // A file that got there some other way (an older server, an operator).
    fs.writeFileSync(path.join(s.app.uploadsDir, 'legacy.svg'), SVG);
    fs.writeFileSync(path.join(s.app.uploadsDir, 'page.html'), '<script>alert(1)</script>');
    for (const name of ['legacy.svg', 'page.html']) {
      const res = await get(`/uploads/${name}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type'), name).toBe('application/octet-stream');
      expect(res.headers.get('content-disposition'), name).toBe(`attachment; filename="${name}"`);
      expect(directives(res.headers.get('content-security-policy')).has('sandbox')).toBe(true);
      expectCommon(res, name);
    }
  });
});
