import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page, type ConsoleMessage } from 'playwright-core';
import { startServer, type RunningServer } from '../../server/index.ts';
import { openDatabase } from '../../server/db/index.ts';
import { seed } from '../../server/seed/index.ts';
import type { ServerConfig } from '../../server/lib/context.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

export interface AppServer extends RunningServer {
  dataDir: string;
}

/** The reference server over a freshly seeded temporary database, serving the production build in dist/. */
export async function startApp(opts: { scale?: number; config?: Partial<ServerConfig> } = {}): Promise<AppServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tutoring-e2e-'));
  const db = openDatabase(dataDir);
  seed(db, { scale: opts.scale ?? 1 });
  const server = await startServer({
    port: 0, host: '127.0.0.1', dataDir, enableTestApi: true, ...opts.config, db,
    clientDir: process.env.E2E_DIST || path.resolve('dist'),
  });
  return {
    ...server,
    dataDir,
    async close() {
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Browser {
  context: BrowserContext;
  /** Opens a tab that records console errors and page errors; `errors` must stay empty. */
  newPage(): Promise<Page>;
  errors: string[];
  close(): Promise<void>;
}

/**
 * One persistent Chromium context (its tabs share one SharedWorker, as a real browser's do).
 * A second user needs a second `launchBrowser()`.
 */
export async function launchBrowser(opts: { viewport?: { width: number; height: number }; offline?: boolean } = {}): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: run apt-get install -y chromium (.ci/run does)`);
  const userDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tutoring-chromium-'));
  const context = await chromium.launchPersistentContext(userDir, {
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
    viewport: opts.viewport ?? { width: 1280, height: 800 },
  });
  // Transpiled test code may wrap functions in a `__name` helper the page lacks.
  await context.addInitScript('globalThis.__name = globalThis.__name || ((f) => f);');
  const errors: string[] = [];
  const watch = (page: Page) => {
    page.on('console', (m: ConsoleMessage) => {
      if (m.type() === 'error') errors.push(`[console] ${m.text()}`);
    });
    page.on('pageerror', (e) => errors.push(`[pageerror] ${e.message}`));
  };
  context.pages().forEach(watch);
  context.on('page', watch);
  return {
    context,
    errors,
    async newPage() {
      const existing = context.pages().find((p) => p.url() === 'about:blank');
      return existing ?? (await context.newPage());
    },
    async close() {
      await context.close();
      fs.rmSync(userDir, { recursive: true, force: true });
    },
  };
}

/**
 * Waits until the app's service worker controls `page` and its install is over (public/sw.js: the
 * first install precaches the whole build, then takes control), and returns the build version it
 * serves. Call it before a test cuts the network: as for a real user, the app opens offline only
 * after one completed online visit. Cut earlier, the page is not yet controlled, so its own files
 * (lazy images, which the browser requests further ahead once it is offline) hit the network and
 * fail, and the worker's unfinished precache fails too.
 */
export async function waitForServiceWorker(page: Page, timeout = 30_000): Promise<string> {
  // A controller is a worker whose install (the whole precache) succeeded; activated, its old
  // caches are gone and it has claimed this page.
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, { timeout, polling: 100 });
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const ch = new MessageChannel();
        ch.port1.onmessage = (e) => resolve((e.data as { version: string }).version);
        navigator.serviceWorker.controller!.postMessage({ type: 'GET_VERSION' }, [ch.port2]);
      }),
  );
}

/** Signs in through the sign-in form (the teachers' one for a teacher) and waits for the dashboard. */
export async function signIn(page: Page, origin: string, email: string, opts: { teacher?: boolean; password?: string; timeout?: number } = {}): Promise<void> {
  await page.goto(`${origin}${opts.teacher ? '/login/teachers' : '/login'}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(opts.password ?? 'password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/home', { timeout: opts.timeout ?? 15_000 });
}

/**
 * An HTTP proxy to the server that can cut the API, the realtime socket and uploads ('api', as a
 * lost network drops them while the page stays), or every request ('all': no server at all).
 */
export async function startProxy(target: number) {
  const sockets = new Set<net.Socket>();
  let down: false | 'api' | 'all' = false;
  const cut = (url = '') => down === 'all' || (down === 'api' && (url.startsWith('/api') || url.startsWith('/app/') || url.startsWith('/uploads')));
  const server = http.createServer((req, res) => {
    if (cut(req.url)) return req.socket.destroy();
    const up = http.request({ host: '127.0.0.1', port: target, method: req.method, path: req.url, headers: req.headers }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    });
    up.on('error', () => res.destroy());
    req.pipe(up);
  });
  server.on('connection', (sock) => {
    sockets.add(sock);
    sock.on('close', () => sockets.delete(sock));
  });
  server.on('upgrade', (req, client, head) => {
    if (cut(req.url)) return client.destroy();
    const up = net.connect(target, '127.0.0.1', () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`, ...Object.entries(req.headersDistinct).flatMap(([k, vs]) => (vs ?? []).map((v) => `${k}: ${v}`))];
      up.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) up.write(head);
      client.pipe(up);
      up.pipe(client);
    });
    sockets.add(up);
    up.on('close', () => {
      sockets.delete(up);
      client.destroy();
    });
    up.on('error', () => client.destroy());
    client.on('error', () => up.destroy());
    client.on('close', () => up.destroy());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as net.AddressInfo).port,
    setDown(mode: false | 'api' | 'all') {
      down = mode;
      if (mode) for (const sock of sockets) sock.destroy();
    },
    close: () =>
      new Promise<void>((r) => {
        for (const sock of sockets) sock.destroy();
        server.close(() => r());
      }),
  };
}

/** The page's `<html dir lang>`: what the language switch sets. */
export const htmlOf = (page: Page) => page.evaluate(() => ({ dir: document.documentElement.dir, lang: document.documentElement.lang }));

/**
 * A screenshot for a person to look at, only when `SHOTS_DIR` is set: taken once the page's
 * animations are over (a dialog's fade-in), so it shows what the user reads.
 */
export async function shot(page: Page, name: string, { fullPage = false } = {}): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), null, { timeout: 5000 }).catch(() => {});
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage });
}
