/**
 * The language the user chose in the tabs (src/lib/i18n), sent as `Accept-Language` with every
 * request so a backend can answer in it. The tabs announce it on a BroadcastChannel (at start and
 * on every switch); the worker asks once when it starts, so it learns it even if it started after
 * the tabs' announcements. Until then, the browser's own languages.
 */
const CHANNEL = 'tutoring.locale';
let chosen: string | null = null;

if (typeof BroadcastChannel !== 'undefined') {
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (e: MessageEvent<{ type?: string; locale?: unknown }>) => {
    if (e.data?.type === 'locale' && (e.data.locale === 'en' || e.data.locale === 'ar')) chosen = e.data.locale;
  };
  channel.postMessage({ type: 'ask' });
}

/** `ar, en;q=0.5` or `en`: the chosen language first, English as the fallback. */
export function acceptLanguage(): string {
  const lang = chosen ?? (typeof navigator !== 'undefined' ? navigator.language?.split('-')[0] : null) ?? 'en';
  return lang === 'en' ? 'en' : `${lang}, en;q=0.5`;
}
