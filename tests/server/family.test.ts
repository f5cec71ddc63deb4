import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createUser, type UserInput } from '../../server/seed/factory.ts';
import { issueToken, verifyPassword } from '../../server/lib/auth.ts';
import { setSetting } from '../../server/lib/settings.ts';

const U: Record<string, { id: number; token: string }> = {};

const registration = (email: string) => ({
  name: 'Yusuf Junior',
  email,
  password: 'secret12',
  phone: '1001234567',
  gender: 'male',
  full_phone: '+201001234567',
  phone_country: 'EG',
  date_of_birth: '2015-05-01',
});

describe('family accounts: children and transfers', () => {
  let s: TestServer;

  beforeAll(async () => {
    s = await startTestServer({}, (db) => {
      const add = (handle: string, extra: Partial<UserInput> = {}) => {
        const id = createUser(db, { name: `User ${handle}`, email: `${handle}@example.com`, ...extra });
        U[handle] = { id, token: issueToken(db, id, Date.now()) };
        return id;
      };
      const parent = add('parent', { credits: 30, timezone: 'Europe/London' });
      add('kid', { parent_id: parent, credits: 1.5, avatar: '/avatars/kid.png' });
      add('kid2', { parent_id: parent, credits: 4 });
      const other = add('other', { credits: 100 });
      add('otherkid', { parent_id: other, credits: 0 });
      add('teacher', { group_id: 1 });
      const p2 = add('idemparent', { credits: 50 });
      add('idemkid', { parent_id: p2, credits: 0 });
      add('creator', { timezone: 'Asia/Dubai' });
    });
  });
  afterAll(() => s.close());

  const api = (method: string, p: string, who: string, body?: unknown, headers?: Record<string, string>) =>
    s.api(method, p, { token: U[who]!.token, body, headers });
  const credits = (who: string) => (s.app.db.prepare('SELECT credits FROM users WHERE id = ?').get(U[who]!.id) as { credits: number }).credits;

  describe('GET /childs and /childs/:id', () => {
    it('lists the parent\'s children only, with cap_running false', async () => {
      const r = await api('GET', '/childs', 'parent');
      expect(r.status).toBe(200);
      expect(r.body).toEqual({
        data: [
          { id: U.kid!.id, name: 'User kid', email: 'kid@example.com', avatar: '/avatars/kid.png', credits: 1.5, loan_credits: 0 },
          { id: U.kid2!.id, name: 'User kid2', email: 'kid2@example.com', avatar: null, credits: 4, loan_credits: 0 },
        ],
        meta: { cap_running: false },
      });
      expect((await api('GET', '/childs', 'creator')).body.data).toEqual([]);
    });

    it('while a cap runs, the list says so and no child account can be created', async () => {
      setSetting(s.app.db, 'children_cap_running', true);
      try {
        expect((await api('GET', '/childs', 'parent')).body.meta).toEqual({ cap_running: true });
        const r = await api('POST', '/childs', 'creator', registration('capped.kid@example.com'));
        expect(r.status).toBe(400);
        expect(r.body.code).toBe('NOT_ALLOWED');
        expect((await s.api('GET', '/app')).body.data).not.toHaveProperty('children_cap_running');
      } finally {
        setSetting(s.app.db, 'children_cap_running', false);
      }
      expect((await api('GET', '/childs', 'parent')).body.meta).toEqual({ cap_running: false });
    });

    it('shows one own child; another parent\'s child or an unknown id is 404', async () => {
      const r = await api('GET', `/childs/${U.kid!.id}`, 'parent');
      expect(r.status).toBe(200);
      expect(r.body.data).toEqual({ id: U.kid!.id, name: 'User kid', email: 'kid@example.com', avatar: '/avatars/kid.png', credits: 1.5, loan_credits: 0 });
      expect((await api('GET', `/childs/${U.otherkid!.id}`, 'parent')).status).toBe(404);
      expect((await api('GET', `/childs/${U.other!.id}`, 'parent')).status).toBe(404);
      expect((await api('GET', '/childs/999999', 'parent')).status).toBe(404);
      expect((await api('GET', `/childs/${U.parent!.id}`, 'kid')).status).toBe(404);
    });

    it('is for students only', async () => {
      expect((await api('GET', '/childs', 'teacher')).status).toBe(403);
      expect((await api('GET', `/childs/${U.kid!.id}`, 'teacher')).status).toBe(403);
      expect((await api('POST', '/childs', 'teacher', registration('t-kid@example.com'))).status).toBe(403);
      expect((await api('POST', '/childs/transfer', 'teacher', { child_id: U.kid!.id, amount: 1 })).status).toBe(403);
      expect((await s.api('GET', '/childs')).status).toBe(401);
    });
  });

  describe('POST /childs', () => {
    it('creates a verified student under the parent, in the parent\'s timezone', async () => {
      const r = await api('POST', '/childs', 'creator', registration('new.kid@example.com'));
      expect(r.status).toBe(200);
      expect(r.body.data).toEqual({ id: expect.any(Number), name: 'Yusuf Junior', email: 'new.kid@example.com', avatar: null, credits: 0, loan_credits: 0 });
      const row = s.app.db.prepare('SELECT * FROM users WHERE id = ?').get(r.body.data.id) as {
        parent_id: number; timezone: string; group_id: number; email_verified_at: number | null; password_hash: string; date_of_birth: string;
      };
      expect(row).toMatchObject({ parent_id: U.creator!.id, timezone: 'Asia/Dubai', group_id: 0, date_of_birth: '2015-05-01' });
      expect(row.email_verified_at).not.toBeNull();
      expect(await verifyPassword('secret12', row.password_hash)).toBe(true);
      const list = await api('GET', '/childs', 'creator');
      expect(list.body.data.map((c: { id: number }) => c.id)).toEqual([r.body.data.id]);
      // the child can sign in with the chosen password
      const login = await s.api('POST', '/login', { body: { email: 'new.kid@example.com', password: 'secret12' } });
      expect(login.status).toBe(200);
    });

    it('validates the registration data (required, email, duplicate, password length)', async () => {
      const missing = await api('POST', '/childs', 'creator', { ...registration('x1@example.com'), email: '' });
      expect(missing.status).toBe(422);
      expect(missing.body.errors.email).toHaveLength(1);
      const dup = await api('POST', '/childs', 'creator', registration('kid@example.com'));
      expect(dup.status).toBe(422);
      expect(dup.body.errors.email).toEqual(['The email has already been taken.']);
      const short = await api('POST', '/childs', 'creator', { ...registration('x2@example.com'), password: '12345' });
      expect(short.status).toBe(422);
      expect(Object.keys(short.body.errors)).toEqual(['password']);
      const bad = await api('POST', '/childs', 'creator', { ...registration('not-an-email'), name: '' });
      expect(Object.keys(bad.body.errors).sort()).toEqual(['email', 'name']);
      const n = s.app.db.prepare('SELECT COUNT(*) AS n FROM users WHERE parent_id = ?').get(U.creator!.id) as { n: number };
      expect(n.n).toBe(1);
    });

    it('a child account cannot create children', async () => {
      const r = await api('POST', '/childs', 'kid', registration('grandkid@example.com'));
      expect(r.status).toBe(403);
      expect(s.app.db.prepare('SELECT 1 FROM users WHERE email = ?').get('grandkid@example.com')).toBeUndefined();
    });
  });

  describe('POST /childs/transfer', () => {
    it('moves credits from the parent to the child, with a transaction on each side', async () => {
      const r = await api('POST', '/childs/transfer', 'parent', { child_id: U.kid!.id, amount: 10.25 });
      expect(r.status).toBe(200);
      expect(r.body.parent_credits).toBe(19.75);
      expect(r.body.childs).toEqual([
        { id: U.kid!.id, name: 'User kid', email: 'kid@example.com', avatar: '/avatars/kid.png', credits: 11.75, loan_credits: 0 },
        { id: U.kid2!.id, name: 'User kid2', email: 'kid2@example.com', avatar: null, credits: 4, loan_credits: 0 },
      ]);
      expect(credits('parent')).toBe(19.75);
      expect(credits('kid')).toBe(11.75);
      const tx = s.app.db
        .prepare("SELECT user_id, value, amount, comment, credits_after FROM transactions WHERE type = 'family_balance_transfer' ORDER BY id")
        .all();
      expect(tx).toEqual([
        { user_id: U.parent!.id, value: -10.25, amount: 10.25, comment: 'Transfer to User kid', credits_after: 19.75 },
        { user_id: U.kid!.id, value: 10.25, amount: 10.25, comment: 'Transfer from User parent', credits_after: 11.75 },
      ]);
    });

    it('refuses more than the parent has, under 1, another parent\'s child and a missing child id', async () => {
      const over = await api('POST', '/childs/transfer', 'parent', { child_id: U.kid2!.id, amount: 19.76 });
      expect(over.status).toBe(400);
      expect(over.body).toEqual({ code: 'NO_ENOUGH_CREDITS', message: 'NO_ENOUGH_CREDITS' });
      const small = await api('POST', '/childs/transfer', 'parent', { child_id: U.kid2!.id, amount: 0.5 });
      expect(small.status).toBe(422);
      expect(small.body.errors.amount).toHaveLength(1);
      expect((await api('POST', '/childs/transfer', 'parent', { child_id: U.kid2!.id, amount: 1.234 })).status).toBe(422);
      expect((await api('POST', '/childs/transfer', 'parent', { child_id: U.kid2!.id })).status).toBe(422);
      const foreign = await api('POST', '/childs/transfer', 'parent', { child_id: U.otherkid!.id, amount: 1 });
      expect(foreign.status).toBe(404);
      expect((await api('POST', '/childs/transfer', 'other', { child_id: U.kid!.id, amount: 5 })).status).toBe(404);
      expect((await api('POST', '/childs/transfer', 'parent', { amount: 5 })).status).toBe(422);
      expect((await api('POST', '/childs/transfer', 'parent', { child_id: U.parent!.id, amount: 5 })).status).toBe(404);
      // nothing moved
      expect([credits('parent'), credits('kid'), credits('kid2'), credits('otherkid'), credits('other')]).toEqual([19.75, 11.75, 4, 0, 100]);
      // the whole balance can be moved
      const all = await api('POST', '/childs/transfer', 'parent', { child_id: U.kid2!.id, amount: 19.75 });
      expect(all.body.parent_credits).toBe(0);
      expect(all.body.childs[1].credits).toBe(23.75);
    });

    it('two concurrent transfers without a key cannot spend the same credits twice', async () => {
      s.app.db.prepare('UPDATE users SET credits = 10 WHERE id = ?').run(U.other!.id);
      const [a, b] = await Promise.all([
        api('POST', '/childs/transfer', 'other', { child_id: U.otherkid!.id, amount: 6 }),
        api('POST', '/childs/transfer', 'other', { child_id: U.otherkid!.id, amount: 6 }),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 400]);
      expect([credits('other'), credits('otherkid')]).toEqual([4, 6]);
    });

    it('a transfer submitted twice with the same key applies once (sequential and concurrent)', async () => {
      const h = { 'Idempotency-Key': 'transfer-1' };
      const a = await api('POST', '/childs/transfer', 'idemparent', { child_id: U.idemkid!.id, amount: 10 }, h);
      const b = await api('POST', '/childs/transfer', 'idemparent', { child_id: U.idemkid!.id, amount: 10 }, h);
      expect(a.body.parent_credits).toBe(40);
      expect(b.body).toEqual(a.body);
      const k = { 'Idempotency-Key': 'transfer-2' };
      const [c1, c2] = await Promise.all([
        api('POST', '/childs/transfer', 'idemparent', { child_id: U.idemkid!.id, amount: 7 }, k),
        api('POST', '/childs/transfer', 'idemparent', { child_id: U.idemkid!.id, amount: 7 }, k),
      ]);
      expect(c1.body.parent_credits).toBe(33);
      expect(c2.body).toEqual(c1.body);
      expect([credits('idemparent'), credits('idemkid')]).toEqual([33, 17]);
      const n = s.app.db.prepare('SELECT COUNT(*) AS n FROM transactions WHERE user_id = ?').get(U.idemkid!.id) as { n: number };
      expect(n.n).toBe(2);
    });
  });
});
