import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { rawRequest } from './raw-http.ts';

describe('app settings and geo', () => {
  let s: TestServer;
  beforeAll(async () => (s = await startTestServer({ geoCountry: 'EG' })));
  afterAll(() => s.close());

  it('GET /app answers the settings and a WsConfig pointing at this server', async () => {
    const r = await s.api('GET', '/app');
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ home_reload_timeout: 10000, calendar_reload_timeout: 20000, enable_app_wallet: true });
    expect(r.body.data.WsConfig).toEqual({ key: 'tutoring-key', host: '127.0.0.1', port: s.port, forceTLS: false, cluster: 'mt1' });
  });

  it('GET /geo answers the country as text, overridable for tests', async () => {
    const r = await s.api('GET', '/geo');
    expect(r.body).toMatch(/^ip=.*\nloc=EG\n$/);
    expect((await s.api('GET', '/geo?country=gb')).body).toContain('loc=GB');
  });

  it('unknown API paths are 404 JSON, never the client shell', async () => {
    const r = await s.api('GET', '/nope');
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ message: 'Not found.' });
  });
});

describe('the built client', () => {
  let s: TestServer;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tutoring-client-'));
    fs.mkdirSync(path.join(clientDir, 'assets'));
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>shell</title>');
    fs.writeFileSync(path.join(clientDir, 'assets', 'app-abc.js'), 'console.log(1)');
    s = await startTestServer({ clientDir } as Parameters<typeof startTestServer>[0]);
  });
  afterAll(async () => {
    await s.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it('client routes answer the app shell; built files are served immutable', async () => {
    const route = await fetch(`${s.url}/courses/12?referral=x`);
    expect(route.status).toBe(200);
    expect(await route.text()).toContain('<title>shell</title>');
    const js = await fetch(`${s.url}/assets/app-abc.js`);
    expect(js.status).toBe(200);
    expect(js.headers.get('cache-control')).toContain('immutable');
  });

  it('a built file kept in memory follows the file: rewritten, the new content; removed, a 404; outside the build, never', async () => {
    const file = path.join(clientDir, 'assets', 'kept-1.js');
    fs.writeFileSync(file, 'first');
    expect(await (await fetch(`${s.url}/assets/kept-1.js`)).text()).toBe('first');
    fs.writeFileSync(file, 'second, longer');
    const again = await fetch(`${s.url}/assets/kept-1.js`);
    expect(again.headers.get('content-type')).toMatch(/javascript/);
    expect(await again.text()).toBe('second, longer');
    fs.rmSync(file);
    expect((await fetch(`${s.url}/assets/kept-1.js`)).status).toBe(404);
    // fetch would resolve the dots itself: a bare request sends them as they are.
    for (const p of ['/assets/%2e%2e/index.html', '/assets/..%2findex.html']) {
      const r = await rawRequest(`${s.url}${p}`);
      expect(r.status, p).toBe(404);
      expect(String(r.body)).not.toContain('<title>shell</title>');
    }
  });

  it('a missing built file is a 404, never the app shell taken for JavaScript', async () => {
    for (const p of ['/assets/app-old.js', '/assets/nested/x.css', '/missing-icon.png']) {
      const r = await fetch(`${s.url}${p}`);
      expect(r.status, p).toBe(404);
      expect(await r.text()).not.toContain('<title>shell</title>');
    }
  });
});

describe('fault injection', () => {
  let s: TestServer;
  beforeAll(async () => (s = await startTestServer({ faults: { latencyMs: 1000, latencyPaths: ['/api/geo'], failRate: 0, dropSocketRate: 0 } })));
  afterAll(() => s.close());

  it('FAULT_LATENCY_PATHS: the latency holds only the paths named', async () => {
    const done: string[] = [];
    const t0 = performance.now();
    const timed = (p: string) => s.api('GET', p).then(() => done.push(p) && performance.now() - t0);
    const [geo] = await Promise.all([timed('/geo'), timed('/app')]);
    expect(geo).toBeGreaterThanOrEqual(990);
    // Asked together, the path not named answers first, without waiting the second.
    expect(done).toEqual(['/app', '/geo']);
  });
});
