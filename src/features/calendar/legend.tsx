import { Box, HStack, Text, Wrap } from '@chakra-ui/react';
import { useI18n } from '../../lib/i18n/index.ts';
import { EVENT_COLOURS, LEGEND } from './colors.ts';

/**
 * The colour legend of the calendar, in the spec's order. On a phone it is one line that scrolls
 * sideways inside itself (the page never does), focusable so a keyboard can scroll it too.
 */
export function CalendarLegend() {
  const { t } = useI18n();
  return (
    <Wrap
      as="ul"
      gap={{ base: '2.5', md: '3' }}
      aria-label={t('calendar.legend')}
      listStyleType="none"
      flexWrap={{ base: 'nowrap', md: 'wrap' }}
      overflowX={{ base: 'auto', md: 'visible' }}
      tabIndex={0}
      pb={{ base: '1', md: '0' }}
      focusVisibleRing="outside"
    >
      {LEGEND.map((l) => (
        <HStack as="li" key={l.kind} gap="1.5" flexShrink={0}>
          <Box w="3" h="3" borderRadius="sm" bg={EVENT_COLOURS[l.kind]} aria-hidden />
          <Text fontSize={{ base: 'xs', md: 'sm' }} whiteSpace="nowrap">{l.label}</Text>
        </HStack>
      ))}
    </Wrap>
  );
}
