import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createCategory, createCourse, createUser } from '../../server/seed/factory.ts';
import { localiseMessage, localiseValidation, pickLocale } from '../../server/lib/i18n.ts';

const ARABIC = /[\u0600-\u06FF]/;
const LATIN_WORD = /[A-Za-z]{3,}/;

describe('Accept-Language', () => {
  it('picks Arabic only when it is preferred among our languages', () => {
    expect(pickLocale('ar, en;q=0.5')).toBe('ar'); // what the client sends
    expect(pickLocale('ar-EG')).toBe('ar');
    expect(pickLocale('fr-FR, ar;q=0.3')).toBe('ar');
    expect(pickLocale('en, ar;q=0.5')).toBe('en');
    expect(pickLocale('en;q=0.4, ar;q=0.8')).toBe('ar');
    expect(pickLocale('ar;q=0, en')).toBe('en');
    expect(pickLocale('fr, de')).toBe('en');
    expect(pickLocale('')).toBe('en');
    expect(pickLocale(undefined)).toBe('en');
  });

  it('words known sentences and patterned ones in Arabic, leaves unknown ones and English alone', () => {
    expect(localiseMessage('The end time must be after the start time.', 'ar')).toBe('يجب أن يكون وقت الانتهاء بعد وقت البدء.');
    expect(localiseMessage('The day field is required.', 'ar')).toBe('حقل اليوم مطلوب.');
    expect(localiseMessage('The homework may not be greater than 5000 characters.', 'ar')).toBe('يجب ألا يزيد الواجب على 5000 حرف.');
    expect(localiseMessage('The amount must be at least 1.', 'ar')).toBe('يجب ألا يقل المبلغ عن 1.');
    expect(localiseMessage('The mystery field is required.', 'ar')).toBe('The mystery field is required.');
    expect(localiseMessage('Something new.', 'ar')).toBe('Something new.');
    expect(localiseMessage('The day field is required.', 'en')).toBe('The day field is required.');
    const body = { message: 'Input is required', errors: { email: ['Input is required'], password: ['Password min length is 6'] }, other: 1 };
    expect(localiseValidation(body, 'ar')).toEqual({ message: 'هذا الحقل مطلوب', errors: { email: ['هذا الحقل مطلوب'], password: ['الحد الأدنى لطول كلمة المرور 6'] }, other: 1 });
    expect(localiseValidation(body, 'en')).toBe(body);
  });
});

describe('422 replies in the language asked', () => {
  let s: TestServer;
  let teacher = '';
  const AR = { 'Accept-Language': 'ar, en;q=0.5' };
  const EN = { 'Accept-Language': 'en' };

  beforeAll(async () => {
    s = await startTestServer({}, (db) => {
      createUser(db, { name: 'Teacher', email: 't@x.test', group_id: 1 });
    });
    teacher = await s.login('t@x.test');
  });
  afterAll(() => s.close());

  const put = (schedule: unknown, headers?: Record<string, string>) => s.api('PUT', '/teacher-schedule', { token: teacher, body: { schedule }, headers });
  const endBeforeStart = [{ day: 1, start_time: '12:00', end_time: '11:00' }];

  it('answers working-hours validation in Arabic when Arabic is preferred', async () => {
    const r = await put(endBeforeStart, AR);
    expect(r.status).toBe(422);
    expect(r.body).toEqual({ message: 'يجب أن يكون وقت الانتهاء بعد وقت البدء.', errors: { 'schedule.0.end_time': ['يجب أن يكون وقت الانتهاء بعد وقت البدء.'] } });
    expect(r.headers.get('vary') ?? '').toMatch(/Accept-Language/i);

    const many = await put(Array.from({ length: 101 }, () => ({ day: 1, start_time: '09:00', end_time: '10:00' })), AR);
    expect(many.body.message).toBe('يمكنك إضافة 100 موعد عمل على الأكثر.');
    const missing = await put([{ day: '', start_time: '09:00', end_time: '10:00' }], AR);
    expect(missing.body.errors['schedule.0.day']).toEqual(['حقل اليوم مطلوب.']);
  });

  it('answers in English otherwise, word for word as before', async () => {
    for (const headers of [EN, undefined, { 'Accept-Language': 'fr-FR, de' }, { 'Accept-Language': 'en-US, ar;q=0.5' }]) {
      const r = await put(endBeforeStart, headers);
      expect(r.status).toBe(422);
      expect(r.body).toEqual({ message: 'The end time must be after the start time.', errors: { 'schedule.0.end_time': ['The end time must be after the start time.'] } });
    }
  });

  it('words sign-in and other routes\' validation in Arabic too, with no English left', async () => {
    const login = await s.api('POST', '/login', { body: { email: '', password: '' }, headers: AR });
    expect(login.status).toBe(422);
    expect(login.body.errors).toEqual({ email: ['هذا الحقل مطلوب'], password: ['هذا الحقل مطلوب'] });
    const wrong = await s.api('POST', '/login', { body: { email: 't@x.test', password: 'not-the-password' }, headers: AR });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toMatch(ARABIC);
    expect(wrong.body.message).not.toMatch(LATIN_WORD);
  });
});

describe('the Arabic table', () => {
  it('covers every fixed validation sentence the routes write', async () => {
    const { readFileSync, readdirSync } = await import('node:fs');
    const { RegistrationMessages } = await import('../../server/lib/registration.ts');
    const { MSG } = await import('../../server/lib/enrollments.ts');
    const files = ['server/lib', 'server/routes'].flatMap((d) => readdirSync(d).filter((f) => f.endsWith('.ts')).map((f) => `${d}/${f}`));
    const sentences = new Set<string>([...Object.values(RegistrationMessages), ...Object.values(MSG)]);
    for (const f of files) {
      if (f.endsWith('paypal-sandbox.ts')) continue; // speaks PayPal's API, not ours
      const src = readFileSync(f, 'utf8');
      for (const m of src.matchAll(/invalid\([^,]+,\s*'([^'$]+)'\)/g)) sentences.add(m[1]!);
      for (const m of src.matchAll(/(?:errors(?:\.\w+|\[[^\]]+\])\s*=|validation\(\{\s*[\w'.]+:)\s*\[\s*'([^'$]+)'\s*\]/g)) sentences.add(m[1]!);
    }
    expect(sentences.size).toBeGreaterThan(40);
    const untranslated = [...sentences].filter((en) => !ARABIC.test(localiseMessage(en, 'ar')));
    expect(untranslated).toEqual([]);
  });
});

describe('the server\'s own content in the language asked (issue 28 item 7)', () => {
  let s: TestServer;
  let student = '';
  let course = 0;
  const AR = { 'Accept-Language': 'ar, en;q=0.5' };

  beforeAll(async () => {
    s = await startTestServer({}, (db) => {
      createUser(db, { name: 'Student', email: 's@x.test' });
      course = createCourse(db, { name: 'Tajweed', category_id: createCategory(db, 'Quran'), hourly_price: 10 });
    });
    student = await s.login('s@x.test');
  });
  afterAll(() => s.close());

  it('answers the wallet\'s payment methods in Arabic, and in English otherwise', async () => {
    const ar = await s.api('GET', '/wallet', { token: student, headers: AR });
    expect(ar.status).toBe(200);
    expect(ar.headers.get('vary') ?? '').toMatch(/Accept-Language/i);
    const methods = ar.body.data.payment_methods as { id: string; name: string; text: string; steps: string[]; reward: string | null }[];
    const bank = methods.find((m) => m.id === 'bank')!;
    for (const words of [bank.name, bank.text, ...bank.steps]) expect(words).toMatch(ARABIC);
    expect(methods.find((m) => m.id === 'wise')!.reward).toMatch(ARABIC);
    // Amount placeholders and account numbers stay as they are, for the client to fill.
    expect(bank.text).toContain('{AMOUNT}');
    expect(bank.text).toContain('EG12 0003 0001 2345 6789');
    const en = await s.api('GET', '/wallet', { token: student });
    const enBank = (en.body.data.payment_methods as { id: string; name: string }[]).find((m) => m.id === 'bank')!;
    expect(enBank.name).toBe('Bank Transfer');
  });

  it('answers the dashboard\'s slides as their Arabic images, which exist', async () => {
    const ar = await s.api('GET', '/home', { token: student, headers: AR });
    expect(ar.status).toBe(200);
    expect(ar.headers.get('vary') ?? '').toMatch(/Accept-Language/i);
    const urls = (ar.body.data.slide_images as { url: string }[]).map((x) => x.url);
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) {
      expect(url).toMatch(/\.ar\.svg$/);
      const svg = fs.readFileSync(path.join('public', url), 'utf8');
      expect(svg).toMatch(ARABIC);
      expect(svg.replace(/<[^>]*>/g, ' ')).not.toMatch(LATIN_WORD);
    }
    const en = await s.api('GET', '/home', { token: student });
    expect((en.body.data.slide_images as { url: string }[]).map((x) => x.url)).toEqual(urls.map((u) => u.replace('.ar.svg', '.svg')));
  });

  it('answers a course\'s duration items in Arabic', async () => {
    const ar = await s.api('GET', `/courses/${course}`, { token: student, headers: AR });
    expect(ar.status).toBe(200);
    const items = ar.body.meta.class_duration_items as { text: string; value: number }[];
    expect(items.map((i) => i.value)).toEqual([30, 45, 60, 90]);
    for (const i of items) {
      expect(i.text).toMatch(ARABIC);
      expect(i.text).not.toMatch(LATIN_WORD);
    }
    const en = await s.api('GET', `/courses/${course}`, { token: student });
    expect(en.body.meta.class_duration_items[0]).toEqual({ text: '30 Minutes', value: 30 });
  });
});
