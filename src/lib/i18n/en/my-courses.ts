/** My Courses (src/features/my-courses): the user's enrolments as cards. */
export const myCourses = {
  'myCourses.title': 'My Courses',
  'myCourses.emptyTitle': "You haven't enrolled in any course yet",
  'myCourses.emptyText': 'Browse the catalogue and pick your first course.',
  'myCourses.browse': 'Browse Courses',
  'myCourses.search': 'Search my courses',
  'myCourses.current': 'Current courses',
  'myCourses.past': 'Finished and canceled',
  'myCourses.teacher': 'Teacher: {name}',
  'myCourses.noTeacher': 'Teacher not assigned yet',
  'myCourses.weekly': '{weekly, plural, other {#}} × {minutes, plural, other {# min}} / week',
} as const;
