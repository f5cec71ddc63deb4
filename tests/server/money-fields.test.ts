import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createUser } from '../../server/seed/factory.ts';

/**
 * Issue 19, finding 9: money fields accepted the wrong JSON types (`{"amount":[5]}` and numeric
 * strings moved money). In JSON a money field is a JSON number only, > 0, at most two decimals,
 * at most 100,000; a multipart form (the manual payment) sends a plain decimal string.
 */

let s: TestServer;
let token = '';
const ids: Record<string, number> = {};

beforeAll(async () => {
  s = await startTestServer({}, (db) => {
    ids.parent = createUser(db, { name: 'Parent', email: 'parent@example.test', credits: 500, max_borrow_amount: 50 });
    ids.child = createUser(db, { name: 'Child', email: 'child@example.test', parent_id: ids.parent });
  });
  token = await s.login('parent@example.test');
});
afterAll(async () => {
  await s.close();
});

const credits = (id: number | undefined) => (s.app.db.prepare('SELECT credits, loan_credits FROM users WHERE id = ?').get(id) as { credits: number; loan_credits: number });
const send = (path: string, rawJson: string) =>
  fetch(`${s.url}/api${path}`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: rawJson })
    .then(async (r) => ({ status: r.status, body: await r.json() }));

const BAD: [string, string][] = [
  ['[5]', 'The amount must be a number.'],
  ['"5"', 'The amount must be a number.'],
  ['"5.00"', 'The amount must be a number.'],
  ['{"toString": 1}', 'The amount must be a number.'],
  ['true', 'The amount must be a number.'],
  ['1e999', 'The amount must be a number.'],
  ['0', 'The amount must be greater than 0.'],
  ['-5', 'The amount must be greater than 0.'],
  ['5.001', 'The amount must have at most 2 decimal places.'],
  ['100000.01', 'The amount may not be greater than 100000.'],
  ['null', 'The amount field is required.'],
];

describe('money fields in JSON', () => {
  it('borrow, transfer and card orders take a JSON number only; nothing moves otherwise', async () => {
    const before = { parent: credits(ids.parent), child: credits(ids.child) };
    for (const [value, message] of BAD) {
      for (const [path, extra] of [['/wallet/borrow', ''], ['/childs/transfer', `"child_id": ${ids.child}, `], ['/payments/orders', '']] as const) {
        const r = await send(path, `{${extra}"amount": ${value}}`);
        expect(r.status, `${path} ${value}`).toBe(422);
        // A card order's lower bound is the minimum recharge: its own message for small amounts.
        if (path !== '/payments/orders' || !/greater than 0/.test(message)) expect(r.body.errors.amount, `${path} ${value}`).toEqual([message]);
      }
    }
    expect(credits(ids.parent)).toEqual(before.parent);
    expect(credits(ids.child)).toEqual(before.child);
    expect(s.app.db.prepare('SELECT COUNT(*) AS n FROM card_orders').get()).toEqual({ n: 0 });
  });

  it('a JSON number with at most two decimals moves exactly that', async () => {
    const r = await send('/childs/transfer', `{"child_id": ${ids.child}, "amount": 12.5}`);
    expect(r.status).toBe(200);
    expect(credits(ids.child).credits).toBe(12.5);
    const b = await send('/wallet/borrow', '{"amount": 10.25}');
    expect(b.status).toBe(200);
    expect(b.body.loan_credits).toBe(10.25);
  });
});

describe('the manual payment form', () => {
  const pay = (amount: string, asJson = false) => {
    if (asJson) return send('/wallet/recharge/ebmgateway', `{"amount": ${amount}, "payment_method": "bank", "message": "receipt"}`);
    const f = new FormData();
    f.set('amount', amount);
    f.set('payment_method', 'bank');
    f.set('message', 'receipt');
    return s.api('POST', '/wallet/recharge/ebmgateway', { token, body: f });
  };

  it('takes a plain decimal string in a form, a JSON number in JSON', async () => {
    for (const bad of ['1e3', '0x20', '30.123', '-30', '30,5', 'Infinity', '30 30']) {
      const r = await pay(bad);
      expect(r.status, bad).toBe(422);
      expect(r.body.errors.amount, bad).toBeDefined();
    }
    expect((await pay('"30"', true)).status).toBe(422);
    expect((await pay('[30]', true)).status).toBe(422);
    expect((await pay('30.50')).status).toBe(200);
    expect((await pay('30', true)).status).toBe(200);
    const rows = s.app.db.prepare('SELECT amount FROM payments WHERE user_id = ? ORDER BY id').all(ids.parent);
    expect(rows).toEqual([{ amount: 30.5 }, { amount: 30 }]);
  });
});
