import { Temporal } from 'temporal-polyfill';
import { getCountryCallingCode, isSupportedCountry, isValidPhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js';
import { validation } from './errors.ts';
import { textProblem } from './text.ts';

/**
 * The registration payload of the spec (sections 3 and 5), validated the way the sign-up form
 * does, so a hand-made request cannot get past the rules the form enforces. Shared by
 * `POST /register` and `POST /childs` (which sends the same form data).
 */
export interface Registration {
  name: string;
  email: string;
  password: string;
  phone: string;
  gender: 'male' | 'female';
  full_phone: string;
  phone_country: string;
  date_of_birth: string;
  referral_token: string | null;
  /** The optional `timezone` field when it is a valid IANA name, else null (callers default it). */
  timezone: string | null;
}

/** The spec's messages (section 5); the others fill in where it says nothing. */
export const RegistrationMessages = {
  required: 'Input is required',
  email: 'Email not valid',
  passwordMin: 'Password min length is 6',
  passwordsMismatch: 'Passwords do not match',
  phone: 'Phone number is not valid',
  country: 'Country is not valid',
  gender: 'Gender must be male or female',
  tooLong: 'Input is too long',
  emailTaken: 'The email has already been taken.',
  invalidText: 'Input contains an invalid character',
} as const;

export const MIN_PASSWORD = 6;
export const EARLIEST_BIRTH_DATE = '1945-01-01';
/** Countries the phone-country list leaves out (spec section 5). */
export const EXCLUDED_COUNTRIES = new Set(['IL']);
/** local@domain.tld with no white space, control, format (zero-width...) or surrogate character anywhere. */
export const EMAIL_PATTERN = /^[^\s@\p{C}]+@[^\s@\p{C}]+\.[^\s@\p{C}]+$/u;

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' && Number.isFinite(v) ? String(v) : '');

/** The latest allowed date of birth: three years before `now`'s UTC date. */
export function latestBirthDate(now: number): string {
  return Temporal.Instant.fromEpochMilliseconds(now).toZonedDateTimeISO('UTC').toPlainDate().subtract({ years: 3 }).toString();
}

/** An IANA zone name in its canonical spelling, or null (offsets like `+02:00` are not IANA names). */
export function canonicalTimeZone(tz: unknown): string | null {
  if (typeof tz !== 'string' || !/^[A-Za-z]/.test(tz) || tz.length > 64) return null;
  try {
    return Temporal.Now.zonedDateTimeISO(tz).timeZoneId;
  } catch {
    return null;
  }
}

function plainDate(s: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return null;
  try {
    return Temporal.PlainDate.from(s, { overflow: 'reject' }).toString();
  } catch {
    return null;
  }
}

/**
 * Checks every field and throws one Laravel-shaped 422 listing each failing field's first message;
 * answers the cleaned fields otherwise. `isEmailTaken` (optional) adds the duplicate-email rule.
 */
export function validateRegistration(
  body: Record<string, unknown>,
  now: number,
  isEmailTaken?: (email: string) => boolean,
): Registration {
  const errors: Record<string, string[]> = {};
  const fail = (field: string, message: string) => void (errors[field] ??= [message]);
  const M = RegistrationMessages;

  const name = text(body.name).replace(/\s+/g, ' ');
  const nameProblem = textProblem(name);
  if (!name || nameProblem === 'blank') fail('name', M.required);
  else if (nameProblem) fail('name', M.invalidText);
  else if (name.length > 191) fail('name', M.tooLong);

  const email = text(body.email).toLowerCase();
  if (!email) fail('email', M.required);
  else if (email.length > 191 || !EMAIL_PATTERN.test(email)) fail('email', M.email);
  else if (isEmailTaken?.(email)) fail('email', M.emailTaken);

  const password = typeof body.password === 'string' ? body.password : '';
  if (!password) fail('password', M.required);
  else if (password.length < MIN_PASSWORD) fail('password', M.passwordMin);
  else if (password.length > 255) fail('password', M.tooLong);
  else if (body.password_confirmation !== undefined && body.password_confirmation !== password) {
    fail('password_confirmation', M.passwordsMismatch);
  }

  const phone = text(body.phone);
  if (!phone) fail('phone', M.required);
  else if (phone.length > 32) fail('phone', M.phone);

  const gender = text(body.gender);
  if (!gender) fail('gender', M.required);
  else if (gender !== 'male' && gender !== 'female') fail('gender', M.gender);

  const phoneCountry = text(body.phone_country).toUpperCase();
  const countryOk = phoneCountry !== '' && isSupportedCountry(phoneCountry) && !EXCLUDED_COUNTRIES.has(phoneCountry);
  if (!phoneCountry) fail('phone_country', M.required);
  else if (!countryOk) fail('phone_country', M.country);

  let fullPhone = text(body.full_phone).replace(/[\s()-]/g, '');
  if (!fullPhone) fail('full_phone', M.required);
  else {
    const parsed = /^\+\d{6,16}$/.test(fullPhone) && isValidPhoneNumber(fullPhone) ? parsePhoneNumberFromString(fullPhone) : undefined;
    if (!parsed) fail('full_phone', M.phone);
    else {
      fullPhone = parsed.number;
      // The number must belong to the chosen country (by calling code: +1 is shared by several).
      if (countryOk && isSupportedCountry(phoneCountry) && getCountryCallingCode(phoneCountry) !== parsed.countryCallingCode) {
        fail('full_phone', M.phone);
      }
      if (parsed.country && EXCLUDED_COUNTRIES.has(parsed.country)) fail('full_phone', M.phone);
    }
  }

  const latest = latestBirthDate(now);
  const dobRaw = text(body.date_of_birth);
  const dob = plainDate(dobRaw);
  if (!dobRaw) fail('date_of_birth', M.required);
  else if (!dob || dob < EARLIEST_BIRTH_DATE || dob > latest) {
    fail('date_of_birth', `Date of birth must be between ${EARLIEST_BIRTH_DATE} and ${latest}`);
  }

  const referral = text(body.referral_token);
  const timezone = canonicalTimeZone(body.timezone);

  if (Object.keys(errors).length > 0) throw validation(errors);
  return {
    name,
    email,
    password,
    phone,
    gender: gender as 'male' | 'female',
    full_phone: fullPhone,
    phone_country: phoneCountry,
    date_of_birth: dob!,
    referral_token: referral && referral.length <= 64 ? referral : null,
    timezone,
  };
}
