import { describe, expect, it } from 'vitest';
import {
  e164, emptyRegistration, latestBirthDate, phoneCountries, registrationPayload, validateRegistration, type RegistrationForm,
} from '../../../src/features/auth/registration.ts';

const today = new Date(2026, 10, 22);
const good: RegistrationForm = {
  firstName: 'Amina', lastName: 'Yusuf', email: 'amina@example.com', password: 'secret1', confirm: 'secret1',
  dateOfBirth: '2001-05-04', gender: 'Female', phone: '1012345678', country: 'EG',
};

describe('registration rules', () => {
  it('requires every field with "Input is required"', () => {
    const e = validateRegistration(emptyRegistration, today);
    for (const k of ['firstName', 'lastName', 'email', 'password', 'confirm', 'dateOfBirth', 'gender', 'phone'] as const) {
      expect(e[k]).toBe('Input is required');
    }
  });
  it('checks email, password length and confirmation', () => {
    const e = validateRegistration({ ...good, email: 'nope@', password: 'abc', confirm: 'abd' }, today);
    expect(e.email).toBe('Email not valid');
    expect(e.password).toBe('Password min length is 6');
    expect(e.confirm).toBe('Passwords do not match');
  });
  it('bounds the date of birth between 1945-01-01 and three years ago', () => {
    expect(latestBirthDate(today)).toBe('2023-11-22');
    expect(validateRegistration({ ...good, dateOfBirth: '2023-11-22' }, today).dateOfBirth).toBeUndefined();
    expect(validateRegistration({ ...good, dateOfBirth: '2023-11-23' }, today).dateOfBirth).toMatch(/between/);
    expect(validateRegistration({ ...good, dateOfBirth: '1944-12-31' }, today).dateOfBirth).toMatch(/between/);
    expect(validateRegistration({ ...good, dateOfBirth: '1945-01-01' }, today).dateOfBirth).toBeUndefined();
  });
  it('validates the phone for its country, Israel excluded', () => {
    expect(e164('010 1234 5678', 'EG')).toBe('+201012345678');
    expect(e164('123', 'EG')).toBeNull();
    expect(e164('501234567', 'IL')).toBeNull();
    expect(validateRegistration({ ...good, phone: '12' }, today).phone).toBe('Phone number is not valid');
    expect(phoneCountries().some((c) => c.code === 'IL')).toBe(false);
    expect(phoneCountries().find((c) => c.code === 'EG')).toMatchObject({ name: 'Egypt', dial: '+20' });
  });
  it('builds the payload of section 3', () => {
    expect(registrationPayload(good, 'ref123', 'Africa/Cairo', today)).toEqual({
      name: 'Amina Yusuf', email: 'amina@example.com', password: 'secret1', phone: '1012345678', gender: 'female',
      full_phone: '+201012345678', phone_country: 'EG', date_of_birth: '2001-05-04', referral_token: 'ref123',
      timezone: 'Africa/Cairo',
    });
    expect(registrationPayload(good, null, 'UTC', today)).not.toHaveProperty('referral_token');
    expect(registrationPayload({ ...good, phone: '1' }, null, 'UTC', today)).toBeNull();
  });
});
