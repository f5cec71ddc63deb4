import { describe, expect, it } from 'vitest';
import {
  borrowAllowed, borrowError, borrowRemainder, canPay, isLowBalance, parseAmount, rechargeError,
  recommendedRecharge, transferError,
} from '../../src/features/wallet/rules.ts';
import { Attempt } from '../../src/lib/engine/attempt.ts';

describe('parseAmount', () => {
  it('reads dollars with at most two decimals', () => {
    expect(parseAmount('25')).toBe(25);
    expect(parseAmount(' 10.5 ')).toBe(10.5);
    expect(parseAmount('0.10')).toBe(0.1);
    expect(parseAmount(12.13)).toBe(12.13);
  });
  it('refuses everything the server would read differently', () => {
    for (const raw of ['', ' ', '0', '0.00', '-5', '1e3', '12.345', '0x10', '1,000', 'NaN', 'Infinity', '.5', '5.', null, undefined]) {
      expect(parseAmount(raw as string)).toBeNull();
    }
  });
});

describe('minimum recharge', () => {
  it('is checked against the server minimum', () => {
    expect(rechargeError('10', 10)).toBeNull();
    expect(rechargeError('9.99', 10)).toBe('Cannot recharge less than 10$');
    expect(rechargeError('', 10)).toBe('Cannot recharge less than 10$');
    expect(rechargeError('abc', 15)).toBe('Cannot recharge less than 15$');
  });
  it('disables the methods below it', () => {
    expect(canPay('5', 10)).toBe(false);
    expect(canPay('10', 10)).toBe(true);
  });
});

describe('borrow remainder', () => {
  it('is the cap minus the loan, never below 0', () => {
    expect(borrowRemainder({ max_borrow_amount: 50, loan_credits: 0 })).toBe(50);
    expect(borrowRemainder({ max_borrow_amount: 50, loan_credits: 20.25 })).toBe(29.75);
    expect(borrowRemainder({ max_borrow_amount: 50, loan_credits: 50 })).toBe(0);
    expect(borrowRemainder({ max_borrow_amount: 50, loan_credits: 80 })).toBe(0);
    expect(borrowRemainder({ max_borrow_amount: 0.3, loan_credits: 0.1 })).toBe(0.2);
  });
  it('allows borrowing only when permitted and something is left', () => {
    expect(borrowAllowed({ can_borrow: true, max_borrow_amount: 50, loan_credits: 10 })).toBe(true);
    expect(borrowAllowed({ can_borrow: false, max_borrow_amount: 50, loan_credits: 0 })).toBe(false);
    expect(borrowAllowed({ can_borrow: true, max_borrow_amount: 50, loan_credits: 50 })).toBe(false);
  });
  it('checks the amount from 1 to the remainder', () => {
    expect(borrowError('', 30)).toBe('Input is required');
    expect(borrowError('0.5', 30)).toBe('Amount must be at least 1');
    expect(borrowError('1', 30)).toBeNull();
    expect(borrowError('30', 30)).toBeNull();
    expect(borrowError('30.01', 30)).toBe('You have excceeded max borrow amount');
  });
});

describe('transfer amount', () => {
  it('is required and at least 1', () => {
    expect(transferError('')).toBe('Input is required');
    expect(transferError('0.99')).toBe('Amount must be at least 1');
    expect(transferError('1')).toBeNull();
  });
});

describe('recommended recharge', () => {
  it('is 4 to 5 weeks of the weekly cost', () => {
    expect(recommendedRecharge(12.5, 10)).toEqual({ from: 50, to: 62.5, suggested: 50 });
    expect(recommendedRecharge(7.33, 10)).toEqual({ from: 29.32, to: 36.65, suggested: 30 });
  });
  it('never suggests less than the minimum', () => {
    expect(recommendedRecharge(1, 10)?.suggested).toBe(10);
  });
  it('recommends nothing without classes', () => {
    expect(recommendedRecharge(0, 10)).toBeNull();
    expect(recommendedRecharge(undefined, 10)).toBeNull();
    expect(recommendedRecharge(Number.NaN, 10)).toBeNull();
  });
});

describe('low balance', () => {
  it('is under 2', () => {
    expect(isLowBalance(1.99)).toBe(true);
    expect(isLowBalance(2)).toBe(false);
  });
});

describe('Attempt (idempotency key of one money action)', () => {
  const attempt = () => {
    let n = 0;
    return new Attempt(() => `id-${++n}`);
  };
  it('keeps the id for a retry after a lost reply', () => {
    const a = attempt();
    const id = a.idFor({ amount: 5 });
    a.settle({ kind: 'timeout', message: 'x' });
    expect(a.idFor({ amount: 5 })).toBe(id);
    a.settle({ kind: 'server', status: 500, message: 'x' });
    expect(a.idFor({ amount: 5 })).toBe(id);
  });
  it('starts a new attempt after success, a final refusal or a new payload', () => {
    const a = attempt();
    const first = a.idFor({ amount: 5 });
    a.settle(null);
    const second = a.idFor({ amount: 5 });
    expect(second).not.toBe(first);
    a.settle({ kind: 'rejected', code: 'NO_ENOUGH_CREDITS', message: 'x' });
    const third = a.idFor({ amount: 5 });
    expect(third).not.toBe(second);
    expect(a.idFor({ amount: 6 })).not.toBe(third);
  });
  it('gives a double click the same id', () => {
    const a = attempt();
    expect(a.idFor({ amount: 5 })).toBe(a.idFor({ amount: 5 }));
  });
});

describe('money errors (worded by the engine from db/mutations.ts)', () => {
  it('decides by code and status, never by text', async () => {
    const { toEngineError } = await import('../../worker/transport/errors.ts');
    const shown = (status: number, body: unknown, name: 'borrow' | 'transfer' = 'borrow') => toEngineError({ ok: false, failure: 'http', status, body }, name).message;
    expect(shown(400, { code: 'MAX_BORROW_AMOUNT_EXCEEDED', message: 'x' })).toBe('You have excceeded max borrow amount');
    expect(shown(400, { code: 'BORROW_NOT_ALLOWED', message: 'x' })).toBe('Borrow is not allowed for you right now');
    expect(shown(400, { code: 'NO_ENOUGH_CREDITS', message: 'x' }, 'transfer')).toBe('No Enough Credits');
    expect(shown(422, { message: 'x', errors: { amount: ['Too small'] } })).toBe('Too small');
    expect(shown(500, { message: 'MAX_BORROW_AMOUNT_EXCEEDED' })).toBe('Error occurred during performing request, please contact support');
  });
});
