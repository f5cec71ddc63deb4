import type { ClassReport, Enrollment } from '../../../db/entities.ts';
import { MESSAGES } from '../../../db/messages.ts';
import { t } from '../../lib/i18n/index.ts';

/** Class report rules (second spec, sections 2, 5 and 9) as pure functions. */

export const MAX_RATING = 5;
export const RATING_STEP = 0.5;

/** A rating on the half-step scale from 0 to 5. */
export function clampRating(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(MAX_RATING, Math.max(0, Math.round(value / RATING_STEP) * RATING_STEP));
}

/** One keyboard step of the rating input (arrows ±0.5, Page keys ±1). */
export const stepRating = (value: number, steps: number) => clampRating(value + steps * RATING_STEP);

/** How full star `index` (0-based) is drawn for a rating: 0, 0.5 or 1. */
export function starFill(rating: number, index: number): 0 | 0.5 | 1 {
  const left = clampRating(rating) - index;
  return left >= 1 ? 1 : left >= 0.5 ? 0.5 : 0;
}

/** `4.5/5`, `3/5`. */
export const ratingText = (rating: number) => t('classReports.ratingText', { value: clampRating(rating), max: MAX_RATING });

import type { Role } from '../../../db/roles.ts';
export type { Role };

/**
 * The screen's subtitle. The spec's "Reports added by your tutor after each class" is written to
 * students; a teacher wrote the reports (they "read and edit class reports for their students").
 */
export const reportsSubtitle = (role: Role | null | undefined) =>
  role === 'teacher' ? t('classReports.subtitleTeacher') : t('classReports.subtitleStudent');

/** The enrolment filter: teachers pick a student, students a course. */
export const filterPlaceholder = (role: Role) => (role === 'teacher' ? t('classReports.selectStudent') : t('classReports.selectCourse'));

/** The course a report is about: its own, else its class's name (the spec's report names its class, not a course). */
export const reportCourseName = (r: Pick<ClassReport, 'course' | 'class'>): string => r.course?.name ?? r.class.name ?? '';

/** One option of the enrolment filter: the student (and course) for teachers, the course (and teacher) for students. */
export function enrollmentOptionLabel(e: Pick<Enrollment, 'course' | 'student' | 'teacher'>, role: Role): string {
  if (role === 'teacher') return t('classReports.optionPair', { first: e.student.name, second: e.course.name });
  return e.teacher ? t('classReports.optionPair', { first: e.course.name, second: e.teacher.name }) : e.course.name;
}

/** The other party of a report: the student for a teacher, the teacher for a student. */
export const otherParty = (r: Pick<ClassReport, 'student' | 'teacher'>, role: Role) => (role === 'teacher' ? r.student : r.teacher);
export const otherPartyLabel = (role: Role) => (role === 'teacher' ? t('classReports.student') : t('classReports.teacher'));

export interface ReportDraft {
  rating: number;
  class_activity: string;
  homework: string;
  teacher_notes: string;
}

/** A new report: no stars, nothing written. */
export const EMPTY_DRAFT: ReportDraft = { rating: 0, class_activity: '', homework: '', teacher_notes: '' };

export const draftOf = (r: Pick<ClassReport, 'rating' | 'class_activity' | 'homework' | 'teacher_notes'>): ReportDraft => ({
  rating: clampRating(r.rating),
  class_activity: r.class_activity,
  homework: r.homework,
  teacher_notes: r.teacher_notes ?? '',
});

/** Class Activity and Homework are required; Teacher Notes optional. Null when the draft may be saved. */
export function reportDraftError(d: ReportDraft): string | null {
  return d.class_activity.trim() && d.homework.trim() ? null : MESSAGES.fillRequired;
}

/** Newest report first (the server's order), whatever order the mirror hands the rows in. */
export function sortReports<T extends Pick<ClassReport, 'id' | 'created_at_timestamp'>>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => b.created_at_timestamp - a.created_at_timestamp || b.id - a.id);
}
