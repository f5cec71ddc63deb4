import { Badge, Table, Text } from '@chakra-ui/react';
import type { SalaryReport } from '../../../db/entities.ts';
import { formatMoney } from '../../lib/format.ts';
import { TableScrollArea } from '../../components/ui/scroll-region.tsx';

type SalaryClass = SalaryReport['classes'][number];

/** The month's attended classes; `start_formated` is already Cairo time from the server. */
export function SalaryTable({ classes }: { classes: SalaryClass[] }) {
  return (
    <TableScrollArea label="Attended classes" borderWidth="1px" borderRadius="md">
      <Table.Root size="sm" minW="2xl">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Start (Cairo)</Table.ColumnHeader>
            <Table.ColumnHeader>Student</Table.ColumnHeader>
            <Table.ColumnHeader>Course</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Duration</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Hourly Price</Table.ColumnHeader>
            <Table.ColumnHeader>Paid</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {classes.map((c) => (
            <Table.Row key={c.id}>
              <Table.Cell whiteSpace="nowrap">{c.start_formated}</Table.Cell>
              <Table.Cell>
                <Text dir="auto">{c.enrollment.student.name}</Text>
              </Table.Cell>
              <Table.Cell>
                <Text dir="auto">{c.enrollment.course.name}</Text>
              </Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                {c.duration} min
              </Table.Cell>
              <Table.Cell textAlign="end">{formatMoney(c.teacher_hourly_price)}</Table.Cell>
              <Table.Cell>
                <Badge colorPalette={c.paid ? 'green' : 'gray'} variant="subtle">
                  {c.paid ? 'Paid' : 'Not paid'}
                </Badge>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </TableScrollArea>
  );
}
