import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { dismissInstall, startApp, toast as toastIn, type AppServer, type Browser, signIn as signInAt, withBrowser as withBrowserNamed } from './harness.ts';

/**
 * The wallet and the family page in a real browser against the seeded reference server: borrowing
 * up to the cap, a manual recharge put under review, a transfer to a child seen in a second tab of
 * the same browser (one SharedWorker). The card recharge through the provider's script: card-payment.e2e.ts.
 * Each test gets a freshly seeded server (seeding takes well under a second), so balances start
 * from the seed: the demo student has $45.00, no loan, can borrow up to $50, one payment in review.
 * Each test fails on any console error.
 */

const STUDENT = 'student@example.com';
const PASSWORD = 'password';
const TIMEOUT = 15_000;

let app: AppServer;
beforeEach(async () => {
  app = await startApp();
});
afterEach(async () => {
  await app?.close();
});

const money = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const db = () => app.app.db;
const userByEmail = (email: string) =>
  db().prepare('SELECT id, credits, loan_credits FROM users WHERE email = ?').get(email) as { id: number; credits: number; loan_credits: number };
const lastTransactionId = () => (db().prepare('SELECT COALESCE(MAX(id), 0) AS n FROM transactions').get() as { n: number }).n;
const transactionsSince = (userId: number, afterId: number) =>
  db().prepare('SELECT type, value, amount FROM transactions WHERE user_id = ? AND id > ? ORDER BY id').all(userId, afterId) as {
    type: string; value: number; amount: number | null;
  }[];
const pendingPayments = (userId: number) =>
  (db().prepare("SELECT COUNT(*) AS n FROM payments WHERE user_id = ? AND status = 'review'").get(userId) as { n: number }).n;

/** Through the real sign-in form. */
const signIn = (page: Page, email = STUDENT) => signInAt(page, app.url, email, { password: PASSWORD, timeout: TIMEOUT });

/** Waits for a toast, then closes every toast (at the bottom right they would cover buttons). */
const toast = (page: Page, text: string) => toastIn(page, text, TIMEOUT);

const textOf = async (page: Page, testId: string) => ((await page.getByTestId(testId).filter({ visible: true }).first().textContent()) ?? '').trim();

async function expectText(page: Page, testId: string, want: string) {
  await expect.poll(() => textOf(page, testId), { timeout: TIMEOUT }).toBe(want);
}

async function withBrowser(fn: (b: Browser) => Promise<void>) {
  return withBrowserNamed('wallet', fn);
}

/** The wallet page once GET /wallet is mirrored (the recharge panel is shown). */
async function openWallet(page: Page) {
  await page.goto(`${app.url}/wallet`);
  await page.getByRole('heading', { name: 'Account Wallet' }).waitFor({ timeout: TIMEOUT });
  await page.getByRole('heading', { name: 'Recharge' }).waitFor({ timeout: TIMEOUT });
}

describe('wallet', () => {
  it('borrows within the cap; past the remainder the cap rule refuses, in the UI and on the server', async () => {
    const student = userByEmail(STUDENT);
    expect(student).toMatchObject({ credits: 45, loan_credits: 0 });
    const since = lastTransactionId();

    await withBrowser(async (b) => {
      const page = await b.newPage();
      await signIn(page);
      await expectText(page, 'credits-badge', money(45));

      // ?borrow=1 opens the borrow flow.
      await page.goto(`${app.url}/wallet?borrow=1`);
      const dialog = page.getByRole('dialog', { name: 'Borrow Balance' });
      await dialog.waitFor({ timeout: TIMEOUT });
      await dialog.getByText(money(50), { exact: true }).waitFor();
      await expectText(page, 'wallet-balance', money(45));
      await expectText(page, 'wallet-loan', money(0));

      await dialog.getByLabel('Amount').fill('20');
      await dialog.getByRole('button', { name: 'Borrow', exact: true }).click();
      await toast(page, 'Borrow balance transaction done successfully');
      await dialog.waitFor({ state: 'detached', timeout: TIMEOUT });
      expect(new URL(page.url()).searchParams.has('borrow')).toBe(false);

      await expectText(page, 'wallet-balance', money(65));
      await expectText(page, 'wallet-loan', money(20));
      await expectText(page, 'credits-badge', money(65));
      await page.getByText(`You can borrow up to ${money(30)}`).waitFor({ timeout: TIMEOUT });

      // 40 is past the remainder of 30: the dialog refuses it and nothing is sent.
      const borrowsBefore = app.app.requestCounts.get('POST /api/wallet/borrow') ?? 0;
      await dismissInstall(page);
      await page.getByRole('button', { name: 'Borrow', exact: true }).click();
      await dialog.waitFor({ timeout: TIMEOUT });
      await dialog.getByText(money(30), { exact: true }).waitFor();
      await dialog.getByLabel('Amount').fill('40');
      await dialog.getByRole('button', { name: 'Borrow', exact: true }).click();
      await dialog.getByText('You have excceeded max borrow amount').waitFor({ timeout: TIMEOUT });
      expect(app.app.requestCounts.get('POST /api/wallet/borrow') ?? 0).toBe(borrowsBefore);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached', timeout: TIMEOUT });

      // The server applies the same cap to a direct call.
      const login = await fetch(`${app.url}/api/login`, {
        method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ email: STUDENT, password: PASSWORD }),
      });
      const { token } = (await login.json()) as { token: string };
      const over = await fetch(`${app.url}/api/wallet/borrow`, {
        method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ amount: 40 }),
      });
      expect(over.ok).toBe(false);
      expect(((await over.json()) as { code?: string }).code).toBe('MAX_BORROW_AMOUNT_EXCEEDED');

      // One borrow of 20, nothing else.
      expect(transactionsSince(student.id, since)).toEqual([{ type: 'borrow_balance', value: 20, amount: 20 }]);
      expect(userByEmail(STUDENT)).toMatchObject({ credits: 65, loan_credits: 20 });
      await expectText(page, 'wallet-balance', money(65));
    });
  });

  it('a manual recharge goes through instructions and a message, and raises the pending count', async () => {
    const student = userByEmail(STUDENT);
    const pending = pendingPayments(student.id);
    expect(pending).toBeGreaterThanOrEqual(1);
    const since = lastTransactionId();
    const countText = (n: number) => `${n} ${n === 1 ? 'payment' : 'payments'} under review`;

    await withBrowser(async (b) => {
      const page = await b.newPage();
      await signIn(page);
      await openWallet(page);
      await expectText(page, 'pending-count', countText(pending));

      // Below the minimum: the message on blur, every method disabled.
      const amount = page.getByLabel('Amount');
      await amount.fill('5');
      await amount.blur();
      await page.getByText('Cannot recharge less than 10$', { exact: true }).waitFor();
      for (const name of ['Bank Transfer', 'Wise', 'InstaPay', 'Credit / Debit Card']) {
        expect(await page.getByRole('button', { name: `Pay with ${name}` }).isDisabled()).toBe(true);
      }

      await amount.fill('15');
      await amount.blur();
      await page.getByText('Cannot recharge less than 10$', { exact: true }).waitFor({ state: 'detached' });
      const wise = page.getByRole('button', { name: 'Pay with Wise' });
      expect(await wise.isEnabled()).toBe(true);
      await dismissInstall(page);
      await wise.click();

      // Step 0: the instructions with the amount filled in and the bold markup applied.
      const dialog = page.getByRole('dialog', { name: `Wise: ${money(15)}` });
      await dialog.waitFor({ timeout: TIMEOUT });
      await expect.poll(() => dialog.getByTestId('manual-instructions').textContent())
        .toBe('Send 15$ to payments@example.com on Wise and send us a screenshot of the transfer.');
      expect(await dialog.getByTestId('manual-instructions').locator('strong').first().textContent()).toBe('15$');
      await dialog.getByRole('button', { name: 'Next' }).click();

      // Step 1: the message is required; the image is optional.
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await dialog.getByRole('alert').getByText('Input is required').waitFor();
      await dialog.getByLabel('Message').fill('Sent 15$ with Wise, reference TW-E2E-1');
      const png = Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
        'base64',
      );
      await dialog.getByLabel('Attachment').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: png });
      await dialog.getByText('receipt.png').waitFor();
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await toast(page, 'We are reviewing your payment and you will be notified that balance added.');
      await dialog.waitFor({ state: 'detached', timeout: TIMEOUT });

      await expectText(page, 'pending-count', countText(pending + 1));
      expect(pendingPayments(student.id)).toBe(pending + 1);
      const row = db().prepare('SELECT amount, payment_method, message, attachment, status FROM payments WHERE user_id = ? ORDER BY id DESC LIMIT 1')
        .get(student.id) as { amount: number; payment_method: string; message: string; attachment: string | null; status: string };
      expect(row).toMatchObject({ amount: 15, payment_method: 'wise', message: 'Sent 15$ with Wise, reference TW-E2E-1', status: 'review' });
      expect(row.attachment).toMatch(/^\/uploads\/payments\/.+\.png$/);
      // Under review: no money moved yet.
      expect(transactionsSince(student.id, since)).toEqual([]);
      await expectText(page, 'wallet-balance', money(45));
    });
  });

  it('a transfer to a child moves both balances, in the family page and in a second tab', async () => {
    const parent = userByEmail(STUDENT);
    const maryam = userByEmail('maryam.child@example.com');

    await withBrowser(async (b) => {
      const a = await b.newPage();
      await signIn(a);
      const tabB = await b.context.newPage();
      await openWallet(tabB);
      await expectText(tabB, 'wallet-balance', money(parent.credits));
      await tabB.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));

      await a.bringToFront();
      await a.goto(`${app.url}/childs`);
      await a.getByRole('heading', { name: 'My Children' }).waitFor({ timeout: TIMEOUT });
      const row = a.getByRole('row').filter({ hasText: 'Maryam Rahman' });
      await expect.poll(() => row.getByTestId('child-balance').textContent(), { timeout: TIMEOUT }).toBe(money(maryam.credits));
      await expectText(a, 'parent-balance', money(parent.credits));

      await dismissInstall(a);
      await row.getByRole('button', { name: 'Transfer to Maryam Rahman' }).click();
      const dialog = a.getByRole('dialog', { name: 'Transfer Credits' });
      await dialog.waitFor({ timeout: TIMEOUT });
      expect(await dialog.getByLabel('Child').inputValue()).toBe(String(maryam.id));
      await dialog.getByLabel('Amount').fill('5');
      await dialog.getByRole('button', { name: 'Transfer', exact: true }).click();
      await toast(a, 'Credits transferred successfully');
      await dialog.waitFor({ state: 'detached', timeout: TIMEOUT });

      await expectText(a, 'parent-balance', money(parent.credits - 5));
      await expect.poll(() => row.getByTestId('child-balance').textContent(), { timeout: TIMEOUT }).toBe(money(maryam.credits + 5));
      await expectText(a, 'credits-badge', money(parent.credits - 5));

      // Tab B learns it through the shared engine, without reloading.
      await expectText(tabB, 'wallet-balance', money(parent.credits - 5));
      await expectText(tabB, 'credits-badge', money(parent.credits - 5));
      expect(await tabB.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);

      expect(userByEmail(STUDENT).credits).toBe(parent.credits - 5);
      expect(userByEmail('maryam.child@example.com').credits).toBe(maryam.credits + 5);
    });
  });
});
