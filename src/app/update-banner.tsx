import { memo } from 'react';
import { Alert, Button } from '@chakra-ui/react';
// The shell's status, not lib/collections' hooks (they would bring the mirror's code into the first screen).
import { useShell } from './session-context.tsx';
import { applyUpdate, useUpdatePhase } from '../lib/sw-update.ts';
import { useI18n } from '../lib/i18n/index.ts';

/**
 * "A new version is available" with Reload, once a new build's service worker is installed and
 * waiting (src/lib/sw-update.ts). With changes still unsent, it says the update waits for them.
 */
export const UpdateBanner = memo(function UpdateBanner() {
  const phase = useUpdatePhase();
  const pending = useShell().status?.pendingMutations ?? 0;
  const { t } = useI18n();
  if (phase === 'none') return null;
  const waiting = phase === 'waiting-to-send' && pending > 0;
  return (
    <Alert.Root status="info" variant="subtle" borderRadius="0" alignItems="center" data-testid="update-banner">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('shell.newVersion')}</Alert.Title>
        {waiting && (
          <Alert.Description>
            {t('shell.newVersionWaits', { n: pending })}
          </Alert.Description>
        )}
      </Alert.Content>
      <Button size="sm" onClick={applyUpdate} loading={phase !== 'available'} loadingText={waiting ? t('shell.waiting') : t('shell.reloading')}>
        {t('shell.reload')}
      </Button>
    </Alert.Root>
  );
});
