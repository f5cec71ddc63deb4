import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createCategory, createCourse, createEnrollment, createUser, type UserInput } from '../../server/seed/factory.ts';
import { issueToken } from '../../server/lib/auth.ts';

/** Users of the world, by handle: their id and a bearer token. */
const U: Record<string, { id: number; token: string }> = {};

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 1, 2, 3, 4]);

describe('wallet, card orders, manual gateway, borrow, referral', () => {
  let s: TestServer;

  beforeAll(async () => {
    s = await startTestServer({}, (db) => {
      const add = (handle: string, extra: Partial<UserInput> = {}) => {
        const id = createUser(db, { name: `User ${handle}`, email: `${handle}@example.com`, ...extra });
        U[handle] = { id, token: issueToken(db, id, Date.now()) };
        return id;
      };
      add('alice', { credits: 20 });
      add('teacher', { group_id: 1 });
      add('bob', { credits: 5 });
      add('carol', { credits: 0 });
      add('lena', { credits: 0, loan_credits: 15 });
      const ref = add('referrer', { credits: 1 });
      add('friend', { referred_by: ref });
      add('friend2', { referred_by: ref });
      add('manual', { credits: 0, loan_credits: 4 });
      add('wiser', { credits: 0 });
      add('borrower', { credits: 2, max_borrow_amount: 50 });
      add('noborrow', { can_borrow: false });
      add('maxed', { loan_credits: 50, max_borrow_amount: 50 });
      add('idem', { credits: 0 });
      add('idem2', { credits: 0 });
      const cat = createCategory(db, 'Quran');
      const c1 = createCourse(db, { name: 'Tajweed', category_id: cat, hourly_price: 10 });
      const c2 = createCourse(db, { name: 'Arabic', category_id: cat, hourly_price: 8 });
      createEnrollment(db, { student_id: U.alice!.id, course_id: c1, status: 'approved', class_duration: 30, weekly_classes: 3 });
      createEnrollment(db, { student_id: U.alice!.id, course_id: c2, status: 'joined', class_duration: 60, weekly_classes: 2, hourly_price: 12 });
      createEnrollment(db, { student_id: U.alice!.id, course_id: c2, status: 'pending', class_duration: 60, weekly_classes: 5 });
      createEnrollment(db, { student_id: U.alice!.id, course_id: c1, status: 'canceled', class_duration: 60, weekly_classes: 5 });
    });
  });
  afterAll(() => s.close());

  const api = (method: string, p: string, who: string, body?: unknown, headers?: Record<string, string>) =>
    s.api(method, p, { token: U[who]!.token, body, headers });
  const user = (who: string) =>
    s.app.db.prepare('SELECT credits, loan_credits, referral_rewarded FROM users WHERE id = ?').get(U[who]!.id) as {
      credits: number; loan_credits: number; referral_rewarded: number;
    };
  const txs = (who: string) =>
    s.app.db.prepare('SELECT type, value, amount, comment, credits_after FROM transactions WHERE user_id = ? ORDER BY id').all(U[who]!.id) as {
      type: string; value: number; amount: number | null; comment: string | null; credits_after: number;
    }[];
  const notifications = (who: string) =>
    s.app.db.prepare('SELECT type FROM notifications WHERE user_id = ?').all(U[who]!.id).map((r) => (r as { type: string }).type);

  /** Creates and captures a card order; answers its id. */
  async function paidOrder(who: string, amount: number): Promise<string> {
    const o = await api('POST', '/payments/orders', who, { amount });
    expect(o.status).toBe(200);
    const cap = await api('POST', `/payments/orders/${o.body.id}/capture`, who);
    expect(cap.body).toEqual({ id: o.body.id, status: 'COMPLETED' });
    return o.body.id;
  }

  describe('GET /wallet', () => {
    it('answers the wallet of the student with methods, minimum, referral link and weekly cost', async () => {
      const r = await api('GET', '/wallet', 'alice');
      expect(r.status).toBe(200);
      const d = r.body.data;
      expect(Object.keys(d).sort()).toEqual([
        'can_borrow', 'credits', 'loan_credits', 'max_borrow_amount', 'min_recharge_amount', 'payment_methods',
        'pending_payments_count', 'referral_link', 'weekly_cost',
      ]);
      expect(d).toMatchObject({ credits: 20, loan_credits: 0, can_borrow: true, max_borrow_amount: 50, pending_payments_count: 0, min_recharge_amount: 10 });
      // approved 10 $/h × 30 min × 3 = 15, joined (own price 12 $/h) × 60 min × 2 = 24; pending and canceled left out
      expect(d.weekly_cost).toBe(39);
      expect(d.referral_link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/register\?referral=[0-9a-f]+$/);
      expect(d.payment_methods.map((m: { id: string }) => m.id)).toEqual(['card', 'bank', 'wise', 'instapay']);
      for (const m of d.payment_methods) {
        expect(Object.keys(m).sort()).toEqual(['id', 'logo', 'name', 'reward', 'steps', 'text', 'type']);
        expect(['card', 'manual']).toContain(m.type);
        expect(Array.isArray(m.steps)).toBe(true);
      }
      expect(d.payment_methods[0]).toMatchObject({ type: 'card', name: 'Credit / Debit Card', reward: null });
      expect(d.payment_methods[1].text).toContain('{AMOUNT}');
      expect(d.payment_methods[2].reward).toBe('+5% bonus');
    });

    it('is for signed-in students only', async () => {
      expect((await api('GET', '/wallet', 'teacher')).status).toBe(403);
      expect((await s.api('GET', '/wallet')).status).toBe(401);
      expect((await api('POST', '/wallet/borrow', 'teacher', { amount: 5 })).status).toBe(403);
      expect((await api('POST', '/payments/orders', 'teacher', { amount: 50 })).status).toBe(403);
      expect((await api('POST', '/wallet/recharge', 'teacher', { order_id: 'x' })).status).toBe(403);
      const fd = new FormData();
      fd.set('amount', '20');
      fd.set('payment_method', 'bank');
      fd.set('message', 'hi');
      expect((await api('POST', '/wallet/recharge/ebmgateway', 'teacher', fd)).status).toBe(403);
    });
  });

  describe('card orders and POST /wallet/recharge', () => {
    it('refuses an amount under the minimum or not a valid money amount', async () => {
      const r = await api('POST', '/payments/orders', 'bob', { amount: 9.99 });
      expect(r.status).toBe(422);
      expect(r.body.message).toBe('Cannot recharge less than 10$');
      expect(r.body.errors.amount).toEqual(['Cannot recharge less than 10$']);
      for (const amount of [10.123, -5, 0, 'abc', null]) {
        const x = await api('POST', '/payments/orders', 'bob', { amount });
        expect(x.status, String(amount)).toBe(422);
        expect(x.body.errors.amount).toHaveLength(1);
      }
    });

    it('creates, captures and spends an order exactly once', async () => {
      const o = await api('POST', '/payments/orders', 'bob', { amount: 25.5 });
      expect(o.status).toBe(200);
      expect(o.body).toEqual({ id: expect.any(String), status: 'CREATED', amount: 25.5 });
      // not captured yet: cannot be spent
      const early = await api('POST', '/wallet/recharge', 'bob', { order_id: o.body.id });
      expect(early.status).toBe(400);
      expect(early.body.code).toBe('NOT_ALLOWED');
      // another student's order is not found
      expect((await api('POST', `/payments/orders/${o.body.id}/capture`, 'carol')).status).toBe(404);
      const cap = await api('POST', `/payments/orders/${o.body.id}/capture`, 'bob');
      expect(cap.status).toBe(200);
      expect(cap.body).toEqual({ id: o.body.id, status: 'COMPLETED' });
      expect((await api('POST', '/wallet/recharge', 'carol', { order_id: o.body.id })).status).toBe(404);
      expect(user('carol').credits).toBe(0);

      const r = await api('POST', '/wallet/recharge', 'bob', { order_id: o.body.id });
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ credits: 30.5, loan_credits: 0 });
      const again = await api('POST', '/wallet/recharge', 'bob', { order_id: o.body.id });
      expect(again.status).toBe(400);
      expect(again.body).toEqual({ code: 'NOT_ALLOWED', message: 'NOT_ALLOWED' });
      expect(user('bob').credits).toBe(30.5);
      expect(txs('bob')).toEqual([expect.objectContaining({ type: 'recharge', value: 25.5, amount: 25.5, credits_after: 30.5 })]);
      expect(notifications('bob')).toContain('recharge_completed');
      expect((await api('POST', '/wallet/recharge', 'bob', { order_id: 'ORD-NOPE' })).status).toBe(404);
      expect((await api('POST', '/wallet/recharge', 'bob', {})).status).toBe(422);
    });

    it('declines an amount ending in .13, which can then not be spent', async () => {
      const o = await api('POST', '/payments/orders', 'carol', { amount: 20.13 });
      const cap = await api('POST', `/payments/orders/${o.body.id}/capture`, 'carol');
      expect(cap.status).toBe(402);
      expect(cap.body).toEqual({ code: 'CARD_DECLINED', message: 'CARD_DECLINED' });
      const row = s.app.db.prepare('SELECT status FROM card_orders WHERE id = ?').get(o.body.id) as { status: string };
      expect(row.status).toBe('DECLINED');
      expect((await api('POST', '/wallet/recharge', 'carol', { order_id: o.body.id })).body.code).toBe('NOT_ALLOWED');
      expect(user('carol').credits).toBe(0);
    });

    it('pays back the loan first, as a separate borrow_balance_deduct transaction', async () => {
      const r1 = await api('POST', '/wallet/recharge', 'lena', { order_id: await paidOrder('lena', 10) });
      expect(r1.body).toEqual({ credits: 0, loan_credits: 5 });
      const r2 = await api('POST', '/wallet/recharge', 'lena', { order_id: await paidOrder('lena', 20) });
      expect(r2.body).toEqual({ credits: 15, loan_credits: 0 });
      expect(txs('lena').map((t) => [t.type, t.value, t.credits_after])).toEqual([
        ['recharge', 10, 10], ['borrow_balance_deduct', -10, 0], ['recharge', 20, 20], ['borrow_balance_deduct', -5, 15],
      ]);
    });

    it('rewards a referred friend and the referrer 10% of the first recharge only, capped at $8', async () => {
      const r = await api('POST', '/wallet/recharge', 'friend', { order_id: await paidOrder('friend', 50) });
      expect(r.body).toEqual({ credits: 55, loan_credits: 0 });
      expect(user('referrer').credits).toBe(6);
      expect(user('friend').referral_rewarded).toBe(1);
      // second recharge: no reward on either side
      const r2 = await api('POST', '/wallet/recharge', 'friend', { order_id: await paidOrder('friend', 100) });
      expect(r2.body.credits).toBe(155);
      expect(user('referrer').credits).toBe(6);
      // another friend's first recharge of 200: 10% would be 20, capped at 8
      const r3 = await api('POST', '/wallet/recharge', 'friend2', { order_id: await paidOrder('friend2', 200) });
      expect(r3.body.credits).toBe(208);
      expect(user('referrer').credits).toBe(14);
      expect(txs('referrer').map((t) => [t.type, t.value])).toEqual([['referral_reward', 5], ['referral_reward', 8]]);
      expect(txs('friend2').map((t) => [t.type, t.value])).toEqual([['recharge', 200], ['referral_reward', 8]]);
      // a recharge of a user who was not referred rewards nobody
      expect(txs('bob').some((t) => t.type === 'referral_reward')).toBe(false);
    });
  });

  describe('manual gateway', () => {
    const form = (fields: Record<string, string | Blob>, fileName?: string) => {
      const fd = new FormData();
      for (const [k, v] of Object.entries(fields)) {
        if (v instanceof Blob) fd.set(k, v, fileName ?? 'receipt.png');
        else fd.set(k, v);
      }
      return fd;
    };

    it('puts a payment under review, raising the pending count, and stores the image', async () => {
      const r = await api('POST', '/wallet/recharge/ebmgateway', 'manual',
        form({ amount: '30', payment_method: 'bank', message: 'Transferred, ref 123', attachment: new Blob([PNG], { type: 'image/png' }) }));
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ message: 'We are reviewing your payment and you will be notified that balance added.', pending_payments_count: 1 });
      expect((await api('GET', '/wallet', 'manual')).body.data.pending_payments_count).toBe(1);
      const p = s.app.db.prepare('SELECT * FROM payments WHERE user_id = ?').get(U.manual!.id) as {
        id: number; amount: number; payment_method: string; message: string; attachment: string; status: string;
      };
      expect(p).toMatchObject({ amount: 30, payment_method: 'bank', message: 'Transferred, ref 123', status: 'review' });
      expect(p.attachment).toMatch(/^\/uploads\/payments\/[0-9a-f]+\.png$/);
      const stored = path.join(s.app.uploadsDir, p.attachment.replace('/uploads/', ''));
      expect(Buffer.compare(fs.readFileSync(stored), Buffer.from(PNG))).toBe(0);
      const served = await fetch(`${s.url}${p.attachment}`);
      expect(served.status).toBe(200);
      expect(user('manual').credits).toBe(0);

      // the admin approves it: recharge, loan paid back, notification, pending count back to 0
      const a = await s.api('POST', `/test/payments/${p.id}/approve`);
      expect(a.status).toBe(200);
      expect(a.body).toMatchObject({ id: p.id, status: 'completed', credits: 26, loan_credits: 0 });
      expect(txs('manual').map((t) => [t.type, t.value])).toEqual([['recharge', 30], ['borrow_balance_deduct', -4]]);
      expect(notifications('manual')).toContain('recharge_completed');
      expect((await api('GET', '/wallet', 'manual')).body.data.pending_payments_count).toBe(0);
      expect((await s.api('POST', `/test/payments/${p.id}/approve`)).body.code).toBe('NOT_ALLOWED');
      expect(user('manual').credits).toBe(26);
    });

    it('pays the advertised Wise bonus when a Wise payment is approved', async () => {
      await api('POST', '/wallet/recharge/ebmgateway', 'wiser', form({ amount: '40', payment_method: 'wise', message: 'sent' }));
      const p = s.app.db.prepare('SELECT id FROM payments WHERE user_id = ?').get(U.wiser!.id) as { id: number };
      const a = await s.api('POST', `/test/payments/${p.id}/approve`);
      expect(a.body.credits).toBe(42);
      expect(txs('wiser').map((t) => [t.type, t.value])).toEqual([['recharge', 40], ['wise_reward', 2]]);
    });

    it('refuses a text file named .png, an empty message, a small amount and an unknown method', async () => {
      const fake = await api('POST', '/wallet/recharge/ebmgateway', 'carol',
        form({ amount: '30', payment_method: 'bank', message: 'hi', attachment: new Blob(['just some text'], { type: 'image/png' }) }, 'receipt.png'));
      expect(fake.status).toBe(422);
      expect(fake.body.errors).toEqual({ attachment: ['The attachment must be an image.'] });
      const textMime = await api('POST', '/wallet/recharge/ebmgateway', 'carol',
        form({ amount: '30', payment_method: 'bank', message: 'hi', attachment: new Blob([PNG], { type: 'text/plain' }) }, 'receipt.txt'));
      expect(textMime.body.errors).toEqual({ attachment: ['The attachment must be an image.'] });
      const empty = await api('POST', '/wallet/recharge/ebmgateway', 'carol', form({ amount: '30', payment_method: 'bank', message: '   ' }));
      expect(empty.status).toBe(422);
      expect(Object.keys(empty.body.errors)).toEqual(['message']);
      const small = await api('POST', '/wallet/recharge/ebmgateway', 'carol', form({ amount: '9', payment_method: 'bank', message: 'hi' }));
      expect(small.status).toBe(422);
      expect(small.body.message).toBe('Cannot recharge less than 10$');
      const method = await api('POST', '/wallet/recharge/ebmgateway', 'carol', form({ amount: '30', payment_method: 'card', message: 'hi' }));
      expect(method.status).toBe(422);
      expect(Object.keys(method.body.errors)).toEqual(['payment_method']);
      const c = s.app.db.prepare('SELECT COUNT(*) AS n FROM payments WHERE user_id = ?').get(U.carol!.id) as { n: number };
      expect(c.n).toBe(0);
      expect((await api('GET', '/wallet', 'carol')).body.data.pending_payments_count).toBe(0);
    });

    it('refuses an image over 5 MB', async () => {
      const big = new Uint8Array(5 * 1024 * 1024 + 1);
      big.set(PNG);
      const r = await api('POST', '/wallet/recharge/ebmgateway', 'carol',
        form({ amount: '30', payment_method: 'bank', message: 'hi', attachment: new Blob([big], { type: 'image/png' }) }));
      expect(r.status).toBe(422);
      expect(r.body.errors.attachment).toEqual(['The attachment may not be greater than 5120 kilobytes.']);
      const ok = new Uint8Array(5 * 1024 * 1024);
      ok.set(PNG);
      const r2 = await api('POST', '/wallet/recharge/ebmgateway', 'wiser',
        form({ amount: '30', payment_method: 'instapay', message: 'hi', attachment: new Blob([ok], { type: 'image/png' }) }));
      expect(r2.status).toBe(200);
      expect(r2.body.pending_payments_count).toBe(1);
    });

    it('a rejected payment leaves the balance and drops out of the pending count', async () => {
      const list = await s.api('GET', `/test/payments?user_id=${U.wiser!.id}`);
      const pending = list.body.data.find((p: { status: string }) => p.status === 'review');
      expect(pending).toMatchObject({ payment_method: 'instapay', amount: 30 });
      const before = user('wiser').credits;
      expect((await s.api('POST', `/test/payments/${pending.id}/reject`)).body).toEqual({ id: pending.id, status: 'rejected' });
      expect(user('wiser').credits).toBe(before);
      expect((await api('GET', '/wallet', 'wiser')).body.data.pending_payments_count).toBe(0);
      expect((await s.api('POST', `/test/payments/${pending.id}/approve`)).body.code).toBe('NOT_ALLOWED');
    });

    it('approving an unknown payment is 404', async () => {
      expect((await s.api('POST', '/test/payments/999999/approve')).status).toBe(404);
    });
  });

  describe('POST /wallet/borrow', () => {
    it('lends within the cap, refuses beyond it, and refuses once the remainder is 0', async () => {
      const small = await api('POST', '/wallet/borrow', 'borrower', { amount: 0.5 });
      expect(small.status).toBe(422);
      const over = await api('POST', '/wallet/borrow', 'borrower', { amount: 50.01 });
      expect(over.status).toBe(400);
      expect(over.body).toEqual({ code: 'MAX_BORROW_AMOUNT_EXCEEDED', message: 'MAX_BORROW_AMOUNT_EXCEEDED' });
      const ok = await api('POST', '/wallet/borrow', 'borrower', { amount: 30 });
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({ credits: 32, loan_credits: 30 });
      expect((await api('POST', '/wallet/borrow', 'borrower', { amount: 25 })).body.code).toBe('MAX_BORROW_AMOUNT_EXCEEDED');
      expect((await api('POST', '/wallet/borrow', 'borrower', { amount: 20 })).body).toEqual({ credits: 52, loan_credits: 50 });
      const none = await api('POST', '/wallet/borrow', 'borrower', { amount: 1 });
      expect(none.status).toBe(400);
      expect(none.body.code).toBe('BORROW_NOT_ALLOWED');
      expect(txs('borrower').map((t) => [t.type, t.value, t.amount])).toEqual([['borrow_balance', 30, 30], ['borrow_balance', 20, 20]]);
      expect(notifications('borrower').filter((t) => t === 'borrow_balance')).toHaveLength(2);
      const w = (await api('GET', '/wallet', 'borrower')).body.data;
      expect(w).toMatchObject({ credits: 52, loan_credits: 50 });
    });

    it('refuses a user who may not borrow and one already at the cap', async () => {
      const r = await api('POST', '/wallet/borrow', 'noborrow', { amount: 5 });
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('BORROW_NOT_ALLOWED');
      expect((await api('GET', '/wallet', 'noborrow')).body.data.can_borrow).toBe(false);
      expect((await api('POST', '/wallet/borrow', 'maxed', { amount: 5 })).body.code).toBe('BORROW_NOT_ALLOWED');
      expect(txs('noborrow')).toEqual([]);
    });
  });

  describe('Idempotency-Key', () => {
    it('a borrow submitted twice with the same key applies once (sequential and concurrent)', async () => {
      const h = { 'Idempotency-Key': 'borrow-key-1' };
      const a = await api('POST', '/wallet/borrow', 'idem', { amount: 10 }, h);
      const b = await api('POST', '/wallet/borrow', 'idem', { amount: 10 }, h);
      expect(a.body).toEqual({ credits: 10, loan_credits: 10 });
      expect(b.status).toBe(200);
      expect(b.body).toEqual(a.body);
      expect(b.headers.get('idempotent-replayed')).toBe('true');
      const k = { 'Idempotency-Key': 'borrow-key-2' };
      const [c1, c2] = await Promise.all([
        api('POST', '/wallet/borrow', 'idem', { amount: 5 }, k),
        api('POST', '/wallet/borrow', 'idem', { amount: 5 }, k),
      ]);
      expect(c1.body).toEqual({ credits: 15, loan_credits: 15 });
      expect(c2.body).toEqual(c1.body);
      expect(user('idem')).toMatchObject({ credits: 15, loan_credits: 15 });
      expect(txs('idem')).toHaveLength(2);
    });

    it('a recharge submitted twice with the same key applies once and both get the success reply', async () => {
      const order1 = await paidOrder('idem2', 12);
      const h = { 'Idempotency-Key': 'recharge-key-1' };
      const a = await api('POST', '/wallet/recharge', 'idem2', { order_id: order1 }, h);
      const b = await api('POST', '/wallet/recharge', 'idem2', { order_id: order1 }, h);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(b.body).toEqual({ credits: 12, loan_credits: 0 });
      const order2 = await paidOrder('idem2', 13);
      const k = { 'Idempotency-Key': 'recharge-key-2' };
      const [c1, c2] = await Promise.all([
        api('POST', '/wallet/recharge', 'idem2', { order_id: order2 }, k),
        api('POST', '/wallet/recharge', 'idem2', { order_id: order2 }, k),
      ]);
      expect([c1.status, c2.status]).toEqual([200, 200]);
      expect(c2.body).toEqual(c1.body);
      expect(user('idem2').credits).toBe(25);
      expect(txs('idem2').filter((t) => t.type === 'recharge')).toHaveLength(2);
    });
  });
});
