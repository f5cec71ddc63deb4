import { Hono } from 'hono';
import type { Env } from '../lib/context.ts';
import { hashPassword, requireAuth, requireStudent } from '../lib/auth.ts';
import { business, forbidden, invalid, notFound } from '../lib/errors.ts';
import { idParam, numberOf, readBody } from '../lib/request.ts';
import { applyCredits } from '../lib/ledger.ts';
import { validateRegistration, RegistrationMessages } from '../lib/registration.ts';
import { getSettings } from '../lib/settings.ts';
import { childOf, childrenOf, insertChild, parseAmount } from '../lib/wallet.ts';

/**
 * Family accounts: a student (the parent) lists, creates and funds child accounts — students whose
 * `parent_id` is the parent. A child account cannot have children of its own; another parent's
 * child is 404.
 */
export const familyRoutes = new Hono<Env>();

familyRoutes.use('/childs', requireAuth);
familyRoutes.use('/childs/*', requireAuth);

familyRoutes.get('/childs', (c) => {
  const user = c.get('user');
  requireStudent(user);
  return c.json({ data: childrenOf(c.get('app'), user.id), meta: { cap_running: getSettings(c.get('app').db).children_cap_running } });
});

familyRoutes.get('/childs/:id{[0-9]+}', (c) => {
  const user = c.get('user');
  requireStudent(user);
  const child = childOf(c.get('app'), user.id, idParam(c));
  if (!child) throw notFound();
  return c.json({ data: child });
});

/** Creates a child account from the registration form data: verified, in the parent's timezone. */
familyRoutes.post('/childs', async (c) => {
  const user = c.get('user');
  requireStudent(user);
  if (user.parent_id != null) throw forbidden();
  const app = c.get('app');
  if (getSettings(app.db).children_cap_running) throw business('NOT_ALLOWED');
  const body = await readBody(c);
  const taken = (email: string) => !!app.db.prepare('SELECT 1 FROM users WHERE email = ?').get(email);
  const reg = validateRegistration(body, app.now(), taken);
  const passwordHash = await hashPassword(reg.password);
  let id: number;
  try {
    id = app.db.transaction(() => insertChild(app, user.id, user.timezone, reg, passwordHash))();
  } catch (e) {
    if ((e as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') throw invalid('email', RegistrationMessages.emailTaken);
    throw e;
  }
  return c.json({ data: childOf(app, user.id, id) });
});

/** Moves credits from the parent to one of their children. */
familyRoutes.post('/childs/transfer', async (c) => {
  const user = c.get('user');
  requireStudent(user);
  const app = c.get('app');
  const body = await readBody(c);
  const childId = numberOf(body.child_id);
  if (body.child_id === undefined || body.child_id === null || body.child_id === '') throw invalid('child_id', 'The child id field is required.');
  if (!Number.isInteger(childId) || childId <= 0) throw notFound();
  const out = app.db.transaction(() => {
    const child = app.db.prepare('SELECT id, name FROM users WHERE id = ? AND parent_id = ?').get(childId, user.id) as
      | { id: number; name: string }
      | undefined;
    if (!child) throw notFound();
    const amount = parseAmount(body.amount, { min: 1, minMessage: 'The amount must be at least 1.' });
    const parent = app.db.prepare('SELECT name, credits FROM users WHERE id = ?').get(user.id) as { name: string; credits: number };
    if (parent.credits < amount) throw business('NO_ENOUGH_CREDITS');
    const after = applyCredits(app, user.id, 'family_balance_transfer', -amount, { amount, comment: `Transfer to ${child.name}` });
    applyCredits(app, child.id, 'family_balance_transfer', amount, { amount, comment: `Transfer from ${parent.name}` });
    return { parent_credits: after.credits, childs: childrenOf(app, user.id) };
  })();
  return c.json(out);
});
