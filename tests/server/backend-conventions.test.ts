import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createUser } from '../../server/seed/factory.ts';
import { issueToken } from '../../server/lib/auth.ts';
import { corsOrigins } from '../../server/config.ts';
import { eventName, INBOX_UPDATED } from '../../server/realtime/events.ts';
import type { AppContext } from '../../server/lib/context.ts';

/** Issue 18 on the reference server: CORS for another origin, the provider's sandbox double, event-name modes. */
describe('reference server as a cross-origin backend', () => {
  let s: TestServer;
  const U: Record<string, { id: number; token: string }> = {};

  beforeAll(async () => {
    s = await startTestServer({ corsOrigins: ['http://app.example.test'] }, (db) => {
      for (const h of ['ann', 'ben']) {
        const id = createUser(db, { name: h, email: `${h}@example.com`, credits: 0 });
        U[h] = { id, token: issueToken(db, id, Date.now()) };
      }
    });
  });
  afterAll(() => s.close());

  it('answers a preflight of an allowed origin, and no other', async () => {
    const pre = (origin: string, p: string) =>
      fetch(`${s.url}${p}`, { method: 'OPTIONS', headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,content-type,idempotency-key,x-app-version,x-platform' } });
    for (const p of ['/api/login', '/api/broadcasting/auth', '/api/wallet/recharge', '/api/sandbox/paypal/v2/checkout/orders']) {
      const ok = await pre('http://app.example.test', p);
      expect(ok.status, p).toBe(204);
      expect(ok.headers.get('access-control-allow-origin')).toBe('http://app.example.test');
      expect(ok.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
      expect(ok.headers.get('access-control-allow-methods')).toContain('POST');
    }
    const other = await pre('http://evil.example.test', '/api/login');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const get = await fetch(`${s.url}/api/app`, { headers: { Origin: 'http://app.example.test' } });
    expect(get.headers.get('access-control-allow-origin')).toBe('http://app.example.test');
    expect(get.headers.get('access-control-expose-headers')).toContain('ETag');
  });

  it('reads CORS_ORIGINS as a list of origins', () => {
    expect(corsOrigins('https://a.example, https://b.example:8443/  junk http://c.test')).toEqual(['https://a.example', 'https://b.example:8443', 'http://c.test']);
    expect(corsOrigins('*')).toEqual(['*']);
    expect(corsOrigins(undefined)).toEqual([]);
  });

  it('serves the sandbox SDK, whose orders are spent once by the first user who posts them', async () => {
    const js = await fetch(`${s.url}/api/sandbox/paypal/sdk/js?client-id=abc`);
    expect(js.headers.get('content-type')).toContain('javascript');
    expect(await js.text()).toContain('Pay (sandbox)');
    expect((await fetch(`${s.url}/api/sandbox/paypal/sdk/js`)).status).toBe(400);

    const create = await s.api('POST', '/sandbox/paypal/v2/checkout/orders', { body: { intent: 'CAPTURE', purchase_units: [{ amount: { currency_code: 'USD', value: '12.50' } }] } });
    expect(create.status).toBe(201);
    const id = create.body.id as string;
    // Not captured yet: nothing to spend.
    expect((await s.api('POST', '/wallet/recharge', { token: U.ann!.token, body: { order_id: id } })).status).toBe(400);
    const cap = await s.api('POST', `/sandbox/paypal/v2/checkout/orders/${id}/capture`);
    expect(cap.status).toBe(201);
    expect(cap.body.status).toBe('COMPLETED');
    const r = await s.api('POST', '/wallet/recharge', { token: U.ann!.token, body: { order_id: id } });
    expect(r.status).toBe(200);
    expect(r.body.credits).toBe(12.5);
    // Spent: not again, by the same user or another.
    expect((await s.api('POST', '/wallet/recharge', { token: U.ann!.token, body: { order_id: id } })).status).toBe(400);
    expect((await s.api('POST', '/wallet/recharge', { token: U.ben!.token, body: { order_id: id } })).status).toBe(404);

    const bad = await s.api('POST', '/sandbox/paypal/v2/checkout/orders', { body: { purchase_units: [{ amount: { value: 'x' } }] } });
    expect(bad.status).toBe(422);
  });

  it('declines an amount ending in .13 at capture, and the order cannot be spent', async () => {
    const create = await s.api('POST', '/sandbox/paypal/v2/checkout/orders', { body: { purchase_units: [{ amount: { currency_code: 'USD', value: '20.13' } }] } });
    const cap = await s.api('POST', `/sandbox/paypal/v2/checkout/orders/${create.body.id}/capture`);
    expect(cap.status).toBe(422);
    expect(cap.body.details[0].issue).toBe('INSTRUMENT_DECLINED');
    expect((await s.api('POST', '/wallet/recharge', { token: U.ben!.token, body: { order_id: create.body.id } })).status).toBe(400);
    expect((s.app.db.prepare('SELECT credits FROM users WHERE id = ?').get(U.ben!.id) as { credits: number }).credits).toBe(0);
  });

  it("serves a development config.json naming the provider's double", async () => {
    const r = await fetch(`${s.url}/config.json`);
    expect(r.headers.get('content-type')).toContain('json');
    expect(await r.json()).toEqual({ paymentSdkUrl: '/api/sandbox/paypal/sdk/js' });
  });

  it('names events by class or by alias', () => {
    const app = (m: 'class' | 'alias') => ({ config: { broadcastEventNames: m } }) as unknown as AppContext;
    expect(eventName(app('class'), INBOX_UPDATED)).toBe('App\\Events\\InboxUpdated');
    expect(eventName(app('alias'), INBOX_UPDATED)).toBe('InboxUpdated');
  });
});
