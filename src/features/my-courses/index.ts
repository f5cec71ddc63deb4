/** What other features use of My Courses: the one definition of which enrolments count as my courses. */
export { countMyCourses, isCurrentEnrollment } from './my-courses-filter.ts';
