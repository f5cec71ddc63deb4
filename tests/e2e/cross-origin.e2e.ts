import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, startApp, type AppServer, type Browser, signIn, watchOpening } from './harness.ts';

/**
 * A cross-origin deployment (issue 18): the built client served by a plain static server on one
 * origin with its own config.json, the API and the realtime socket by the reference server on
 * another (CORS_ORIGINS names the first). The student signs in, opens the inbox and receives a live
 * message, once with Laravel's default event names (class) and the default channel auth (api_token
 * and bearer), once with broadcastAs() names (BROADCAST_EVENT_NAMES=alias), a bearer-only auth at
 * Laravel's rooted endpoint and the socket behind a path (WS_PATH). A malformed config.json is
 * reported on the page and the defaults are used.
 */

const STUDENT = 'student@example.com';
const TIMEOUT = 15_000;
const DIST = process.env.E2E_DIST || path.resolve('dist');
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json', '.webmanifest': 'application/manifest+json',
  '.png': 'image/png', '.svg': 'image/svg+xml', '.jpg': 'image/jpeg', '.webp': 'image/webp', '.ico': 'image/x-icon',
  '.woff2': 'font/woff2', '.mp3': 'audio/mpeg', '.mp4': 'video/mp4', '.txt': 'text/plain',
};

/** A plain static file server over dist/ (SPA fallback to index.html), with `config` as its /config.json. */
async function startStatic(config: () => string) {
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    seen.push(`${req.method} ${url.pathname}`);
    if (url.pathname === '/config.json') {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-cache' });
      return res.end(config());
    }
    if (url.pathname.startsWith('/api/')) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      return res.end('Not found');
    }
    const file = path.join(DIST, path.normalize(url.pathname).replace(/^(\.\.[/\\])+/, ''));
    const found = file.startsWith(DIST) && fs.existsSync(file) && fs.statSync(file).isFile();
    if (!found && /\.[a-z0-9]+$/i.test(url.pathname)) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      return res.end('Not found');
    }
    const target = found ? file : path.join(DIST, 'index.html');
    res.writeHead(200, { 'content-type': TYPES[path.extname(target)] ?? 'application/octet-stream', 'cache-control': 'no-cache' });
    fs.createReadStream(target).pipe(res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, seen, close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }) };
}

let api: AppServer | null = null;
let site: Awaited<ReturnType<typeof startStatic>> | null = null;
let browser: Browser | null = null;
afterEach(async () => {
  await browser?.close();
  await api?.close();
  await site?.close();
  browser = api = site = null;
});

const messages = (page: Page) => page.getByRole('log', { name: 'Messages' });

describe('client and backend on different origins', () => {
  for (const mode of ['class', 'alias'] as const) {
    it(`signs in, opens the inbox and receives a live message (${mode} event names)`, async () => {
      let configJson = '{}';
      site = await startStatic(() => configJson);
      api = await startApp({
        config: { corsOrigins: [site.origin], broadcastEventNames: mode, wsPath: mode === 'alias' ? '/ws' : '' },
      });
      configJson = JSON.stringify(mode === 'class'
        ? { apiBase: `${api.url}/api`, paymentSdkUrl: `${api.url}/api/sandbox/paypal/sdk/js` }
        : {
            apiBase: `${api.url}/api`, eventNames: 'alias', broadcastingAuthEndpoint: '/api/broadcasting/auth',
            broadcastingAuthHeaders: 'bearer', realtime: { path: '/ws' },
          });
      const db = api.app.db;
      const student = db.prepare('SELECT id FROM users WHERE email = ?').get(STUDENT) as { id: number };
      const conv = db.prepare(
        `SELECT m.conversation_id AS id, o.user_id AS other FROM conversation_members m JOIN conversation_members o
         ON o.conversation_id = m.conversation_id AND o.user_id <> m.user_id WHERE m.user_id = ? ORDER BY m.conversation_id LIMIT 1`,
      ).get(student.id) as { id: number; other: number };

      browser = await launchBrowser();
      const page = await browser.newPage();
      await signIn(page, site.origin, STUDENT, { timeout: TIMEOUT, viaForm: true });
      expect(api.app.requestCounts.get('POST /api/login')).toBe(1);

      const opening = watchOpening(api, conv.id, TIMEOUT);
      await page.goto(`${site.origin}/inbox?c=${conv.id}`);
      await page.getByRole('textbox', { name: 'Message' }).waitFor({ timeout: TIMEOUT });
      // Both private channels authorised across origins (with the mode's endpoint and headers).
      await expect.poll(() => api!.realtime.stats().channels, { timeout: TIMEOUT }).toMatchObject({
        [`private-User.${student.id}.Inbox`]: 1, [`private-Conversation.${conv.id}`]: 1,
      });

      // Counted once the opening's reads are in: the newest page is read after the subscription.
      await opening.settled();
      const fetches = () => api!.app.requestCounts.get(`GET /api/conversations/${conv.id}`) ?? 0;
      const before = fetches();
      const text = `Live across origins ${mode} ${Date.now()}`;
      const sent = await fetch(`${api.url}/api/test/conversations/${conv.id}/messages`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ sender_id: conv.other, text }),
      });
      expect(sent.status).toBe(200);
      await messages(page).getByText(text).waitFor({ timeout: 5000 });
      // It came over the socket: the conversation was not read again for it.
      expect(fetches()).toBe(before);

      // The static origin served files only; every API call went to the API's origin.
      expect(site.seen.filter((r) => r.includes('/api/'))).toEqual([]);
      expect(site.seen).toContain('GET /config.json');
      expect(browser.errors).toEqual([]);
    });
  }

  it('reports a malformed config.json on the page and starts with the defaults', async () => {
    site = await startStatic(() => '{ "apiBase": "https://api.example.com/api", "eventNames": "classes" ');
    browser = await launchBrowser();
    const page = await browser.newPage();
    await page.goto(`${site.origin}/login`);
    const report = page.getByRole('status').filter({ hasText: 'The app configuration (config.json) is not valid: the default settings are used' });
    await report.waitFor({ timeout: TIMEOUT });
    expect(await report.textContent()).toContain('config.json is not valid JSON');
    // The defaults: the API on the page's own origin (a static server has none).
    await expect.poll(() => site!.seen.some((r) => r.startsWith('GET /api/app')), { timeout: TIMEOUT }).toBe(true);
    await page.getByLabel('Email').waitFor({ timeout: TIMEOUT });
    // The app's own API calls to the static origin fail (404 there): not the page's errors.
    expect(browser.errors.filter((e) => !/404 \(Not Found\)/.test(e))).toEqual([]);
  });
});
