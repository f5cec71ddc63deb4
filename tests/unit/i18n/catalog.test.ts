import { IntlMessageFormat } from 'intl-messageformat';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../db/messages.ts';
import { ROUTES } from '../../../src/app/route-meta.ts';
import { routeTitle } from '../../../src/app/route-title.ts';
import { ar } from '../../../src/lib/i18n/ar/index.ts';
import { en } from '../../../src/lib/i18n/en/index.ts';
import { INTL_LOCALES, getLocale, joinPlain, preferredLocale, setLocale, t, tMessage } from '../../../src/lib/i18n/index.ts';
import { formatClock, formatDate, formatMoney, formatRelative, formatTime } from '../../../src/lib/format.ts';

type El = { type: number; value?: string; options?: Record<string, { value: El[] }> };
/** Argument names and kinds of an ICU message (plural/select bodies walked too). */
function args(text: string, locale: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (els: El[]) => {
    for (const el of els) {
      if (el.value && el.type >= 1 && el.type <= 6) out.set(el.value, ['', 'arg', 'number', 'date', 'time', 'select', 'plural'][el.type]!);
      for (const o of Object.values(el.options ?? {})) walk(o.value);
    }
  };
  walk(new IntlMessageFormat(text, locale).getAst() as El[]);
  return out;
}

const languages = { ar } as const;

describe('catalogues', () => {
  it('every language has every key, and no other', () => {
    for (const [name, cat] of Object.entries(languages)) {
      const missing = Object.keys(en).filter((k) => !(k in cat));
      const extra = Object.keys(cat).filter((k) => !(k in en));
      expect({ name, missing, extra }).toEqual({ name, missing: [], extra: [] });
      for (const [k, v] of Object.entries(cat)) expect(v.trim(), `${name} ${k}`).not.toBe('');
    }
  });

  it('every message parses as ICU, with the same arguments of the same kinds in every language', () => {
    for (const [k, text] of Object.entries(en)) {
      const want = args(text, 'en');
      for (const [name, cat] of Object.entries(languages)) {
        expect(Object.fromEntries(args((cat as Record<string, string>)[k]!, name)), `${name} ${k}`).toEqual(Object.fromEntries(want));
      }
    }
  });

  it('a parsed message of text and plain arguments is joined without IntlMessageFormat, to the same text', () => {
    // The production build ships parsed messages (scripts/vite-i18n-precompile.ts); t() joins the
    // plain ones itself. Every message of both languages, with a string, a number and an Arabic
    // value: the same text as IntlMessageFormat's, or null (left to it) when not plain.
    let joined = 0;
    let left = 0;
    for (const [lang, cat] of [['en', en], ['ar', ar]] as const) {
      for (const [k, text] of Object.entries(cat)) {
        if (!text.includes('{')) continue;
        const f = new IntlMessageFormat(text, INTL_LOCALES[lang]);
        const ast = f.getAst() as El[];
        const plain = ast.every((el) => el.type === 0 || el.type === 1);
        for (const sample of ['Ahmed', 3, 'أحمد']) {
          const values = Object.fromEntries([...args(text, 'en').keys()].map((a) => [a, sample]));
          const got = joinPlain(ast, values);
          if (!plain) {
            expect(got, `${lang} ${k}`).toBeNull();
            continue;
          }
          expect(got, `${lang} ${k}`).toBe(String(f.format(values)));
        }
        if (plain) joined++;
        else left++;
      }
    }
    expect(joined).toBeGreaterThan(50);
    expect(left).toBeGreaterThan(10);
    // An argument missing or of another kind is left to IntlMessageFormat (which says what is wrong).
    const ast = new IntlMessageFormat('Hello {name}!', 'en-US').getAst() as El[];
    expect(joinPlain(ast, {})).toBeNull();
    expect(joinPlain(ast, undefined)).toBeNull();
    expect(joinPlain(ast, { name: new Date(0) })).toBeNull();
    expect(joinPlain(ast, { name: 0 })).toBe('Hello 0!');
  });

  it('the English of db/messages.ts is the spec wording, unchanged', () => {
    for (const [k, v] of Object.entries(MESSAGES)) expect(t(`msg.${k}` as keyof typeof en)).toBe(v);
    expect(t('msg.keptChanges', { n: 1 })).toBe('1 change is waiting to be sent. Sign in again to send it.');
    expect(t('msg.keptChanges', { n: 3 })).toBe('3 changes are waiting to be sent. Sign in again to send them.');
    expect(t('msg.minRecharge', { min: 5 })).toBe('Cannot recharge less than 5$');
  });
});

describe('route titles', () => {
  it('every titled route has its title in the catalogue, the same English as route-meta.ts', () => {
    for (const r of ROUTES) if (r.meta.title) expect(routeTitle(r.name), r.name).toBe(r.meta.title);
  });
});

describe('switching', () => {
  afterEach(async () => {
    await setLocale('en');
  });

  it('translates ids and catalogue texts, with Arabic plural forms', async () => {
    expect(getLocale()).toBe('en');
    await setLocale('ar');
    expect(getLocale()).toBe('ar');
    expect(t('menu.settings')).toBe('الإعدادات');
    expect(tMessage(MESSAGES.fetchFailed)).toBe('حدث خطأ أثناء جلب البيانات');
    expect(tMessage('A sentence of the server')).toBe('A sentence of the server');
    const forms = [0, 1, 2, 3, 11, 100].map((n) => t('shell.offlineWaiting', { n }));
    expect(forms).toEqual([
      'غير متصل · لا تغييرات في الانتظار',
      'غير متصل · تغيير واحد في الانتظار',
      'غير متصل · تغييران في الانتظار',
      'غير متصل · 3 تغييرات في الانتظار',
      'غير متصل · 11 تغييرًا في الانتظار',
      'غير متصل · 100 تغيير في الانتظار',
    ]);
    await setLocale('en');
    expect(t('menu.settings')).toBe('Settings');
  });

  it('formats in the language: Western digits, Arabic names, ago/left', async () => {
    const iso = '2026-11-22T14:05:00.000Z';
    const now = Date.parse('2026-11-22T12:00:00Z');
    expect([formatMoney(1234.5), formatDate(iso, 'UTC'), formatTime(iso, 'UTC'), formatClock('00:15')]).toEqual(['$1,234.50', '2026-11-22', '2:05 PM', '12:15 AM']);
    expect(formatRelative(new Date(now - 3 * 86400_000), now)).toBe('3 days ago');
    await setLocale('ar');
    expect(formatMoney(1234.5)).toMatch(/1,234\.50/);
    expect(formatMoney(1234.5)).toMatch(/1,234\.50\s\$$/);
    expect(formatDate(iso, 'UTC')).toMatch(/22.*11.*2026/);
    expect(formatTime(iso, 'UTC')).toMatch(/^2:05\s?م$/);
    expect(formatClock('00:15')).toMatch(/^12:15\s?ص$/);
    expect(formatRelative(new Date(now - 3 * 86400_000), now)).toBe('قبل 3 أيام');
    expect(formatRelative(new Date(now + 2 * 3600_000), now)).toBe('خلال ساعتين');
    expect(formatRelative(now, now)).toBe('الآن');
    expect(/[٠-٩]/.test(formatMoney(1234.5) + formatDate(iso) + formatTime(iso))).toBe(false);
  });
});

describe('first choice', () => {
  it('follows the browser languages, English when none is ours', () => {
    const nav = (languages: string[]) => Object.defineProperty(globalThis, 'navigator', { value: { languages, language: languages[0] }, configurable: true });
    const before = globalThis.navigator;
    try {
      nav(['ar-EG', 'en-US']);
      expect(preferredLocale()).toBe('ar');
      nav(['fr-FR', 'en-GB']);
      expect(preferredLocale()).toBe('en');
      nav(['de']);
      expect(preferredLocale()).toBe('en');
    } finally {
      Object.defineProperty(globalThis, 'navigator', { value: before, configurable: true });
    }
  });
});
