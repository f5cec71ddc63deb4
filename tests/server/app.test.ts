import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';

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
