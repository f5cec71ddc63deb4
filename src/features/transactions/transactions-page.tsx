import { EmptyState, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useUser } from '../../app/session-context.tsx';
import { PageContainer } from '../../components/page-container.tsx';
import { AppIcon } from '../../components/ui/icons.tsx';
import { LoadError } from '../../components/ui/load-state.tsx';
import { loadPhase } from '../../components/ui/load-phase.ts';
import { useRouteData } from '../../app/route-data.tsx';
import { useI18n } from '../../lib/i18n/index.ts';
import { useTransactionRows } from './data.ts';
import { newestFirst } from './rows.ts';
import { TransactionsTable } from './transactions-table.tsx';

/** Transactions History: recharges, class payments and wallet logs in one table, newest first. */
export function TransactionsHistoryPage() {
  const user = useUser();
  const { t } = useI18n();
  const { rows, loaded } = useTransactionRows();
  const { settled, failed, retry, retrying } = useRouteData();
  const sorted = useMemo(() => newestFirst(rows), [rows]);
  const phase = loadPhase({ ready: loaded, hasData: rows.length > 0, answered: settled && !failed, failed: !!failed });

  return (
    <PageContainer>
      <Stack gap="5">
        <Stack gap="0">
          <Heading as="h1" size="2xl">
            {t('transactions.title')}
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            {user?.timezone ? t('transactions.timesIn', { zone: user.timezone }) : t('transactions.timesInYours')}
          </Text>
        </Stack>
        {phase === 'data' ? (
          <TransactionsTable rows={sorted} timeZone={user?.timezone} />
        ) : phase === 'loading' ? (
          <Skeleton h="80" aria-busy="true" />
        ) : phase === 'error' ? (
          <LoadError onRetry={retry} retrying={retrying} />
        ) : (
          <EmptyState.Root borderWidth="1px" borderRadius="md">
            <EmptyState.Content>
              <EmptyState.Indicator>
                <AppIcon name="receipt" boxSize="8" />
              </EmptyState.Indicator>
              <EmptyState.Title as="h2">{t('transactions.empty')}</EmptyState.Title>
            </EmptyState.Content>
          </EmptyState.Root>
        )}
      </Stack>
    </PageContainer>
  );
}

export default TransactionsHistoryPage;
