import { Button, Card, HStack, Heading, IconButton, Stack, Text } from '@chakra-ui/react';
import type { Class } from '../../../db/entities.ts';
import { AppIcon } from '../../components/ui/icons.tsx';
import { useI18n } from '../../lib/i18n/index.ts';
import { ClassChips, JoinButton } from '../classes/index.ts';
import { StartsIn } from '../classes/index.ts';
import { classWhen } from '../classes/index.ts';
import { cardTitle, type Role } from '../classes/index.ts';

/**
 * The next class on the dashboard, with the "starts in" countdown under 12 hours. Teachers get a
 * reload control (it refreshes the dashboard in the background; the card shows what it has meanwhile).
 */
export function UpcomingClass({ klass, role, timeZone, onOpen, onReload, reloading }: {
  klass: Class | null;
  role: Role;
  timeZone: string;
  onOpen: (id: number) => void;
  onReload?: () => void;
  reloading?: boolean;
}) {
  const { t } = useI18n();
  const when = klass ? classWhen(klass, timeZone) : null;
  return (
    <Card.Root bg="surface" h="full" as="section" aria-labelledby="upcoming-class-title">
      <Card.Header>
        <HStack justify="space-between">
          <Heading id="upcoming-class-title" as="h2" size="md">{t('dashboard.upcomingClass')}</Heading>
          {onReload && (
            <IconButton aria-label={t('dashboard.reload')} size="sm" variant="ghost" onClick={onReload} loading={reloading}>
              <AppIcon name="history" />
            </IconButton>
          )}
        </HStack>
      </Card.Header>
      <Card.Body>
        {!klass || !when ? (
          <Text color="fg.muted">{t('dashboard.noUpcoming')}</Text>
        ) : (
          <Stack gap="2">
            <Text fontWeight="semibold" fontSize="lg"><bdi>{cardTitle(klass, role)}</bdi></Text>
            {role === 'teacher' && <Text color="fg.muted" fontSize="sm"><bdi>{klass.enrollment.course.name}</bdi></Text>}
            {role === 'student' && klass.enrollment.teacher && <Text color="fg.muted" fontSize="sm">{t('dashboard.withTeacher', { name: klass.enrollment.teacher.name })}</Text>}
            <Text>{t('dashboard.when', { date: when.date, start: when.start, end: when.end })}</Text>
            <HStack wrap="wrap" gap="2"><StartsIn startIso={klass.start_datetime} /></HStack>
            <ClassChips klass={klass} />
            <HStack gap="2" wrap="wrap" mt="2">
              {/* The class running (or about to): one tap joins it; the details stay a tap away. */}
              {klass.joinable && <JoinButton klass={klass} role={role} />}
              <Button size="sm" variant="outline" onClick={() => onOpen(klass.id)}>
                {t('dashboard.classDetails')}
              </Button>
            </HStack>
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
