import { describe, expect, it } from 'vitest';
import {
  clampRating, draftOf, enrollmentOptionLabel, filterPlaceholder, otherParty, ratingText, reportDraftError, sortReports,
  starFill, stepRating,
} from '../../src/features/class-reports/report-rules.ts';

describe('half-star rating', () => {
  it('keeps ratings on half steps between 0 and 5', () => {
    expect(clampRating(3.5)).toBe(3.5);
    expect(clampRating(3.3)).toBe(3.5);
    expect(clampRating(3.2)).toBe(3);
    expect(clampRating(7)).toBe(5);
    expect(clampRating(-1)).toBe(0);
    expect(clampRating(Number.NaN)).toBe(0);
  });
  it('arrows step by 0.5 and stop at the ends', () => {
    expect(stepRating(3, 1)).toBe(3.5);
    expect(stepRating(3, -1)).toBe(2.5);
    expect(stepRating(5, 1)).toBe(5);
    expect(stepRating(0, -1)).toBe(0);
    expect(stepRating(2, 2)).toBe(3);
  });
  it('fills stars whole, half or empty', () => {
    expect([0, 1, 2, 3, 4].map((i) => starFill(3.5, i))).toEqual([1, 1, 1, 0.5, 0]);
    expect([0, 1, 2, 3, 4].map((i) => starFill(5, i))).toEqual([1, 1, 1, 1, 1]);
    expect([0, 1, 2, 3, 4].map((i) => starFill(0, i))).toEqual([0, 0, 0, 0, 0]);
  });
  it('reads out of 5', () => {
    expect(ratingText(4.5)).toBe('4.5/5');
    expect(ratingText(3)).toBe('3/5');
  });
});

describe('enrolment filter and parties', () => {
  const e = {
    course: { id: 1, name: 'Tajweed', image_url: null },
    student: { id: 2, name: 'Amina', avatar: null },
    teacher: { id: 3, name: 'Omar', avatar: null },
  };
  it('teachers pick a student, students a course', () => {
    expect(filterPlaceholder('teacher')).toBe('Select Student');
    expect(filterPlaceholder('student')).toBe('Select Course');
    expect(enrollmentOptionLabel(e, 'teacher')).toBe('Amina · Tajweed');
    expect(enrollmentOptionLabel(e, 'student')).toBe('Tajweed · Omar');
    expect(enrollmentOptionLabel({ ...e, teacher: null }, 'student')).toBe('Tajweed');
  });
  it('the other party is the student for a teacher and the teacher for a student', () => {
    expect(otherParty(e, 'teacher').name).toBe('Amina');
    expect(otherParty(e, 'student').name).toBe('Omar');
  });
});

describe('edit report draft', () => {
  const report = { rating: 4, class_activity: 'Read Al-Fatiha', homework: 'Revise', teacher_notes: null };
  it('loads the report, notes blank when absent', () => {
    expect(draftOf(report)).toEqual({ rating: 4, class_activity: 'Read Al-Fatiha', homework: 'Revise', teacher_notes: '' });
  });
  it('activity and homework are required, notes optional', () => {
    expect(reportDraftError(draftOf(report))).toBeNull();
    expect(reportDraftError({ ...draftOf(report), class_activity: '  ' })).toBe('Fill required inputs');
    expect(reportDraftError({ ...draftOf(report), homework: '' })).toBe('Fill required inputs');
  });
  it('sorts newest first', () => {
    const rows = [
      { id: 1, created_at_timestamp: 100 }, { id: 3, created_at_timestamp: 300 }, { id: 2, created_at_timestamp: 300 },
    ];
    expect(sortReports(rows).map((r) => r.id)).toEqual([3, 2, 1]);
  });
});
