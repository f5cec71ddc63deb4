import { useState } from 'react';
import { Button, HStack } from '@chakra-ui/react';
import type { RescheduleRequest } from '../../../../db/entities.ts';
import { MESSAGES } from '../../../lib/messages.ts';
import { useAction } from '../use-action.ts';

/**
 * Approve or reject a reschedule request. Not queued offline. On approval the engine writes the
 * moved classes from the reply into the mirror, so the calendar moves at once.
 */
export function RequestDecision({ request, size = 'sm' }: { request: Pick<RescheduleRequest, 'id'>; size?: 'xs' | 'sm' | 'md' }) {
  const { run, busy } = useAction();
  const [pending, setPending] = useState<'approve' | 'reject' | null>(null);
  const decide = async (action: 'approve' | 'reject') => {
    setPending(action);
    await run(
      { name: 'decideReschedule', requestId: request.id, action },
      { family: 'other', success: action === 'approve' ? MESSAGES.rescheduleApproved : MESSAGES.rescheduleRejected },
    );
    setPending(null);
  };
  return (
    <HStack gap="2">
      <Button size={size} colorPalette="green" onClick={() => decide('approve')} loading={pending === 'approve'} disabled={busy}>
        Approve
      </Button>
      <Button size={size} colorPalette="red" variant="outline" onClick={() => decide('reject')} loading={pending === 'reject'} disabled={busy}>
        Reject
      </Button>
    </HStack>
  );
}
