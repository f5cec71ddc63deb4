/**
 * Internationalisation: English (`en`, the spec's wording) and Arabic (`ar`, right to left).
 *
 * Library: FormatJS's `intl-messageformat` (ICU MessageFormat) under a small typed layer here.
 * - ICU plurals through the platform's `Intl.PluralRules`: Arabic's six forms (zero, one, two, few,
 *   many, other) work as written, with no plural data shipped.
 * - Type safety: ids are the keys of the English catalogue and each message's arguments are read
 *   from its ICU text at the type level (icu-types.ts), so a missing key, a missing or misspelt
 *   argument, or a string given to a plural is a type error. react-intl types its ids only (through a
 *   global declaration) and not the arguments; i18next's typed keys do not cover ICU arguments
 *   (i18next-icu); Lingui's typing comes from its macros, which need a Babel or SWC pass that
 *   @vitejs/plugin-react 6 no longer runs (it would mean @rolldown/plugin-babel in the build) and
 *   hash the ids, and its catalogues are .po files compiled by its CLI.
 * - Size: intl-messageformat alone (no React bindings, no provider tree), and production builds
 *   ship the catalogues parsed, without the ICU parser (scripts/vite-i18n-precompile.ts); a message
 *   without `{` is returned as written. The Arabic catalogue is its own chunk, loaded only when
 *   Arabic is chosen: English users download none of it.
 *
 * The choice is kept on this device (localStorage), never sent anywhere but as `Accept-Language`
 * with the engine's requests; the first choice follows `navigator.languages`. Every tab follows a
 * change at once (BroadcastChannel), `<html lang dir>` follow it. See README.md beside this file.
 */
import { IntlMessageFormat } from 'intl-messageformat';
import { useSyncExternalStore } from 'react';
import { messageKey } from '../../../db/messages.ts';
import type { Catalogue, MessageArgs, MessageId } from './catalog.ts';
import { en } from './en/index.ts';

export type { MessageId, MessageArgs } from './catalog.ts';
export type Locale = 'en' | 'ar';
export const LOCALES: readonly Locale[] = ['en', 'ar'];
/** Each language's name in itself (the switch shows these, untranslated). */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = { en: 'English', ar: 'العربية' };
export const LOCALE_KEY = 'tutoring.locale';
const CHANNEL = 'tutoring.locale';

/**
 * The `Intl` locale of each language. Arabic with Western digits (`-u-nu-latn`): format.ts says why;
 * dropping the extension gives Arabic-Indic digits everywhere (messages and formatting alike).
 */
export const INTL_LOCALES: Readonly<Record<Locale, string>> = { en: 'en-US', ar: 'ar-EG-u-nu-latn' };

export const isLocale = (v: unknown): v is Locale => v === 'en' || v === 'ar';
export const dirOf = (l: Locale): 'rtl' | 'ltr' => (l === 'ar' ? 'rtl' : 'ltr');

/** The stored choice, else the first of the browser's languages that we have, else English. */
export function preferredLocale(): Locale {
  try {
    const stored = localStorage.getItem(LOCALE_KEY);
    if (isLocale(stored)) return stored;
  } catch {
    /* storage blocked: the browser's languages decide */
  }
  const langs = typeof navigator !== 'undefined' ? (navigator.languages ?? [navigator.language]) : [];
  for (const l of langs) {
    const base = l?.toLowerCase().split('-')[0];
    if (isLocale(base)) return base;
  }
  return 'en';
}

const catalogues: Partial<Record<Locale, Catalogue>> = { en };
const loaders: Record<Exclude<Locale, 'en'>, () => Promise<Catalogue>> = {
  ar: () => import('./ar/index.ts').then((m) => m.ar),
};

let current: Locale = 'en';
const listeners = new Set<() => void>();
const formats = new Map<string, IntlMessageFormat>();

export const getLocale = (): Locale => current;

function apply(l: Locale) {
  if (l === current) return;
  current = l;
  formats.clear();
  if (typeof document !== 'undefined') {
    document.documentElement.lang = l;
    document.documentElement.dir = dirOf(l);
  }
  for (const f of listeners) f();
}

async function load(l: Locale): Promise<boolean> {
  if (catalogues[l]) return true;
  try {
    catalogues[l] = await loaders[l as Exclude<Locale, 'en'>]();
    return true;
  } catch {
    return false; // the chunk could not be fetched (offline, first visit): English stays
  }
}

let channel: BroadcastChannel | null = null;
let asked = false;
/** Tells the other tabs and the engine (it sends `Accept-Language`: worker/transport/language.ts). */
const announce = () => channel?.postMessage({ type: 'locale', locale: current });

/**
 * Switches the language in this tab, remembers it on this device and tells every other tab.
 * Resolves once the catalogue is there (the Arabic one is fetched the first time).
 */
export async function setLocale(l: Locale): Promise<void> {
  try {
    localStorage.setItem(LOCALE_KEY, l);
  } catch {
    /* not remembered: this page still switches */
  }
  if (!(await load(l))) return;
  apply(l);
  announce();
}

/**
 * Before the first render: the preferred language, its catalogue loaded (null when English, which
 * is already there), and the listening to other tabs started. index.html sets `<html lang dir>`
 * from the same choice before the first paint.
 */
export function startI18n(): Promise<void> | null {
  if (!asked && typeof BroadcastChannel !== 'undefined') {
    asked = true;
    channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = (e: MessageEvent<{ type?: string; locale?: unknown }>) => {
      if (e.data?.type === 'locale' && isLocale(e.data.locale) && e.data.locale !== current) {
        const l = e.data.locale;
        void load(l).then((ok) => ok && apply(l));
      } else if (e.data?.type === 'ask') announce();
    };
  }
  const l = preferredLocale();
  const done = () => {
    if (catalogues[l]) apply(l);
    else if (typeof document !== 'undefined') apply('en'); // the Arabic chunk failed: html back to English
    announce();
  };
  if (catalogues[l]) {
    done();
    return null;
  }
  return load(l).then(done);
}

/** An element of a parsed message (FormatJS's AST): `type` 0 is text, 1 a plain argument ("{name}"). */
interface ParsedElement {
  type: number;
  value?: unknown;
}

/**
 * A parsed message made of text and plain arguments only, joined as intl-messageformat joins them
 * (a string or a number as `String()` gives it; nothing here depends on the language); null for
 * anything else (a plural, a select, a number or date format, an argument missing or of another
 * type), which goes to `IntlMessageFormat`. Building one resolves its locale through
 * `Intl.NumberFormat.supportedLocalesOf` and `Intl.Locale`: on the sign-in page at CPU ×4 that was
 * about 115 ms of the main thread before the form could be used, for messages such as "{product}
 * home" that need no locale at all.
 */
export function joinPlain(ast: readonly ParsedElement[], values: Record<string, unknown> | undefined): string | null {
  let out = '';
  for (const el of ast) {
    if (el.type === 0) out += el.value as string;
    else if (el.type === 1) {
      const v = values?.[el.value as string];
      if (typeof v !== 'string' && typeof v !== 'number') return null;
      out += String(v);
    } else return null;
  }
  return out;
}

type ArgList<K extends MessageId> = keyof MessageArgs<K> extends never ? [values?: undefined] : [values: MessageArgs<K>];

/** The message `id` in the current language, with its ICU arguments. */
export function t<K extends MessageId>(id: K, ...[values]: ArgList<K>): string {
  // A production build ships ICU messages parsed (scripts/vite-i18n-precompile.ts): an AST, not a string.
  const text: ConstructorParameters<typeof IntlMessageFormat>[0] = catalogues[current]?.[id] ?? en[id];
  if (typeof text === 'string' && !text.includes('{')) return text;
  if (typeof text !== 'string') {
    const plain = joinPlain(text as readonly ParsedElement[], values as Record<string, unknown> | undefined);
    if (plain !== null) return plain;
  }
  const key = `${current}\u0000${id}`;
  let f = formats.get(key);
  if (!f) {
    f = new IntlMessageFormat(text, INTL_LOCALES[current]);
    formats.set(key, f);
  }
  return String(f.format(values as Record<string, string | number | Date> | undefined));
}

/**
 * A text from db/messages.ts (as the engine words its errors and successes) in the current
 * language; any other text (a server's own sentence, already in the language asked) as it is.
 */
export function tMessage(text: string): string {
  const key = messageKey(text);
  return key ? t(`msg.${key}`) : text;
}

const subscribe = (f: () => void) => {
  listeners.add(f);
  return () => listeners.delete(f);
};

/** The current language; re-renders on a switch (in this tab or another). */
export const useLocale = (): Locale => useSyncExternalStore(subscribe, getLocale, getLocale);

/**
 * For components: `const { t } = useI18n()`. Calling it subscribes the component to the language,
 * so it re-renders on a switch (memoised components included); also what format.ts reads.
 */
export function useI18n() {
  const locale = useLocale();
  return { t, tMessage, locale, dir: dirOf(locale) } as const;
}
