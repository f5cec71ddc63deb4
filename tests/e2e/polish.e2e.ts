import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { appForFile, DESKTOP, PHONE, SIZES, withPage, dismissInstall, toastWith, type Browser, signIn as signInAt } from './harness.ts';

/**
 * Issue 16: what a new user tripped over and the spec's last gaps, in a real browser against the
 * seeded reference server, at the desktop (1280×800) and phone (375×740) sizes where layout is
 * involved. Each test fails on any console error.
 */

const STUDENT = 'student@example.com';
const PASSWORD = 'password';
const TIMEOUT = 15_000;

const app = appForFile();

const signIn = (page: Page, email: string, teacher = false) => signInAt(page, app.url, email, { teacher, password: PASSWORD, timeout: TIMEOUT });

const withBrowser = (viewport: { width: number; height: number }, fn: (b: Browser, page: Page) => Promise<void>) => withPage('polish-e2e', viewport, fn);

/** An open conversation of the user. */
const openConversationOf = (email: string) =>
  (app.app.db.prepare(`SELECT c.id FROM conversations c JOIN conversation_members m ON m.conversation_id = c.id
    JOIN users u ON u.id = m.user_id WHERE u.email = ? AND c.closed = 0 ORDER BY c.id LIMIT 1`).get(email) as { id: number }).id;

/** A course whose enrolment form the user may still edit and resubmit (the Edit button shows only then). */
const enrolledCourseOf = (email: string) =>
  (app.app.db.prepare(`SELECT e.course_id AS id FROM enrollments e JOIN users u ON u.id = e.student_id
    WHERE u.email = ? AND e.status IN ('pending', 'review', 'updated', 'action-needed') ORDER BY e.id LIMIT 1`).get(email) as { id: number }).id;

/** The control takes a click where it is (Playwright's hit-target check): nothing covers it. */
async function clickable(control: Locator) {
  await control.scrollIntoViewIfNeeded();
  await control.click({ trial: true, timeout: 3000 });
}

describe('issue 16', () => {
  it('1: the desktop side menu stays in view on a long page', async () => {
    await withBrowser(DESKTOP, async (_b, page) => {
      await signIn(page, STUDENT);
      await page.getByRole('heading', { name: 'Featured Courses' }).waitFor({ timeout: TIMEOUT });
      const menu = page.getByRole('navigation', { name: 'Main menu' });
      const settings = menu.getByRole('link', { name: 'Settings' });
      await page.mouse.wheel(0, 5000);
      await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: TIMEOUT }).toBeGreaterThan(200);
      const box = await settings.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.y).toBeGreaterThanOrEqual(85);
      expect(box!.y + box!.height).toBeLessThanOrEqual(DESKTOP.height);
      await clickable(menu.getByRole('link', { name: 'Dashboard' }));
    });
  });

  for (const [size, viewport] of SIZES) {
    it(`2: toasts cover neither Save Changes, My Family's add button nor Send (${size})`, async () => {
      await withBrowser(viewport, async (_b, page) => {
        await signIn(page, STUDENT);
        await dismissInstall(page);

        // The chat: two identical toasts are one; Send stays free.
        await page.goto(`${app.url}/inbox?c=${openConversationOf(STUDENT)}`);
        const composer = page.getByRole('textbox', { name: 'Message' });
        await composer.waitFor({ timeout: TIMEOUT });
        await composer.fill('Assalamu alaikum');
        await page.getByTestId('image-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
        const region = page.getByRole('region', { name: /Notifications/ });
        await region.getByRole('status').first().waitFor({ timeout: TIMEOUT });
        await clickable(page.getByRole('button', { name: 'Send' }));
        await page.getByTestId('image-input').setInputFiles({ name: 'notes2.txt', mimeType: 'text/plain', buffer: Buffer.from('still not an image') });
        await page.waitForTimeout(1000);
        expect(await region.getByRole('status').count()).toBe(1);

        // My Family: a transfer's success toast leaves the add button free.
        await page.goto(`${app.url}/childs`);
        await dismissInstall(page);
        await page.getByRole('button', { name: /^Transfer to / }).first().click({ timeout: TIMEOUT });
        const dialog = page.getByRole('dialog', { name: 'Transfer Credits' });
        await dialog.getByLabel('Amount').fill('1');
        await dialog.getByRole('button', { name: 'Transfer', exact: true }).click();
        await toastWith(page, 'Credits transferred successfully').waitFor({ timeout: TIMEOUT });
        await dialog.waitFor({ state: 'detached', timeout: TIMEOUT });
        await clickable(page.getByRole('button', { name: 'Add child account' }));

        // The course page: Save Changes with nothing changed warns.
        await page.goto(`${app.url}/courses/${enrolledCourseOf(STUDENT)}`);
        await page.getByRole('button', { name: 'Edit' }).click({ timeout: TIMEOUT });
        const save = page.getByRole('button', { name: 'Save Changes' });
        await save.click();
        await toastWith(page, 'Please update enrollment form to resubmit').waitFor({ timeout: TIMEOUT });
        await clickable(save);
      });
    });
  }

  for (const [size, viewport] of SIZES) {
    it(`16: a guest reaches About Us from the bar or the menu (${size})`, async () => {
      await withBrowser(viewport, async (_b, page) => {
        await page.goto(`${app.url}/login`);
        await page.getByRole('heading', { name: 'Sign In', exact: true }).waitFor({ timeout: TIMEOUT });
        if (viewport === PHONE) await page.getByRole('button', { name: 'Open menu' }).click();
        const about = page.getByRole('link', { name: 'About Us' }).filter({ visible: true });
        await about.first().waitFor({ timeout: TIMEOUT });
        expect(await about.first().getAttribute('href')).toMatch(/^https:\/\//);
        expect(await about.first().getAttribute('target')).toBe('_blank');
      });
    });
  }

  it('17: a guest on /class-reports gets the empty state and a way to sign in, not endless skeletons', async () => {
    await withBrowser(DESKTOP, async (_b, page) => {
      await page.goto(`${app.url}/class-reports`);
      await page.getByRole('heading', { name: 'Class Reports', exact: true }).waitFor({ timeout: TIMEOUT });
      await page.getByText("You don't have class reports yet", { exact: true }).waitFor({ timeout: TIMEOUT });
      expect(await page.getByRole('button', { name: 'Load More Reports' }).count()).toBe(0);
      await page.getByRole('main').getByRole('link', { name: 'Sign In' }).click();
      await page.waitForURL('**/login', { timeout: TIMEOUT });
    });
  });
});
