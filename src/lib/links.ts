/**
 * The addresses of single items, in one place: the bell's notifications, the browser's
 * notifications and the screens build them the same way, and the screens read them back.
 *
 * - a conversation: `/inbox?c=<id>` (the inbox opens it beside the list, full screen on phones);
 * - a class: `/calendar?class=<id>` (its dialog over the calendar; a teacher's class lists take the
 *   same query);
 * - a course: `/courses/<id>`.
 */
export const CONVERSATION_PARAM = 'c';
export const CLASS_PARAM = 'class';

export const conversationLink = (id: number) => `/inbox?${CONVERSATION_PARAM}=${id}`;
export const classLink = (id: number, screen = '/calendar') => `${screen}?${CLASS_PARAM}=${id}`;
export const courseLink = (id: number) => `/courses/${id}`;
