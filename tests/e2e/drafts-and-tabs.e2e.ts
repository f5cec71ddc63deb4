import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addTimeEntry, appForFile, dismissInstall, shot, signIn, withBrowser } from './harness.ts';

/**
 * Issue 26, items 3 and 4: what the user typed is kept, and every tab is in step. A conversation's
 * draft is in the mirror: it is there after switching to another conversation and back, after a
 * reload, and in a second tab of the same conversation; sending clears it in both. Dark mode
 * chosen in one tab follows in the other at once, where the header's toggle and the Settings switch
 * say the same. Each test fails on any console error.
 */

const TIMEOUT = 15_000;
const SHARED = 1; // the student's conversation with their teacher (seed)

const app = appForFile();

const box = (page: Page) => page.getByRole('textbox', { name: 'Message', exact: true });
const openConversation = async (page: Page, id: number) => {
  await page.goto(`${app.url}/inbox?c=${id}`);
  await page.getByRole('log', { name: 'Messages' }).waitFor({ timeout: TIMEOUT });
};

describe('drafts', () => {
  it('a message draft survives a switch, a reload, shows in a second tab, and sending clears it everywhere', async () => {
    await withBrowser('drafts-e2e', async (b) => {
      const page = await b.newPage();
      await signIn(page, app.url, 'student@example.com', { timeout: TIMEOUT });
      await openConversation(page, SHARED);
      await dismissInstall(page);
      const draft = 'half a thought about Surah al-Mulk';
      await box(page).fill(draft);

      // Another conversation, then back (in the app: the panel is rebuilt per conversation).
      const others = page.locator('[data-testid="conversation-item"]:not([aria-current="true"])');
      await others.first().click();
      await expect.poll(() => new URL(page.url()).searchParams.get('c'), { timeout: TIMEOUT }).not.toBe(String(SHARED));
      await expect.poll(() => box(page).inputValue(), { timeout: TIMEOUT }).toBe('');
      await page.locator('[data-testid="conversation-item"]').filter({ hasText: 'Ustadha Amina Hassan' }).first().click();
      await expect.poll(() => box(page).inputValue(), { timeout: TIMEOUT }).toBe(draft);

      // A reload.
      await page.reload();
      await page.getByRole('log', { name: 'Messages' }).waitFor({ timeout: TIMEOUT });
      await expect.poll(() => box(page).inputValue(), { timeout: TIMEOUT }).toBe(draft);

      // A second tab of the same conversation shows it, and follows what is typed in the first.
      const second = await b.context.newPage();
      await openConversation(second, SHARED);
      await expect.poll(() => box(second).inputValue(), { timeout: TIMEOUT }).toBe(draft);
      await box(page).fill(`${draft}, and more`);
      await expect.poll(() => box(second).inputValue(), { timeout: TIMEOUT }).toBe(`${draft}, and more`);
      await shot(second, 'draft-second-tab');

      // Sending clears it in both tabs, and it does not come back after a reload.
      await box(page).press('Enter');
      await page.getByRole('log', { name: 'Messages' }).getByText(`${draft}, and more`).first().waitFor({ timeout: TIMEOUT });
      await expect.poll(() => box(page).inputValue(), { timeout: TIMEOUT }).toBe('');
      await expect.poll(() => box(second).inputValue(), { timeout: TIMEOUT }).toBe('');
      await second.reload();
      await second.getByRole('log', { name: 'Messages' }).waitFor({ timeout: TIMEOUT });
      await second.getByRole('log', { name: 'Messages' }).getByText(`${draft}, and more`).first().waitFor({ timeout: TIMEOUT });
      expect(await box(second).inputValue()).toBe('');
    });
  });
});

describe('drafts of the teacher\'s forms', () => {
  const TEACHER = 'teacher@example.com';

  it('working hours being edited survive a reload; Discard Changes returns to the saved ones', async () => {
    await withBrowser('drafts-hours-e2e', async (b) => {
      const page = await b.newPage();
      await signIn(page, app.url, TEACHER, { teacher: true, timeout: TIMEOUT });
      await page.goto(`${app.url}/my-schedule`);
      await dismissInstall(page);
      await expect.poll(async () => page.getByLabel('From 1', { exact: true }).inputValue(), { timeout: TIMEOUT }).not.toBe('');
      const entries = page.getByRole('group', { name: /^Time entry \d+$/ });
      const saved = await entries.count();
      await addTimeEntry(page, { dayLabel: 'Thursday', from: '04:00', to: '04:30' });
      const n = saved + 1;
      await expect.poll(() => entries.count()).toBe(n);

      await page.reload();
      await expect.poll(() => entries.count(), { timeout: TIMEOUT }).toBe(n);
      expect(await page.getByLabel(`From ${n}`, { exact: true }).inputValue()).toBe('04:00');
      expect(await page.getByLabel(`To ${n}`, { exact: true }).inputValue()).toBe('04:30');

      await page.getByRole('button', { name: 'Discard Changes' }).click();
      await expect.poll(() => entries.count(), { timeout: TIMEOUT }).toBe(saved);
      await page.reload();
      await expect.poll(async () => page.getByLabel('From 1', { exact: true }).inputValue(), { timeout: TIMEOUT }).not.toBe('');
      expect(await entries.count()).toBe(saved);
    });
  });
});

describe('every tab in step', () => {
  it('dark mode chosen in one tab follows in another at once; the header toggle and the Settings switch agree', async () => {
    await withBrowser('color-mode-tabs-e2e', async (b) => {
      const page = await b.newPage();
      await signIn(page, app.url, 'student@example.com', { timeout: TIMEOUT });
      const second = await b.context.newPage();
      await second.goto(`${app.url}/settings`);
      const darkSwitch = second.getByRole('checkbox', { name: 'Dark mode' });
      await darkSwitch.waitFor({ state: 'attached', timeout: TIMEOUT });
      expect(await darkSwitch.isChecked()).toBe(false);
      const isDark = (p: Page) => p.evaluate(() => document.documentElement.classList.contains('dark'));

      await page.bringToFront();
      await page.getByRole('button', { name: 'Switch to dark mode' }).click();
      await expect.poll(() => isDark(page)).toBe(true);
      // The other tab, without being focused.
      await expect.poll(() => isDark(second), { timeout: TIMEOUT }).toBe(true);
      await expect.poll(() => darkSwitch.isChecked(), { timeout: TIMEOUT }).toBe(true);
      await second.getByRole('button', { name: 'Switch to light mode' }).waitFor({ timeout: TIMEOUT });

      // Back to light from the other tab's Settings switch: the first tab's toggle follows.
      await second.bringToFront();
      await second.getByText('Dark mode', { exact: true }).click();
      await expect.poll(() => isDark(second)).toBe(false);
      await expect.poll(() => isDark(page), { timeout: TIMEOUT }).toBe(false);
      await page.getByRole('button', { name: 'Switch to dark mode' }).waitFor({ timeout: TIMEOUT });
    });
  });
});
