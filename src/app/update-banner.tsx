import { memo } from 'react';
import { Alert, Button } from '@chakra-ui/react';
// The shell's status, not lib/collections' hooks (they would bring the mirror's code into the first screen).
import { useShell } from './session-context.tsx';
import { applyUpdate, useUpdatePhase } from '../lib/sw-update.ts';

/**
 * "A new version is available" with Reload, once a new build's service worker is installed and
 * waiting (src/lib/sw-update.ts). With changes still unsent, it says the update waits for them.
 */
export const UpdateBanner = memo(function UpdateBanner() {
  const phase = useUpdatePhase();
  const pending = useShell().status?.pendingMutations ?? 0;
  if (phase === 'none') return null;
  const waiting = phase === 'waiting-to-send' && pending > 0;
  return (
    <Alert.Root status="info" variant="subtle" borderRadius="0" alignItems="center" data-testid="update-banner">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>A new version is available</Alert.Title>
        {waiting && (
          <Alert.Description>
            It loads once your {pending === 1 ? 'change is' : `${pending} changes are`} sent.
          </Alert.Description>
        )}
      </Alert.Content>
      <Button size="sm" onClick={applyUpdate} loading={phase !== 'available'} loadingText={waiting ? 'Waiting' : 'Reloading'}>
        Reload
      </Button>
    </Alert.Root>
  );
});
