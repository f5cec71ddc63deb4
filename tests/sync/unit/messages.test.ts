import { describe, expect, it } from 'vitest';
import { rejectionMessage } from '../../../db/messages.ts';
import { toEngineError } from '../../../worker/transport/errors.ts';

describe('the error catalogue', () => {
  it('decides by code and status, with the spec’s wording', () => {
    expect(rejectionMessage('cancelClass', 400, { code: 'LIMIT_EXCEEDED', message: 'LIMIT_EXCEEDED' })).toBe('Monthly limit exceeded');
    expect(rejectionMessage('borrow', 400, { code: 'BORROW_NOT_ALLOWED', message: 'BORROW_NOT_ALLOWED' })).toBe('Borrow is not allowed for you right now');
    expect(rejectionMessage('transfer', 400, { code: 'NO_ENOUGH_CREDITS', message: 'NO_ENOUGH_CREDITS' })).toBe('No Enough Credits');
    expect(rejectionMessage('saveSchedule', 422, { message: 'x', errors: { 'schedule.0.day': ['The day is invalid.'] } })).toBe('The day is invalid.');
    expect(rejectionMessage('saveSchedule', 500, null)).toBe('Error occurred during saving your changes');
    expect(rejectionMessage('join', 403, { message: 'Forbidden.' })).toBe('Error occurred during joining, please contact support');
  });

  it('cancel and reschedule show the server’s sentence, never a bare code', () => {
    expect(rejectionMessage('rescheduleClass', 403, { message: 'This class can no longer be changed.' })).toBe('This class can no longer be changed.');
    expect(rejectionMessage('cancelClass', 400, { code: 'NOT_ALLOWED', message: 'NOT_ALLOWED' })).toBe('Error occurred during preforming your action');
    expect(rejectionMessage('markAbsent', 403, { message: 'Some sentence.' })).toBe('Error occurred during preforming your action');
  });

  it('classifies failures by what happened', () => {
    expect(toEngineError({ ok: false, failure: 'network' }, 'sendMessage')).toMatchObject({ kind: 'offline' });
    expect(toEngineError({ ok: false, failure: 'timeout' }, 'join')).toMatchObject({ kind: 'timeout', message: 'Error occurred during joining, please contact support' });
    expect(toEngineError({ ok: false, failure: 'http', status: 401 }, null)).toMatchObject({ kind: 'unauthorized' });
    expect(toEngineError({ ok: false, failure: 'http', status: 503 }, null)).toMatchObject({ kind: 'server', message: 'Error occurred during fetching data' });
    expect(toEngineError({ ok: false, failure: 'http', status: 422, body: { errors: { text: ['Too long.'] } } }, 'sendMessage'))
      .toMatchObject({ kind: 'validation', message: 'Too long.', fields: { text: ['Too long.'] } });
  });
});
