import { Heading, Link, Skeleton, Stack } from '@chakra-ui/react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useCallback, useMemo, useState } from 'react';
import { useUser } from '../../app/session-context.tsx';
import { PageContainer } from '../../components/page-container.tsx';
import { LoadError } from '../../components/ui/load-state.tsx';
import { BalanceSummary } from './balance-summary.tsx';
import { BorrowCard } from './borrow-card.tsx';
import { BorrowDialog } from './borrow-dialog.tsx';
import { useWallet } from './data.ts';
import { RechargePanel } from './recharge-panel.tsx';
import { borrowAllowed, borrowRemainder } from './rules.ts';
import { useRouteData } from '../../app/route-data.tsx';
import { useI18n } from '../../lib/i18n/index.ts';

/**
 * The student's wallet. Balances come from the mirrored user row, the same one the top bar's
 * credits badge reads, so both change together after any money action, in every tab.
 * `/wallet?borrow=1` opens the borrow flow.
 */
export function WalletPage() {
  const { t } = useI18n();
  const user = useUser();
  const { wallet } = useWallet();
  const { failed, retry, retrying } = useRouteData();
  const [params, setParams] = useSearchParams();
  const [borrowing, setBorrowing] = useState(false);

  const credits = user?.credits ?? wallet?.credits ?? 0;
  const loan = user?.loan_credits ?? wallet?.loan_credits ?? 0;
  const canBorrow = wallet?.can_borrow ?? user?.can_borrow ?? false;
  const maxBorrow = wallet?.max_borrow_amount ?? user?.max_borrow_amount ?? 0;
  const borrowState = useMemo(() => ({ can_borrow: canBorrow, max_borrow_amount: maxBorrow, loan_credits: loan }), [canBorrow, maxBorrow, loan]);
  const startBorrowing = useCallback(() => setBorrowing(true), []);
  const borrowOpen = (borrowing || params.get('borrow') === '1') && !!wallet && borrowAllowed(borrowState);
  const closeBorrow = () => {
    setBorrowing(false);
    if (params.has('borrow')) {
      const next = new URLSearchParams(params);
      next.delete('borrow');
      setParams(next, { replace: true });
    }
  };

  return (
    <PageContainer>
      <Stack gap="6">
        <Heading as="h1" size="2xl">
          {t('route.wallet')}
        </Heading>
        <BalanceSummary credits={credits} loan={loan} pending={wallet?.pending_payments_count ?? 0} />
        {wallet ? (
          <>
            <BorrowCard state={borrowState} onBorrow={startBorrowing} />
            <RechargePanel wallet={wallet} />
          </>
        ) : failed ? (
          <LoadError onRetry={retry} retrying={retrying} />
        ) : (
          <Stack gap="4" aria-busy="true">
            <Skeleton h="20" />
            <Skeleton h="64" />
          </Stack>
        )}
        <Link asChild colorPalette="teal" alignSelf="start">
          <RouterLink to="/transactions-history">{t('menu.transactionsHistory')}</RouterLink>
        </Link>
      </Stack>
      {borrowOpen && <BorrowDialog remainder={borrowRemainder(borrowState)} onClose={closeBorrow} />}
    </PageContainer>
  );
}

export default WalletPage;
