import { Badge, SimpleGrid, Text } from '@chakra-ui/react';
import type { Home } from '../../../db/entities.ts';
import { formatMoney } from '../../lib/format.ts';
import { delayWarning } from '../classes/index.ts';
import { StatCard } from './stat-card.tsx';

const hours = (minutes: number) => `${Math.round((minutes / 60) * 10) / 10} h`;
const pct = (n: number) => `${Math.round(n * 10) / 10}%`;
const mins = (n: number) => `${Math.round(n * 10) / 10} min`;

/** My Students, Done Classes (hours, salary) and Delayed Classes for this and last month, with the delay warning. */
export function TeacherStats({ home }: { home: Home }) {
  const warnNow = delayWarning(home.month_delay_average, home.month_delay_percent_total_classes);
  const warnLast = delayWarning(home.last_month_delay_average, home.last_month_delay_percent_total_classes);
  return (
    <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4" as="section" aria-label="Statistics">
      <StatCard label="My Students" value={home.students_count} />
      <StatCard
        label="Done Classes"
        value={home.month_done_classes}
        help={`${hours(home.month_done_duration)} · ${formatMoney(home.month_salary)} this month`}
      >
        <Text fontSize="xs" color="fg.muted" mt="1">
          Last month: {home.last_month_done_classes} · {hours(home.last_month_done_duration)} · {formatMoney(home.last_month_salary)}
        </Text>
      </StatCard>
      <DelayCard label="Delayed Classes (this month)" count={home.month_delayed_classes} average={home.month_delay_average}
        percent={home.month_delay_percent_total_classes} warn={warnNow} />
      <DelayCard label="Delayed Classes (last month)" count={home.last_month_delayed_classes} average={home.last_month_delay_average}
        percent={home.last_month_delay_percent_total_classes} warn={warnLast} />
    </SimpleGrid>
  );
}

function DelayCard({ label, count, average, percent, warn }: { label: string; count: number; average: number; percent: number; warn: boolean }) {
  return (
    <StatCard label={label} value={count} help={`Average delay ${mins(average)} · ${pct(percent)} of classes`}>
      {warn && (
        // Wraps: a badge keeps to one line, and this one is wider than the card (the text was cut).
        <Badge colorPalette="red" variant="solid" mt="2" role="status" whiteSpace="normal" h="auto" py="1">
          Delay warning: please join your classes on time
        </Badge>
      )}
    </StatCard>
  );
}
