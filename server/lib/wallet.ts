import crypto from 'node:crypto';
import type { ServerLocale } from './i18n.ts';
import type { AppContext } from './context.ts';
import { money } from '../db/index.ts';
import { applyCredits } from './ledger.ts';
import { notify } from './notify.ts';
import { invalid } from './errors.ts';
import type { Registration } from './registration.ts';

/**
 * Wallet rules shared by the wallet, family and test routes: amount parsing, the payment methods,
 * the recharge completion (loan deduction, referral reward, manual-method bonus), the borrow cap,
 * the weekly cost and the Child resource.
 */

/** Largest single amount accepted anywhere (a sanity bound, not a business rule of the spec). */
export const MAX_AMOUNT = 100_000;

export const usd = (n: number) => `$${money(n).toFixed(2)}`;

/**
 * A money amount: in a JSON body a JSON number (never a string, array or object), in a multipart
 * form (`form: true`) a plain decimal string (`30`, `12.5`); either way > 0, at most two decimals
 * and at most MAX_AMOUNT; `min` adds a lower bound with its own message. Throws a 422 on `field`.
 */
export function parseAmount(raw: unknown, opts: { field?: string; min?: number; minMessage?: string; form?: boolean } = {}): number {
  const field = opts.field ?? 'amount';
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) {
    throw invalid(field, `The ${field} field is required.`);
  }
  const n = opts.form
    ? (typeof raw === 'string' && /^\s*\d{1,9}(\.\d{1,2})?\s*$/.test(raw) ? Number(raw) : NaN)
    : (typeof raw === 'number' ? raw : NaN);
  if (!Number.isFinite(n)) throw invalid(field, `The ${field} must be a number.`);
  if (n <= 0) throw invalid(field, `The ${field} must be greater than 0.`);
  if (Math.abs(n * 100 - Math.round(n * 100)) > 1e-6) throw invalid(field, `The ${field} must have at most 2 decimal places.`);
  if (n > MAX_AMOUNT) throw invalid(field, `The ${field} may not be greater than ${MAX_AMOUNT}.`);
  if (opts.min !== undefined && n < opts.min) throw invalid(field, opts.minMessage ?? `The ${field} must be at least ${opts.min}.`);
  return money(n);
}

export const minRechargeMessage = (min: number) => `Cannot recharge less than ${min}$`;

export interface PaymentMethod {
  id: string;
  type: 'card' | 'manual';
  name: string;
  text: string;
  logo: string;
  reward: string | null;
  steps: string[];
}

/**
 * The payment methods the wallet offers. A method's `reward` label is a promise: `rewardPercent`
 * is paid as a `wise_reward` transaction when such a manual payment is approved (only Wise carries
 * one, because `wise_reward` is the only bonus transaction type the spec names).
 */
export const PAYMENT_METHODS: (PaymentMethod & { rewardPercent: number })[] = [
  {
    id: 'card', type: 'card', name: 'Credit / Debit Card', text: 'Pay instantly with Visa or Mastercard.',
    logo: '/payment/card.svg', reward: null, steps: [], rewardPercent: 0,
  },
  {
    id: 'bank', type: 'manual', name: 'Bank Transfer',
    text: 'Transfer {AMOUNT}$ to our bank account **EG12 0003 0001 2345 6789** and send us the receipt.',
    logo: '/payment/bank.svg', reward: null,
    steps: ['Transfer the amount from your bank.', 'Send us a message with the transfer reference and a photo of the receipt.'],
    rewardPercent: 0,
  },
  {
    id: 'wise', type: 'manual', name: 'Wise',
    text: 'Send **{AMOUNT}$** to payments@example.com on Wise and send us a screenshot of the transfer.',
    logo: '/payment/wise.svg', reward: '+5% bonus',
    steps: ['Send the amount to payments@example.com on Wise.', 'Send us a message with a screenshot of the transfer.'],
    rewardPercent: 5,
  },
  {
    id: 'instapay', type: 'manual', name: 'InstaPay',
    text: 'Send **{AMOUNT}$** (in EGP at the day\'s rate) to **tutoring@instapay** and send us the receipt.',
    logo: '/payment/instapay.svg', reward: null,
    steps: ['Send the amount to tutoring@instapay.', 'Send us a message with a screenshot of the transfer.'],
    rewardPercent: 0,
  },
];

/** The methods' words in Arabic (the server's own content answers in the language asked: issue 28 item 7). */
const PAYMENT_METHODS_AR: Record<string, Pick<PaymentMethod, 'name' | 'text' | 'steps'> & { reward?: string }> = {
  card: { name: 'بطاقة ائتمان / خصم', text: 'ادفع فورًا ببطاقة Visa أو Mastercard.', steps: [] },
  bank: {
    name: 'تحويل بنكي',
    text: 'حوّل {AMOUNT}$ إلى حسابنا البنكي **EG12 0003 0001 2345 6789** وأرسل لنا الإيصال.',
    steps: ['حوّل المبلغ من بنكك.', 'أرسل لنا رسالة فيها مرجع التحويل وصورة الإيصال.'],
  },
  wise: {
    name: 'Wise',
    text: 'أرسل **{AMOUNT}$** إلى payments@example.com عبر Wise وأرسل لنا لقطة شاشة للتحويل.',
    reward: 'مكافأة +5%',
    steps: ['أرسل المبلغ إلى payments@example.com عبر Wise.', 'أرسل لنا رسالة فيها لقطة شاشة للتحويل.'],
  },
  instapay: {
    name: 'InstaPay',
    text: 'أرسل **{AMOUNT}$** (بالجنيه المصري بسعر اليوم) إلى **tutoring@instapay** وأرسل لنا الإيصال.',
    steps: ['أرسل المبلغ إلى tutoring@instapay.', 'أرسل لنا رسالة فيها لقطة شاشة للتحويل.'],
  },
};

/** The payment methods as the wallet answers them, in the language asked. */
export const publicPaymentMethods = (locale: ServerLocale = 'en'): PaymentMethod[] =>
  PAYMENT_METHODS.map(({ rewardPercent: _r, ...m }) => {
    const ar = locale === 'ar' ? PAYMENT_METHODS_AR[m.id] : undefined;
    return ar ? { ...m, name: ar.name, text: ar.text, steps: ar.steps, reward: m.reward && (ar.reward ?? m.reward) } : m;
  });
export const manualMethod = (id: string) => PAYMENT_METHODS.find((m) => m.type === 'manual' && m.id === id);

/** Referral: the referrer and the friend each get 10% of the friend's first recharge, up to $8. */
export const REFERRAL_PERCENT = 10;
export const REFERRAL_CAP = 8;

interface WalletUserRow {
  id: number; name: string; credits: number; loan_credits: number; referred_by: number | null; referral_rewarded: number;
}

/**
 * Credits a completed recharge (card order or approved manual payment). Call inside `db.transaction`.
 * 1. `recharge` +amount; 2. a loan is paid back first: `borrow_balance_deduct` −min(loan, amount);
 * 3. a manual method's bonus (`wise_reward`); 4. on the user's first recharge, when referred, the
 * referral reward to both sides. Notifies `recharge_completed`.
 */
export function completeRecharge(
  app: AppContext,
  userId: number,
  amount: number,
  opts: { comment?: string | null; methodId?: string } = {},
): { credits: number; loan_credits: number } {
  const user = app.db
    .prepare('SELECT id, name, credits, loan_credits, referred_by, referral_rewarded FROM users WHERE id = ?')
    .get(userId) as WalletUserRow | undefined;
  if (!user) throw new Error(`completeRecharge: no user ${userId}`);
  const priorRecharges = (app.db
    .prepare("SELECT COUNT(*) AS n FROM transactions WHERE user_id = ? AND type = 'recharge'")
    .get(userId) as { n: number }).n;

  let state = applyCredits(app, userId, 'recharge', amount, { amount, comment: opts.comment ?? null });

  if (state.loan_credits > 0) {
    const x = money(Math.min(state.loan_credits, amount));
    state = applyCredits(app, userId, 'borrow_balance_deduct', -x, { amount: x, loanDelta: -x, comment: 'Loan paid back from recharge' });
  }

  const method = opts.methodId ? PAYMENT_METHODS.find((m) => m.id === opts.methodId) : undefined;
  if (method && method.rewardPercent > 0) {
    const bonus = money((amount * method.rewardPercent) / 100);
    if (bonus > 0) state = applyCredits(app, userId, 'wise_reward', bonus, { amount: bonus, comment: `${method.name} ${method.reward}` });
  }

  if (user.referred_by && user.referred_by !== userId && !user.referral_rewarded && priorRecharges === 0) {
    const referrer = app.db.prepare('SELECT id, name FROM users WHERE id = ?').get(user.referred_by) as { id: number; name: string } | undefined;
    if (referrer) {
      const reward = money(Math.min(REFERRAL_CAP, (amount * REFERRAL_PERCENT) / 100));
      if (reward > 0) {
        state = applyCredits(app, userId, 'referral_reward', reward, { amount: reward, comment: `Referral reward (invited by ${referrer.name})` });
        applyCredits(app, referrer.id, 'referral_reward', reward, { amount: reward, comment: `Referral reward (${user.name}'s first recharge)` });
      }
      app.db.prepare('UPDATE users SET referral_rewarded = 1 WHERE id = ?').run(userId);
    }
  }

  notify(app, userId, 'recharge_completed', 'Wallet recharged', `You have successfully recharged your wallet with ${usd(amount)}.`);
  return state;
}

/** What is left to borrow: max_borrow_amount − loan_credits, never below 0. */
export function borrowRemainder(u: { max_borrow_amount: number; loan_credits: number }): number {
  return money(Math.max(0, u.max_borrow_amount - u.loan_credits));
}

/**
 * The student's weekly cost: over approved/joined enrolments, class price (enrolment hourly_price,
 * else the course's, × duration / 60) × classes per week.
 */
export function weeklyCost(app: AppContext, studentId: number): number {
  const rows = app.db
    .prepare(
      `SELECT COALESCE(e.hourly_price, c.hourly_price) AS price, e.class_duration AS duration, e.weekly_classes AS weekly
       FROM enrollments e JOIN courses c ON c.id = e.course_id
       WHERE e.student_id = ? AND e.status IN ('approved', 'joined')`,
    )
    .all(studentId) as { price: number; duration: number; weekly: number }[];
  return money(rows.reduce((s, r) => s + ((r.price * r.duration) / 60) * r.weekly, 0));
}

export const pendingPaymentsCount = (app: AppContext, userId: number): number =>
  (app.db.prepare("SELECT COUNT(*) AS n FROM payments WHERE user_id = ? AND status = 'review'").get(userId) as { n: number }).n;

export interface ChildRow { id: number; name: string; email: string; avatar: string | null; credits: number; loan_credits: number }

export const serializeChild = (c: ChildRow) => ({
  id: c.id, name: c.name, email: c.email, avatar: c.avatar, credits: c.credits, loan_credits: c.loan_credits,
});

export function childrenOf(app: AppContext, parentId: number) {
  return (app.db
    .prepare('SELECT id, name, email, avatar, credits, loan_credits FROM users WHERE parent_id = ? ORDER BY id')
    .all(parentId) as ChildRow[]).map(serializeChild);
}

export function childOf(app: AppContext, parentId: number, childId: number) {
  const row = app.db
    .prepare('SELECT id, name, email, avatar, credits, loan_credits FROM users WHERE id = ? AND parent_id = ?')
    .get(childId, parentId) as ChildRow | undefined;
  return row ? serializeChild(row) : null;
}

/** Attachment check: declared image MIME and image magic bytes (png, jpeg, gif, webp); body.ts caps the size. */
export function imageExtension(bytes: Uint8Array, mime: string): string | null {
  if (!mime.startsWith('image/')) return null;
  const b = bytes;
  const ascii = (from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
  if (b.length >= 8 && b[0] === 0x89 && ascii(1, 4) === 'PNG' && b[4] === 0x0d && b[5] === 0x0a && b[6] === 0x1a && b[7] === 0x0a) return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpg';
  if (b.length >= 6 && (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a')) return 'gif';
  if (b.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return null;
}

export const randomId = (bytes = 12) => crypto.randomBytes(bytes).toString('hex');

/**
 * Inserts a verified student account under `parentId` with the parent's timezone; returns its id.
 * `passwordHash` is hashed beforehand (asynchronously, outside the transaction).
 */
export function insertChild(app: AppContext, parentId: number, timezone: string, r: Registration, passwordHash: string): number {
  const now = app.now();
  const res = app.db
    .prepare(
      `INSERT INTO users (name, email, password_hash, group_id, timezone, email_verified_at, phone, full_phone,
        phone_country, gender, date_of_birth, parent_id, referral_token, created_at)
       VALUES (?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(r.name, r.email, passwordHash, timezone, now, r.phone, r.full_phone, r.phone_country, r.gender,
      r.date_of_birth, parentId, randomId(8), now);
  return Number(res.lastInsertRowid);
}
