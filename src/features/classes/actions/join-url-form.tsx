import { useEffect, useState } from 'react';
import { Button, Field, HStack, Input, Text } from '@chakra-ui/react';
import type { Class } from '../../../../db/entities.ts';
import { MESSAGES } from '../../../lib/messages.ts';
import { EngineCallError, saveJoinUrl } from '../../../lib/collections/index.ts';
import { notify } from '../../../components/ui/toaster.tsx';
import { actionErrorMessage } from '../errors.ts';

/**
 * The teacher's join URL, through the engine's optimistic action: the class shows the new link at
 * once. Replayable: offline it waits in the outbox and is sent when the network returns. Save stays
 * disabled while the value equals the saved one.
 */
export function JoinUrlForm({ klass }: { klass: Class }) {
  const saved = klass.join_url ?? '';
  const [value, setValue] = useState(saved);
  const [busy, setBusy] = useState(false);
  const [queued, setQueued] = useState(false);
  // A newer saved value (from the server or another tab) replaces the field.
  useEffect(() => setValue(saved), [saved]);

  const unchanged = value.trim() === saved;
  const save = async () => {
    setBusy(true);
    try {
      await saveJoinUrl(klass.id, value.trim()).isPersisted.promise;
      setQueued(typeof navigator !== 'undefined' && !navigator.onLine);
    } catch (e) {
      notify('error', e instanceof EngineCallError ? actionErrorMessage(e.engineError, 'other') : MESSAGES.actionFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Field.Root>
      <Field.Label>Join URL</Field.Label>
      <HStack w="full" align="flex-start">
        <Input type="url" value={value} onChange={(e) => setValue(e.target.value)} placeholder="https://" />
        <Button onClick={save} disabled={unchanged || busy} loading={busy}>
          Save
        </Button>
      </HStack>
      {queued && <Text fontSize="sm" color="fg.muted">Waiting for the network: it will be sent when you are back online.</Text>}
    </Field.Root>
  );
}
