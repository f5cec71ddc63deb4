import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DB } from '../../server/db/index.ts';
import { seed } from '../../server/seed/index.ts';
import { REPORT_TEXTS, COURSES } from '../../server/seed/data.ts';
import { localTime } from '../../server/lib/time.ts';

/**
 * The demo world reads as a believable week (issue 16 item 14): classes in waking hours of both the
 * student and the teacher, each in their own timezone; reports that speak of the class's course;
 * no user with two conversations of the same title.
 */
const MIN = 60_000;
const dirs: string[] = [];
const dbs: DB[] = [];
afterAll(() => {
  for (const db of dbs) if (db.open) db.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});
function world(now: number, scale = 1): DB {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tutoring-seed-week-'));
  dirs.push(dir);
  const db = openDatabase(dir);
  dbs.push(db);
  seed(db, { now, scale });
  return db;
}
const minutes = (ms: number, tz: string) => {
  const [h, m] = localTime(ms, tz).split(':').map(Number) as [number, number];
  return h * 60 + m;
};

interface Row { id: number; start_at: number; duration: number; series_key: string | null; stz: string; ttz: string; semail: string; temail: string }
const classes = (db: DB) => db.prepare(
  `SELECT k.id, k.start_at, k.duration, k.series_key, s.timezone AS stz, t.timezone AS ttz, s.email AS semail, t.email AS temail
   FROM classes k JOIN enrollments e ON e.id = k.enrollment_id JOIN users s ON s.id = e.student_id JOIN users t ON t.id = e.teacher_id`,
).all() as Row[];

/** Classes outside 07:00–21:30 for the student or 08:00–22:00 for the teacher. */
function odd(rows: Row[]): Row[] {
  return rows.filter((k) => {
    const s = minutes(k.start_at, k.stz);
    const t = minutes(k.start_at, k.ttz);
    return s < 7 * 60 || s + k.duration > 21 * 60 + 30 || t < 8 * 60 || t + k.duration > 22 * 60;
  });
}

describe('seed: a believable week', () => {
  // A weekday afternoon in Cairo and London, and the middle of the night there.
  const DAYTIME = Date.UTC(2026, 10, 24, 13, 5);
  const NIGHT = Date.UTC(2026, 10, 24, 0, 35);

  it('places every class in waking hours of both the student and the teacher, in their own timezones', () => {
    const rows = classes(world(DAYTIME));
    expect(rows.length).toBeGreaterThan(300);
    expect(new Set(rows.map((r) => r.ttz)).size).toBeGreaterThan(1);
    expect(odd(rows).map((r) => `${r.semail} ${localTime(r.start_at, r.stz)} / ${r.temail} ${localTime(r.start_at, r.ttz)}`)).toEqual([]);
  });

  it('at night only the demo pair\'s class running now (and its weekly series) is at that hour', () => {
    const db = world(NIGHT);
    const bad = odd(classes(db));
    expect(bad.length).toBeGreaterThan(0);
    // The one series kept at the seed's hour: a class is always in progress for the demo accounts.
    const running = classes(db).find((k) => k.semail === 'student@example.com' && k.start_at <= NIGHT && NIGHT < k.start_at + k.duration * MIN)!;
    expect(running).toBeDefined();
    const others = bad.filter((k) => !(k.series_key === running.series_key || (k.semail === 'student@example.com' && k.temail === 'teacher@example.com')));
    expect(others).toEqual([]);
    // The demo pair's other classes near now are in waking hours, except those tied to the running one.
    expect(bad.every((k) => k.semail === 'student@example.com' && k.temail === 'teacher@example.com')).toBe(true);
  });

  it('writes reports about the class\'s own course', () => {
    const db = world(DAYTIME);
    const reports = db.prepare(
      `SELECT co.name AS course, r.class_activity AS activity, r.homework FROM class_reports r JOIN classes k ON k.id = r.class_id
       JOIN enrollments e ON e.id = k.enrollment_id JOIN courses co ON co.id = e.course_id`,
    ).all() as { course: string; activity: string; homework: string }[];
    expect(reports.length).toBeGreaterThan(100);
    const bySlug = new Map(COURSES.map((c) => [c.name, REPORT_TEXTS[c.slug]!]));
    for (const r of reports) {
      const texts = bySlug.get(r.course)!;
      expect(texts.activities, r.course).toContain(r.activity);
      expect(texts.homeworks, r.course).toContain(r.homework);
    }
    expect(new Set(reports.map((r) => r.course)).size).toBeGreaterThan(5);
  });

  it('gives no user two conversations with the same title, and no two people the same name', () => {
    for (const db of [world(DAYTIME), world(DAYTIME, 5)]) {
      const dup = db.prepare(
        `SELECT u.email, c.title, COUNT(*) AS n FROM conversations c JOIN conversation_members m ON m.conversation_id = c.id
         JOIN users u ON u.id = m.user_id WHERE u.kind = 'user' GROUP BY u.id, c.title HAVING n > 1`,
      ).all();
      expect(dup).toEqual([]);
      const names = (db.prepare("SELECT name FROM users WHERE kind = 'user'").all() as { name: string }[]).map((r) => r.name);
      expect(new Set(names).size).toBe(names.length);
    }
  });
});
