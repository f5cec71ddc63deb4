import { Box, Button, ButtonGroup, HStack, Heading, IconButton } from '@chakra-ui/react';
import type { CalendarController } from '@fullcalendar/react';
import { useI18n } from '../../lib/i18n/index.ts';
import type { CalendarViewName } from './phone-range.ts';

/**
 * The calendar's toolbar: This Month, previous and next, the title, and the month/week switch.
 * Our own buttons (Chakra, labelled) over FullCalendar's controller.
 */
export function CalendarToolbar({ controller, view, onView }: { controller: CalendarController; view: string; onView: (view: CalendarViewName) => void }) {
  const { t } = useI18n();
  const title = controller.view?.title ?? '';
  return (
    <HStack justify="space-between" wrap="wrap" gap="3">
      <HStack gap="2">
        <Button size="sm" variant="outline" onClick={() => controller.today()}>{t('calendar.thisMonth')}</Button>
        <ButtonGroup size="sm" variant="outline" attached>
          <IconButton aria-label={t('calendar.previous')} onClick={() => controller.prev()}><Box as="span" _rtl={MIRROR}>‹</Box></IconButton>
          <IconButton aria-label={t('calendar.next')} onClick={() => controller.next()}><Box as="span" _rtl={MIRROR}>›</Box></IconButton>
        </ButtonGroup>
      </HStack>
      <Heading as="h2" size="md" aria-live="polite">{title}</Heading>
      <ButtonGroup size="sm" variant="outline" attached role="group" aria-label={t('calendar.view')}>
        <Button aria-pressed={view === 'dayGridMonth'} variant={view === 'dayGridMonth' ? 'solid' : 'outline'} onClick={() => onView('dayGridMonth')}>
          {t('calendar.month')}
        </Button>
        <Button aria-pressed={view === 'timeGridWeek'} variant={view === 'timeGridWeek' ? 'solid' : 'outline'} onClick={() => onView('timeGridWeek')}>
          {t('calendar.week')}
        </Button>
      </ButtonGroup>
    </HStack>
  );
}

/** The arrows point the way the calendar moves: mirrored right to left. */
const MIRROR = { transform: 'scaleX(-1)' } as const;
