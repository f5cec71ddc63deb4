import { Badge, Table, Text } from '@chakra-ui/react';
import type { SalaryReport } from '../../../db/entities.ts';
import { formatMoney } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n/index.ts';
import { cairoStart } from './start.ts';
import { TableScrollArea } from '../../components/ui/scroll-region.tsx';

type SalaryClass = SalaryReport['classes'][number];

/** The month's attended classes; `start_formated` is already Cairo time from the server. */
export function SalaryTable({ classes }: { classes: SalaryClass[] }) {
  const { t } = useI18n();
  return (
    <TableScrollArea label={t('salary.attendedClasses')} borderWidth="1px" borderRadius="md">
      <Table.Root size="sm" minW="2xl">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('salary.start')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('salary.student')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('salary.course')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('salary.duration')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('salary.hourlyPrice')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('salary.paid')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {classes.map((c) => (
            <Table.Row key={c.id}>
              <Table.Cell whiteSpace="nowrap">{cairoStart(c.start_formated)}</Table.Cell>
              <Table.Cell>
                <Text dir="auto" textAlign="match-parent">{c.enrollment.student.name}</Text>
              </Table.Cell>
              <Table.Cell>
                <Text dir="auto" textAlign="match-parent">{c.enrollment.course.name}</Text>
              </Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                {t('salary.minutes', { n: c.duration })}
              </Table.Cell>
              <Table.Cell textAlign="end">{formatMoney(c.teacher_hourly_price)}</Table.Cell>
              <Table.Cell>
                <Badge colorPalette={c.paid ? 'green' : 'gray'} variant="subtle">
                  {c.paid ? t('salary.isPaid') : t('salary.notPaid')}
                </Badge>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </TableScrollArea>
  );
}
