import { Button, Link, Table, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import type { Child } from '../../../db/entities.ts';
import { formatMoney } from '../../lib/format.ts';
import { isLowBalance } from '../wallet/index.ts';
import { TableScrollArea } from '../../components/ui/scroll-region.tsx';
import { useI18n } from '../../lib/i18n/index.ts';

/** The child accounts; balances under 2 in red. */
export function ChildrenTable({ items, onTransfer }: { items: Child[]; onTransfer: (c: Child) => void }) {
  const { t } = useI18n();
  return (
    <TableScrollArea label={t('family.childAccounts')} borderWidth="1px" borderRadius="md">
      <Table.Root size={{ base: 'sm', md: 'md' }} interactive>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('family.name')}</Table.ColumnHeader>
            <Table.ColumnHeader display={{ base: 'none', md: 'table-cell' }}>{t('family.email')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('family.balance')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end" display={{ base: 'none', sm: 'table-cell' }}>
              {t('family.loan')}
            </Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">
              <Text srOnly>{t('family.actions')}</Text>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {items.map((c) => (
            <Table.Row key={c.id} data-testid={`child-${c.id}`}>
              <Table.Cell>
                <Link asChild fontWeight="medium" dir="auto">
                  <RouterLink to={`/profile/${c.id}`}>{c.name}</RouterLink>
                </Link>
                <Text fontSize="xs" color="fg.muted" display={{ base: 'block', md: 'none' }} dir="ltr" textAlign="start" truncate maxW={{ base: '32', sm: '40' }}>
                  {c.email}
                </Text>
              </Table.Cell>
              <Table.Cell display={{ base: 'none', md: 'table-cell' }}>
                <span dir="ltr">{c.email}</span>
              </Table.Cell>
              <Table.Cell textAlign="end" fontWeight="semibold" color={isLowBalance(c.credits) ? 'fg.error' : undefined} data-testid="child-balance">
                {formatMoney(c.credits)}
              </Table.Cell>
              <Table.Cell textAlign="end" display={{ base: 'none', sm: 'table-cell' }}>
                {formatMoney(c.loan_credits)}
              </Table.Cell>
              <Table.Cell textAlign="end">
                <Button size="xs" variant="outline" onClick={() => onTransfer(c)} aria-label={t('family.transferTo', { name: c.name })}>
                  {t('family.transfer')}
                </Button>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </TableScrollArea>
  );
}
