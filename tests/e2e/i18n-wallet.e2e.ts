import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appForFile, closeToasts, dismissInstall, shot, htmlOf, launchBrowser, signIn, withBrowser, type Browser } from './harness.ts';
import { wallet as enWallet } from '../../src/lib/i18n/en/wallet.ts';
import { family as enFamily } from '../../src/lib/i18n/en/family.ts';

/**
 * The wallet in Arabic (issue 20), in a real browser, at 1280x800 and 375x740, light and dark: the
 * student switches to Arabic in Settings (as i18n.e2e.ts does), opens the wallet, borrows (the
 * dialog in Arabic, its cap error in Arabic, the result in the balances), opens the manual recharge
 * and the card payment dialog (the provider's sandbox button appears, the text around it is Arabic),
 * with <html dir="rtl" lang="ar"> and none of the wallet's English left on the page. Money reads
 * `45.00 $` (format.ts's Arabic form). The parent's My Children and Transfer Credits likewise (a
 * transfer below 1 refused in Arabic, one of 5 moving both balances). With SHOTS_DIR set, it leaves screenshots there.
 * The demo student starts with $45.00, no loan, can borrow up to $50.
 */
const TIMEOUT = 15_000;
const app = appForFile();

const SIZES = [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
] as const;
const MODES = ['light', 'dark'] as const;

const money = (n: number) => `${n.toFixed(2)}\u00a0$`;
const textOf = async (page: Page, testId: string) => ((await page.getByTestId(testId).filter({ visible: true }).first().textContent()) ?? '').trim();
const expectText = (page: Page, testId: string, want: string) => expect.poll(() => textOf(page, testId), { timeout: TIMEOUT }).toBe(want);

/**
 * The wallet's English, as words that would show if a text were left untranslated: each catalogue
 * text up to its first argument (`Pay {amount} by card` → `Pay `), kept when it is long enough not
 * to occur inside the server's own English (payment method names and instructions).
 */
const englishOf = (texts: string[], more: string[]) => [
  ...new Set(
    texts
      .map((s) => s.split('{')[0]!.trim())
      .filter((s) => s.length >= 6),
  ),
  ...more,
];
const ENGLISH = englishOf(Object.values(enWallet), ['Account Wallet', 'Transactions History']);
const FAMILY_ENGLISH = englishOf(Object.values(enFamily), ['My Children', 'New Account', 'Create Account', 'Transfer', 'Balance']);

/** The wallet's English found in `scope`'s text (the provider's own button excepted). */
async function englishIn(page: Page, selector = 'body', english = ENGLISH): Promise<string[]> {
  const text = await page.locator(selector).first().evaluate((el) => (el as HTMLElement).innerText);
  return english.filter((s) => text.includes(s));
}

/** The demo student, signed in, switched to Arabic in Settings (as i18n.e2e.ts does). */
async function studentInArabic(b: Browser): Promise<Page> {
  const page = await b.newPage();
  await signIn(page, app.url, 'student@example.com', { timeout: TIMEOUT });
  await page.goto(`${app.url}/settings`);
  await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor({ timeout: TIMEOUT });
  await page.getByLabel('Language').selectOption('ar');
  await page.waitForFunction(() => document.documentElement.dir === 'rtl', null, { timeout: 5000 });
  return page;
}

describe('the wallet in Arabic', () => {
  it('borrows, opens the manual and card payments, right to left, with no English left, at both sizes, light and dark', async () => {
    await withBrowser('i18n-wallet-e2e', async (b) => {
      const page = await studentInArabic(b);

      let loan = 0;
      let credits = 45;
      for (const size of SIZES) {
        await page.setViewportSize(size);
        for (const mode of MODES) {
          const tag = `${size.width}-${mode}`;
          await page.evaluate((m) => localStorage.setItem('color-mode', m), mode);
          await page.goto(`${app.url}/wallet`);
          await page.waitForFunction((m) => document.documentElement.classList.contains(m), mode, { timeout: TIMEOUT });
          await page.getByRole('heading', { level: 1, name: 'محفظة الحساب' }).waitFor({ timeout: TIMEOUT });
          await page.getByRole('heading', { name: 'شحن الرصيد' }).waitFor({ timeout: TIMEOUT });
          await dismissInstall(page, 'ar');
          expect(await htmlOf(page)).toEqual({ dir: 'rtl', lang: 'ar' });
          await expectText(page, 'wallet-balance', money(credits));
          await expectText(page, 'wallet-loan', money(loan));
          await page.getByText('دفعة واحدة قيد المراجعة').waitFor();
          await page.getByText(`يمكنك اقتراض ما يصل إلى ${money(50 - loan)} وسداده من شحن رصيدك القادم.`).waitFor();
          expect(await englishIn(page)).toEqual([]);
          await shot(page, `ar-wallet-${tag}`);

          // Borrow: past the cap the dialog says so in Arabic; in light mode a valid amount is borrowed.
          await page.getByRole('button', { name: 'اقترض', exact: true }).click();
          const borrow = page.getByRole('dialog', { name: 'اقتراض رصيد' });
          await borrow.waitFor({ timeout: TIMEOUT });
          await borrow.getByText(money(50 - loan), { exact: true }).waitFor();
          await borrow.getByLabel('المبلغ').fill(String(50 - loan + 5));
          await borrow.getByRole('button', { name: 'اقترض', exact: true }).click();
          await borrow.getByText('لقد تجاوزت الحد الأقصى للاقتراض').waitFor({ timeout: TIMEOUT });
          expect(await englishIn(page, '[role=dialog]')).toEqual([]);
          await shot(page, `ar-borrow-${tag}`);
          if (mode === 'light') {
            await borrow.getByLabel('المبلغ').fill('10');
            await borrow.getByRole('button', { name: 'اقترض', exact: true }).click();
            await page.getByRole('status').getByText('تمت عملية اقتراض الرصيد بنجاح').first().waitFor({ timeout: TIMEOUT });
            await borrow.waitFor({ state: 'detached', timeout: TIMEOUT });
            loan += 10;
            credits += 10;
            await expectText(page, 'wallet-loan', money(loan));
            await expectText(page, 'wallet-balance', money(credits));
            await closeToasts(page, 'ar');
          } else {
            await borrow.getByRole('button', { name: 'إلغاء' }).click();
            await borrow.waitFor({ state: 'detached', timeout: TIMEOUT });
          }

          // Below the minimum: the Arabic message; then a valid amount enables the methods.
          const amount = page.getByLabel('المبلغ');
          await amount.fill('5');
          await amount.blur();
          await page.getByText('لا يمكن شحن أقل من 10$').waitFor();
          await amount.fill('15');
          await amount.blur();

          // The manual recharge: the message is required, in Arabic.
          await page.getByRole('button', { name: 'ادفع عبر Wise' }).click();
          const manual = page.getByRole('dialog', { name: /^\u2068?Wise\u2069?: 15\.00\s\$$/ });
          await manual.waitFor({ timeout: TIMEOUT });
          await manual.getByText('بعد أن تدفع، اضغط «التالي» وأرسل لنا رسالتك.').waitFor();
          await manual.getByRole('button', { name: 'التالي' }).click();
          await manual.getByRole('button', { name: 'إرسال' }).click();
          await manual.getByRole('alert').getByText('هذا الحقل مطلوب').waitFor();
          await manual.getByRole('button', { name: 'إرفاق صورة' }).waitFor();
          expect(await englishIn(page, '[role=dialog]')).toEqual([]);
          await shot(page, `ar-manual-${tag}`);
          await manual.getByRole('button', { name: 'رجوع' }).click();
          await manual.getByRole('button', { name: 'إلغاء' }).click();
          await manual.waitFor({ state: 'detached', timeout: TIMEOUT });

          // The card payment: the provider's sandbox button inside an Arabic dialog.
          // The server names its methods in Arabic when asked (Accept-Language).
          await page.getByRole('button', { name: 'ادفع عبر بطاقة ائتمان / خصم' }).click();
          const card = page.getByRole('dialog', { name: `ادفع ${money(15)} بالبطاقة` });
          await card.waitFor({ timeout: TIMEOUT });
          await card.getByText('تذهب بيانات بطاقتك إلى مزوّد الدفع وحده؛ لا نراها ولا نحفظها أبدًا.').waitFor();
          await card.getByRole('button', { name: 'Pay (sandbox)' }).waitFor({ timeout: TIMEOUT });
          expect(await englishIn(page, '[role=dialog]')).toEqual([]);
          expect(await htmlOf(page)).toEqual({ dir: 'rtl', lang: 'ar' });
          await shot(page, `ar-card-${tag}`);
          await card.getByRole('button', { name: 'إغلاق' }).click();
          await card.waitFor({ state: 'detached', timeout: TIMEOUT });
        }
      }
    });
  });

  it('the report of a malformed config.json follows the switch to Arabic, naming the keys as written', async () => {
    const b = await launchBrowser();
    try {
      // The page's (and the service worker's) config.json names an unknown key and a bad value.
      await b.context.route('**/config.json', (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ eventNames: 'names', apiBse: '/x' }) }),
      );
      const page = await b.newPage();
      await page.goto(`${app.url}/login`);
      const report = page.getByRole('status').filter({ hasText: 'config.json' });
      await report.getByText('The app configuration (config.json) is not valid: the default settings are used').waitFor({ timeout: TIMEOUT });
      await report.getByText(/^config\.json is not valid: eventNames: .+; Unrecognized key: "apiBse"$/).waitFor();
      await page.getByLabel('Language').selectOption('ar');
      await page.waitForFunction(() => document.documentElement.dir === 'rtl', null, { timeout: 5000 });
      // The open report is renamed at once.
      await report.getByText('إعدادات التطبيق (config.json) غير صالحة: تُستخدم الإعدادات الافتراضية').waitFor();
      await report.getByText('في config.json مفاتيح غير صالحة: \u2068eventNames\u2069، \u2068apiBse\u2069', { exact: true }).waitFor();
      expect(await report.getByText('is not valid').count()).toBe(0);
      await shot(page, 'ar-config-report-1280');
      await page.setViewportSize(SIZES[1]);
      await shot(page, 'ar-config-report-375');
      // The defaults were used: the sign-in page works.
      await page.getByRole('heading', { level: 1, name: 'تسجيل الدخول' }).waitFor();
    } finally {
      await b.close();
    }
  });

  it('My Children and Transfer Credits in Arabic, at both sizes, light and dark', async () => {
    const db = app.app.db;
    const creditsOf = (email: string) => (db.prepare('SELECT credits FROM users WHERE email = ?').get(email) as { credits: number }).credits;
    await withBrowser('i18n-wallet-e2e', async (b) => {
      const page = await studentInArabic(b);
      for (const size of SIZES) {
        await page.setViewportSize(size);
        for (const mode of MODES) {
          const tag = `${size.width}-${mode}`;
          await page.evaluate((m) => localStorage.setItem('color-mode', m), mode);
          await page.goto(`${app.url}/childs`);
          await page.waitForFunction((m) => document.documentElement.classList.contains(m), mode, { timeout: TIMEOUT });
          await page.getByRole('heading', { level: 1, name: 'أبنائي' }).waitFor({ timeout: TIMEOUT });
          await dismissInstall(page, 'ar');
          expect(await htmlOf(page)).toEqual({ dir: 'rtl', lang: 'ar' });
          const parent = creditsOf('student@example.com');
          const maryam = creditsOf('maryam.child@example.com');
          await expectText(page, 'parent-balance', money(parent));
          const row = page.getByRole('row').filter({ hasText: 'Maryam Rahman' });
          await expect.poll(() => row.getByTestId('child-balance').textContent(), { timeout: TIMEOUT }).toBe(money(maryam));
          expect(await englishIn(page, 'main', FAMILY_ENGLISH)).toEqual([]);
          await shot(page, `ar-family-${tag}`);

          await row.getByRole('button', { name: 'تحويل إلى Maryam Rahman' }).click();
          const dialog = page.getByRole('dialog', { name: 'تحويل رصيد' });
          await dialog.waitFor({ timeout: TIMEOUT });
          await dialog.getByLabel('المبلغ').fill('0.5');
          await dialog.getByRole('button', { name: 'تحويل', exact: true }).click();
          await dialog.getByText('يجب ألا يقل المبلغ عن 1').waitFor();
          expect(await englishIn(page, '[role=dialog]', FAMILY_ENGLISH)).toEqual([]);
          await shot(page, `ar-transfer-${tag}`);
          if (mode === 'light') {
            await dialog.getByLabel('المبلغ').fill('5');
            await dialog.getByRole('button', { name: 'تحويل', exact: true }).click();
            await page.getByRole('status').getByText('تم تحويل الرصيد بنجاح').first().waitFor({ timeout: TIMEOUT });
            await dialog.waitFor({ state: 'detached', timeout: TIMEOUT });
            await expectText(page, 'parent-balance', money(parent - 5));
            await expect.poll(() => row.getByTestId('child-balance').textContent(), { timeout: TIMEOUT }).toBe(money(maryam + 5));
            await closeToasts(page, 'ar');
          } else {
            await dialog.getByRole('button', { name: 'إلغاء' }).click();
            await dialog.waitFor({ state: 'detached', timeout: TIMEOUT });
          }
        }
      }
    });
  });
});
