import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createUser } from '../../server/seed/factory.ts';
import { issueToken } from '../../server/lib/auth.ts';
import { createRateLimits, RULES, type LimitRule } from '../../server/lib/rate-limit.ts';

/**
 * Issue 19, findings 1, 5 and 8: password-reset codes, email-verification codes and passwords could
 * be guessed without end. Sign-in, verification, password reset (request and validate) and
 * registration are now limited per account and per address, answering 429 with Retry-After.
 * The server trusts X-Forwarded-For here (TRUST_PROXY), so each test picks its own address.
 */

let s: TestServer;
const log = vi.spyOn(console, 'log').mockImplementation(() => {});
const ids: Record<string, number> = {};

beforeAll(async () => {
  // No hold before a 429 here (its own test below), so the file runs quickly.
  s = await startTestServer({ trustProxy: true, rateLimit: { factor: 1, delayMs: 0 } }, (db) => {
    for (const name of ['reset', 'reset2', 'guess', 'right', 'other', 'addr', 'steady']) {
      ids[name] = createUser(db, { name: `User ${name}`, email: `${name}@example.test` });
    }
    for (let i = 0; i < 7; i++) ids[`unverified${i}`] = createUser(db, { name: `New ${i}`, email: `new${i}@example.test`, verified: false });
  });
});
afterAll(async () => {
  log.mockRestore();
  await s.close();
});

const from = (address: string) => ({ 'X-Forwarded-For': `203.0.113.77, ${address}` });
const post = (path: string, body: unknown, address: string, token?: string) =>
  s.api('POST', path, { body, headers: from(address), token: token ?? null });
const resetCode = async (email: string) => (await s.api('GET', `/test/reset-code?email=${email}`)).body.code as string;
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

function expectLimited(r: { status: number; body: { retry_after: number; message: string }; headers: Headers }) {
  expect(r.status).toBe(429);
  const retry = Number(r.headers.get('retry-after'));
  expect(Number.isInteger(retry) && retry > 0).toBe(true);
  expect(r.body.retry_after).toBe(retry);
  expect(r.body.message).toBe(`Too many attempts. Please try again in ${retry} seconds.`);
}

describe('password reset (finding 1)', () => {
  it('hands out at most 5 codes an hour per email, whatever the address', async () => {
    for (let i = 0; i < 5; i++) expect((await post('/password/reset', { email: 'reset@example.test' }, `10.1.0.${i}`)).status).toBe(200);
    expectLimited(await post('/password/reset', { email: 'reset@example.test' }, '10.1.0.99'));
    // Unknown emails are counted the same way: a 429 tells nothing about who has an account.
    for (let i = 0; i < 5; i++) expect((await post('/password/reset', { email: 'nobody@example.test' }, '10.1.1.1')).status).toBe(200);
    expectLimited(await post('/password/reset', { email: 'nobody@example.test' }, '10.1.1.1'));
  });

  it('allows 10 wrong codes an hour per email across fresh codes: then even the right code waits', async () => {
    let code = '';
    for (let round = 0; round < 3; round++) {
      expect((await post('/password/reset', { email: 'reset2@example.test' }, '10.2.0.1')).status).toBe(200);
      code = await resetCode('reset2@example.test');
      for (let i = 0; i < (round < 2 ? 4 : 2); i++) {
        const r = await post('/password/reset/validate', { email: 'reset2@example.test', code: wrongCode(code) }, `10.2.${round}.${i + 2}`);
        expect(r.status).toBe(422);
      }
    }
    // 10 wrong guesses so far, from 10 addresses: the right code is refused for now.
    expectLimited(await post('/password/reset/validate', { email: 'reset2@example.test', code }, '10.2.9.9'));
  });

  it('allows 50 wrong codes an hour per address, whatever the email', async () => {
    for (let i = 0; i < 50; i++) {
      expect((await post('/password/reset/validate', { email: `x${i}@example.test`, code: '123456' }, '10.3.0.1')).status).toBe(422);
    }
    expectLimited(await post('/password/reset/validate', { email: 'x99@example.test', code: '123456' }, '10.3.0.1'));
    expect((await post('/password/reset/validate', { email: 'x99@example.test', code: '123456' }, '10.3.0.2')).status).toBe(422);
  });
});

describe('email verification (finding 5)', () => {
  const tokenOf = (name: string) => issueToken(s.app.db, ids[name]!, Date.now());
  const setCode = (name: string, code: string) => s.app.db.prepare('UPDATE users SET verification_code = ? WHERE id = ?').run(code, ids[name]!);

  it('allows 10 wrong codes an hour per account: then even the right code waits', async () => {
    const token = tokenOf('unverified0');
    setCode('unverified0', '424242');
    for (let i = 0; i < 10; i++) expect((await post('/verify', { code: '000000' }, `10.4.0.${i}`, token)).status).toBe(422);
    expectLimited(await post('/verify', { code: '424242' }, '10.4.1.1', token));
    // Another account is not held up.
    const other = tokenOf('unverified1');
    setCode('unverified1', '111111');
    expect((await post('/verify', { code: '111111' }, '10.4.1.1', other)).status).toBe(200);
  });

  it('allows 50 wrong codes an hour per address, whatever the account', async () => {
    for (let u = 2; u <= 6; u++) {
      const token = tokenOf(`unverified${u}`);
      for (let i = 0; i < 10; i++) {
        const r = await post('/verify', { code: '000000' }, u < 6 ? '10.5.0.1' : `10.5.1.${i}`, token);
        if (u < 6) expect(r.status).toBe(422);
      }
    }
    expectLimited(await post('/verify', { code: '000000' }, '10.5.0.1', tokenOf('unverified6')));
  });

  it('sends the code again at most 10 times an hour', async () => {
    const token = tokenOf('unverified2');
    for (let i = 0; i < 10; i++) expect((await post('/verify/send', {}, `10.6.0.${i}`, token)).status).toBe(200);
    expectLimited(await post('/verify/send', {}, '10.6.1.1', token));
  });
});

describe('sign-in (finding 8)', () => {
  const login = (email: string, password: string, address: string) => post('/login', { email, password }, address);

  it('after 10 wrong passwords the right one waits too, from any address', async () => {
    for (let i = 0; i < 10; i++) expect((await login('guess@example.test', `wrong${i}`, `10.7.0.${i}`)).status).toBe(422);
    expectLimited(await login('guess@example.test', 'password', '10.7.1.1'));
    // Unknown accounts behave the same (the answer must not tell which emails exist).
    for (let i = 0; i < 10; i++) expect((await login('ghost@example.test', 'x', `10.7.2.${i}`)).status).toBe(422);
    expectLimited(await login('ghost@example.test', 'x', '10.7.3.1'));
  });

  it('a successful sign-in clears the account\'s failures', async () => {
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 9; i++) expect((await login('right@example.test', 'nope', '10.8.0.1')).status).toBe(422);
      expect((await login('right@example.test', 'password', '10.8.0.1')).status).toBe(200);
    }
  });

  it('allows 50 wrong passwords per address, whatever the accounts', async () => {
    for (let i = 0; i < 50; i++) expect((await login(`someone${i}@example.test`, 'x', '10.9.0.1')).status).toBe(422);
    expectLimited(await login('addr@example.test', 'password', '10.9.0.1'));
    expect((await login('addr@example.test', 'password', '10.9.0.2')).status).toBe(200);
  });

  it('normal use is not limited: 40 sign-ins in a row from one address', async () => {
    for (let i = 0; i < 40; i++) expect((await login('steady@example.test', 'password', '127.0.0.1')).status).toBe(200);
  });
});

describe('registration', () => {
  it('allows 60 attempts an hour per address', async () => {
    for (let i = 0; i < 60; i++) expect((await post('/register', {}, '10.10.0.1')).status).toBe(422);
    expectLimited(await post('/register', {}, '10.10.0.1'));
    expect((await post('/register', {}, '10.10.0.2')).status).toBe(422);
  });

  it('allows 10 attempts an hour per email', async () => {
    for (let i = 0; i < 10; i++) expect((await post('/register', { email: 'same@example.test' }, `10.11.0.${i}`)).status).toBe(422);
    expectLimited(await post('/register', { email: 'Same@Example.test' }, '10.11.1.1'));
  });
});

describe('the address', () => {
  it('without TRUST_PROXY, X-Forwarded-For is ignored: the socket address counts', async () => {
    const plain = await startTestServer({ rateLimit: { factor: 0.1 } }); // 5 wrong passwords per address
    try {
      for (let i = 0; i < 5; i++) {
        const r = await plain.api('POST', '/login', { body: { email: `a${i}@example.test`, password: 'x' }, headers: from(`10.12.0.${i}`) });
        expect(r.status).toBe(422);
      }
      const r = await plain.api('POST', '/login', { body: { email: 'b@example.test', password: 'x' }, headers: from('10.12.1.1') });
      expect(r.status).toBe(429);
    } finally {
      await plain.close();
    }
  });

  it('every sign-in call counts per address: 300 in 5 minutes (here scaled down to 6)', async () => {
    const small = await startTestServer({ rateLimit: { factor: 0.02 } }, (db) => void createUser(db, { name: 'A', email: 'a@example.test' }));
    try {
      for (let i = 0; i < 6; i++) expect((await small.api('POST', '/login', { body: { email: 'a@example.test', password: 'password' } })).status).toBe(200);
      expect((await small.api('POST', '/login', { body: { email: 'a@example.test', password: 'password' } })).status).toBe(429);
    } finally {
      await small.close();
    }
  });
});

describe('the hold before a 429', () => {
  it('a refused call waits 250 ms by default, so a loop retrying at once slows down', async () => {
    const held = await startTestServer({ rateLimit: { factor: 0.02 } }); // 1 reset code an hour per email
    try {
      const reset = () => held.api('POST', '/password/reset', { body: { email: 'held@example.test' } });
      expect((await reset()).status).toBe(200);
      const t0 = performance.now();
      const r = await reset();
      expect(r.status).toBe(429);
      expect(performance.now() - t0).toBeGreaterThanOrEqual(240);
    } finally {
      await held.close();
    }
  });
});

describe('the limiter store', () => {
  it('every rule goes through the store a deployment can swap; factor 0 turns the limits off', async () => {
    const made: [string, LimitRule][] = [];
    const limits = createRateLimits(2, (name, rule) => {
      made.push([name, rule]);
      return { retryAfter: async () => 7, hit: async () => 7, take: async () => 7, give: async () => {}, reset: async () => {} };
    });
    expect(made.map(([n]) => n).sort()).toEqual(Object.keys(RULES).sort());
    expect(made.find(([n]) => n === 'loginFailuresPerAccount')![1]).toEqual({ points: 20, durationSec: 900 });
    expect(await limits.loginFailuresPerAccount.retryAfter('k')).toBe(7);
    const off = createRateLimits(0);
    expect(off.enabled).toBe(false);
    for (let i = 0; i < 100; i++) expect(await off.resetRequestsPerAccount.hit('k')).toBe(0);
  });
});
