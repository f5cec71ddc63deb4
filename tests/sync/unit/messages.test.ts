import { describe, expect, it } from 'vitest';
import { MESSAGES, rejectionMessage } from '../../../db/messages.ts';
import { policyOf } from '../../../db/mutations.ts';
import { toEngineError } from '../../../worker/transport/errors.ts';

/** The worker's wording of a rejected mutation: its policy's failure text and whether it shows the server's sentence. */
const worded = (name: Parameters<typeof policyOf>[0], status: number, body: unknown) =>
  rejectionMessage(policyOf(name).failure, status, body, policyOf(name).showsServerMessage);

describe('the error catalogue', () => {
  it('decides by code and status, with the spec’s wording', () => {
    expect(worded('cancelClass', 400, { code: 'LIMIT_EXCEEDED', message: 'LIMIT_EXCEEDED' })).toBe('Monthly limit exceeded');
    expect(worded('borrow', 400, { code: 'BORROW_NOT_ALLOWED', message: 'BORROW_NOT_ALLOWED' })).toBe('Borrow is not allowed for you right now');
    expect(worded('transfer', 400, { code: 'NO_ENOUGH_CREDITS', message: 'NO_ENOUGH_CREDITS' })).toBe('No Enough Credits');
    expect(worded('saveSchedule', 422, { message: 'x', errors: { 'schedule.0.day': ['The day is invalid.'] } })).toBe('The day is invalid.');
    expect(worded('saveSchedule', 500, null)).toBe('Error occurred during saving your changes');
    expect(worded('join', 403, { message: 'Forbidden.' })).toBe('Error occurred during joining, please contact support');
  });

  it('cancel and reschedule show the server’s sentence, never a bare code', () => {
    expect(worded('rescheduleClass', 403, { message: 'This class can no longer be changed.' })).toBe('This class can no longer be changed.');
    expect(worded('cancelClass', 400, { code: 'NOT_ALLOWED', message: 'NOT_ALLOWED' })).toBe('Error occurred during preforming your action');
    expect(worded('markAbsent', 403, { message: 'Some sentence.' })).toBe('Error occurred during preforming your action');
  });

  it('classifies failures by what happened', () => {
    expect(toEngineError({ ok: false, failure: 'network' }, 'sendMessage')).toMatchObject({ kind: 'offline', message: MESSAGES.offline });
    // A mutation's policy may word its offline failure itself.
    expect(toEngineError({ ok: false, failure: 'network' }, 'enroll')).toMatchObject({ kind: 'offline', message: MESSAGES.enrollOffline });
    expect(toEngineError({ ok: false, failure: 'timeout' }, 'join')).toMatchObject({ kind: 'timeout', message: 'Error occurred during joining, please contact support' });
    expect(toEngineError({ ok: false, failure: 'http', status: 401 }, null)).toMatchObject({ kind: 'unauthorized', message: MESSAGES.sessionEnded });
    expect(toEngineError({ ok: false, failure: 'http', status: 503 }, null)).toMatchObject({ kind: 'server', message: 'Error occurred during fetching data' });
    expect(toEngineError({ ok: false, failure: 'http', status: 422, body: { errors: { text: ['Too long.'] } } }, 'sendMessage'))
      .toMatchObject({ kind: 'validation', message: 'Too long.', fields: { text: ['Too long.'] } });
    expect(toEngineError({ ok: false, failure: 'http', status: 429 }, null)).toMatchObject({ kind: 'rejected', message: MESSAGES.tooManyAttempts });
  });

  it('sets `code` only for a known business code, from JSON or plain text', () => {
    expect(toEngineError({ ok: false, failure: 'http', status: 400, body: 'LIMIT_EXCEEDED' }, 'cancelClass'))
      .toEqual({ kind: 'rejected', status: 400, code: 'LIMIT_EXCEEDED', message: 'Monthly limit exceeded' });
    const unknown = toEngineError({ ok: false, failure: 'http', status: 400, body: { code: 'SOMETHING_NEW', message: 'SOMETHING_NEW' } }, 'cancelClass');
    expect(unknown).toEqual({ kind: 'rejected', status: 400, message: MESSAGES.actionFailed });
  });
});
