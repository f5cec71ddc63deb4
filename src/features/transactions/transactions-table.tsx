import { Badge, Box, Table, Text } from '@chakra-ui/react';
import { forwardRef, type ComponentProps } from 'react';
import { TableVirtuoso, type TableComponents } from 'react-virtuoso';
import { formatDateTime, formatMoney } from '../../lib/format.ts';
import { detail, direction, displayValue, typeLabel, type TransactionRow } from './rows.ts';

const strip = <T extends object>(props: T): Omit<T, 'context' | 'item'> => {
  const { context: _c, item: _i, ...rest } = props as T & { context?: unknown; item?: unknown };
  return rest;
};

/** Chakra's table parts for the virtual table (virtuoso passes its own props: drop context/item). */
const COMPONENTS: TableComponents<TransactionRow> = {
  Table: (props) => <Table.Root size="sm" {...strip(props)} style={{ ...props.style, borderCollapse: 'separate', borderSpacing: 0, minWidth: 760 }} />,
  TableHead: forwardRef<HTMLTableSectionElement, ComponentProps<'thead'>>((props, ref) => <Table.Header ref={ref} bg="bg" {...strip(props)} />),
  TableBody: forwardRef<HTMLTableSectionElement, ComponentProps<'tbody'>>((props, ref) => <Table.Body ref={ref} {...strip(props)} />),
  TableRow: (props) => <Table.Row {...strip(props)} />,
};

const tone = { in: 'green.fg', out: 'red.fg', none: undefined } as const;

/** Every transaction, newest first, rendered a screenful at a time. */
export function TransactionsTable({ rows, timeZone }: { rows: TransactionRow[]; timeZone?: string }) {
  return (
    <Box h={{ base: 'calc(100dvh - 230px)', md: 'calc(100dvh - 260px)' }} minH="80" borderWidth="1px" borderRadius="md" overflow="hidden">
      <TableVirtuoso
        data={rows}
        components={COMPONENTS}
        computeItemKey={(_, r) => r.key}
        fixedHeaderContent={() => (
          <Table.Row>
            <Table.ColumnHeader>Serial</Table.ColumnHeader>
            <Table.ColumnHeader>Time</Table.ColumnHeader>
            <Table.ColumnHeader>Type</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Value</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Balance After</Table.ColumnHeader>
            <Table.ColumnHeader>Details</Table.ColumnHeader>
          </Table.Row>
        )}
        itemContent={(_, r) => (
          <>
            <Table.Cell fontFamily="mono" fontSize="xs" whiteSpace="nowrap">
              {r.serial}
            </Table.Cell>
            <Table.Cell whiteSpace="nowrap">{formatDateTime(r.timestamp, timeZone)}</Table.Cell>
            <Table.Cell>
              <Badge variant="subtle" colorPalette={r.kind === 'recharges' ? 'green' : r.kind === 'class_payments' ? 'blue' : 'gray'}>
                {typeLabel(r.type)}
              </Badge>
            </Table.Cell>
            <Table.Cell textAlign="end" fontWeight="semibold" whiteSpace="nowrap" color={r.kind === 'wallet_logs' ? tone[direction(r)] : undefined}>
              {displayValue(r)}
            </Table.Cell>
            <Table.Cell textAlign="end" whiteSpace="nowrap">
              {formatMoney(r.credits_after)}
            </Table.Cell>
            <Table.Cell>
              <Text lineClamp={2} dir="auto" maxW="xs">
                {detail(r)}
              </Text>
            </Table.Cell>
          </>
        )}
      />
    </Box>
  );
}
