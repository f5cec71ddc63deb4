import { describe, expect, it } from 'vitest';
import { DURATIONS, MESSAGES, messageForCode, minRechargeMessage, snappedTimeMessage } from '../../../src/lib/messages.ts';

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
  it('maps business codes, falling back for others', () => {
    expect(messageForCode('LIMIT_EXCEEDED', 'x')).toBe('Monthly limit exceeded');
    expect(messageForCode('NO_ENOUGH_CREDITS', 'x')).toBe('No Enough Credits');
    expect(messageForCode('BORROW_NOT_ALLOWED', 'x')).toBe('Borrow is not allowed for you right now');
    expect(messageForCode(undefined, MESSAGES.actionFailed)).toBe(MESSAGES.actionFailed);
    expect(messageForCode('WHATEVER', 'fallback')).toBe('fallback');
  });
  it('formats the templated messages', () => {
    expect(snappedTimeMessage('10:15', '10:17')).toBe('10:15 used instead of 10:17');
    expect(minRechargeMessage(10)).toBe('Cannot recharge less than 10$');
  });
  it('has the spec durations', () => {
    expect(DURATIONS).toMatchObject({ snackbar: 2000, messageBar: 4000, announcement: 15000, registration: 4000, default: 5000 });
  });
});
