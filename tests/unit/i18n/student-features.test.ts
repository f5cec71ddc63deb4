import { formatWeekday } from '../../../src/lib/format.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../db/messages.ts';
import { setLocale, t } from '../../../src/lib/i18n/index.ts';
import { RULE_MESSAGES, WEEK_DAYS, errorText, validateEnrollment, emptyForm } from '../../../src/features/courses/enrollment-rules.ts';
import { RELATION_LABEL } from '../../../src/features/profile/people.ts';
import { SHARE_LABEL_IDS, SHARE_TEXT, EMAIL_SUBJECT, shareLinks } from '../../../src/features/referral/share.ts';
import { greeting } from '../../../src/features/inbox/conversation-item.tsx';
import { statusStyle } from '../../../src/lib/status.ts';

/** The student's screens converted in issue 20: inbox, courses, profile, help, not found, referral. */
describe('student screens in English and Arabic (issue 20)', () => {
  afterEach(async () => {
    await setLocale('en');
  });

  it('keeps the English wording exactly as it was', () => {
    expect(t('courses.freeClasses', { n: 2 })).toBe('Your first 2 classes are free');
    expect(t('courses.minutes', { n: 30 })).toBe('30 Minutes');
    expect(t('courses.pricePerClass', { price: '$7.50', minutes: 30 })).toBe('$7.50 / 30 min');
    expect(t('referral.step3', { percent: 10, cap: 8 })).toBe(
      'You both get 10% of that first recharge, up to $8 each, added to your wallets.',
    );
    expect(t('referral.giveGet', { percent: 10 })).toBe('Give 10%, get 10%');
    expect(t('referral.shareText')).toBe(SHARE_TEXT);
    expect(t('referral.emailSubject')).toBe(EMAIL_SUBJECT);
    expect(WEEK_DAYS.map((d) => formatWeekday(d.value))).toEqual(['Saturday', 'Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']);
    // Every rule's message is the catalogue's English, and shows as written in English.
    for (const m of Object.values(RULE_MESSAGES)) expect(errorText(m)).toBe(m);
    expect(errorText(MESSAGES.requiredInputsEmpty)).toBe(MESSAGES.requiredInputsEmpty);
    expect(errorText('A sentence of the server')).toBe('A sentence of the server');
    expect(t(RELATION_LABEL['my-teacher'])).toBe('Your teacher');
    expect(t(SHARE_LABEL_IDS.twitter)).toBe('X (Twitter)');
    expect(greeting()).toBe('Say hello 👋');
    expect(t('inbox.titleUnread', { title: 'Sheikh Ahmad' })).toBe('Sheikh Ahmad, unread');
  });

  it('words them in Arabic: plurals, days, rules, relations, share text', async () => {
    await setLocale('ar');
    expect([0, 1, 2, 3, 11, 100].map((n) => t('courses.freeClasses', { n }))).toEqual([
      'لا حصص مجانية', 'حصتك الأولى مجانية', 'أول حصتين لك مجانًا', 'أول 3 حصص لك مجانًا', 'أول 11 حصة لك مجانًا', 'أول 100 حصة لك مجانًا',
    ]);
    expect([0, 1, 2, 3, 11, 100].map((n) => t('courses.minutes', { n }))).toEqual([
      '0 دقيقة', 'دقيقة واحدة', 'دقيقتان', '3 دقائق', '11 دقيقة', '100 دقيقة',
    ]);
    expect(WEEK_DAYS.map((d) => formatWeekday(d.value))).toEqual(['السبت', 'الأحد', 'الاثنين', 'الثلاثاء', 'الأربعاء', 'الخميس', 'الجمعة']);
    expect(errorText(RULE_MESSAGES.scheduleEndsBeforeStart)).toBe('يجب أن يكون وقت الانتهاء بعد وقت البدء.');
    // The form's first error (a db/messages.ts text) comes out in Arabic too, not in English.
    const first = validateEnrollment(emptyForm(), 'UTC')[0]!.message;
    expect(errorText(first)).toBe(t('msg.requiredInputsEmpty'));
    expect(errorText(first)).not.toBe(first);
    // A server's own sentence (already in the language asked) is shown as it is.
    expect(errorText('رسالة من الخادم')).toBe('رسالة من الخادم');
    expect(t(RELATION_LABEL.child)).toBe('ابنك');
    expect(greeting()).toBe('ألقِ التحية 👋');
    expect(t('referral.step3', { percent: 10, cap: 8 })).toContain('8 $');
    // The Arabic share text goes into the share links, encoded.
    const links = shareLinks('https://example.com/r/abc', t('referral.shareText'), t('referral.emailSubject'));
    const wa = links.find((l) => l.id === 'whatsapp')!;
    expect(decodeURIComponent(wa.href)).toContain('أتعلّم القرآن الكريم');
    const mail = links.find((l) => l.id === 'email')!;
    expect(decodeURIComponent(mail.href)).toContain(t('referral.emailSubject'));
  });
});

describe('statuses in the language (src/lib/status.ts)', () => {
  afterEach(async () => {
    await setLocale('en');
  });

  it('every status of the table has its catalogue entry, the same English, and an Arabic word', async () => {
    const values = ['review', 'pending', 'not-approved', 'updated', 'completed', 'joined', 'action-needed', 'approved', 'finished',
      'canceled', 'suspended', 'not-verified', 'active', 'reviewed', 'unread', 'expired', 'missed', 'scheduled', 'running'];
    const english = values.map((v) => statusStyle(v).label);
    expect(english.slice(0, 3)).toEqual(['In Review', 'Pending', 'Pending']);
    await setLocale('ar');
    for (const [i, v] of values.entries()) {
      const { label } = statusStyle(v);
      expect(label, v).not.toBe(english[i]);
      expect(label, v).toMatch(/\p{Script=Arabic}/u);
    }
    expect(statusStyle('on-hold')).toEqual({ label: 'on-hold', color: 'gray' });
    expect(statusStyle('constructor')).toEqual({ label: 'constructor', color: 'gray' });
  });
});
