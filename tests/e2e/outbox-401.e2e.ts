import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { keptChangesMessage } from '../../db/messages.ts';
import { appForFile, goInApp, signIn as signInAt, startProxy, waitForServiceWorker, withBrowser } from './harness.ts';

/**
 * The outbox across a 401 (issue 14 item 5), in a real browser with two tabs on one SharedWorker:
 * a message typed offline waits; the token is revoked on the server; when the network returns
 * the engine meets the 401, and every tab lands on the sign-in page, which says one change is
 * waiting. The teacher (the other party of the conversation) signs in on the same browser and sees
 * nothing of it; the student signs in again and it is delivered exactly once. A deliberate logout
 * with a change unsent still asks first. The browser reaches the server through a proxy that can
 * cut the API and the socket (Playwright's offline mode does not reach the SharedWorker).
 */

const STUDENT = 'student@example.com';
const TEACHER = 'teacher@example.com';
const PASSWORD = 'password';
const SHARED = 1; // the student's and the teacher's open conversation (seed)
const TIMEOUT = 15_000;

const app = appForFile();

const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const messages = (page: Page) => page.getByRole('log', { name: 'Messages' });
const rowsWithText = (text: string) => (app.app.db.prepare('SELECT COUNT(*) AS n FROM messages WHERE text = ?').get(text) as { n: number }).n;
const kept = (page: Page) => page.getByTestId('kept-changes');

describe('the outbox across a 401', () => {
  it('a message typed offline outlives a revoked token: every tab’s sign-in page counts it, another user never gets it, and the same user’s sign-in delivers it once', async () => {
    const proxy = await startProxy(app.port);
    const origin = `http://127.0.0.1:${proxy.port}`;
    const signIn = (page: Page, email: string, teacher = false) => signInAt(page, origin, email, { teacher, password: PASSWORD, timeout: TIMEOUT });
    await withBrowser('outbox-401', async (b) => {
      const page = await b.newPage();
      await signIn(page, STUDENT);
      await waitForServiceWorker(page);
      const other = await b.context.newPage();
      await other.goto(`${origin}/home`);
      await goInApp(page, `/inbox?c=${SHARED}`);
      await composer(page).waitFor({ timeout: TIMEOUT });

      // Offline: the message waits, pending.
      proxy.setDown('api');
      await b.context.setOffline(true);
      const text = `Kept across a 401 ${Date.now()}`;
      await composer(page).fill(text);
      await composer(page).press('Enter');
      await messages(page).getByText(text).waitFor({ timeout: TIMEOUT });
      await page.getByText('Sending…').waitFor({ timeout: TIMEOUT });

      // The token is revoked on the server (a password change elsewhere, say); the network returns.
      const token = await page.evaluate(() => localStorage.getItem('tutoring.token'));
      expect(token).toBeTruthy();
      const revoked = await fetch(`${app.url}/api/logout`, { method: 'POST', headers: { accept: 'application/json', authorization: `Bearer ${token}` } });
      expect(revoked.status).toBe(200);
      await b.context.setOffline(false);
      proxy.setDown(false);

      // Both tabs land on the sign-in page, which says what waits; nothing reached the server.
      for (const p of [page, other]) {
        await p.waitForURL((u) => u.pathname === '/login', { timeout: TIMEOUT });
        await kept(p).getByText(keptChangesMessage(1)).waitFor({ timeout: TIMEOUT });
      }
      expect(rowsWithText(text)).toBe(0);

      // The teacher signs in on this browser: the message is not in their conversation, and nothing sends it.
      await signIn(other, TEACHER, true);
      await goInApp(other, `/inbox?c=${SHARED}`);
      await composer(other).waitFor({ timeout: TIMEOUT });
      await messages(other).waitFor({ timeout: TIMEOUT });
      await other.waitForTimeout(1500); // its first page, polls and the outbox's drain run meanwhile
      expect(await messages(other).getByText(text).count()).toBe(0);
      expect(rowsWithText(text)).toBe(0);
      // Their logout asks nothing more than usual (nothing of theirs is unsent).
      await other.getByRole('button', { name: /Account menu for .*Amina/ }).click();
      await other.getByRole('menuitem', { name: 'Logout' }).click();
      const dialog = other.getByRole('alertdialog', { name: 'Logout' });
      await dialog.getByText('Are you sure you want to logout?').waitFor({ timeout: TIMEOUT });
      await dialog.getByRole('button', { name: 'Logout' }).click();
      await other.waitForURL((u) => u.pathname === '/login/teachers', { timeout: TIMEOUT });
      await page.waitForURL((u) => u.pathname === '/login', { timeout: TIMEOUT });
      // The sign-in page no longer speaks of the student's change (it waits for the student alone).
      await other.getByRole('heading', { name: 'Teachers Sign In', exact: true }).waitFor({ timeout: TIMEOUT });
      expect(await kept(other).count()).toBe(0);

      // The student signs in again: the message is delivered, once, and shows once, sent.
      await signIn(page, STUDENT);
      await expect.poll(() => rowsWithText(text), { timeout: TIMEOUT }).toBe(1);
      await goInApp(page, `/inbox?c=${SHARED}`);
      await messages(page).getByText(text).waitFor({ timeout: TIMEOUT });
      await expect.poll(() => page.getByText('Sending…').count(), { timeout: TIMEOUT }).toBe(0);
      expect(await messages(page).getByText(text).count()).toBe(1);
      await page.waitForTimeout(1500);
      expect(rowsWithText(text)).toBe(1);

      // A deliberate logout with a change unsent still asks first.
      proxy.setDown('api');
      await b.context.setOffline(true);
      const unsent = `Unsent at logout ${Date.now()}`;
      await composer(page).fill(unsent);
      await composer(page).press('Enter');
      await page.getByText('Sending…').waitFor({ timeout: TIMEOUT });
      await page.getByRole('button', { name: 'Account menu for Yusuf Rahman' }).click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      const ask = page.getByRole('alertdialog', { name: 'Logout' });
      await ask.getByRole('button', { name: 'Logout' }).click();
      await ask.getByText('Some of your changes have not been sent yet and will be lost. Logout anyway?').waitFor({ timeout: TIMEOUT });
      await ask.getByRole('button', { name: 'Cancel' }).click();
      expect(new URL(page.url()).pathname).toBe('/inbox');
      await b.context.setOffline(false);
      proxy.setDown(false);
      await expect.poll(() => rowsWithText(unsent), { timeout: TIMEOUT }).toBe(1);
      // The cut network's and the revoked token's refusals are the test's doing, and the only errors allowed.
    }, { serviceWorker: true, allowErrors: /Failed to load resource: (net::ERR_\w+|the server responded with a status of (401|502))/ });
    await proxy.close();
  });
});
