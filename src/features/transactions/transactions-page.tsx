import { EmptyState, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useUser } from '../../app/session-context.tsx';
import { PageContainer } from '../../components/page-container.tsx';
import { AppIcon } from '../../components/ui/icons.tsx';
import { MESSAGES } from '../../../db/messages.ts';
import { useRouteData } from '../../app/route-data.tsx';
import { useTransactionRows } from './data.ts';
import { newestFirst } from './rows.ts';
import { TransactionsTable } from './transactions-table.tsx';

/** Transactions History: recharges, class payments and wallet logs in one table, newest first. */
export function TransactionsHistoryPage() {
  const user = useUser();
  const { rows, loaded } = useTransactionRows();
  const failed = useRouteData().failed !== null;
  const sorted = useMemo(() => newestFirst(rows), [rows]);

  return (
    <PageContainer>
      <Stack gap="5">
        <Stack gap="0">
          <Heading as="h1" size="2xl">
            Transactions History
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            Times in {user?.timezone ?? 'your timezone'}
          </Text>
        </Stack>
        {sorted.length > 0 ? (
          <TransactionsTable rows={sorted} timeZone={user?.timezone} />
        ) : !loaded && !failed ? (
          <Skeleton h="80" />
        ) : (
          <EmptyState.Root borderWidth="1px" borderRadius="md">
            <EmptyState.Content>
              <EmptyState.Indicator>
                <AppIcon name="receipt" boxSize="8" />
              </EmptyState.Indicator>
              <EmptyState.Title>{failed && !loaded ? MESSAGES.fetchFailed : 'No transactions yet'}</EmptyState.Title>
            </EmptyState.Content>
          </EmptyState.Root>
        )}
      </Stack>
    </PageContainer>
  );
}

export default TransactionsHistoryPage;
