import { Temporal } from 'temporal-polyfill';
import type Database from 'better-sqlite3';
import { money, type DB } from '../db/index.ts';
import type { NotificationType } from '../lib/notify.ts';
import type { TransactionType } from '../lib/ledger.ts';
import { DAY, HOUR, MINUTE, addLocalDays, formated, instantOf, localDate, localTime, monthKey, monthRange, zoned } from '../lib/time.ts';
import {
  addMessage, createCategory, createClass, createConversation, createCourse, createEnrollment, createUser,
} from './factory.ts';
import { Rng } from './random.ts';
import * as D from './data.ts';
import { AVATAR_COUNT } from './assets.ts';

/**
 * The demo world: fixed demo accounts (student@example.com with two children, teacher@example.com,
 * Support Team, an admin), more teachers and students, courses, enrolments in every status, weekly
 * class series over the past two months and the next month in every state, reschedule requests,
 * class reports, conversations with text/image/audio messages, notifications of every type,
 * payments and a consistent ledger of transactions. Deterministic: same seed and now, same rows.
 */

export interface WorldOptions { scale: number; seed: number; now: number }

export interface WorldSummary {
  users: number; teachers: number; students: number; courses: number; enrollments: number; classes: number;
  conversations: number; messages: number; notifications: number; transactions: number;
  demo: { studentId: number; teacherId: number; childIds: number[]; supportId: number; adminId: number; conversationId: number };
}

type Status = 'pending' | 'review' | 'updated' | 'action-needed' | 'approved' | 'joined' | 'finished' | 'canceled' | 'suspended';
const STATUSES: Status[] = ['pending', 'review', 'updated', 'action-needed', 'approved', 'joined', 'finished', 'canceled', 'suspended'];
const WITH_TEACHER = new Set<Status>(['approved', 'joined', 'finished', 'suspended']);

interface Person { id: number; name: string; email: string; tz: string; createdAt: number; gender: 'male' | 'female'; avatar: string | null }
interface Student extends Person {
  lowBalance: boolean; cutoff: number; parent: Student | null; referredBy: Student | null; canBorrow: boolean;
  maxBorrow: number; roundTopups: number[];
}
interface Teacher extends Person { hourly: number; lateness: number }
interface Course { id: number; name: string; price: number; category: D.CategoryName; slug: string }

interface Req {
  sender: number; permanent: boolean; old: number; next: number; reason: string | null;
  status: 'pending' | 'approved' | 'rejected'; created: number; decided: number | null;
}
interface Note {
  user: number; type: NotificationType; title: string; content: string; course_id: number | null;
  k?: K; at: number;
}
interface Enr {
  id: number; student: Student; teacher: Teacher | null; course: Course; duration: number; hourly: number;
  status: Status; approvedAt: number;
}
interface K {
  e: Enr; start: number; duration: number; series: string | null; trial: boolean; makeup: boolean; rescheduled: boolean;
  attended: boolean; absent: boolean; canceled: boolean; reason: string | null; canceledBy: number | null;
  paid: boolean; charged: number | null; joinUrl: string | null; urlAddedAt: number | null;
  teacherJoinedAt: number | null; studentJoinedAt: number | null; delay: number | null; createdAt: number;
  report: { rating: number; activity: string; homework: string; notes: string | null; at: number } | null;
  requests: Req[]; changes: { user: number; kind: 'cancel' | 'reschedule'; at: number }[]; chargeAt: number | null; id: number;
}

type Outcome =
  | 'attended' | 'absent' | 'missed' | 'cancel-student' | 'cancel-teacher' | 'resched-student' | 'resched-teacher'
  | 'rejected-student' | 'rejected-teacher';

type LedgerEvent =
  | { kind: 'charge'; at: number; cost: number; classRef: K; seq: number }
  | { kind: 'recharge'; at: number; amount: number; comment: string; method: string; seq: number }
  | { kind: 'plain'; at: number; type: TransactionType; value: number; amount: number | null; comment: string | null; loanDelta: number; seq: number };

interface TxRow {
  user: number; type: TransactionType; value: number; amount: number | null; classRef: K | null; comment: string | null;
  after: number; at: number; seq: number;
}

/** A database whose `prepare` returns one cached statement per SQL text, so the factory builders reuse them. */
function withStatementCache(db: DB): DB {
  const cache = new Map<string, Database.Statement>();
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'prepare') {
        return (sql: string) => {
          let s = cache.get(sql);
          if (!s) cache.set(sql, (s = target.prepare(sql)));
          return s;
        };
      }
      const v = Reflect.get(target, prop, target) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
}

const pad = (n: number) => String(n).padStart(2, '0');
const hhmm = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
const slug = (s: string) => s.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '');
const floorTo = (ms: number, step: number) => Math.floor(ms / step) * step;
const dow = (ms: number, tz: string) => zoned(ms, tz).dayOfWeek % 7; // 0 Sunday
/** Waking hours in which classes are placed, minutes of the local day: the student's, and the teacher's (a little narrower). */
const STUDENT_DAY = [7 * 60, 21 * 60 + 30] as const;
const TEACHER_DAY = [8 * 60, 22 * 60] as const;

export class WorldBuilder {
  private readonly rng: Rng;
  private readonly now: number;
  private readonly scale: number;
  private readonly db: DB;
  private seq = 0;

  private courses: Course[] = [];
  private teachers: Teacher[] = [];
  private students: Student[] = [];
  private allStudents: Student[] = []; // including the demo family and children
  private enrollments: Enr[] = [];
  private ledger = new Map<number, LedgerEvent[]>();
  private notes: Note[] = [];
  private txRows: TxRow[] = [];
  private changeCounts = new Map<string, number>();
  private changeCaps = new Map<number, number>();
  private classCount = 0;
  private messageCount = 0;
  private conversationCount = 0;
  private gapCache = new Map<string, number[]>();
  private takenNames = new Set<string>(['Yusuf Rahman', 'Maryam Rahman', 'Ibrahim Rahman']);

  private admin!: Person;
  private support!: Person;
  private demoTeacher!: Teacher;
  private demoStudent!: Student;
  private maryam!: Student;
  private ibrahim!: Student;
  private demoConversationId = 0;

  constructor(db: DB, private readonly opts: WorldOptions) {
    this.rng = new Rng(opts.seed);
    this.now = opts.now;
    this.scale = Math.max(1, Math.round(opts.scale));
    this.db = withStatementCache(db);
  }

  build(): WorldSummary {
    this.makeCourses();
    this.makeDemoPeople();
    this.makeTeachers();
    this.makeStudents();
    this.makeDemoEnrollments();
    this.makeStudentEnrollments();
    this.ensureTeacherDelays();
    this.makeFixedLedgerEvents();
    this.makePayments();
    this.makeTeacherSchedules();
    this.makeConversations();
    this.settleLedgers();
    this.makeDemoNotifications();
    this.flushNotifications();
    return {
      users: this.count('users'), teachers: this.teachers.length, students: this.allStudents.length,
      courses: this.courses.length, enrollments: this.enrollments.length, classes: this.classCount,
      conversations: this.conversationCount, messages: this.messageCount, notifications: this.count('notifications'),
      transactions: this.txRows.length,
      demo: {
        studentId: this.demoStudent.id, teacherId: this.demoTeacher.id, childIds: [this.maryam.id, this.ibrahim.id],
        supportId: this.support.id, adminId: this.admin.id, conversationId: this.demoConversationId,
      },
    };
  }

  private count(table: string): number {
    return (this.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
  }

  // ---------------------------------------------------------------------------------------------
  // People and courses

  private phoneFor(tz: string) {
    const p = D.PHONE_BY_TZ[tz]!;
    const lead = this.rng.pick(p.lead);
    let rest = '';
    while (lead.length + rest.length < p.digits) rest += String(this.rng.int(0, 9));
    const national = lead + rest;
    return { phone: national, full_phone: `+${p.dial}${national}`, phone_country: p.country };
  }

  private dob(fromYear: number, toYear: number): string {
    return `${this.rng.int(fromYear, toYear)}-${pad(this.rng.int(1, 12))}-${pad(this.rng.int(1, 28))}`;
  }

  private avatarFor(gender: 'male' | 'female', p = 0.6): string | null {
    if (!this.rng.chance(p)) return null;
    // Even numbers wear a scarf (see assets.ts).
    const options = Array.from({ length: AVATAR_COUNT }, (_, i) => i + 1).filter((n) => (n % 2 === 0) === (gender === 'female'));
    return `/avatars/${this.rng.pick(options)}.svg`;
  }

  private insertUser(u: Parameters<typeof createUser>[1] & { created_at: number }): number {
    const id = createUser(this.db, u, u.created_at);
    // The factory draws a random referral token; the seed's must be reproducible.
    this.db.prepare('UPDATE users SET referral_token = ? WHERE id = ?').run(this.rng.hex(8), id);
    return id;
  }

  private makeCourses(): void {
    const cats = new Map<string, number>();
    for (const name of D.CATEGORIES) cats.set(name, createCategory(this.db, name));
    for (const c of D.COURSES) {
      const id = createCourse(this.db, {
        name: c.name, category_id: cats.get(c.category)!, hourly_price: c.hourly_price, description: c.description,
        image_url: `/course-images/${c.slug}.svg`, details_url: c.details_url ?? null, featured: c.featured,
      });
      this.courses.push({ id, name: c.name, price: c.hourly_price, category: c.category, slug: c.slug });
    }
  }

  private course(slugName: string): Course {
    return this.courses.find((c) => c.slug === slugName)!;
  }

  private newStudent(base: Person, extra: Partial<Student> = {}): Student {
    const s: Student = {
      ...base, lowBalance: false, cutoff: Infinity, parent: null, referredBy: null, canBorrow: true, maxBorrow: 50,
      roundTopups: [20, 30, 50, 100], ...extra,
    };
    this.allStudents.push(s);
    return s;
  }

  private makeDemoPeople(): void {
    const now = this.now;
    const adminAt = now - 720 * DAY;
    this.admin = {
      id: this.insertUser({ name: 'Academy Admin', email: 'admin@example.com', kind: 'admin', created_at: adminAt, timezone: 'Africa/Cairo', can_borrow: false }),
      name: 'Academy Admin', email: 'admin@example.com', tz: 'Africa/Cairo', createdAt: adminAt, gender: 'male', avatar: null,
    };
    this.support = {
      id: this.insertUser({ name: 'Support Team', email: 'support@example.com', kind: 'support', created_at: adminAt, timezone: 'Africa/Cairo', can_borrow: false, avatar: '/avatars/5.svg' }),
      name: 'Support Team', email: 'support@example.com', tz: 'Africa/Cairo', createdAt: adminAt, gender: 'male', avatar: '/avatars/5.svg',
    };
    const tAt = now - 540 * DAY;
    const tPhone = { phone: '01012345678', full_phone: '+201012345678', phone_country: 'EG' };
    this.demoTeacher = {
      id: this.insertUser({
        name: 'Ustadha Amina Hassan', email: 'teacher@example.com', group_id: 1, timezone: 'Africa/Cairo', teacher_hourly_price: 4,
        avatar: '/avatars/2.svg', gender: 'female', date_of_birth: '1988-04-12', created_at: tAt, can_borrow: false, ...tPhone,
      }),
      name: 'Ustadha Amina Hassan', email: 'teacher@example.com', tz: 'Africa/Cairo', createdAt: tAt, gender: 'female',
      avatar: '/avatars/2.svg', hourly: 4, lateness: 0.22,
    };
    this.teachers.push(this.demoTeacher);

    const sAt = now - 400 * DAY;
    const sPhone = { phone: '07700900123', full_phone: '+447700900123', phone_country: 'GB' };
    const sid = this.insertUser({
      name: 'Yusuf Rahman', email: 'student@example.com', timezone: 'Europe/London', can_borrow: true, max_borrow_amount: 50,
      avatar: '/avatars/1.svg', gender: 'male', date_of_birth: '1990-06-02', created_at: sAt, ...sPhone,
    });
    this.demoStudent = this.newStudent(
      { id: sid, name: 'Yusuf Rahman', email: 'student@example.com', tz: 'Europe/London', createdAt: sAt, gender: 'male', avatar: '/avatars/1.svg' },
      { roundTopups: [20, 30, 50] },
    );
    const child = (name: string, email: string, gender: 'male' | 'female', dob: string, avatar: string | null, extra: Partial<Student>) => {
      const at = sAt + 30 * DAY;
      const id = this.insertUser({
        name, email, timezone: 'Europe/London', parent_id: sid, gender, date_of_birth: dob, avatar, created_at: at, can_borrow: false,
        max_borrow_amount: 0,
      });
      return this.newStudent({ id, name, email, tz: 'Europe/London', createdAt: at, gender, avatar }, { parent: this.demoStudent, canBorrow: false, maxBorrow: 0, ...extra });
    };
    this.maryam = child('Maryam Rahman', 'maryam.child@example.com', 'female', '2015-09-14', '/avatars/4.svg', {
      lowBalance: true, cutoff: now - 10 * DAY, roundTopups: [],
    });
    this.ibrahim = child('Ibrahim Rahman', 'ibrahim.child@example.com', 'male', '2013-02-03', null, { roundTopups: [10, 20] });
    this.changeCaps.set(this.demoStudent.id, 2);
    this.changeCaps.set(this.demoTeacher.id, 2);
  }

  /** A first and last name no other person of the world has in full (a teacher's inbox titles conversations by name). */
  private randomName(gender: 'male' | 'female', last?: string): [string, string] {
    for (let i = 0; ; i++) {
      const pair: [string, string] = [this.rng.pick(gender === 'male' ? D.MALE_NAMES : D.FEMALE_NAMES), last ?? this.rng.pick(D.LAST_NAMES)];
      const full = pair.join(' ');
      if (!this.takenNames.has(full) || i > 50) {
        this.takenNames.add(full);
        return pair;
      }
    }
  }

  private makeTeachers(): void {
    const n = 5 * this.scale;
    for (let i = 0; i < n; i++) {
      const gender: 'male' | 'female' = this.rng.chance(0.5) ? 'female' : 'male';
      const [first, last] = this.randomName(gender);
      const title = gender === 'female' ? 'Ustadha' : this.rng.chance(0.25) ? 'Sheikh' : 'Ustadh';
      const name = `${title} ${first} ${last}`;
      const email = `${slug(first)}.${slug(last)}.t${i + 1}@example.com`;
      const tz = this.rng.chance(0.7) ? 'Africa/Cairo' : this.rng.pick(['Asia/Riyadh', 'Asia/Dubai', 'Europe/London', 'America/Toronto']);
      const createdAt = this.now - this.rng.int(120, 900) * DAY;
      const hourly = this.rng.pick([3, 3.5, 4, 4.5, 5, 5.5, 6]);
      const avatar = this.avatarFor(gender, 0.7);
      const id = this.insertUser({
        name, email, group_id: 1, timezone: tz, teacher_hourly_price: hourly, avatar, gender, can_borrow: false,
        date_of_birth: this.dob(1965, 1998), created_at: createdAt, ...this.phoneFor(tz),
      });
      this.teachers.push({ id, name, email, tz, createdAt, gender, avatar, hourly, lateness: this.rng.float(0.05, 0.35) });
    }
  }

  private makeStudents(): void {
    const n = 20 * this.scale;
    const tzWeights = D.TIMEZONES.map((tz) => [tz, tz === 'Europe/London' || tz === 'America/New_York' || tz === 'Africa/Cairo' ? 3 : 2] as const);
    for (let i = 0; i < n; i++) {
      const gender: 'male' | 'female' = this.rng.chance(0.5) ? 'female' : 'male';
      const [first, last] = this.randomName(gender);
      const name = `${first} ${last}`;
      const email = `${slug(first)}.${slug(last)}${i + 1}@example.com`;
      const tz = this.rng.weighted(tzWeights);
      const createdAt = this.now - (i === 0 ? 95 : this.rng.int(70, 600)) * DAY;
      const canBorrow = this.rng.chance(0.8);
      const maxBorrow = canBorrow ? this.rng.pick([25, 50, 50, 100]) : 0;
      const avatar = this.avatarFor(gender, 0.45);
      const referredBy = i === 0 ? this.demoStudent : i > 3 && this.rng.chance(0.15) ? this.rng.pick(this.students) : null;
      const id = this.insertUser({
        name, email, timezone: tz, gender, avatar, can_borrow: canBorrow, max_borrow_amount: maxBorrow,
        verified: this.rng.chance(0.96), date_of_birth: this.dob(1968, 2009), referred_by: referredBy?.id ?? null,
        created_at: createdAt, ...this.phoneFor(tz),
      });
      const lowBalance = i > 0 && this.rng.chance(0.12);
      const s = this.newStudent(
        { id, name, email, tz, createdAt, gender, avatar },
        { canBorrow, maxBorrow, referredBy, lowBalance, cutoff: lowBalance ? this.now - this.rng.int(5, 20) * DAY : Infinity },
      );
      this.students.push(s);
      if (this.rng.chance(0.08)) {
        const cg: 'male' | 'female' = this.rng.chance(0.5) ? 'female' : 'male';
        const [cf] = this.randomName(cg, last);
        const cname = `${cf} ${last}`;
        const cemail = `${slug(cf)}.${slug(last)}${i + 1}.child@example.com`;
        const cAt = createdAt + this.rng.int(1, 30) * DAY;
        const cid = this.insertUser({
          name: cname, email: cemail, timezone: tz, gender: cg, parent_id: id, date_of_birth: this.dob(2012, 2018),
          avatar: this.avatarFor(cg, 0.3), can_borrow: false, max_borrow_amount: 0, created_at: cAt,
        });
        this.students.push(this.newStudent(
          { id: cid, name: cname, email: cemail, tz, createdAt: cAt, gender: cg, avatar: null },
          { parent: s, canBorrow: false, maxBorrow: 0, roundTopups: [10, 20] },
        ));
      }
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Notifications, class changes

  private note(user: Person, type: NotificationType, title: string, content: string, at: number, course: Course | null, k?: K): void {
    this.notes.push({ user: user.id, type, title, content, course_id: course?.id ?? null, k, at: Math.min(at, this.now - 1000) });
  }

  /** Whether the user may still cancel or reschedule in that month (keeps the demo accounts below the monthly limit). */
  private allowChange(userId: number, at: number): boolean {
    const key = `${userId}|${monthKey(at)}`;
    const n = this.changeCounts.get(key) ?? 0;
    if (n >= (this.changeCaps.get(userId) ?? 4)) return false;
    this.changeCounts.set(key, n + 1);
    return true;
  }

  // ---------------------------------------------------------------------------------------------
  // Enrolments and classes

  /**
   * A weekly timetable in the student's clock whose classes fall in waking hours for both sides:
   * 07:00–21:30 for the student and 08:00–22:00 for the teacher, checked over the two months
   * before `now` and the month after, so a clock change on either side keeps it there.
   */
  private randomSlots(weekly: number, duration: number, studentTz: string, teacherTz: string): { day: number; from: string; to: string }[] {
    const days = this.rng.sample([0, 1, 2, 3, 4, 5, 6], weekly).sort((a, b) => a - b);
    const sameTime = this.rng.chance(0.7);
    const options = this.sensibleStarts(duration, studentTz, teacherTz);
    const pickStart = () => this.rng.weighted(options);
    const common = pickStart();
    return days.map((day) => {
      const from = sameTime ? common : pickStart();
      return { day, from: hhmm(from), to: hhmm(from + duration) };
    });
  }

  /** Quarter-hour starts (minutes of the student's day) good for both sides, weighted towards after school and work. */
  private sensibleStarts(duration: number, studentTz: string, teacherTz: string): [number, number][] {
    const out: [number, number][] = [];
    for (let m = STUDENT_DAY[0]; m + duration <= STUDENT_DAY[1]; m += 15) {
      if (!this.sensibleFor(m, duration, studentTz, teacherTz)) continue;
      const h = Math.floor(m / 60);
      out.push([m, h >= 16 && h < 20 ? 4 : h >= 9 && h < 12 ? 2 : 1]);
    }
    // No overlap at all (never the case for the seed's zones): the student's early evening.
    return out.length ? out : [[17 * 60, 1]];
  }

  /** Whether a class at `start` minutes of the student's day is in waking hours of the teacher too, whatever the season. */
  private sensibleFor(start: number, duration: number, studentTz: string, teacherTz: string): boolean {
    return this.offsetGaps(studentTz, teacherTz).every((gap) => start + gap >= TEACHER_DAY[0] && start + gap + duration <= TEACHER_DAY[1]);
  }

  /**
   * The differences (minutes, teacher's clock minus student's) that the two zones take on over the
   * seeded span, day by day: the zones change their clocks on different dates, so there are one to three.
   */
  private offsetGaps(studentTz: string, teacherTz: string): number[] {
    const key = `${studentTz}|${teacherTz}`;
    let gaps = this.gapCache.get(key);
    if (!gaps) {
      const set = new Set<number>();
      for (let ms = this.now - 70 * DAY; ms <= this.now + 40 * DAY; ms += DAY) {
        set.add((zoned(ms, teacherTz).offsetNanoseconds - zoned(ms, studentTz).offsetNanoseconds) / 6e10);
      }
      this.gapCache.set(key, (gaps = [...set]));
    }
    return gaps;
  }

  /** Whether an instant is in waking hours of both the student and the teacher of an enrolment. */
  private sensibleAt(ms: number, duration: number, e: Enr): boolean {
    const minutes = (tz: string) => {
      const [h, m] = localTime(ms, tz).split(':').map(Number) as [number, number];
      return h * 60 + m;
    };
    const s = minutes(e.student.tz);
    const t = e.teacher ? minutes(e.teacher.tz) : TEACHER_DAY[0];
    return s >= STUDENT_DAY[0] && s + duration <= STUDENT_DAY[1] && t >= TEACHER_DAY[0] && t + duration <= TEACHER_DAY[1];
  }

  private teacherJoin(k: K, teacher: Teacher): void {
    if (this.rng.chance(teacher.lateness)) {
      k.delay = this.rng.pick([1.5, 2, 3, 4, 5, 6, 7.5, 8, 10, 12, 15]);
      k.teacherJoinedAt = k.start + k.delay * MINUTE;
    } else {
      k.delay = 0;
      k.teacherJoinedAt = k.start - this.rng.int(0, 8) * MINUTE;
    }
  }

  private markAttended(k: K): void {
    const e = k.e;
    // Attending charges the student: one who ran out of credits leaves the class unmarked (missed).
    if (e.student.lowBalance && k.start > e.student.cutoff && !k.trial) return;
    k.attended = true;
    this.teacherJoin(k, e.teacher!);
    k.studentJoinedAt = k.start + this.rng.int(-5, 6) * MINUTE;
    const end = k.start + k.duration * MINUTE;
    const at = Math.min(end + this.rng.int(3, 90) * MINUTE, this.now - 2 * MINUTE);
    k.report = {
      rating: this.rng.weighted([[5, 5], [4.5, 4], [4, 3], [3.5, 2], [3, 1], [2.5, 0.3]] as const),
      activity: this.rng.pick(D.REPORT_TEXTS[e.course.slug]!.activities), homework: this.rng.pick(D.REPORT_TEXTS[e.course.slug]!.homeworks),
      notes: this.rng.pick(D.TEACHER_NOTES), at,
    };
    if (k.trial) {
      k.charged = 0;
    } else {
      k.paid = true;
      k.charged = money((e.hourly * k.duration) / 60);
      k.chargeAt = at + 1000;
    }
  }

  private newClass(e: Enr, start: number, series: string | null, trial: boolean, createdAt: number): K {
    return {
      e, start, duration: e.duration, series, trial, makeup: false, rescheduled: false, attended: false, absent: false,
      canceled: false, reason: null, canceledBy: null, paid: false, charged: null, joinUrl: null, urlAddedAt: null,
      teacherJoinedAt: null, studentJoinedAt: null, delay: null, createdAt, report: null, requests: [], changes: [],
      chargeAt: null, id: 0,
    };
  }

  /** Settles a class by its start time: past ones by `outcome`, running ones in progress, future ones as scheduled. */
  private settle(k: K, outcome: Outcome, out: K[], quiet: boolean): void {
    const now = this.now;
    const e = k.e;
    const teacher = e.teacher!;
    const student = e.student;
    const end = () => k.start + k.duration * MINUTE;
    if (k.start < now + 3 * DAY) {
      k.joinUrl = `https://meet.example.com/room-${this.rng.hex(6)}`;
      k.urlAddedAt = Math.min(now - MINUTE, Math.max(k.createdAt, k.start - this.rng.int(1, 72) * HOUR));
    }

    if (end() <= now) {
      switch (outcome) {
        case 'attended':
          return this.markAttended(k);
        case 'absent':
          k.absent = true;
          this.teacherJoin(k, teacher);
          return;
        case 'missed':
          if (this.rng.chance(0.4)) this.teacherJoin(k, teacher);
          return;
        case 'cancel-student':
        case 'cancel-teacher': {
          const by: Person = outcome === 'cancel-student' ? student : teacher;
          const at = Math.max(k.createdAt, k.start - this.rng.int(3, 72) * HOUR);
          if (!this.allowChange(by.id, at)) return this.markAttended(k);
          this.cancel(k, by, at);
          if (this.rng.chance(by === student ? 0.4 : 0.8)) this.makeup(k, at, out);
          return;
        }
        case 'resched-student':
        case 'resched-teacher':
        case 'rejected-student':
        case 'rejected-teacher': {
          const by: Person = outcome.endsWith('student') ? student : teacher;
          const created = Math.max(k.createdAt, k.start - this.rng.int(24, 96) * HOUR);
          if (!this.allowChange(by.id, created)) return this.markAttended(k);
          const approved = outcome.startsWith('resched');
          this.request(k, by, created, created + this.rng.int(1, 20) * HOUR, approved ? 'approved' : 'rejected', this.shifted(k));
          return end() <= now ? this.markAttended(k) : undefined;
        }
      }
    }

    if (k.start <= now) {
      // Running now.
      if (this.rng.chance(0.75)) this.teacherJoin(k, teacher);
      if (this.rng.chance(0.5)) k.studentJoinedAt = k.start + this.rng.int(-3, 4) * MINUTE;
      return;
    }

    if (quiet) return;
    const r = this.rng.next();
    if (r < 0.04) {
      const by: Person = this.rng.chance(0.6) ? student : teacher;
      const at = Math.max(k.createdAt, now - this.rng.int(1, 48) * HOUR);
      if (this.allowChange(by.id, at)) {
        this.cancel(k, by, at);
        if (this.rng.chance(0.5)) this.makeup(k, at, out);
      }
    } else if (r < 0.07) {
      const by: Person = this.rng.chance(0.5) ? student : teacher;
      const created = Math.max(k.createdAt, now - this.rng.int(24, 72) * HOUR);
      if (this.allowChange(by.id, created)) {
        this.request(k, by, created, Math.min(now - MINUTE, created + this.rng.int(1, 20) * HOUR), 'approved', this.shifted(k));
      }
    } else if (r < 0.13 && k.start > now + DAY && k.start < now + 7 * DAY) {
      const by: Person = this.rng.chance(0.5) ? student : teacher;
      const created = now - this.rng.int(1, 30) * HOUR;
      if (this.allowChange(by.id, created)) this.request(k, by, created, null, 'pending', this.shifted(k));
    }
  }

  /** The new start of a moved class: the next day at the same time, or one to three hours later. */
  private shifted(k: K): number {
    const later = k.start + this.rng.int(1, 3) * HOUR;
    // Later the same day only while that is still in waking hours for both; else the next day.
    return this.rng.chance(0.5) || !this.sensibleAt(later, k.duration, k.e) ? addLocalDays(k.start, 1, k.e.student.tz) : later;
  }

  private cancel(k: K, by: Person, at: number): void {
    const e = k.e;
    k.canceled = true;
    k.canceledBy = by.id;
    k.reason = this.rng.pick(by.id === e.student.id ? D.CANCEL_REASONS_STUDENT : D.CANCEL_REASONS_TEACHER);
    if (this.rng.chance(0.15)) k.reason = null;
    k.changes.push({ user: by.id, kind: 'cancel', at });
    const other: Person = by.id === e.student.id ? e.teacher! : e.student;
    this.note(other, 'class_canceled', 'Class Canceled',
      `${by.name} canceled the ${e.course.name} class of ${formated(k.start, other.tz)}${k.reason ? `: ${k.reason}` : '.'}`, at, e.course, k);
  }

  private makeup(k: K, after: number, out: K[]): void {
    const start = addLocalDays(k.start, this.rng.int(2, 4), k.e.student.tz);
    const m = this.newClass(k.e, start, null, false, after);
    m.makeup = true;
    this.settle(m, this.rng.chance(0.9) ? 'attended' : 'absent', out, true);
    out.push(m);
  }

  private request(k: K, by: Person, created: number, decided: number | null, status: Req['status'], next: number, permanent = false,
    reason?: string | null): void {
    const e = k.e;
    const other: Person = by.id === e.student.id ? e.teacher! : e.student;
    const old = k.start;
    const req: Req = {
      sender: by.id, permanent, old, next, reason: reason === undefined ? this.rng.pick(D.RESCHEDULE_REASONS) : reason,
      status, created, decided,
    };
    k.requests.push(req);
    // A request the other party rejected does not count as one of the month's changes (server/API.md).
    if (status !== 'rejected') k.changes.push({ user: by.id, kind: 'reschedule', at: created });
    this.note(other, 'class_rescheduled', 'Reschedule Request',
      `${by.name} asks to move the ${e.course.name} class of ${formated(old, other.tz)} to ${formated(next, other.tz)}${permanent ? ' and the following classes' : ''}.`,
      created, e.course, k);
    if (status === 'approved') {
      k.start = next;
      k.rescheduled = true;
      this.note(by, 'class_rescheduled', 'Reschedule Approved',
        `${other.name} approved moving the ${e.course.name} class to ${formated(next, by.tz)}.`, decided!, e.course, k);
    } else if (status === 'rejected') {
      this.note(by, 'class_rescheduled_rejected', 'Reschedule Rejected',
        `${other.name} rejected moving the ${e.course.name} class of ${formated(old, by.tz)}.`, decided!, e.course, k);
    }
  }

  private randomOutcome(): Outcome {
    return this.rng.weighted<Outcome>([
      ['attended', 74], ['absent', 6], ['missed', 5], ['cancel-student', 5], ['cancel-teacher', 3], ['resched-student', 2.5],
      ['resched-teacher', 2], ['rejected-student', 1.5], ['rejected-teacher', 1],
    ]);
  }

  /**
   * Creates an enrolment and, when it has a teacher, its weekly class series from the start day
   * until `until` (exclusive), in the student's timezone. `force` sets the outcome of past
   * non-trial classes by their order; `quiet` keeps future classes free of random events.
   */
  private enrol(o: {
    student: Student; course: Course; status: Status; teacher?: Teacher | null; duration: number;
    slots: { day: number; from: string; to: string }[]; startDay: string; createdAt: number; until?: number;
    hourly?: number | null; adminComment?: string | null; comment?: string | null; finishRequested?: boolean;
    force?: Map<number, Outcome>; quiet?: boolean; mild?: boolean; after?: (ks: K[], e: Enr) => void;
  }): Enr {
    const now = this.now;
    const tz = o.student.tz;
    const teacher = o.teacher ?? null;
    const id = createEnrollment(this.db, {
      student_id: o.student.id, course_id: o.course.id, teacher_id: teacher?.id ?? null, status: o.status,
      admin_comment: o.adminComment ?? null, class_duration: o.duration, weekly_classes: o.slots.length, start_day: o.startDay,
      comment: o.comment ?? null, preferred_days: o.slots.map((s) => s.day), schedule: o.slots, hourly_price: o.hourly ?? null,
      finish_requested: o.finishRequested ?? false, created_at: o.createdAt,
    }, now);
    const approvedAt = Math.min(now - HOUR, o.createdAt + this.rng.int(3, 30) * HOUR);
    const e: Enr = {
      id, student: o.student, teacher, course: o.course, duration: o.duration, hourly: o.hourly ?? o.course.price,
      status: o.status, approvedAt,
    };
    this.enrollments.push(e);

    this.note(o.student, 'course_enrolled', 'Course Enrollment',
      `You've succesfully enrolled the course ${o.course.name}. Support will accept your enrollment within a few hours.`, o.createdAt, o.course);
    let updatedAt = o.createdAt;
    if (teacher) {
      this.note(o.student, 'enrollment_approved', 'Enrollment Approved',
        `Your enrollment in ${o.course.name} was approved. Your teacher is ${teacher.name}.`, approvedAt, o.course);
      this.note(teacher, 'teacher_enrollment_approved', 'New Student', `${o.student.name} has joined your ${o.course.name} classes.`, approvedAt, o.course);
      updatedAt = approvedAt;
    }
    if (o.status === 'action-needed') {
      const at = Math.min(now - HOUR, o.createdAt + this.rng.int(2, 20) * HOUR);
      this.note(o.student, 'enrollment_action_needed', 'Action Needed', o.adminComment ?? `Please review your enrollment form for ${o.course.name}.`, at, o.course);
      updatedAt = at;
    }
    if (o.status === 'updated') updatedAt = Math.min(now - HOUR, o.createdAt + this.rng.int(24, 72) * HOUR);

    const ks: K[] = [];
    if (teacher && o.until !== undefined) {
      // Weekly series: each slot's first day on or after the start day, then +7 local days (keeps the wall-clock time over DST).
      const start = Temporal.PlainDate.from(o.startDay);
      const occurrences: { at: number; slot: number }[] = [];
      o.slots.forEach((s, i) => {
        const date = start.add({ days: (s.day - (start.dayOfWeek % 7) + 7) % 7 });
        let at = instantOf(date.toString(), s.from, tz);
        while (at !== null && at < o.until!) {
          occurrences.push({ at, slot: i });
          at = addLocalDays(at, 7, tz);
        }
      });
      occurrences.sort((a, b) => a.at - b.at || a.slot - b.slot);
      let pastIndex = 0;
      const extra: K[] = [];
      occurrences.forEach((occ, j) => {
        const trial = j < 2;
        const k = this.newClass(e, occ.at, `e${id}:${occ.slot}`, trial, approvedAt);
        const ended = occ.at + o.duration * MINUTE <= now;
        let outcome: Outcome;
        if (trial) outcome = this.rng.chance(0.9) ? 'attended' : 'missed';
        else if (ended && o.student.lowBalance && occ.at > o.student.cutoff) outcome = this.rng.chance(0.8) ? 'missed' : 'cancel-student';
        else outcome = o.force?.get(pastIndex) ?? (o.mild ? this.rng.weighted<Outcome>([['attended', 90], ['absent', 5], ['missed', 5]]) : this.randomOutcome());
        if (ended && !trial) pastIndex++;
        this.settle(k, outcome, extra, o.quiet ?? false);
        ks.push(k);
      });
      ks.push(...extra);
      if (o.status === 'finished') {
        const at = Math.min(now - HOUR, o.until + this.rng.int(1, 48) * HOUR);
        this.note(o.student, 'course_finished', 'Course Finished', `Your enrollment in ${o.course.name} is finished.`, at, o.course);
        updatedAt = at;
      }
      if (o.status === 'suspended' || o.status === 'canceled') updatedAt = Math.min(now - HOUR, o.until);
    }
    if (o.finishRequested) {
      const at = now - this.rng.int(2, 48) * HOUR;
      this.note(o.student, 'finish_enrollment_request', 'Finish Request',
        `Your request to finish ${o.course.name} was sent. It will be approved as soon as possible.`, at, o.course);
      this.db.prepare('UPDATE enrollments SET finish_reason = ? WHERE id = ?').run('We are moving abroad and will pause lessons for a while.', id);
      updatedAt = at;
      // Finishing removes the classes that had not started yet.
      for (let i = ks.length - 1; i >= 0; i--) if (ks[i]!.start > at && !ks[i]!.attended) ks.splice(i, 1);
    }
    this.db.prepare('UPDATE enrollments SET updated_at = ? WHERE id = ?').run(updatedAt, id);
    o.after?.(ks, e);
    this.insertClasses(ks);
    return e;
  }

  private insertClasses(ks: K[]): void {
    ks.sort((a, b) => a.start - b.start);
    const extraUpd = this.db.prepare('UPDATE classes SET canceled_by = ?, student_joined_at = ?, url_added_at = ? WHERE id = ?');
    const report = this.db.prepare(
      `INSERT INTO class_reports (class_id, rating, class_activity, homework, teacher_notes, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    const req = this.db.prepare(
      `INSERT INTO reschedule_requests (class_id, sender_id, permanent, old_start_at, new_start_at, reason, status, created_at, decided_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const change = this.db.prepare('INSERT INTO class_changes (user_id, class_id, month, kind, created_at) VALUES (?, ?, ?, ?, ?)');
    for (const k of ks) {
      k.id = createClass(this.db, {
        enrollment_id: k.e.id, start_at: k.start, duration: k.duration, series_key: k.series, is_trial: k.trial, makeup: k.makeup,
        rescheduled: k.rescheduled, attended: k.attended, absent: k.absent, canceled: k.canceled, cancelation_reason: k.reason,
        paid: k.paid, charged_amount: k.charged, join_url: k.joinUrl, teacher_joined_at: k.teacherJoinedAt, delay_minutes: k.delay,
      }, k.createdAt);
      this.classCount++;
      if (k.canceledBy !== null || k.studentJoinedAt !== null || k.urlAddedAt !== null) {
        extraUpd.run(k.canceledBy, k.studentJoinedAt, k.urlAddedAt, k.id);
      }
      if (k.report) {
        const upd = this.rng.chance(0.1) ? Math.min(this.now - MINUTE, k.report.at + this.rng.int(1, 48) * HOUR) : k.report.at;
        report.run(k.id, k.report.rating, k.report.activity, k.report.homework, k.report.notes, k.report.at, upd);
      }
      for (const r of k.requests) {
        req.run(k.id, r.sender, r.permanent ? 1 : 0, r.old, r.next, r.reason, r.status, r.created, r.decided);
      }
      for (const c of k.changes) change.run(c.user, k.id, monthKey(c.at), c.kind, c.at);
      if (k.chargeAt !== null) {
        this.event(k.e.student.id, { kind: 'charge', at: Math.min(k.chargeAt, this.now - 1000), cost: k.charged!, classRef: k, seq: 0 });
      }
    }
  }

  private event(userId: number, ev: LedgerEvent): void {
    ev.seq = this.seq++;
    let list = this.ledger.get(userId);
    if (!list) this.ledger.set(userId, (list = []));
    list.push(ev);
  }

  // The demo pair -------------------------------------------------------------------------------

  private makeDemoEnrollments(): void {
    const now = this.now;
    const S = this.demoStudent;
    const T = this.demoTeacher;
    const tz = S.tz;
    const f = floorTo(now, 5 * MINUTE);
    // This month the demo student makes exactly two changes (a pending request, a cancel) and the
    // teacher one (a pending request): reserve them, so older random changes cannot use them up.
    const reserve = (id: number, at: number) => {
      const key = `${id}|${monthKey(at)}`;
      this.changeCounts.set(key, (this.changeCounts.get(key) ?? 0) + 1);
    };
    reserve(S.id, now - 3 * HOUR);
    reserve(S.id, now - DAY);
    reserve(T.id, now - 5 * HOUR);
    const running = f - 10 * MINUTE; // started 10–15 minutes ago, 60 minutes long
    const soon = f + 55 * MINUTE; // within the hour, after the running one ends
    const later = f + 5 * HOUR; // within 12 hours
    const slotAt = (ms: number, duration: number) => {
      const from = localTime(ms, tz);
      const [h, m] = from.split(':').map(Number) as [number, number];
      return { day: dow(ms, tz), from, to: hhmm(Math.min(h * 60 + m + duration, 23 * 60 + 59)) };
    };
    const other = (slot: { day: number }, plus: number, from: string, duration: number) => {
      const [h, m] = from.split(':').map(Number) as [number, number];
      return { day: (slot.day + plus) % 7, from, to: hhmm(h * 60 + m + duration) };
    };

    // E1: Hifz, 60 min, twice a week: the running class belongs to its first series.
    const e1s0 = slotAt(running, 60);
    const e1Slots = [e1s0, other(e1s0, 3, '17:30', 60)];
    const e1Start = localDate(now - 57 * DAY, tz);
    this.enrol({
      student: S, course: this.course('quran-memorisation-hifz'), status: 'approved', teacher: T, duration: 60, slots: e1Slots,
      startDay: e1Start, createdAt: now - 60 * DAY, until: now + 31 * DAY, quiet: true, mild: true,
      comment: 'I memorised Juz Amma years ago and want to continue with Juz Tabarak.',
      force: new Map<number, Outcome>([[1, 'cancel-student'], [3, 'absent'], [5, 'missed'], [6, 'resched-teacher'], [8, 'cancel-teacher']]),
      after: (ks, e) => {
        const run = ks.find((k) => k.start === running);
        if (run) {
          run.teacherJoinedAt = running + 3 * MINUTE;
          run.delay = 3;
          run.studentJoinedAt = null;
        }
        // A makeup class within the hour.
        const m = this.newClass(e, soon, null, false, now - 2 * DAY);
        m.makeup = true;
        m.joinUrl = `https://meet.example.com/room-${this.rng.hex(6)}`;
        m.urlAddedAt = now - 20 * HOUR;
        ks.push(m);
        // The student asks to move a class of the second series (waiting for the teacher).
        const target = ks.filter((k) => k.series === `e${e.id}:1` && k.start > now + DAY).sort((a, b) => a.start - b.start)[0];
        if (target) {
          this.request(target, S, now - 3 * HOUR, null, 'pending', addLocalDays(target.start, 1, tz), false, 'I have a meeting at that time, could we do the next day?');
        }
      },
    });

    // E2: Tajweed, 45 min, twice a week: a class in about five hours.
    const e2s0 = slotAt(later, 45);
    const e2Slots = [e2s0, other(e2s0, 2, '18:00', 45)];
    this.enrol({
      student: S, course: this.course('tajweed-for-beginners'), status: 'joined', teacher: T, duration: 45, slots: e2Slots,
      startDay: localDate(now - 43 * DAY, tz), createdAt: now - 46 * DAY, until: now + 31 * DAY, quiet: true, mild: true,
      force: new Map<number, Outcome>([[2, 'cancel-teacher'], [4, 'resched-student'], [5, 'rejected-student']]),
      after: (ks, e) => {
        // The teacher asks to move a class permanently (waiting for the student).
        const target = ks.filter((k) => k.series === `e${e.id}:1` && k.start > now + DAY).sort((a, b) => a.start - b.start)[0];
        if (target) {
          this.request(target, T, now - 5 * HOUR, null, 'pending', target.start + HOUR, true, 'Would one hour later work for you from now on?');
        }
        // A class next week and beyond: one canceled by the student.
        const far = ks.filter((k) => k.series === `e${e.id}:0` && k.start > now + 8 * DAY)[0];
        if (far) this.cancel(far, S, now - DAY);
      },
    });

    this.enrol({
      student: S, course: this.course('arabic-for-beginners'), status: 'pending', duration: 60,
      slots: [{ day: 6, from: '10:00', to: '11:00' }], startDay: localDate(now + 5 * DAY, tz), createdAt: now - 2 * DAY,
      comment: 'Complete beginner, please be patient with me.',
    });
    this.enrol({
      student: S, course: this.course('fiqh-of-worship'), status: 'action-needed', duration: 45,
      slots: [{ day: 1, from: '20:00', to: '20:45' }, { day: 4, from: '20:00', to: '20:45' }], startDay: localDate(now + 3 * DAY, tz),
      createdAt: now - 6 * DAY, adminComment: D.ADMIN_COMMENTS[1],
    });
    this.enrol({
      student: S, course: this.course('seerah'), status: 'review', duration: 60, slots: [{ day: 0, from: '11:00', to: '12:00' }],
      startDay: localDate(now + 4 * DAY, tz), createdAt: now - DAY,
    });
    this.enrol({
      student: S, course: this.course('noorani-qaida'), status: 'finished', teacher: this.teachers[1] ?? T, duration: 30,
      slots: [{ day: 1, from: '18:00', to: '18:30' }, { day: 3, from: '18:00', to: '18:30' }], startDay: localDate(now - 59 * DAY, tz),
      createdAt: now - 62 * DAY, until: now - 22 * DAY,
    });

    // The children.
    const M = this.maryam;
    this.enrol({
      student: M, course: this.course('juz-amma-for-kids'), status: 'approved', teacher: T, duration: 30,
      slots: [{ day: 0, from: '16:00', to: '16:30' }, { day: 2, from: '16:00', to: '16:30' }, { day: 4, from: '16:00', to: '16:30' }],
      startDay: localDate(now - 45 * DAY, tz), createdAt: now - 48 * DAY, until: now + 31 * DAY,
      comment: 'My daughter is 10 and knows a few short surahs.',
    });
    const I = this.ibrahim;
    this.enrol({
      student: I, course: this.course('islamic-studies-for-kids'), status: 'joined', teacher: this.teachers[2] ?? T, duration: 45,
      slots: [{ day: 6, from: '11:00', to: '11:45' }, { day: 3, from: '17:00', to: '17:45' }],
      startDay: localDate(now - 40 * DAY, tz), createdAt: now - 42 * DAY, until: now + 31 * DAY,
    });
    this.enrol({
      student: I, course: this.course('noorani-qaida'), status: 'updated', duration: 30,
      slots: [{ day: 1, from: '17:00', to: '17:30' }, { day: 5, from: '17:00', to: '17:30' }], startDay: localDate(now + 6 * DAY, tz),
      createdAt: now - 4 * DAY,
    });
  }

  private makeStudentEnrollments(): void {
    const now = this.now;
    const kidsCourses = this.courses.filter((c) => /kids|qaida/i.test(c.name));
    const others = this.teachers.filter((t) => t !== this.demoTeacher);
    this.students.forEach((s, i) => {
      const child = s.parent !== null;
      const n = this.rng.weighted([[1, 5], [2, 3.5], [3, 1.5]] as const);
      const pool = child ? [...kidsCourses, ...this.rng.sample(this.courses, 2)] : this.courses;
      const courses = this.rng.sample([...new Set(pool)], n);
      courses.forEach((course, j) => {
        let status: Status = this.rng.weighted<Status>([
          ['approved', 36], ['joined', 20], ['finished', 8], ['suspended', 4], ['canceled', 6], ['pending', 8], ['review', 7],
          ['updated', 4], ['action-needed', 7],
        ]);
        if (j === 0 && i < STATUSES.length) status = STATUSES[i]!;
        const finishRequested = j === 0 && i === STATUSES.length;
        if (finishRequested) status = 'approved';
        const duration = this.rng.weighted([[30, 2], [45, 3], [60, 4], [90, 1]] as const);
        const weekly = duration >= 60 ? this.rng.weighted([[1, 3], [2, 5], [3, 2]] as const) : this.rng.weighted([[2, 5], [3, 3], [4, 1]] as const);
        // The teacher is chosen first: the timetable is in hours that suit both (a pending form's too, for the likely teacher).
        const teacher = this.rng.chance(0.25) || others.length === 0 ? this.demoTeacher : this.rng.pick(others);
        const slots = this.randomSlots(weekly, duration, s.tz, teacher.tz);
        const hourly = this.rng.chance(0.15) ? money(course.price * this.rng.pick([0.8, 0.85, 0.9])) : null;
        const base = { student: s, course, duration, slots, hourly, comment: this.rng.pick(D.ENROLL_COMMENTS) };
        if (!WITH_TEACHER.has(status) && status !== 'canceled') {
          const createdAt = now - this.rng.int(2, 240) * HOUR;
          this.enrol({
            ...base, status, startDay: localDate(now + this.rng.int(1, 14) * DAY, s.tz), createdAt,
            adminComment: status === 'action-needed' || (status === 'updated' && this.rng.chance(0.5)) ? this.rng.pick(D.ADMIN_COMMENTS) : null,
          });
          return;
        }
        const earliest = Math.max(s.createdAt + 3 * DAY, now - 60 * DAY);
        let startMs: number;
        let until: number;
        if (status === 'finished') {
          startMs = earliest + this.rng.int(0, 10) * DAY;
          until = Math.min(now - DAY, startMs + this.rng.int(14, 40) * DAY);
        } else if (status === 'suspended') {
          startMs = earliest + this.rng.int(0, 20) * DAY;
          until = Math.min(now - DAY, startMs + this.rng.int(10, 35) * DAY);
        } else if (status === 'canceled') {
          if (this.rng.chance(0.5)) {
            const createdAt = now - this.rng.int(3, 50) * DAY;
            this.enrol({ ...base, status, startDay: localDate(createdAt + 3 * DAY, s.tz), createdAt });
            return;
          }
          startMs = earliest + this.rng.int(0, 30) * DAY;
          until = Math.min(now - DAY, startMs + 8 * DAY); // only the trial classes took place
        } else {
          startMs = Math.min(now + 5 * DAY, earliest + this.rng.int(0, 50) * DAY);
          until = now + 31 * DAY;
        }
        if (until <= startMs) until = startMs + 8 * DAY;
        this.enrol({
          ...base, status, teacher, startDay: localDate(startMs, s.tz),
          createdAt: Math.max(s.createdAt + DAY, startMs - this.rng.int(2, 7) * DAY), until, finishRequested,
        });
      });
    });
  }

  /** The demo teacher's dashboard shows delayed classes this month and last month whenever it has done classes. */
  private ensureTeacherDelays(): void {
    const T = this.demoTeacher;
    for (const delta of [0, -1]) {
      const [from, to] = monthRange(this.now, T.tz, delta);
      const where = `FROM classes k JOIN enrollments e ON e.id = k.enrollment_id
        WHERE e.teacher_id = ? AND k.attended = 1 AND k.start_at >= ? AND k.start_at < ?`;
      const delayed = (this.db.prepare(`SELECT COUNT(*) AS n ${where} AND k.delay_minutes > 0`).get(T.id, from, to) as { n: number }).n;
      if (delayed > 0) continue;
      const last = this.db.prepare(`SELECT k.id, k.start_at ${where} ORDER BY k.start_at DESC LIMIT 1`).get(T.id, from, to) as
        | { id: number; start_at: number } | undefined;
      if (last) this.db.prepare('UPDATE classes SET delay_minutes = 6, teacher_joined_at = ? WHERE id = ?').run(last.start_at + 6 * MINUTE, last.id);
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Money

  private makeFixedLedgerEvents(): void {
    const now = this.now;
    const S = this.demoStudent;
    const plain = (u: Person, at: number, type: TransactionType, value: number, comment: string | null, loanDelta = 0, amount: number | null = Math.abs(value)) =>
      this.event(u.id, { kind: 'plain', at, type, value, amount, comment, loanDelta, seq: 0 });
    const transfer = (from: Student, to: Student, at: number, amount: number) => {
      plain(from, at, 'family_balance_transfer', -amount, `Transfer to ${to.name}`);
      plain(to, at, 'family_balance_transfer', amount, `Transfer from ${from.name}`);
    };

    // The demo student's history shows every kind of transaction.
    this.event(S.id, { kind: 'recharge', at: now - 75 * DAY, amount: 50, comment: `Card payment ${this.rng.hex(8)}`, method: 'card', seq: 0 });
    plain(S, now - 38 * DAY, 'borrow_balance', 20, 'Borrowed balance', 20);
    this.note(S, 'borrow_balance', 'Balance borrowed', 'Borrow balance transaction done successfully: $20.00 added to your wallet.', now - 38 * DAY, null);
    plain(S, now - 33 * DAY, 'admin_credits_update', 6, 'Compensation for the class your teacher could not attend');
    transfer(S, this.maryam, now - 44 * DAY + 2 * HOUR, 10);
    transfer(S, this.ibrahim, now - 2 * DAY, 15);
    transfer(S, this.maryam, Math.min(now - DAY, this.maryam.cutoff + DAY), 1.5); // after her last paid class: under 2 now
    transfer(S, this.ibrahim, now - 39 * DAY, 20);

    // Everyone else: a first recharge soon after signing up, sometimes a borrow, a correction, family transfers.
    for (const s of this.allStudents) {
      if (s === S || s === this.maryam || s === this.ibrahim) continue;
      const first = s.createdAt + this.rng.int(2, 48) * HOUR;
      if (s.parent === null && (this.rng.chance(0.75) || s.referredBy) && first < now - HOUR) {
        const method = this.rng.weighted([['card', 6], ['wise', 2], ['bank', 1.5], ['instapay', 1]] as const);
        this.event(s.id, { kind: 'recharge', at: first, amount: this.rng.pick([20, 30, 50, 100]), comment: '', method, seq: 0 });
      }
      if (s.canBorrow && !s.lowBalance && this.rng.chance(0.2)) {
        const at = now - this.rng.int(1, 40) * DAY;
        if (at > s.createdAt) {
          const amount = Math.min(s.maxBorrow, this.rng.pick([10, 20, 25]));
          plain(s, at, 'borrow_balance', amount, 'Borrowed balance', amount);
          this.note(s, 'borrow_balance', 'Balance borrowed', `Borrow balance transaction done successfully: $${amount.toFixed(2)} added to your wallet.`, at, null);
        }
      }
      if (s.parent === null && this.rng.chance(0.06)) {
        const at = now - this.rng.int(2, 50) * DAY;
        if (at > s.createdAt) plain(s, at, 'admin_credits_update', this.rng.pick([5, 10]), this.rng.pick(['Compensation for a missed class', 'Ramadan gift', 'Goodwill credit']));
      }
    }
  }

  private makePayments(): void {
    const now = this.now;
    const ins = this.db.prepare('INSERT INTO payments (user_id, amount, payment_method, message, attachment, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
    const S = this.demoStudent;
    const done = Number(ins.run(S.id, 30, 'bank', 'Bank transfer reference BT-20931', '/media/transfer-receipt.png', 'completed', now - 52 * DAY).lastInsertRowid);
    this.event(S.id, { kind: 'recharge', at: now - 51 * DAY, amount: 30, comment: `Manual payment #${done} (bank)`, method: 'bank', seq: 0 });
    const wise = Number(ins.run(S.id, 60, 'wise', 'Sent with Wise, reference TW-77410', '/media/transfer-receipt.png', 'completed', now - 31 * DAY).lastInsertRowid);
    this.event(S.id, { kind: 'recharge', at: now - 30 * DAY, amount: 60, comment: `Manual payment #${wise} (wise)`, method: 'wise', seq: 0 });
    ins.run(S.id, 25, 'instapay', 'InstaPay transfer', null, 'rejected', now - 25 * DAY);
    ins.run(S.id, 50, 'wise', 'Sent 50$ with Wise today, reference TW-48213', '/media/transfer-receipt.png', 'review', now - 20 * HOUR);
    for (const s of this.students) {
      if (s.parent === null && this.rng.chance(0.08)) {
        ins.run(s.id, this.rng.pick([20, 30, 50]), this.rng.pick(['bank', 'wise', 'instapay']), 'Please find the receipt attached.',
          this.rng.chance(0.7) ? '/media/transfer-receipt.png' : null, 'review', now - this.rng.int(1, 72) * HOUR);
      }
    }
  }

  /**
   * Walks each student's money events in time order and writes the transactions with their
   * balance after: recharges pay back a loan first, Wise pays a bonus, a first recharge of a
   * referred student rewards both sides, and before a charge the student tops up (a child gets a
   * transfer from the parent) unless the balance covers it. Referred students and children come
   * before their referrer and parent (higher ids first), so the rewards and transfers they add are
   * walked too. The demo student ends at exactly 45 with no loan.
   */
  private settleLedgers(): void {
    const now = this.now;
    const order = [...this.allStudents].sort((a, b) => b.id - a.id);
    const rewarded: number[] = [];
    const payment = this.db.prepare('INSERT INTO payments (user_id, amount, payment_method, message, attachment, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
    for (const s of order) {
      const events = (this.ledger.get(s.id) ?? []).sort((a, b) => a.at - b.at || a.seq - b.seq);
      let balance = 0;
      let loan = 0;
      let last = s.createdAt;
      let recharges = 0;
      const push = (type: TransactionType, value: number, amount: number | null, comment: string | null, at: number, classRef: K | null = null) => {
        balance = money(balance + value);
        const t = Math.max(at, last);
        last = t;
        this.txRows.push({ user: s.id, type, value: money(value), amount, classRef, comment, after: balance, at: t, seq: this.seq++ });
      };
      const recharge = (at: number, amount: number, method: string, comment: string) => {
        if (!comment) {
          if (method === 'card') comment = `Card payment ${this.rng.hex(8)}`;
          else {
            const id = Number(payment.run(s.id, amount, method, 'Please find the receipt attached.', '/media/transfer-receipt.png', 'completed',
              Math.max(s.createdAt, at - this.rng.int(1, 20) * HOUR)).lastInsertRowid);
            comment = `Manual payment #${id} (${method})`;
          }
        }
        push('recharge', amount, amount, comment, at);
        recharges++;
        if (loan > 0) {
          const x = money(Math.min(loan, amount));
          loan = money(loan - x);
          push('borrow_balance_deduct', -x, x, 'Loan paid back from recharge', at + 1000);
        }
        if (method === 'wise') push('wise_reward', money(amount * 0.05), money(amount * 0.05), 'Wise +5% bonus', at + 2000);
        if (recharges === 1 && s.referredBy) {
          const reward = money(Math.min(8, amount * 0.1));
          push('referral_reward', reward, reward, `Referral reward (invited by ${s.referredBy.name})`, at + 3000);
          this.event(s.referredBy.id, { kind: 'plain', at: at + 3000, type: 'referral_reward', value: reward, amount: reward, comment: `Referral reward (${s.name}'s first recharge)`, loanDelta: 0, seq: 0 });
          rewarded.push(s.id);
        }
        this.note(s, 'recharge_completed', 'Wallet recharged', `You have successfully recharged your wallet with $${amount.toFixed(2)}.`, at + 4000, null);
      };
      const topUp = (before: number, need: number) => {
        const deficit = need - balance;
        const at = Math.max(last + MINUTE, before - this.rng.int(10, 36 * 60) * MINUTE);
        const when = at < before ? at : last + 1000;
        if (s.parent) {
          const amount = s.lowBalance ? Math.ceil(deficit) : Math.max(Math.ceil(deficit / 10) * 10, this.rng.pick(s.roundTopups.length ? s.roundTopups : [10]));
          push('family_balance_transfer', amount, amount, `Transfer from ${s.parent.name}`, when);
          this.event(s.parent.id, { kind: 'plain', at: when, type: 'family_balance_transfer', value: -amount, amount, comment: `Transfer to ${s.name}`, loanDelta: 0, seq: 0 });
          return;
        }
        const want = deficit + loan;
        const amount = s.lowBalance
          ? Math.ceil(want)
          : (this.rng.shuffle(s.roundTopups).find((a) => a >= want) ?? Math.ceil(want / 10) * 10);
        recharge(when, amount, this.rng.weighted([['card', 6], ['wise', 1], ['bank', 1], ['instapay', 1]] as const), '');
      };
      for (const ev of events) {
        if (ev.kind === 'recharge') {
          recharge(ev.at, ev.amount, ev.method, ev.comment);
        } else if (ev.kind === 'charge') {
          if (balance < ev.cost) topUp(ev.at, ev.cost);
          push('class_payment', -ev.cost, null, null, ev.at, ev.classRef);
        } else {
          if (ev.value < 0 && balance < -ev.value) topUp(ev.at, -ev.value);
          push(ev.type, ev.value, ev.amount, ev.comment, ev.at);
          loan = money(loan + ev.loanDelta);
        }
      }
      if (s === this.demoStudent) {
        // End at exactly 45 credits and no loan.
        const at = Math.min(now - 5 * MINUTE, last + MINUTE);
        if (balance - loan < 45) recharge(at, money(45 - balance + loan), 'card', '');
        if (balance > 45) push('admin_credits_update', money(45 - balance), null, 'Balance correction', Math.min(now - MINUTE, last + MINUTE));
      }
      this.db.prepare('UPDATE users SET credits = ?, loan_credits = ? WHERE id = ?').run(balance, loan, s.id);
    }
    for (const id of rewarded) this.db.prepare('UPDATE users SET referral_rewarded = 1 WHERE id = ?').run(id);

    const ins = this.db.prepare(
      `INSERT INTO transactions (user_id, type, value, amount, class_id, comment, credits_after, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.txRows.sort((a, b) => a.at - b.at || a.seq - b.seq);
    for (const t of this.txRows) ins.run(t.user, t.type, t.value, t.amount, t.classRef?.id ?? null, t.comment, t.after, Math.min(t.at, now - 1000));
  }

  // ---------------------------------------------------------------------------------------------
  // Working hours

  private makeTeacherSchedules(): void {
    const ins = this.db.prepare('INSERT INTO teacher_schedule (teacher_id, day, start_time, end_time) VALUES (?, ?, ?, ?)');
    for (const day of [0, 1, 2, 3, 4]) {
      ins.run(this.demoTeacher.id, day, '09:00', '13:00');
      ins.run(this.demoTeacher.id, day, '16:00', '21:00');
    }
    ins.run(this.demoTeacher.id, 6, '10:00', '14:00');
    for (const t of this.teachers) {
      if (t === this.demoTeacher || this.rng.chance(0.15)) continue;
      const days = this.rng.sample([0, 1, 2, 3, 4, 5, 6], this.rng.int(3, 6)).sort((a, b) => a - b);
      const from = this.rng.pick([8, 9, 10, 14, 15, 16]);
      const len = this.rng.pick([3, 4, 5, 6]);
      for (const d of days) ins.run(t.id, d, hhmm(from * 60), hhmm(Math.min(23 * 60 + 30, (from + len) * 60)));
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Conversations

  /** Sorted instants in [from, to], in bursts of chat (seconds to minutes apart) separated by longer pauses. */
  private spreadTimes(n: number, from: number, to: number): number[] {
    if (n <= 0) return [];
    const raw: number[] = [];
    let t = 0;
    for (let i = 0; i < n; i++) {
      t += i === 0 ? 0 : this.rng.chance(0.3) ? this.rng.float(20, 600) : this.rng.float(10, 240) * 60; // seconds (scaled below)
      raw.push(t);
    }
    const span = Math.max(1, to - from);
    const total = Math.max(1, t);
    const out: number[] = [];
    let prev = -Infinity;
    for (const r of raw) {
      let at = from + Math.round((r / total) * span);
      if (at <= prev) at = prev + 1000;
      out.push(at);
      prev = at;
    }
    return out;
  }

  private conversation(title: string, avatar: string | null, members: Person[], createdAt: number, closed = false): number {
    this.conversationCount++;
    return createConversation(this.db, { title, avatar, closed, members: members.map((m) => m.id), created_at: createdAt }, createdAt);
  }

  private message(conversationId: number, sender: Person, at: number, m: { text?: string; image?: string; audio?: string }): void {
    this.messageCount++;
    addMessage(this.db, {
      conversation_id: conversationId, sender_id: sender.id, created_at: at,
      type: m.image ? 'image' : m.audio ? 'audio' : 'text', text: m.text ?? null, image_url: m.image ?? null, audio: m.audio ?? null,
      download: m.image ?? m.audio ?? null,
    }, at);
  }

  /** Random chat between a teacher and a student, or a user and support. */
  private chatter(conversationId: number, a: Person, b: Person, kind: 'lesson' | 'support', n: number, from: number, to: number): void {
    const times = this.spreadTimes(n, from, to);
    let sender = kind === 'support' ? a : this.rng.chance(0.5) ? a : b; // a: the student / user
    for (let i = 0; i < times.length; i++) {
      if (i > 0 && this.rng.chance(0.65)) sender = sender === a ? b : a;
      const isA = sender === a;
      const r = this.rng.next();
      let m: { text?: string; image?: string; audio?: string };
      if (kind === 'lesson') {
        if (r < 0.05) m = { image: isA ? this.rng.pick(['/media/homework-al-mulk.svg', '/media/mushaf-page.png']) : '/media/tajweed-chart.svg' };
        else if (r < 0.1) m = { audio: isA ? this.rng.pick(['/media/recitation-1.wav', '/media/recitation-2.wav']) : '/media/correction-1.wav' };
        else m = { text: this.rng.pick(isA ? D.STUDENT_LINES : D.TEACHER_LINES) };
      } else if (isA && r < 0.08) {
        m = { image: '/media/transfer-receipt.png' };
      } else {
        m = { text: this.rng.pick(isA ? D.USER_SUPPORT_LINES : D.SUPPORT_LINES) };
      }
      this.message(conversationId, sender, times[i]!, m);
    }
  }

  private markSeen(conversationId: number, user: Person): void {
    this.db.prepare('UPDATE conversation_members SET seen = 1 WHERE conversation_id = ? AND user_id = ?').run(conversationId, user.id);
  }

  private makeConversations(): void {
    const now = this.now;
    const S = this.demoStudent;
    const T = this.demoTeacher;
    const SUP = this.support;

    // The demo pair: long filler history at large scale, then the hand-written recent exchange.
    const pairAt = now - 59 * DAY;
    const demo = (this.demoConversationId = this.conversation(`${S.name} & ${T.name}`, T.avatar, [S, T], pairAt));
    const demoTotal = this.scale >= 10 ? 5000 + 100 * this.scale : 48;
    const scriptFrom = now - 20 * DAY;
    this.chatter(demo, S, T, 'lesson', Math.max(0, demoTotal - D.DEMO_SCRIPT.length), pairAt + HOUR, scriptFrom - HOUR);
    const scriptTimes = this.spreadTimes(D.DEMO_SCRIPT.length, scriptFrom, now - 2 * HOUR);
    D.DEMO_SCRIPT.forEach((line, i) => this.message(demo, line.from === 'S' ? S : T, scriptTimes[i]!, line));

    // The demo student and support: open, last word from support (unread), an admin announcement.
    const sup = this.conversation(SUP.name, SUP.avatar, [S, SUP, this.admin], now - 12 * DAY);
    const supLines: [Person, { text?: string; image?: string }, number][] = [
      [S, { text: 'Hi, I sent a Wise payment for my wallet this morning, how long does it take?' }, now - 12 * DAY],
      [SUP, { text: 'Hello! Thank you for contacting support. Could you send us a screenshot of the transfer, please?' }, now - 12 * DAY + 25 * MINUTE],
      [S, { image: '/media/transfer-receipt.png' }, now - 12 * DAY + 40 * MINUTE],
      [SUP, { text: 'Thank you, we received it. Manual payments are usually reviewed within a few hours.' }, now - 12 * DAY + 2 * HOUR],
      [S, { text: 'جزاكم الله خيرا' }, now - 12 * DAY + 3 * HOUR],
      [this.admin, { text: 'Eid Mubarak! There are no classes on the first day of Eid; your teacher will arrange a makeup class. Our office hours are 10:00 to 22:00 Cairo time.' }, now - 6 * DAY],
      [S, { text: 'I sent another 50$ with Wise today, reference TW-48213.' }, now - 20 * HOUR],
      [SUP, { text: 'We have your new Wise payment; it is under review and will be added to your wallet as soon as it is confirmed.' }, now - 3 * HOUR],
    ];
    for (const [who, m, at] of supLines) this.message(sup, who, at, m);
    this.note(S, 'ticket_reply', 'Support replied', 'Support Team replied to your message.', now - 3 * HOUR, null);
    this.note(S, 'admin_message', 'Eid timetable', 'Eid Mubarak! There are no classes on the first day of Eid.', now - 6 * DAY, null);

    // A closed ticket.
    const closedAt = now - 35 * DAY;
    const closed = this.conversation('Join link problem', SUP.avatar, [S, SUP], closedAt, true);
    this.message(closed, S, closedAt, { text: 'The join link did not open on my phone.' });
    this.message(closed, SUP, closedAt + 20 * MINUTE, { text: 'Please update the app and try again, or open the link in your browser.' });
    this.message(closed, S, closedAt + 2 * HOUR, { text: 'Thank you, it works now.' });
    this.message(closed, SUP, closedAt + 3 * HOUR, { text: 'Glad to hear it! We are closing this ticket. السلام عليكم' });
    this.markSeen(closed, S);

    // Teacher support.
    const tsup = this.conversation(`${SUP.name}`, SUP.avatar, [T, SUP], now - 30 * DAY);
    this.chatter(tsup, T, SUP, 'support', 6, now - 30 * DAY, now - 9 * DAY);
    this.markSeen(tsup, T);

    // Everyone else: one conversation per student–teacher pair, support threads, closed tickets.
    type Plan = { members: [Person, Person]; kind: 'lesson' | 'support'; title: string; avatar: string | null; at: number; end: number; closed: boolean; weight: number };
    const plans: Plan[] = [];
    const pairs = new Map<string, { s: Student; t: Teacher; at: number; active: boolean }>();
    for (const e of this.enrollments) {
      if (!e.teacher) continue;
      if (e.student === S && e.teacher === T) continue;
      const key = `${e.student.id}:${e.teacher.id}`;
      const active = e.status === 'approved' || e.status === 'joined';
      const p = pairs.get(key);
      if (!p) pairs.set(key, { s: e.student, t: e.teacher, at: e.approvedAt, active });
      else {
        p.at = Math.min(p.at, e.approvedAt);
        p.active ||= active;
      }
    }
    for (const { s, t, at, active } of pairs.values()) {
      const closedPair = !active && this.rng.chance(0.5);
      plans.push({
        members: [s, t], kind: 'lesson', title: `${s.name} & ${t.name}`, avatar: t.avatar, at,
        end: active ? now - this.rng.int(10, 10 * 24 * 60) * MINUTE : Math.max(at + DAY, now - this.rng.int(10, 40) * DAY),
        closed: closedPair, weight: active ? 3 : 1,
      });
    }
    const adults = this.allStudents.filter((s) => s.parent === null && s !== S);
    for (const s of adults) {
      if (!this.rng.chance(0.6)) continue;
      const at = Math.max(s.createdAt, now - this.rng.int(5, 90) * DAY);
      plans.push({ members: [s, SUP], kind: 'support', title: SUP.name, avatar: SUP.avatar, at, end: Math.min(now - HOUR, at + this.rng.int(1, 20) * DAY), closed: false, weight: 1.2 });
    }
    const target = 100 * this.scale;
    // A user's tickets have distinct subjects (two conversations of the same title read as one shown twice).
    const subjects = new Map<number, string[]>();
    while (plans.length + this.conversationCount < target && adults.length > 0) {
      const s = this.rng.pick(adults);
      const left = subjects.get(s.id) ?? D.TICKET_TITLES.filter((t) => t !== SUP.name);
      if (left.length === 0) continue;
      const title = this.rng.pick(left);
      subjects.set(s.id, left.filter((t) => t !== title));
      const at = Math.max(s.createdAt, now - this.rng.int(8, 300) * DAY);
      plans.push({
        members: [s, SUP], kind: 'support', title, avatar: SUP.avatar, at,
        end: Math.min(now - DAY, at + this.rng.int(1, 5) * DAY), closed: true, weight: 0.5,
      });
    }
    plans.sort((a, b) => a.at - b.at);

    // Exact message allocation: at least 2 each, the rest by weight, so the total is 2,600 × scale.
    const total = Math.max(plans.length * 2, 2600 * this.scale);
    const weights = plans.map((p) => p.weight * this.rng.float(0.4, 1.6));
    const wsum = weights.reduce((a, b) => a + b, 0);
    const counts = weights.map((w) => 2 + Math.floor(((total - 2 * plans.length) * w) / wsum));
    let rest = total - counts.reduce((a, b) => a + b, 0);
    for (let i = 0; rest > 0; i = (i + 1) % counts.length, rest--) counts[i]!++;

    plans.forEach((p, i) => {
      const [a, b] = p.members;
      const id = this.conversation(p.title, p.avatar, [a, b], p.at, p.closed);
      this.chatter(id, a, b, p.kind, counts[i]!, p.at, Math.max(p.at + MINUTE, p.end));
      // Most readers have caught up; the others keep an unread conversation.
      if (p.closed || this.rng.chance(0.65)) {
        this.markSeen(id, a);
        this.markSeen(id, b);
      }
      if (p.kind === 'support' && !p.closed && this.rng.chance(0.5)) {
        this.note(a, 'ticket_reply', 'Support replied', 'Support Team replied to your message.', p.end, null);
      }
    });
  }

  // ---------------------------------------------------------------------------------------------
  // Notifications

  private makeDemoNotifications(): void {
    const now = this.now;
    this.note(this.demoTeacher, 'admin_message', 'Salary transferred', 'Your salary for last month has been transferred. جزاكم الله خيرا', now - 9 * DAY, null);
    this.note(this.demoTeacher, 'admin_message', 'New teaching guidelines', 'Please add the class report within 2 hours after each class.', now - 3 * HOUR, null);
    for (const s of this.rng.sample(this.students, Math.ceil(this.students.length / 5))) {
      this.note(s, 'admin_message', 'Class reports', 'You can now read your teacher\'s report after each class under Class Reports.', now - this.rng.int(1, 30) * DAY, null);
    }
  }

  private flushNotifications(): void {
    const ins = this.db.prepare(
      `INSERT INTO notifications (id, user_id, type, title, content, course_id, course_class_id, read_at, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const now = this.now;
    const sorted = this.notes.map((n, i) => ({ n, i })).sort((a, b) => a.n.at - b.n.at || a.i - b.i);
    for (const { n } of sorted) {
      const old = n.at < now - 2 * DAY;
      const read = this.rng.chance(old ? 0.92 : 0.25);
      const readAt = read ? Math.min(now - MINUTE, n.at + this.rng.int(1, 36 * 60) * MINUTE) : null;
      ins.run(this.rng.uuid(), n.user, n.type, n.title, n.content, n.course_id, n.k?.id || null, readAt, n.at);
    }
  }
}

export function buildWorld(db: DB, opts: WorldOptions): WorldSummary {
  return db.transaction(() => new WorldBuilder(db, opts).build())();
}
