import { describe, expect, it } from 'vitest';
import { canResubmit, enrollmentStage, isReasonValid, startsEditable } from '../../src/features/courses/enrollment-stage.ts';
import { ALL_CATEGORIES, categoriesOf, filterCourses } from '../../src/features/courses/catalogue-filter.ts';
import { filterEnrollments } from '../../src/features/my-courses/my-courses-filter.ts';

const withStatus = (status: string, finish_requested = false) =>
  ({ enrollment: { status, finish_requested } as never, finish_requested });

describe('course page stage', () => {
  it('no enrolment: the blank editable form', () => {
    expect(enrollmentStage({ enrollment: null, finish_requested: false })).toBe('new');
    expect(startsEditable('new')).toBe(true);
  });
  it('pending values wait for support and are read-only until Edit', () => {
    for (const s of ['pending', 'review', 'updated']) expect(enrollmentStage(withStatus(s))).toBe('pending');
    expect(startsEditable('pending')).toBe(false);
  });
  it('action-needed is editable', () => {
    expect(enrollmentStage(withStatus('action-needed'))).toBe('action-needed');
    expect(startsEditable('action-needed')).toBe(true);
  });
  it('approved (or joined) offers cancelling until a finish request is sent', () => {
    expect(enrollmentStage(withStatus('approved'))).toBe('approved');
    expect(enrollmentStage(withStatus('joined'))).toBe('approved');
    expect(enrollmentStage(withStatus('approved', true))).toBe('finish-requested');
  });
  it('other statuses are closed', () => {
    expect(enrollmentStage(withStatus('suspended'))).toBe('closed');
    expect(enrollmentStage(withStatus('something-new'))).toBe('closed');
  });
  it('only editable statuses may be resubmitted', () => {
    expect(canResubmit({ status: 'pending' })).toBe(true);
    expect(canResubmit({ status: 'action-needed' })).toBe(true);
    expect(canResubmit({ status: 'approved' })).toBe(false);
    expect(canResubmit(null)).toBe(false);
  });
  it('the cancel reason is required', () => {
    expect(isReasonValid('')).toBe(false);
    expect(isReasonValid('   ')).toBe(false);
    expect(isReasonValid('Moving abroad')).toBe(true);
  });
});

describe('catalogue filter', () => {
  const courses = [
    { id: 1, name: 'Tajweed Basics', category_id: 1, category_name: 'Quran' },
    { id: 2, name: 'Arabic for Kids', category_id: 2, category_name: 'Arabic' },
    { id: 3, name: 'Hifz Program', category_id: 1, category_name: 'Quran' },
    { id: 4, name: 'Fiqh of Prayer', category_id: 3, category_name: 'Islamic Studies' },
  ];
  it('lists each category once, by name', () => {
    expect(categoriesOf(courses)).toEqual([
      { id: 2, name: 'Arabic' }, { id: 3, name: 'Islamic Studies' }, { id: 1, name: 'Quran' },
    ]);
  });
  it('searches course name or category name, case-insensitively', () => {
    expect(filterCourses(courses, 'tajw', ALL_CATEGORIES).map((c) => c.id)).toEqual([1]);
    expect(filterCourses(courses, 'QURAN', ALL_CATEGORIES).map((c) => c.id)).toEqual([1, 3]);
    expect(filterCourses(courses, '  arabic ', ALL_CATEGORIES).map((c) => c.id)).toEqual([2]);
    expect(filterCourses(courses, '', ALL_CATEGORIES)).toHaveLength(4);
  });
  it('filters by category, All keeps every one', () => {
    expect(filterCourses(courses, '', 1).map((c) => c.id)).toEqual([1, 3]);
    expect(filterCourses(courses, 'hifz', 1).map((c) => c.id)).toEqual([3]);
    expect(filterCourses(courses, 'hifz', 2)).toEqual([]);
  });
});

describe('my courses search', () => {
  const items = [
    { id: 1, course: { id: 1, name: 'Tajweed Basics', image_url: null, category_name: 'Quran' }, teacher: { id: 9, name: 'Sheikh Omar', avatar: null } },
    { id: 2, course: { id: 2, name: 'Arabic for Kids', image_url: null, category_name: 'Arabic' }, teacher: null },
  ];
  it('matches course, category or teacher', () => {
    expect(filterEnrollments(items, 'taj').map((e) => e.id)).toEqual([1]);
    expect(filterEnrollments(items, 'arabic').map((e) => e.id)).toEqual([2]);
    expect(filterEnrollments(items, 'omar').map((e) => e.id)).toEqual([1]);
    expect(filterEnrollments(items, '')).toHaveLength(2);
    expect(filterEnrollments(items, 'zzz')).toEqual([]);
  });
});

describe('enrolment error messages (worded by the engine from db/mutations.ts)', async () => {
  const { toEngineError } = await import('../../worker/transport/errors.ts');
  const http = (status: number, body: unknown) => ({ ok: false as const, failure: 'http' as const, status, body });
  it('a 422 shows the first field message', () => {
    const body = { message: 'The given data was invalid.', errors: { start_day: ['The start day must be tomorrow or later.'], schedule: ['other'] } };
    expect(toEngineError(http(422, body), 'enroll').message).toBe('The start day must be tomorrow or later.');
  });
  it('anything else shows the action fallback', () => {
    expect(toEngineError(http(500, { message: 'boom' }), 'finishEnrollment').message).toBe('Error occurred during finishing');
    expect(toEngineError(http(400, { message: 'nope' }), 'enroll').message).toBe('Error occurred during enrolling course');
  });
});
