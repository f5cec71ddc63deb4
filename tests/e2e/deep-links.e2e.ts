import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startApp, type AppServer } from './harness.ts';

/** Issue 15, deep links: a guest sent to sign in comes back to the page and query they asked for. */

const TIMEOUT = 15_000;
let app: AppServer;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

describe('deep links', () => {
  it('/wallet?borrow=1 survives signing in: the borrow flow opens after it', async () => {
    const b = await launchBrowser();
    try {
      const page = await b.newPage();
      await page.goto(`${app.url}/wallet?borrow=1`);
      await page.waitForURL('**/login**', { timeout: TIMEOUT });
      await page.getByLabel('Email').fill('student@example.com');
      await page.getByLabel('Password', { exact: true }).fill('password');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL('**/wallet?borrow=1', { timeout: TIMEOUT });
      await page.getByRole('dialog', { name: 'Borrow Balance' }).waitFor({ timeout: TIMEOUT });

      // Shown once, then forgotten: the next visit to the sign-in page while signed in goes home.
      await page.goto(`${app.url}/login`);
      await page.waitForURL('**/home', { timeout: TIMEOUT });
      expect(b.errors).toEqual([]);
    } finally {
      await b.close();
    }
  });
});
