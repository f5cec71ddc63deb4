import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../worker/transport/api-client.ts';
import { acceptLanguage } from '../../../worker/transport/language.ts';
import { systemClock } from '../../../worker/ports.ts';

/** The engine's requests carry the language chosen in the tabs, announced on the BroadcastChannel. */
describe('Accept-Language', () => {
  it('follows the tabs: asks at start, then takes each announcement', async () => {
    const tab = new BroadcastChannel('tutoring.locale');
    const seen: string[] = [];
    const api = createApiClient({
      fetch: (async (_url: RequestInfo | URL, init?: RequestInit) => {
        seen.push(new Headers(init?.headers).get('Accept-Language') ?? '');
        return new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } });
      }) as typeof fetch,
      clock: systemClock,
      random: () => 0.5,
      base: () => 'http://localhost/api',
      token: () => null,
      appVersion: () => '1',
      timeoutMs: 1000,
      onUnauthorized: () => {},
    });
    try {
      tab.postMessage({ type: 'locale', locale: 'ar' });
      await expect.poll(() => acceptLanguage()).toBe('ar, en;q=0.5');
      await api.request({ method: 'GET', path: '/app' });
      tab.postMessage({ type: 'locale', locale: 'en' });
      await expect.poll(() => acceptLanguage()).toBe('en');
      await api.request({ method: 'GET', path: '/app' });
      expect(seen).toEqual(['ar, en;q=0.5', 'en']);
    } finally {
      tab.close();
    }
  });
});
