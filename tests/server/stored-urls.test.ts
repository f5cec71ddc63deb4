import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import {
  createCategory, createClass, createConversation, createCourse, createEnrollment, createUser,
} from '../../server/seed/factory.ts';
import type { DB } from '../../server/db/index.ts';

/**
 * Issue 19, findings 2 and 11: an image message sent with `X-Forwarded-Host: evil.example.net` was
 * stored as `https://evil.example.net/uploads/…` and every recipient's browser loaded it from
 * there; the join URL `https:///evil` was accepted and stored raw. Stored URLs now come from
 * PUBLIC_URL or a trusted proxy (TRUST_PROXY), else are stored relative; join URLs must be https
 * (http in development) with a real host, and are stored normalised.
 */

const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1f,
  0x15, 0xc4, 0x89, 0, 0, 0, 0x0a, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0, 1, 0, 0, 5, 0, 1, 0x0d, 0x0a, 0x2d, 0xb4, 0, 0, 0, 0,
  0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
]);
const ids: Record<string, number> = {};
const HOUR = 3_600_000;

function world(db: DB) {
  ids.student = createUser(db, { name: 'Sara', email: 'sara@example.test' });
  ids.teacher = createUser(db, { name: 'Tariq', email: 'tariq@example.test', group_id: 1 });
  ids.chat = createConversation(db, { title: 'Tariq', members: [ids.student, ids.teacher] });
  const cat = createCategory(db, 'Quran');
  const course = createCourse(db, { name: 'Tajweed', category_id: cat, hourly_price: 10 });
  const e = createEnrollment(db, { student_id: ids.student, course_id: course, teacher_id: ids.teacher, status: 'approved' });
  ids.klass = createClass(db, { enrollment_id: e, start_at: Date.now() + 24 * HOUR });
}

async function sendImage(s: TestServer, token: string, headers: Record<string, string>) {
  const f = new FormData();
  f.set('type', 'image');
  f.set('image', new Blob([PNG], { type: 'image/png' }), 'a.png');
  const r = await s.api('POST', `/conversations/${ids.chat}`, { token, body: f, headers });
  expect(r.status).toBe(200);
  return r.body.data as { image_url: string; download: string };
}

const FORWARDED = { 'X-Forwarded-Host': 'evil.example.net', 'X-Forwarded-Proto': 'https', Host: 'evil.example.net' };

describe('stored upload URLs (finding 2)', () => {
  it('a client\'s Host or X-Forwarded-Host never picks the stored host: stored relative by default', async () => {
    const s = await startTestServer({}, world);
    try {
      const token = await s.login('sara@example.test');
      const m = await sendImage(s, token, FORWARDED);
      expect(m.image_url).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
      expect(m.download).toBe(m.image_url);
      const stored = s.app.db.prepare('SELECT image_url FROM messages ORDER BY id DESC LIMIT 1').get() as { image_url: string };
      expect(stored.image_url).not.toContain('evil');
      // The other party reads the same relative URL, and it loads from this server.
      const teacher = await s.login('tariq@example.test');
      const page = await s.api('GET', `/conversations/${ids.chat}`, { token: teacher });
      expect(page.body.data[0].image_url).toBe(m.image_url);
      expect((await fetch(`${s.url}${m.image_url}`)).status).toBe(200);
    } finally {
      await s.close();
    }
  });

  it('with PUBLIC_URL, stored absolute on that origin whatever the headers say', async () => {
    const s = await startTestServer({ publicUrl: 'https://app.example.com' }, world);
    try {
      const m = await sendImage(s, await s.login('sara@example.test'), FORWARDED);
      expect(m.image_url).toMatch(/^https:\/\/app\.example\.com\/uploads\/[0-9a-f]{32}\.png$/);
    } finally {
      await s.close();
    }
  });

  it('with TRUST_PROXY, the proxy\'s forwarded host and scheme are used (a malformed host is not)', async () => {
    const s = await startTestServer({ trustProxy: true }, world);
    try {
      const token = await s.login('sara@example.test');
      const m = await sendImage(s, token, { 'X-Forwarded-Host': 'app.example.org', 'X-Forwarded-Proto': 'https' });
      expect(m.image_url).toMatch(/^https:\/\/app\.example\.org\/uploads\/[0-9a-f]{32}\.png$/);
      const bad = await sendImage(s, token, { 'X-Forwarded-Host': 'evil.example.net/"><script>', 'X-Forwarded-Proto': 'javascript' });
      expect(bad.image_url.startsWith(`${s.url}/uploads/`)).toBe(true);
    } finally {
      await s.close();
    }
  });
});

describe('join URLs (finding 11)', () => {
  let s: TestServer;
  let token = '';
  beforeAll(async () => {
    s = await startTestServer({ allowHttpJoinUrls: false }, world);
    token = await s.login('tariq@example.test');
  });
  afterAll(async () => {
    await s.close();
  });
  const save = (join_url: unknown) => s.api('PUT', `/classes/${ids.klass}/join-url`, { token, body: { join_url } });

  it('refuses links without a real host, other schemes, credentials and hidden characters', async () => {
    for (const bad of [
      'https:///evil', 'https:/evil.example.net', 'https:evil.example.net', 'javascript:alert(1)', 'JAVASCRIPT://x.org/%0aalert(1)',
      'data:text/html,hi', 'ftp://x.org/a', 'http://meet.example.org/a', 'https://user:pw@meet.example.org/a', 'https://@meet.example.org',
      'https://meet.example.org\u0000.evil.net/', 'https://meet\u200b.example.org/', 'https://exa mple.org/', 'https://-bad-.org/',
      'https://.org/', '//meet.example.org/a', 'https://', 'https://meet.example.org\\@evil.net/', 'https://x.org/' + 'a'.repeat(2001),
    ]) {
      const r = await save(bad);
      expect(r.status, bad).toBe(422);
      expect(r.body.errors.join_url, bad).toEqual(['The join url must be a valid URL.']);
    }
    for (const wrongType of [{ toString: 1 }, ['https://x.org'], 5]) expect((await save(wrongType)).status).toBe(422);
    expect((s.app.db.prepare('SELECT join_url FROM classes WHERE id = ?').get(ids.klass) as { join_url: string | null }).join_url).toBeNull();
  });

  it('stores a valid https link normalised', async () => {
    const r = await save('  HTTPS://Meet.Example.ORG/room?id=1#x  ');
    expect(r.status).toBe(200);
    expect(r.body.data.join_url).toBe('https://meet.example.org/room?id=1#x');
    expect((await save('https://zoom.us/j/123')).body.data.join_url).toBe('https://zoom.us/j/123');
    expect((await save('https://meet.example.org:8443')).body.data.join_url).toBe('https://meet.example.org:8443/');
  });

  it('accepts http only in development', async () => {
    const dev = await startTestServer({ allowHttpJoinUrls: true }, world);
    try {
      const t = await dev.login('tariq@example.test');
      const r = await dev.api('PUT', `/classes/${ids.klass}/join-url`, { token: t, body: { join_url: 'http://localhost:3000/room' } });
      expect(r.status).toBe(200);
      expect(r.body.data.join_url).toBe('http://localhost:3000/room');
    } finally {
      await dev.close();
    }
  });
});
