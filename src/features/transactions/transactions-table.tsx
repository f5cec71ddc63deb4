import { Badge, Box, Stack, Table, Text, useBreakpointValue } from '@chakra-ui/react';
import { forwardRef, memo, type ComponentProps } from 'react';
import { TableVirtuoso, type TableComponents } from 'react-virtuoso';
import { formatDateTime, formatMoney } from '../../lib/format.ts';
import { t, useI18n } from '../../lib/i18n/index.ts';
import { detail, direction, displayValue, typeLabel, type TransactionRow } from './rows.ts';

/**
 * Rows the list renders before it has measured anything: a screen hidden before its first visit
 * (prepared, src/app/kept-screens.tsx) is rendered while it has no size, and its first frame shown
 * has these transactions (a tall screen of rows) instead of an empty list for a frame.
 */
const FIRST_ROWS = 20;

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

const COMPACT: TableComponents<TransactionRow> = {
  ...COMPONENTS,
  // Fixed layout: the columns share the width the phone has (auto layout let the cells' longest
  // unbreakable runs push the last column 7 px off a 375 px screen).
  Table: (props) => <Table.Root size="sm" {...strip(props)} style={{ ...props.style, borderCollapse: 'separate', borderSpacing: 0, width: '100%', tableLayout: 'fixed' }} />,
};

const tone = { in: 'green.fg', out: 'red.fg', none: undefined } as const;
const palette = (r: TransactionRow) => (r.kind === 'recharges' ? 'green' : r.kind === 'class_payments' ? 'orange' : 'gray');
/** Every row by the way its money moved: in green with +, out red with − (class payments are out). */
const valueColor = (r: TransactionRow) => tone[direction(r)];

/** Phones: two cells per row (what and when; value and balance after), nothing off-screen. */
const compactHeader = () => (
  <Table.Row>
    <Table.ColumnHeader>{t('transactions.transaction')}</Table.ColumnHeader>
    <Table.ColumnHeader textAlign="end" w="7.5rem">{t('transactions.value')}</Table.ColumnHeader>
  </Table.Row>
);

function compactRow(r: TransactionRow, timeZone?: string) {
  return (
    <>
      <Table.Cell overflowWrap="anywhere">
        <Stack gap="0.5" minW="0">
          <Badge variant="subtle" colorPalette={palette(r)} alignSelf="start">
            {typeLabel(r.type)}
          </Badge>
          <Text fontSize="xs" color="fg.muted">
            {formatDateTime(r.timestamp, timeZone)} · <span style={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{r.serial}</span>
          </Text>
          <Text fontSize="sm" lineClamp={2} dir="auto" textAlign="match-parent">
            {detail(r)}
          </Text>
        </Stack>
      </Table.Cell>
      <Table.Cell textAlign="end" verticalAlign="top">
        <Text fontWeight="semibold" whiteSpace="nowrap" color={valueColor(r)} data-direction={direction(r)}>
          {displayValue(r)}
        </Text>
        <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap">
          {t('transactions.after', { amount: formatMoney(r.credits_after) })}
        </Text>
      </Table.Cell>
    </>
  );
}

/** The cells of one row, memoised: the table rendering again (the screen shown again, a new row) leaves the rows it already shows as they are. */
const RowCells = memo(function RowCells({ r, compact, timeZone }: { r: TransactionRow; compact: boolean; timeZone?: string }) {
  // Subscribes the row to the language: a switch renders it again in the new one.
  useI18n();
  return compact ? compactRow(r, timeZone) : (
    <>
      <Table.Cell fontFamily="mono" fontSize="xs" whiteSpace="nowrap">
        {r.serial}
      </Table.Cell>
      <Table.Cell whiteSpace="nowrap">{formatDateTime(r.timestamp, timeZone)}</Table.Cell>
      <Table.Cell>
        <Badge variant="subtle" colorPalette={palette(r)}>
          {typeLabel(r.type)}
        </Badge>
      </Table.Cell>
      <Table.Cell textAlign="end" fontWeight="semibold" whiteSpace="nowrap" color={valueColor(r)} data-direction={direction(r)}>
        {displayValue(r)}
      </Table.Cell>
      <Table.Cell textAlign="end" whiteSpace="nowrap">
        {formatMoney(r.credits_after)}
      </Table.Cell>
      <Table.Cell>
        <Text lineClamp={2} dir="auto" maxW="xs" textAlign="match-parent">
          {detail(r)}
        </Text>
      </Table.Cell>
    </>
  );
});

/** Every transaction, newest first, rendered a screenful at a time. */
export function TransactionsTable({ rows, timeZone }: { rows: TransactionRow[]; timeZone?: string }) {
  const compact = useBreakpointValue({ base: true, md: false }) ?? false;
  // The language is Virtuoso's context: a switch re-renders the rows in place.
  const { locale } = useI18n();
  return (
    <Box h={{ base: 'calc(100dvh - 230px)', md: 'calc(100dvh - 260px)' }} minH="80" borderWidth="1px" borderRadius="md" overflow="hidden">
      <TableVirtuoso
        data={rows}
        initialItemCount={Math.min(rows.length, FIRST_ROWS)}
        context={locale}
        components={compact ? COMPACT : COMPONENTS}
        computeItemKey={(_, r) => r.key}
        fixedHeaderContent={compact ? compactHeader : () => (
          <Table.Row>
            <Table.ColumnHeader>{t('transactions.serial')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('transactions.time')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('transactions.type')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('transactions.value')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('transactions.balanceAfter')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('transactions.details')}</Table.ColumnHeader>
          </Table.Row>
        )}
        itemContent={(_, r) => <RowCells r={r} compact={compact} timeZone={timeZone} />}
      />
    </Box>
  );
}
