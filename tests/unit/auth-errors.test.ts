import { describe, expect, it } from 'vitest';
import { firstError } from '../../src/features/auth/errors.ts';
import { MESSAGES } from '../../db/messages.ts';

describe('auth form errors', () => {
  it('a 429 (rate-limited sign-in, confirmation, reset or registration) says to wait', () => {
    expect(firstError({ kind: 'rejected', status: 429, message: 'Error occurred during loading your data' })).toBe(MESSAGES.tooManyAttempts);
    expect(firstError({ kind: 'rejected', status: 429, message: 'x' }, 'fallback')).toBe('Too many attempts. Please wait a few minutes and try again.');
  });
  it('other failures keep their first field message or the engine message', () => {
    expect(firstError({ kind: 'validation', status: 422, message: 'm', fields: { email: ['Email not valid'] } })).toBe('Email not valid');
    expect(firstError({ kind: 'rejected', status: 403, message: 'Forbidden.' })).toBe('Forbidden.');
  });
});
