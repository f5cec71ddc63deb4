import { Button, ButtonGroup, HStack, Heading, IconButton, useBreakpointValue } from '@chakra-ui/react';
import type { CalendarController } from '@fullcalendar/react';

/**
 * The calendar's toolbar: This Month, previous and next, the title, and the month/week switch.
 * Our own buttons (Chakra, labelled) over FullCalendar's controller.
 */
export function CalendarToolbar({ controller, view }: { controller: CalendarController; view: string }) {
  const title = controller.view?.title ?? '';
  // On a phone the week view shows three days (calendar-view.tsx): the button says so.
  const weekLabel = useBreakpointValue({ base: '3 Days', md: 'Week' }) ?? 'Week';
  return (
    <HStack justify="space-between" wrap="wrap" gap="3">
      <HStack gap="2">
        <Button size="sm" variant="outline" onClick={() => controller.today()}>This Month</Button>
        <ButtonGroup size="sm" variant="outline" attached>
          <IconButton aria-label="Previous" onClick={() => controller.prev()}>‹</IconButton>
          <IconButton aria-label="Next" onClick={() => controller.next()}>›</IconButton>
        </ButtonGroup>
      </HStack>
      <Heading as="h2" size="md" aria-live="polite">{title}</Heading>
      <ButtonGroup size="sm" variant="outline" attached role="group" aria-label="View">
        <Button aria-pressed={view === 'dayGridMonth'} variant={view === 'dayGridMonth' ? 'solid' : 'outline'} onClick={() => controller.changeView('dayGridMonth')}>
          Month
        </Button>
        <Button aria-pressed={view === 'timeGridWeek'} variant={view === 'timeGridWeek' ? 'solid' : 'outline'} onClick={() => controller.changeView('timeGridWeek')}>
          {weekLabel}
        </Button>
      </ButtonGroup>
    </HStack>
  );
}
