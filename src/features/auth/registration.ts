import { t, type Locale } from '../../lib/i18n/index.ts';
import { getCountries, getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { MESSAGES } from '../../../db/messages.ts';

/**
 * The sign-up form's rules (shell spec section 5) and the payload it sends (section 3), kept pure
 * so they are tested without a DOM. The form shows `validateRegistration`'s messages per field and
 * submits only when both the fields and the phone number pass.
 */
export interface RegistrationForm {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirm: string;
  /** YYYY-MM-DD */
  dateOfBirth: string;
  gender: '' | 'Male' | 'Female';
  /** The number as typed, without the country's calling code. */
  phone: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

export type RegistrationErrors = Partial<Record<keyof RegistrationForm, string>>;

export const EARLIEST_BIRTH_DATE = '1945-01-01';
export const EXCLUDED_COUNTRIES: ReadonlySet<string> = new Set(['IL']);
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const iso = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** The latest date of birth allowed: three years before today. */
export function latestBirthDate(today: Date = new Date()): string {
  const d = new Date(today);
  d.setFullYear(d.getFullYear() - 3);
  return iso(d);
}

/** Countries offered by the phone picker, by English name, Israel left out. */
export function phoneCountries(locale: Locale = 'en'): { code: CountryCode; name: string; dial: string }[] {
  const names = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames([locale], { type: 'region' }) : null;
  return getCountries()
    .filter((c) => !EXCLUDED_COUNTRIES.has(c))
    .map((code) => ({ code, name: names?.of(code) ?? code, dial: `+${getCountryCallingCode(code)}` }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
}

/** The number in E.164 when it is valid for the chosen country, else null. */
export function e164(phone: string, country: string): string | null {
  if (!phone.trim() || !country || EXCLUDED_COUNTRIES.has(country)) return null;
  const parsed = parsePhoneNumberFromString(phone, country as CountryCode);
  if (!parsed || !parsed.isValid()) return null;
  if (parsed.countryCallingCode !== getCountryCallingCode(country as CountryCode)) return null;
  if (parsed.country && EXCLUDED_COUNTRIES.has(parsed.country)) return null;
  return parsed.number;
}

export function validateRegistration(f: RegistrationForm, today: Date = new Date()): RegistrationErrors {
  const e: RegistrationErrors = {};
  const req = (k: keyof RegistrationForm) => {
    if (!String(f[k] ?? '').trim()) e[k] = MESSAGES.inputRequired;
  };
  (['firstName', 'lastName', 'email', 'password', 'confirm', 'dateOfBirth', 'gender', 'phone', 'country'] as const).forEach(req);
  if (!e.email && !EMAIL_PATTERN.test(f.email.trim())) e.email = MESSAGES.emailNotValid;
  if (!e.password && f.password.length < 6) e.password = MESSAGES.passwordMinLength;
  if (!e.confirm && f.confirm !== f.password) e.confirm = MESSAGES.passwordsDoNotMatch;
  if (!e.dateOfBirth) {
    const latest = latestBirthDate(today);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(f.dateOfBirth) || f.dateOfBirth < EARLIEST_BIRTH_DATE || f.dateOfBirth > latest) {
      e.dateOfBirth = t('auth.dobRange', { from: EARLIEST_BIRTH_DATE, to: latest });
    }
  }
  if (!e.gender && f.gender !== 'Male' && f.gender !== 'Female') e.gender = MESSAGES.inputRequired;
  if (!e.phone && !e.country && !e164(f.phone, f.country)) e.phone = MESSAGES.phoneNotValid;
  return e;
}

export interface RegistrationPayload {
  name: string;
  email: string;
  password: string;
  phone: string;
  gender: 'male' | 'female';
  full_phone: string;
  phone_country: string;
  date_of_birth: string;
  referral_token?: string;
  timezone: string;
}

/** The payload of section 3, or null when the form or the phone is not valid. */
export function registrationPayload(f: RegistrationForm, referral: string | null, timezone: string, today?: Date): RegistrationPayload | null {
  if (Object.keys(validateRegistration(f, today)).length > 0) return null;
  const full = e164(f.phone, f.country);
  if (!full) return null;
  return {
    name: `${f.firstName.trim()} ${f.lastName.trim()}`,
    email: f.email.trim(),
    password: f.password,
    phone: f.phone.trim(),
    gender: f.gender.toLowerCase() as 'male' | 'female',
    full_phone: full,
    phone_country: f.country,
    date_of_birth: f.dateOfBirth,
    ...(referral ? { referral_token: referral } : {}),
    timezone,
  };
}

export const emptyRegistration: RegistrationForm = {
  firstName: '', lastName: '', email: '', password: '', confirm: '', dateOfBirth: '', gender: '', phone: '', country: '',
};
