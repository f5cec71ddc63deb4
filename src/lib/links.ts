/**
 * The addresses of single items, in one place: the bell's notifications, the browser's
 * notifications and the screens build them the same way, and the screens read them back.
 *
 * - a conversation: `/inbox?c=<id>` (the inbox opens it beside the list, full screen on phones);
 * - a class: `/calendar?class=<id>` (its dialog over the calendar; a teacher's class lists take the
 *   same query);
 * - joining a class: `/calendar?class=<id>&join=1` (its dialog joins at once, in that tab: the
 *   "starts in 10 minutes" notification's Join Class);
 * - a class report a teacher edits: `/class-reports?edit=<id>` (its Edit Class Report dialog, so a
 *   reload reopens it with what was typed);
 * - a course: `/courses/<id>`.
 */
export const CONVERSATION_PARAM = 'c';
export const CLASS_PARAM = 'class';
export const JOIN_PARAM = 'join';
export const EDIT_REPORT_PARAM = 'edit';

export const conversationLink = (id: number) => `/inbox?${CONVERSATION_PARAM}=${id}`;
export const classLink = (id: number, screen = '/calendar') => `${screen}?${CLASS_PARAM}=${id}`;
export const joinLink = (id: number) => `${classLink(id)}&${JOIN_PARAM}=1`;
export const courseLink = (id: number) => `/courses/${id}`;
