import { describe, expect, it } from 'vitest';
import { toEngineError } from '../../worker/transport/errors.ts';

/**
 * Issue 16.18: cancel and reschedule show any server message, else the generic one; LIMIT_EXCEEDED
 * also as plain text. The engine words the error (db/mutations.ts policy); screens show it as is.
 */
const shown = (status: number, body: unknown, name: 'cancelClass' | 'rescheduleClass' = 'cancelClass') =>
  toEngineError({ ok: false, failure: 'http', status, body }, name).message;

describe('cancel and reschedule refusals', () => {
  it('LIMIT_EXCEEDED as a JSON code or as a plain-text body says "Monthly limit exceeded"', () => {
    expect(shown(400, { code: 'LIMIT_EXCEEDED', message: 'LIMIT_EXCEEDED' })).toBe('Monthly limit exceeded');
    expect(shown(400, 'LIMIT_EXCEEDED')).toBe('Monthly limit exceeded');
    expect(shown(403, 'LIMIT_EXCEEDED\n', 'rescheduleClass')).toBe('Monthly limit exceeded');
  });

  it("shows the server's own message whatever the status, JSON or text", () => {
    expect(shown(403, { message: 'This class was already moved by your teacher.' })).toBe('This class was already moved by your teacher.');
    expect(shown(409, { code: 'NOT_ALLOWED', message: 'A request is already waiting for this class.' }, 'rescheduleClass'))
      .toBe('A request is already waiting for this class.');
    expect(shown(400, 'The class has already started.')).toBe('The class has already started.');
    expect(shown(422, { message: 'x', errors: { date: ['The date must be between tomorrow and 7 days from today.'] } }, 'rescheduleClass'))
      .toBe('The date must be between tomorrow and 7 days from today.');
  });

  it('falls back to the generic message when the server said nothing readable', () => {
    expect(shown(400, { code: 'NOT_ALLOWED', message: 'NOT_ALLOWED' })).toBe('Error occurred during preforming your action');
    expect(shown(404, '')).toBe('Error occurred during preforming your action');
    expect(shown(500, { message: 'boom' })).toBe('Error occurred during preforming your action');
  });

  it('other class actions keep the generic message', () => {
    const e = toEngineError({ ok: false, failure: 'http', status: 403, body: { message: 'Nope.' } }, 'markAbsent');
    expect(e.message).toBe('Error occurred during preforming your action');
  });

  it("a teacher's Mark Attended refused for credits names the student's balance (the action's own wording of the code)", () => {
    const e = toEngineError({ ok: false, failure: 'http', status: 400, body: { code: 'NO_ENOUGH_CREDITS', message: 'NO_ENOUGH_CREDITS' } }, 'markAttended');
    expect(e).toMatchObject({ code: 'NO_ENOUGH_CREDITS', message: "Student's balance is not enough" });
    expect(toEngineError({ ok: false, failure: 'http', status: 400, body: { code: 'NO_ENOUGH_CREDITS' } }, 'transfer').message).toBe('No Enough Credits');
  });
});
