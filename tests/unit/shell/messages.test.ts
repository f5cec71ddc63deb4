import { describe, expect, it } from 'vitest';
import { CODE_MESSAGES, DURATIONS, ERROR_CODES, MESSAGES, minRechargeMessage, rejectionMessage, snappedTimeMessage } from '../../../db/messages.ts';
import { MUTATIONS } from '../../../db/mutations.ts';
import { BusinessCode } from '../../../server/lib/errors.ts';

describe('message catalogue', () => {
  it('keeps the spec wording, misspellings included', () => {
    expect(MESSAGES.actionFailed).toBe('Error occurred during preforming your action');
    expect(MESSAGES.maxBorrowExceeded).toBe('You have excceeded max borrow amount');
    expect(MESSAGES.passwordChanged).toBe('Password hase been changed successfully');
    expect(MESSAGES.enrolled).toBe("You've succesfully enrolled the course");
    expect(MESSAGES.paymentProcessingFailed).toBe('Error occurred during processing your payment, plase contact support');
    expect(MESSAGES.assessment).toBe('Assesment');
    expect(MESSAGES.inputRequired).toBe('Input is required');
    expect(MESSAGES.formNotValid).toBe('Data you entered are not valid');
    expect(MESSAGES.lockedBeforeStart).toBe("You can't cancel or reschedule because less than 30 minutes left until class starts");
  });
  it('maps business codes, falling back to the action\'s own failure for others', () => {
    const shown = (body: unknown) => rejectionMessage('fallback', 400, body);
    expect(shown({ code: 'LIMIT_EXCEEDED' })).toBe('Monthly limit exceeded');
    expect(shown({ code: 'NO_ENOUGH_CREDITS' })).toBe('No Enough Credits');
    expect(shown({ code: 'BORROW_NOT_ALLOWED' })).toBe('Borrow is not allowed for you right now');
    expect(shown(null)).toBe('fallback');
    expect(shown({ code: 'WHATEVER' })).toBe('fallback');
    expect(rejectionMessage('fallback', 429, null)).toBe(MESSAGES.tooManyAttempts);
  });
  it("knows the server's code list, and every mutation has a failure message from the catalogue", () => {
    expect([...ERROR_CODES].sort()).toEqual(Object.values(BusinessCode).sort());
    for (const code of Object.keys(CODE_MESSAGES)) expect(ERROR_CODES).toContain(code);
    const catalogue = new Set<string>(Object.values(MESSAGES));
    for (const [name, p] of Object.entries(MUTATIONS)) expect(catalogue.has(p.failure), name).toBe(true);
  });
  it('formats the templated messages', () => {
    expect(snappedTimeMessage('10:15', '10:17')).toBe('10:15 used instead of 10:17');
    expect(minRechargeMessage(10)).toBe('Cannot recharge less than 10$');
  });
  it('has the spec durations', () => {
    expect(DURATIONS).toMatchObject({ snackbar: 2000, messageBar: 4000, announcement: 15000, registration: 4000, default: 5000 });
  });
});
