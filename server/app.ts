import { Hono, type Context } from 'hono';
import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { getMimeType } from 'hono/utils/mime';
import { cors } from 'hono/cors';
import type { AppContext, Env } from './lib/context.ts';
import { onError } from './lib/errors.ts';
import { idempotency } from './lib/idempotency.ts';
import { faults } from './lib/faults.ts';
import { bodyLimits } from './lib/body.ts';
import { securityHeaders } from './lib/security-headers.ts';
import { compression } from './lib/compression.ts';
import { validators } from './lib/validators.ts';
import { specMinimal } from './lib/spec-minimal.ts';
import { appRoutes } from './routes/app.ts';
import { authRoutes } from './routes/auth.ts';
import { notificationRoutes } from './routes/notifications.ts';
import { homeRoutes } from './routes/home.ts';
import { classRoutes } from './routes/classes.ts';
import { scheduleRoutes } from './routes/teacher-schedule.ts';
import { conversationRoutes } from './routes/conversations.ts';
import { courseRoutes } from './routes/courses.ts';
import { classReportRoutes } from './routes/class-reports.ts';
import { walletRoutes } from './routes/wallet.ts';
import { familyRoutes } from './routes/family.ts';
import { historyRoutes } from './routes/history.ts';
import { broadcastingRoutes } from './routes/broadcasting.ts';
import { paypalSandboxRoutes } from './routes/paypal-sandbox.ts';
import { testRoutes } from './routes/test.ts';
import { devMailRoutes } from './lib/mail.ts';

/** The whole HTTP surface: the API under `/api`, uploads, and the built client with its SPA fallback. */
export function createApp(app: AppContext, opts: { clientDir?: string } = {}) {
  const root = new Hono<Env>();
  root.onError(onError);
  // Outermost: compresses every reply as it finally is (API, errors, the built client).
  root.use('*', compression());
  root.use('*', async (c, next) => {
    c.set('app', app);
    app.inflight.count++;
    try {
      await next();
    } finally {
      app.inflight.count--;
    }
  });
  // Security headers on every reply; then body limits before any route reads a byte (lib/body.ts).
  root.use('*', securityHeaders({
    indexHtml: opts.clientDir ? path.join(opts.clientDir, 'index.html') : undefined,
    connectSrc: app.config.cspConnectSrc,
  }));
  root.use('*', bodyLimits());
  // A client served from another origin (CORS_ORIGINS): the API, the broadcasting auth and the
  // provider double answer its preflights and carry the CORS headers; the token is a header, never a cookie.
  const origins = app.config.corsOrigins ?? [];
  if (origins.length) {
    root.use('/api/*', cors({
      origin: origins.includes('*') ? '*' : (origin) => (origins.includes(origin) ? origin : null),
      allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      exposeHeaders: ['ETag', 'Retry-After', 'Idempotent-Replayed'],
      maxAge: 600,
    }));
  }

  const api = new Hono<Env>();
  api.use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  api.use('*', async (c, next) => {
    const k = `${c.req.method} ${c.req.path}`;
    app.requestCounts.set(k, (app.requestCounts.get(k) ?? 0) + 1);
    // With its query too (an older page of a list is the list's path with a cursor), when it has one.
    const q = new URL(c.req.url).search;
    if (q) app.requestCounts.set(k + q, (app.requestCounts.get(k + q) ?? 0) + 1);
    await next();
  });
  api.use('*', faults());
  api.use('*', idempotency());
  // ETag on GET replies, 304 to a matching If-None-Match: an idle poll costs a few hundred bytes.
  api.use('*', validators());
  // SPEC_MINIMAL: replies cut to what the spec names, the unlisted calls 404 (innermost, so the tag,
  // the idempotent replay and the compression see the cut body).
  api.use('*', specMinimal());
  for (const r of [
    appRoutes, authRoutes, notificationRoutes, homeRoutes, classRoutes, scheduleRoutes, conversationRoutes,
    courseRoutes, classReportRoutes, walletRoutes, familyRoutes, historyRoutes, broadcastingRoutes, paypalSandboxRoutes,
  ]) {
    api.route('/', r);
  }
  if (app.config.enableTestApi) api.route('/test', testRoutes);
  api.all('*', (c) => c.json({ message: 'Not found.' }, 404));
  root.route('/api', api);

  // The development mailbox (development and demo mode only: config.ts), before the client's routes.
  if (app.config.devMailbox) root.route('/', devMailRoutes);

  root.use('/uploads/*', serveStatic({ root: path.relative(process.cwd(), app.uploadsDir) || '.', rewriteRequestPath: (p) => p.replace(/^\/uploads/, '') }));

  const clientDir = opts.clientDir;
  // The client's runtime configuration (src/lib/config.ts): the build's own config.json when it has
  // one, else this server's development settings: the card provider's sandbox double.
  root.get('/config.json', (c) => {
    c.header('Cache-Control', 'no-cache');
    const own = clientDir ? path.join(clientDir, 'config.json') : null;
    if (own && fs.existsSync(own)) return c.body(fs.readFileSync(own, 'utf8'), 200, { 'Content-Type': 'application/json; charset=utf-8' });
    return c.json({ paymentSdkUrl: '/api/sandbox/paypal/sdk/js' });
  });
  if (clientDir && fs.existsSync(path.join(clientDir, 'index.html'))) {
    const rel = path.relative(process.cwd(), clientDir) || '.';
    const assets = builtAssets(clientDir);
    root.use('/assets/*', async (c, next) => {
      const kept = c.req.method === 'GET' && !c.req.header('Range') ? assets.get(c.req.path) : null;
      if (kept) return c.body(kept.body, 200, { 'Content-Type': kept.type, 'Cache-Control': IMMUTABLE });
      await next();
      if (c.res.status === 200) c.header('Cache-Control', IMMUTABLE);
    });
    // The service worker and the shell it precaches are checked on every load (a new build is a new sw.js).
    root.use('/sw.js', async (c, next) => {
      await next();
      if (c.res.status === 200) c.header('Cache-Control', 'no-cache');
    });
    root.use('/index.html', async (c, next) => {
      await next();
      if (c.res.status === 200) c.header('Cache-Control', 'no-cache');
    });
    const indexHtml = () => fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
    // The shell and the service worker are rewritten in place by a new build: each is read whole, so
    // a reply's length and its body come from one read. Served as static files, the length came
    // from a stat and the body from a stream opened later; a file rebuilt in between went out under
    // the old length, and the connection's next reply read the rest as its status line (a CI
    // failure of security-headers' "follows a rebuilt index.html").
    const shell = (c: Context) => {
      c.header('Cache-Control', 'no-cache');
      return c.html(indexHtml());
    };
    root.get('/', shell);
    root.get('/index.html', shell);
    root.get('/sw.js', (c, next) => {
      const sw = path.join(clientDir, 'sw.js');
      if (!fs.existsSync(sw)) return next();
      return c.body(fs.readFileSync(sw), 200, { 'Content-Type': 'text/javascript; charset=utf-8' });
    });
    root.use('*', serveStatic({ root: rel }));
    // Client routes (/home, /courses/12, ...) all answer the app shell; the router takes it from there.
    // A missing built file (an old hashed chunk, a typo) is a 404, never the app shell: a browser or
    // the service worker must not take HTML for JavaScript.
    root.get('/assets/*', (c) => c.text('Not found.', 404));
    root.get('*', (c) => {
      if (/\.(m?js|css|map|json|webmanifest|png|jpe?g|gif|svg|webp|ico|woff2?|ttf|txt|xml)$/i.test(c.req.path)) return c.text('Not found.', 404);
      c.header('Cache-Control', 'no-cache');
      return c.html(indexHtml());
    });
  } else {
    root.get('/', (c) => c.text('The client is not built. Run `npm run build` (npm start does it for you).', 503));
  }
  return root;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The build's hashed files (`/assets/...`), kept in memory once read: a page load asks for some
 * sixty of them, and each was a file opened, streamed and closed again (in the browser tests, about
 * a tenth of the server's CPU). A file is read again when its size or time changes, and one that is
 * gone is not served (a new build removes the old chunks: they are a 404, never a stale copy).
 */
function builtAssets(clientDir: string) {
  const root = path.resolve(clientDir, 'assets');
  const kept = new Map<string, { body: Uint8Array<ArrayBuffer>; type: string; size: number; mtimeMs: number }>();
  return {
    get(urlPath: string) {
      let file: string;
      try {
        file = path.resolve(root, `.${decodeURIComponent(urlPath).replace(/^\/assets/, '')}`);
      } catch {
        return null;
      }
      if (!file.startsWith(`${root}${path.sep}`)) return null;
      const stat = fs.statSync(file, { throwIfNoEntry: false });
      if (!stat?.isFile()) {
        kept.delete(urlPath);
        return null;
      }
      const k = kept.get(urlPath);
      if (k && k.size === stat.size && k.mtimeMs === stat.mtimeMs) return k;
      const entry = { body: new Uint8Array(fs.readFileSync(file)), type: getMimeType(file) ?? 'application/octet-stream', size: stat.size, mtimeMs: stat.mtimeMs };
      kept.set(urlPath, entry);
      return entry;
    },
  };
}
