import { Box, Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import type { Class } from '../../../db/entities.ts';
import { ClassChips } from './class-chips.tsx';
import { JoinButton } from './actions/join-button.tsx';
import { classWhen } from './display.ts';
import { cardTitle, type Role } from './rules.ts';
import { useI18n } from '../../lib/i18n/index.ts';

/**
 * One class in the coming and history lists: title, class id, date, start and end in 12-hour
 * form in the user's timezone, chips, and the button that opens the class dialog.
 */
export function ClassCard({ klass, role, timeZone, onOpen }: { klass: Class; role: Role; timeZone: string; onOpen: (id: number) => void }) {
  const { t } = useI18n();
  const title = cardTitle(klass, role);
  const when = classWhen(klass, timeZone);
  return (
    <Card.Root size="sm" variant="outline" bg="surface" as="article" aria-label={t('classes.cardLabel', { title, id: klass.id })}>
      <Card.Body>
        <Stack gap="2" direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ md: 'center' }}>
          <Stack gap="1" minW="0">
            <HStack gap="2" wrap="wrap">
              <Text fontWeight="semibold" truncate dir="auto">{title}</Text>
              <Text color="fg.muted" fontSize="sm">#{klass.id}</Text>
            </HStack>
            {role === 'teacher' && <Text fontSize="sm" color="fg.muted" dir="auto">{klass.enrollment.course.name}</Text>}
            <Text fontSize="sm">
              <Box as="span" fontVariantNumeric="tabular-nums">{when.date}</Box>
              {' · '}
              {when.start} – {when.end}
            </Text>
            <ClassChips klass={klass} />
          </Stack>
          <HStack gap="2" flexShrink={0}>
            {klass.joinable && <JoinButton klass={klass} role={role} />}
            <Button size="sm" variant="outline" onClick={() => onOpen(klass.id)}>
              {t('classes.titleDetails')}
            </Button>
          </HStack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
