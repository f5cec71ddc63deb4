import { useState } from 'react';
import { Button, HStack } from '@chakra-ui/react';
import type { RescheduleRequest } from '../../../../db/entities.ts';
import { useMutation } from '../../../lib/engine/mutation.ts';
import { optimisticDecision } from '../../../lib/engine/optimistic.ts';
import { useI18n } from '../../../lib/i18n/index.ts';

/**
 * Approve or reject a reschedule request through the engine's optimistic action: the request
 * leaves the list at once and comes back if the server refuses. Not queued offline. On approval
 * the engine writes the moved classes from the reply into the mirror, so the calendar moves at once.
 */
export function RequestDecision({ request, size = 'sm' }: { request: Pick<RescheduleRequest, 'id'>; size?: 'xs' | 'sm' | 'md' }) {
  const { t } = useI18n();
  const [pending, setPending] = useState<'approve' | 'reject' | null>(null);
  const { run } = useMutation('decideReschedule', { optimistic: optimisticDecision });
  const decide = async (action: 'approve' | 'reject') => {
    setPending(action);
    await run({ requestId: request.id, action });
    setPending(null);
  };
  return (
    <HStack gap="2">
      <Button size={size} colorPalette="green" onClick={() => decide('approve')} loading={pending === 'approve'} disabled={pending !== null}>
        {t('classes.approve')}
      </Button>
      <Button size={size} colorPalette="red" variant="outline" onClick={() => decide('reject')} loading={pending === 'reject'} disabled={pending !== null}>
        {t('classes.reject')}
      </Button>
    </HStack>
  );
}
