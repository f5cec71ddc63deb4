import { Button, Text, type ButtonProps } from '@chakra-ui/react';
import type { Class } from '../../../db/entities.ts';
import { PRODUCT_NAME } from '../../app/route-meta.ts';
import { notify } from '../../components/ui/toaster.tsx';
import { AppIcon } from '../../components/ui/icons.tsx';
import { classesCollection } from '../../lib/engine/index.ts';
import { useLiveQuery } from '../../lib/engine/live-query.ts';
import { t, useI18n } from '../../lib/i18n/index.ts';
import { classLink } from '../../lib/links.ts';
import { buildIcs, upcomingClasses, type IcsEvent } from './ics.ts';
import type { Role } from './rules.ts';

/** A class as a calendar event: the course and the other party in the title, the way back to it in the app. */
export function classEvent(k: Class, role: Role, origin: string): IcsEvent {
  const other = role === 'teacher' ? k.enrollment.student.name : k.enrollment.teacher?.name;
  const course = k.enrollment.course.name;
  const url = `${origin}${classLink(k.id)}`;
  return {
    id: k.id,
    start: k.start_datetime,
    end: k.end_datetime,
    summary: other ? t('classes.icsTitle', { course, name: other }) : course,
    description: t('classes.icsOpen', { url }),
    url,
    canceled: k.canceled,
  };
}

/** Saves the classes as an `.ics` file (the browser's download; a phone offers it to its calendar). */
export function downloadIcs(classes: readonly Class[], role: Role, fileName: string): void {
  const { origin, host } = window.location;
  const text = buildIcs(classes.map((k) => classEvent(k, role, origin)), { host, now: Date.now(), product: PRODUCT_NAME, name: PRODUCT_NAME });
  const url = URL.createObjectURL(new Blob([text], { type: 'text/calendar;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  // After the click has handed the file over.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** "Add to calendar" in the class dialog: this class's `.ics`. */
export function AddClassToCalendar({ klass, role, ...props }: { klass: Class; role: Role } & ButtonProps) {
  const { t } = useI18n();
  return (
    <Button variant="outline" size="sm" {...props} onClick={() => downloadIcs([klass], role, `class-${klass.id}.ics`)}>
      <AppIcon name="calendar" boxSize="4" /> {t('classes.addToCalendar')}
    </Button>
  );
}

/** "Add upcoming classes to calendar" on the calendar: every upcoming class the mirror holds, in one `.ics`. */
export function AddUpcomingToCalendar({ role, ...props }: { role: Role } & ButtonProps) {
  const { t } = useI18n();
  // Every class mirrored (the months seen, the home's next class): which are upcoming is decided at the click.
  const { data } = useLiveQuery((q) => q.from({ c: classesCollection }), []);
  const save = () => {
    const list = upcomingClasses((data as Class[] | undefined) ?? [], Date.now());
    if (list.length === 0) return void notify('info', t('classes.noUpcomingToAdd'));
    downloadIcs(list, role, 'classes.ics');
  };
  return (
    // On a phone the icon alone, beside the heading, so the calendar (and today's class) keeps the
    // screen; its name stays the same for a screen reader and as the tooltip.
    <Button variant="outline" size="sm" aria-label={t('classes.addAllToCalendar')} title={t('classes.addAllToCalendar')} {...props} onClick={save}>
      <AppIcon name="calendar" boxSize="4" />
      <Text as="span" display={{ base: 'none', md: 'inline' }}>{t('classes.addAllToCalendar')}</Text>
    </Button>
  );
}
