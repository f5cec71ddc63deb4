/**
 * Who the signed-in user is to the product: the screens differ by role. Apart from the entities'
 * schemas (db/entities.ts) so that the shell can ask without loading zod.
 */
export type Role = 'student' | 'teacher';

/** Teachers are user group 1. */
export const isTeacher = (u: { groupId?: number } | null | undefined): boolean => u?.groupId === 1;
