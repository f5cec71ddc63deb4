import { Badge, SimpleGrid, Text } from '@chakra-ui/react';
import type { Home } from '../../../db/entities.ts';
import { formatMoney } from '../../lib/format.ts';
import { delayWarning } from '../classes/index.ts';
import { StatCard } from './stat-card.tsx';
import { t, useI18n } from '../../lib/i18n/index.ts';

/** One decimal, as written before (`1.5`, no grouping): the same digits in every language (format.ts). */
const oneDecimal = (n: number) => String(Math.round(n * 10) / 10);
const hours = (minutes: number) => t('dashboard.hours', { h: oneDecimal(minutes / 60) });

/** My Students, Done Classes (hours, salary) and Delayed Classes for this and last month, with the delay warning. */
export function TeacherStats({ home }: { home: Home }) {
  useI18n();
  const warnNow = delayWarning(home.month_delay_average, home.month_delay_percent_total_classes);
  const warnLast = delayWarning(home.last_month_delay_average, home.last_month_delay_percent_total_classes);
  return (
    <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4" as="section" aria-label={t('dashboard.statistics')}>
      <StatCard label={t('dashboard.myStudents')} value={home.students_count} />
      <StatCard
        label={t('dashboard.doneClasses')}
        value={home.month_done_classes}
        help={t('dashboard.thisMonth', { hours: hours(home.month_done_duration), money: formatMoney(home.month_salary) })}
      >
        <Text fontSize="xs" color="fg.muted" mt="1">
          {t('dashboard.lastMonth', { count: home.last_month_done_classes, hours: hours(home.last_month_done_duration), money: formatMoney(home.last_month_salary) })}
        </Text>
      </StatCard>
      <DelayCard label={t('dashboard.delayedThisMonth')} count={home.month_delayed_classes} average={home.month_delay_average}
        percent={home.month_delay_percent_total_classes} warn={warnNow} />
      <DelayCard label={t('dashboard.delayedLastMonth')} count={home.last_month_delayed_classes} average={home.last_month_delay_average}
        percent={home.last_month_delay_percent_total_classes} warn={warnLast} />
    </SimpleGrid>
  );
}

function DelayCard({ label, count, average, percent, warn }: { label: string; count: number; average: number; percent: number; warn: boolean }) {
  return (
    <StatCard label={label} value={count} help={t('dashboard.averageDelay', { minutes: oneDecimal(average), percent: oneDecimal(percent) })}>
      {warn && (
        // Wraps: a badge keeps to one line, and this one is wider than the card (the text was cut).
        <Badge colorPalette="red" variant="solid" mt="2" role="status" whiteSpace="normal" h="auto" py="1">
          {t('dashboard.delayWarning')}
        </Badge>
      )}
    </StatCard>
  );
}
