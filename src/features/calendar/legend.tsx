import { Box, HStack, Text, Wrap } from '@chakra-ui/react';
import { useI18n } from '../../lib/i18n/index.ts';
import { EVENT_COLOURS, LEGEND } from './colors.ts';

/** The colour legend of the calendar, in the spec's order. */
export function CalendarLegend() {
  const { t } = useI18n();
  return (
    <Wrap as="ul" gap="3" aria-label={t('calendar.legend')} listStyleType="none">
      {LEGEND.map((l) => (
        <HStack as="li" key={l.kind} gap="1.5">
          <Box w="3" h="3" borderRadius="sm" bg={EVENT_COLOURS[l.kind]} aria-hidden />
          <Text fontSize="sm">{l.label}</Text>
        </HStack>
      ))}
    </Wrap>
  );
}
