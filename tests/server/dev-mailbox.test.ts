import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createUser } from '../../server/seed/factory.ts';
import { setSetting } from '../../server/lib/settings.ts';
import { configFromEnv, devMailboxOn } from '../../server/config.ts';
import { escapeHtml, type SentMail } from '../../server/lib/mail.ts';

/** A valid registration payload. */
const registration = (email: string) => ({
  name: 'Nour <b>New</b>', email, password: 'secret1', phone: '1001234567', gender: 'female',
  full_phone: '+201001234567', phone_country: 'EG', date_of_birth: '1990-05-17',
});

describe('development mailbox (issue 16 item 15)', () => {
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  afterAll(() => log.mockRestore());

  describe('when on', () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ devMailbox: true }, (db) => {
        createUser(db, { name: 'Reset Rania', email: 'reset@example.test' });
        setSetting(db, 'email_verification', true);
      });
    });
    afterAll(() => s.close());

    const mailbox = async () => {
      const r = await fetch(`${s.url}/dev/mail?format=json`);
      expect(r.status).toBe(200);
      return ((await r.json()) as { data: SentMail[] }).data;
    };

    it('starts empty and says how to fill it', async () => {
      expect(await mailbox()).toEqual([]);
      const r = await fetch(`${s.url}/dev/mail`);
      expect(r.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await r.text()).toContain('No emails yet');
    });

    it('lists the confirmation and reset codes it would have sent, newest first, as readable HTML', async () => {
      const reg = await s.api('POST', '/register', { body: registration('newcomer@example.test') });
      expect(reg.status).toBe(200);
      const token = reg.body.token as string;
      const code = (await s.api('GET', '/test/verification-code?email=newcomer@example.test')).body.code as string;
      expect((await s.api('POST', '/password/reset', { body: { email: 'reset@example.test' } })).status).toBe(200);
      const resetCode = (await s.api('GET', '/test/reset-code?email=reset@example.test')).body.code as string;

      const mails = await mailbox();
      expect(mails.map((m) => [m.to, m.subject])).toEqual([
        ['reset@example.test', 'Reset your password'],
        ['newcomer@example.test', 'Confirm your email'],
      ]);
      expect(mails[0]!.html).toContain(resetCode);
      expect(mails[1]!.html).toContain(code);
      expect(mails[0]!.at).toBeGreaterThanOrEqual(mails[1]!.at);

      const page = await (await fetch(`${s.url}/dev/mail`)).text();
      expect(page).toContain('<h1>Development mailbox</h1>');
      expect(page.indexOf('Reset your password')).toBeLessThan(page.indexOf('Confirm your email'));
      expect(page).toContain(`<p class="code">${code}</p>`);

      // The code from the mailbox confirms the account: sign-up can be finished from it.
      const verified = await s.api('POST', '/verify', { token, body: { code } });
      expect(verified.status).toBe(200);
      // A resend is one more email, on top.
      expect((await s.api('POST', '/verify/send', { token })).status).toBe(200);
    });

    it('escapes what it shows', () => {
      expect(escapeHtml(`o'brien<script>@x.test & "co"`)).toBe('o&#39;brien&lt;script&gt;@x.test &amp; &quot;co&quot;');
    });

    it('is a page of its own, not the API and not the client', async () => {
      const api = await fetch(`${s.url}/api/dev/mail`);
      expect(api.status).toBe(404);
    });
  });

  describe('when off (tests, unless enabled)', () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ devMailbox: false });
    });
    afterAll(() => s.close());

    it('is not there, and nothing is kept', async () => {
      const r = await fetch(`${s.url}/dev/mail?format=json`);
      expect(r.status).not.toBe(200);
      expect((await s.api('POST', '/register', { body: registration('quiet@example.test') })).status).toBe(200);
      expect((await fetch(`${s.url}/dev/mail`)).status).not.toBe(200);
    });
  });

  it('is on in development and demo mode only, never in production', () => {
    expect(devMailboxOn({ NODE_ENV: 'development' }, false)).toBe(true);
    expect(devMailboxOn({}, true)).toBe(true); // npm start / npm run server
    expect(devMailboxOn({ NODE_ENV: 'test' }, false)).toBe(false);
    expect(devMailboxOn({ NODE_ENV: 'test', DEV_MAILBOX: '1' }, false)).toBe(true);
    expect(devMailboxOn({ DEV_MAILBOX: '0' }, true)).toBe(false);
    expect(devMailboxOn({ NODE_ENV: 'production' }, true)).toBe(false);
    expect(devMailboxOn({ NODE_ENV: 'production', DEV_MAILBOX: '1' }, true)).toBe(false);
    expect(configFromEnv({ NODE_ENV: 'test' }).devMailbox).toBe(false);
    expect(configFromEnv({}, { demo: true }).devMailbox).toBe(true);
    expect(configFromEnv({ NODE_ENV: 'production' }, { demo: true }).devMailbox).toBe(false);
  });
});
