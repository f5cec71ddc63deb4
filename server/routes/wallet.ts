import { Hono } from 'hono';
import fs from 'node:fs';
import path from 'node:path';
import type { AppContext, Env } from '../lib/context.ts';
import { requireAuth, requireStudent, testOnly } from '../lib/auth.ts';
import { business, notFound, validation, ApiError } from '../lib/errors.ts';
import { idParam, readBody } from '../lib/request.ts';
import { readText } from '../lib/text.ts';
import { maxUploadBytes } from '../lib/body.ts';
import { getSettings } from '../lib/settings.ts';
import { applyCredits } from '../lib/ledger.ts';
import { notify } from '../lib/notify.ts';
import { referralLink } from '../lib/user.ts';
import { replyLocale } from '../lib/i18n.ts';
import {
  borrowRemainder, completeRecharge, imageExtension, manualMethod, minRechargeMessage,
  parseAmount, pendingPaymentsCount, publicPaymentMethods, randomId, usd, weeklyCost,
} from '../lib/wallet.ts';

/**
 * The wallet: balance and payment methods, the simulated card provider (orders created, captured,
 * then spent once by POST /wallet/recharge), the manual gateway (payments under review), borrowing.
 * Students only; every money move goes through applyCredits inside one db transaction.
 */
export const walletRoutes = new Hono<Env>();

walletRoutes.use('/wallet/*', requireAuth);
walletRoutes.use('/payments/*', requireAuth);

interface WalletRow {
  id: number; credits: number; loan_credits: number; can_borrow: number; max_borrow_amount: number; referral_token: string | null;
}

const walletRow = (app: AppContext, id: number) =>
  app.db
    .prepare('SELECT id, credits, loan_credits, can_borrow, max_borrow_amount, referral_token FROM users WHERE id = ?')
    .get(id) as WalletRow;

walletRoutes.get('/wallet', (c) => {
  const user = c.get('user');
  requireStudent(user);
  const app = c.get('app');
  const u = walletRow(app, user.id);
  // Its payment methods' words are in the language asked.
  const locale = replyLocale(c);
  return c.json({
    data: {
      credits: u.credits,
      loan_credits: u.loan_credits,
      can_borrow: u.can_borrow === 1,
      max_borrow_amount: u.max_borrow_amount,
      payment_methods: publicPaymentMethods(locale),
      pending_payments_count: pendingPaymentsCount(app, user.id),
      min_recharge_amount: getSettings(app.db).min_recharge_amount,
      referral_link: referralLink(new URL(c.req.url).origin, u.referral_token),
      weekly_cost: weeklyCost(app, user.id),
    },
  });
});

/* ---- simulated card provider ---------------------------------------------------------------- */

interface OrderRow { id: string; user_id: number; amount: number; status: string }

walletRoutes.post('/payments/orders', async (c) => {
  const user = c.get('user');
  requireStudent(user);
  const app = c.get('app');
  const body = await readBody(c);
  const min = getSettings(app.db).min_recharge_amount;
  const amount = parseAmount(body.amount, { min, minMessage: minRechargeMessage(min) });
  const id = `ORD-${randomId(10).toUpperCase()}`;
  app.db
    .prepare("INSERT INTO card_orders (id, user_id, amount, status, created_at) VALUES (?, ?, ?, 'CREATED', ?)")
    .run(id, user.id, amount, app.now());
  return c.json({ id, status: 'CREATED', amount });
});

const ownOrder = (app: AppContext, id: string, userId: number): OrderRow => {
  const o = app.db.prepare('SELECT id, user_id, amount, status FROM card_orders WHERE id = ?').get(id) as OrderRow | undefined;
  if (!o || o.user_id !== userId) throw notFound();
  return o;
};

/** Captures a created order. An amount whose cents are .13 is declined (the provider's test card). */
walletRoutes.post('/payments/orders/:id/capture', (c) => {
  const user = c.get('user');
  requireStudent(user);
  const o = ownOrder(c.get('app'), c.req.param('id'), user.id);
  if (o.status === 'COMPLETED') return c.json({ id: o.id, status: 'COMPLETED' });
  if (o.status !== 'CREATED') throw business('NOT_ALLOWED');
  const declined = Math.round(o.amount * 100) % 100 === 13;
  const status = declined ? 'DECLINED' : 'COMPLETED';
  c.get('app').db.prepare('UPDATE card_orders SET status = ? WHERE id = ?').run(status, o.id);
  if (declined) throw new ApiError(402, { code: 'CARD_DECLINED', message: 'CARD_DECLINED' });
  return c.json({ id: o.id, status });
});

/** Spends a captured card order: credits the wallet once (the order becomes USED, and the user's). */
walletRoutes.post('/wallet/recharge', async (c) => {
  const user = c.get('user');
  requireStudent(user);
  const app = c.get('app');
  const body = await readBody(c);
  const orderId = typeof body.order_id === 'string' ? body.order_id.trim() : typeof body.order_id === 'number' ? String(body.order_id) : '';
  if (!orderId) throw validation({ order_id: ['The order id field is required.'] });
  const result = app.db.transaction(() => {
    // An order the provider's script made (server/routes/paypal-sandbox.ts) has no owner until spent:
    // the first user to spend it, as a real backend verifying the order with the provider would.
    const o = app.db.prepare('SELECT id, user_id, amount, status FROM card_orders WHERE id = ?').get(orderId) as (Omit<OrderRow, 'user_id'> & { user_id: number | null }) | undefined;
    if (!o || (o.user_id !== null && o.user_id !== user.id)) throw notFound();
    if (o.status !== 'COMPLETED') throw business('NOT_ALLOWED');
    const changed = app.db.prepare("UPDATE card_orders SET status = 'USED', user_id = ? WHERE id = ? AND status = 'COMPLETED'").run(user.id, o.id).changes;
    if (changed !== 1) throw business('NOT_ALLOWED');
    return completeRecharge(app, user.id, o.amount, { comment: `Card payment ${o.id}`, methodId: 'card' });
  })();
  return c.json(result);
});

/* ---- manual gateway ------------------------------------------------------------------------- */

const first = (v: unknown) => (Array.isArray(v) ? v[0] : v);
const attachmentTooLarge = (max: number) => `The attachment may not be greater than ${Math.floor(max / 1024)} kilobytes.`;

walletRoutes.post('/wallet/recharge/ebmgateway', async (c) => {
  const user = c.get('user');
  requireStudent(user);
  const app = c.get('app');
  // The body is streamed with limits (lib/body.ts): a request over the upload limit is a 413 before
  // this runs, a file over 5 MB arrives as an OversizedFile whose bytes were not kept.
  const body = await readBody(c);
  const isForm = /multipart\/form-data|application\/x-www-form-urlencoded/i.test(c.req.header('content-type') ?? '');
  const min = getSettings(app.db).min_recharge_amount;
  const errors: Record<string, string[]> = {};
  let amount = 0;
  try {
    amount = parseAmount(body.amount, { min, minMessage: minRechargeMessage(min), form: isForm });
  } catch (e) {
    if (e instanceof ApiError) Object.assign(errors, (e.body as { errors: Record<string, string[]> }).errors);
    else throw e;
  }
  const methodId = first(body.payment_method);
  const method = typeof methodId === 'string' ? manualMethod(methodId) : undefined;
  if (!methodId) errors.payment_method = ['The payment method field is required.'];
  else if (!method) errors.payment_method = ['The selected payment method is invalid.'];
  const checkedMessage = readText(first(body.message), 'message');
  const message = checkedMessage.text;
  if (checkedMessage.error) errors.message = [checkedMessage.error];
  else if (!message) errors.message = ['The message field is required.'];
  else if (message.length > 2000) errors.message = ['The message may not be greater than 2000 characters.'];

  const att = first(body.attachment);
  let file: { bytes: Uint8Array; ext: string } | null = null;
  if (att instanceof File && att.size > 0) {
    const max = maxUploadBytes(app);
    const bytes = att.size <= max ? new Uint8Array(await att.arrayBuffer()) : new Uint8Array();
    const ext = att.size <= max ? imageExtension(bytes, att.type) : null;
    if (att.size > max) errors.attachment = [attachmentTooLarge(max)];
    else if (!ext) errors.attachment = ['The attachment must be an image.'];
    else file = { bytes, ext };
  } else if (att !== undefined && att !== null && att !== '' && !(att instanceof File)) {
    errors.attachment = ['The attachment must be an image.'];
  }
  if (Object.keys(errors).length) throw validation(errors);

  let attachmentUrl: string | null = null;
  if (file) {
    const dir = path.join(app.uploadsDir, 'payments');
    fs.mkdirSync(dir, { recursive: true });
    const name = `${randomId(16)}.${file.ext}`;
    fs.writeFileSync(path.join(dir, name), file.bytes);
    attachmentUrl = `/uploads/payments/${name}`;
  }
  app.db
    .prepare("INSERT INTO payments (user_id, amount, payment_method, message, attachment, status, created_at) VALUES (?, ?, ?, ?, ?, 'review', ?)")
    .run(user.id, amount, method!.id, message, attachmentUrl, app.now());
  return c.json({
    message: 'We are reviewing your payment and you will be notified that balance added.',
    pending_payments_count: pendingPaymentsCount(app, user.id),
  });
});

/* ---- borrow --------------------------------------------------------------------------------- */

walletRoutes.post('/wallet/borrow', async (c) => {
  const user = c.get('user');
  requireStudent(user);
  const app = c.get('app');
  const body = await readBody(c);
  const result = app.db.transaction(() => {
    const u = walletRow(app, user.id);
    if (u.can_borrow !== 1) throw business('BORROW_NOT_ALLOWED');
    const remainder = borrowRemainder(u);
    if (remainder <= 0) throw business('BORROW_NOT_ALLOWED');
    const amount = parseAmount(body.amount, { min: 1, minMessage: 'The amount must be at least 1.' });
    if (amount > remainder) throw business('MAX_BORROW_AMOUNT_EXCEEDED');
    const state = applyCredits(app, user.id, 'borrow_balance', amount, { amount, loanDelta: amount, comment: 'Borrowed balance' });
    notify(app, user.id, 'borrow_balance', 'Balance borrowed', `Borrow balance transaction done successfully: ${usd(amount)} added to your wallet.`);
    return state;
  })();
  return c.json(result);
});

/* ---- test-only: the admin approves or rejects a manual payment ------------------------------ */

interface PaymentRow { id: number; user_id: number; amount: number; payment_method: string; status: string }

walletRoutes.post('/test/payments/:id/approve', testOnly, (c) => {
  const app = c.get('app');
  const id = idParam(c);
  const out = app.db.transaction(() => {
    const p = app.db.prepare('SELECT id, user_id, amount, payment_method, status FROM payments WHERE id = ?').get(id) as PaymentRow | undefined;
    if (!p) throw notFound();
    if (p.status !== 'review') throw business('NOT_ALLOWED');
    app.db.prepare("UPDATE payments SET status = 'completed' WHERE id = ?").run(id);
    const state = completeRecharge(app, p.user_id, p.amount, { comment: `Manual payment #${p.id} (${p.payment_method})`, methodId: p.payment_method });
    return { id: p.id, status: 'completed', ...state };
  })();
  return c.json(out);
});

walletRoutes.post('/test/payments/:id/reject', testOnly, (c) => {
  const app = c.get('app');
  const id = idParam(c);
  const changed = app.db.prepare("UPDATE payments SET status = 'rejected' WHERE id = ? AND status = 'review'").run(id).changes;
  if (!changed) throw app.db.prepare('SELECT 1 FROM payments WHERE id = ?').get(id) ? business('NOT_ALLOWED') : notFound();
  return c.json({ id, status: 'rejected' });
});

/** Test-only: the manual payments of a user (newest first), to find the id to approve. */
walletRoutes.get('/test/payments', testOnly, (c) => {
  const userId = Number(c.req.query('user_id'));
  const rows = c.get('app').db
    .prepare('SELECT id, user_id, amount, payment_method, message, attachment, status FROM payments WHERE user_id = ? ORDER BY id DESC')
    .all(Number.isInteger(userId) ? userId : -1);
  return c.json({ data: rows });
});
