import { Button, EmptyState, Heading, HStack, IconButton, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { Child } from '../../../db/entities.ts';
import { useUser } from '../../app/session-context.tsx';
import { PageContainer } from '../../components/page-container.tsx';
import { AppIcon } from '../../components/ui/icons.tsx';
import { formatMoney } from '../../lib/format.ts';
import { LoadError } from '../../components/ui/load-state.tsx';
import { loadPhase } from '../../components/ui/load-phase.ts';
import { useRouteData } from '../../app/route-data.tsx';
import { ChildrenTable } from './children-table.tsx';
import { useCapRunning, useChildren } from './data.ts';
import { NewAccountDialog } from './new-account-dialog.tsx';
import { TransferDialog } from './transfer-dialog.tsx';
import { YourBalance } from './your-balance.tsx';
import { useI18n } from '../../lib/i18n/index.ts';

/** My Children: the child accounts, New Account (hidden while a cap runs) and Transfer. */
export function ChildsPage() {
  const { t } = useI18n();
  const user = useUser();
  const { children, loaded } = useChildren();
  const capRunning = useCapRunning();
  const { settled, failed, retry, retrying } = useRouteData();
  const phase = loadPhase({ ready: loaded, hasData: children.length > 0, answered: settled && !failed, failed: !!failed });
  const [creating, setCreating] = useState(false);
  const [transfer, setTransfer] = useState<{ child: Child | null } | null>(null);
  // A child account cannot have children of its own (the server refuses): no New Account for it.
  const canCreate = !capRunning && !user?.is_child;

  return (
    <PageContainer pb="24">
      <Stack gap="6">
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Stack gap="0">
            <Heading as="h1" size="2xl">
              {t('route.childs')}
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              <YourBalance amount={formatMoney(user?.credits ?? 0)} testId="parent-balance" />
            </Text>
          </Stack>
          <HStack>
            {children.length > 0 && (
              <Button variant="outline" onClick={() => setTransfer({ child: null })}>
                {t('family.transfer')}
              </Button>
            )}
            {canCreate && (
              <Button onClick={() => setCreating(true)} display={{ base: 'none', md: 'inline-flex' }}>
                <AppIcon name="userPlus" boxSize="4" /> {t('menu.newAccount')}
              </Button>
            )}
          </HStack>
        </HStack>
        {phase === 'data' ? (
          <ChildrenTable items={children} onTransfer={(c) => setTransfer({ child: c })} />
        ) : phase === 'loading' ? (
          <Skeleton h="40" aria-busy="true" />
        ) : phase === 'error' ? (
          <LoadError onRetry={retry} retrying={retrying} />
        ) : (
          <EmptyState.Root borderWidth="1px" borderRadius="md">
            <EmptyState.Content>
              <EmptyState.Indicator>
                <AppIcon name="users" boxSize="8" />
              </EmptyState.Indicator>
              <EmptyState.Title as="h2">{t('family.empty')}</EmptyState.Title>
              {canCreate && <EmptyState.Description>{t('family.emptyHint')}</EmptyState.Description>}
            </EmptyState.Content>
          </EmptyState.Root>
        )}
      </Stack>
      {canCreate && (
        <IconButton
          aria-label={t('family.addChild')}
          position="fixed"
          insetEnd={{ base: '4', md: '8' }}
          bottom={{ base: '20', md: '8' }}
          size="xl"
          borderRadius="full"
          shadow="lg"
          onClick={() => setCreating(true)}
          zIndex="docked"
        >
          <AppIcon name="userPlus" />
        </IconButton>
      )}
      {creating && canCreate && <NewAccountDialog onClose={() => setCreating(false)} />}
      {transfer && children.length > 0 && (
        <TransferDialog items={children} initial={transfer.child} balance={user?.credits ?? 0} onClose={() => setTransfer(null)} />
      )}
    </PageContainer>
  );
}

export default ChildsPage;
