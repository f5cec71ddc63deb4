import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import type { Class } from '../../../db/entities.ts';
import { useI18n } from '../../lib/i18n/index.ts';
import { formatTime } from '../../lib/format.ts';
import { eventTitle, JoinButton, type Role } from '../classes/index.ts';
import { EVENT_COLOURS, eventKind, kindLabel } from './colors.ts';

/**
 * The calendar's classes that can be joined now, each with Join Class (issue 28 item 1), above the
 * desktop grid: a button inside a FullCalendar event would be a control inside a control (the event
 * itself opens the class dialog). The phone calendar has the button beside each listed class.
 */
export function JoinNow({ classes, role, timeZone }: { classes: Class[]; role: Role; timeZone: string }) {
  const { t } = useI18n();
  const now = classes.filter((k) => k.joinable);
  if (now.length === 0) return null;
  return (
    <Stack as="section" aria-label={t('calendar.joinNow')} gap="2">
      {now.map((k) => {
        const kind = eventKind(k);
        return (
          <HStack
            key={k.id}
            className={`join-now class-${k.id}`}
            justify="space-between"
            gap="3"
            p="2.5"
            bg="bg"
            borderWidth="1px"
            borderInlineStartWidth="6px"
            borderInlineStartColor={EVENT_COLOURS[kind]}
            borderRadius="l2"
          >
            <Box minW="0">
              {/* The course's own direction: an English title inside Arabic reads left to right. */}
              <Text fontWeight="medium" dir="auto" overflowWrap="anywhere">{eventTitle(k, role)}</Text>
              <Text fontSize="sm" color="fg.muted">
                {formatTime(k.start_datetime, timeZone)}–{formatTime(k.end_datetime, timeZone)} · {kindLabel(kind)}
              </Text>
            </Box>
            <JoinButton klass={k} role={role} flexShrink={0} />
          </HStack>
        );
      })}
    </Stack>
  );
}
