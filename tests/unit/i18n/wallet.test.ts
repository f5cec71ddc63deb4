import { afterAll, describe, expect, it } from 'vitest';
import { setLocale, t } from '../../../src/lib/i18n/index.ts';
import { formatMoney } from '../../../src/lib/format.ts';
import { borrowError, rechargeError, transferError } from '../../../src/features/wallet/rules.ts';
import { configProblemText, issueKeys } from '../../../src/lib/engine/config-problem.tsx';
import { parseConfigResponse, parseWindowConfig } from '../../../src/lib/config.ts';

describe('wallet and config report in English and Arabic', () => {
  afterAll(() => setLocale('en'));

  it('English is the spec wording; Arabic has its six plural forms for payments under review', async () => {
    await setLocale('en');
    expect(t('wallet.pendingCount', { count: 1 })).toBe('1 payment under review');
    expect(t('wallet.pendingCount', { count: 3 })).toBe('3 payments under review');
    expect(rechargeError('5', 10)).toBe('Cannot recharge less than 10$');
    expect(transferError('0.5')).toBe('Amount must be at least 1');
    await setLocale('ar');
    const forms = [0, 1, 2, 3, 11, 100].map((count) => t('wallet.pendingCount', { count }));
    expect(forms).toEqual([
      'لا مدفوعات قيد المراجعة', 'دفعة واحدة قيد المراجعة', 'دفعتان قيد المراجعة',
      '3 دفعات قيد المراجعة', '11 دفعة قيد المراجعة', '100 دفعة قيد المراجعة',
    ]);
    expect(transferError('0.5')).toBe('يجب ألا يقل المبلغ عن 1');
    expect(rechargeError('5', 10)).toMatch(/^لا يمكن شحن أقل من 10/);
    // Catalogue messages stay the engine's English (the screen translates them with tMessage).
    expect(borrowError('', 30)).toBe('Input is required');
    expect(t('wallet.borrowOffer', { amount: formatMoney(25) })).toBe('يمكنك اقتراض ما يصل إلى 25.00\u00a0$ وسداده من شحن رصيدك القادم.');
  });

  it('the config report names the bad keys as written, in Arabic, and stays English in English', async () => {
    const bad = parseConfigResponse(200, 'application/json', JSON.stringify({ eventNames: 'names', realtime: { port: 'x', foo: 1 }, apiBse: '/x' })).problem!;
    expect(issueKeys(bad.replace(/^config\.json is not valid: /, ''))).toEqual(['realtime.port', 'realtime.foo', 'eventNames', 'apiBse']);
    await setLocale('en');
    expect(configProblemText(bad, 'en', t)).toBe(bad);
    await setLocale('ar');
    const iso = (k: string) => `\u2068${k}\u2069`;
    expect(configProblemText(bad, 'ar', t)).toBe(`في config.json مفاتيح غير صالحة: ${['realtime.port', 'realtime.foo', 'eventNames', 'apiBse'].map(iso).join('، ')}`);
    expect(configProblemText(parseWindowConfig({ engine: 'x' }).problem!, 'ar', t)).toBe(`في window.__APP_CONFIG__ مفاتيح غير صالحة: ${iso('engine')}`);
    expect(configProblemText(parseConfigResponse(500, 'text/plain', '').problem!, 'ar', t)).toBe('تعذّرت قراءة config.json (HTTP 500)');
    const json = parseConfigResponse(200, 'application/json', '{"apiBase": ').problem!;
    expect(configProblemText(json, 'ar', t)).toMatch(/^config\.json ليس ملف JSON صالحًا \(.+\)$/);
    // A form config.ts does not write is shown as it is.
    expect(configProblemText('something else', 'ar', t)).toBe('something else');
  });
});
