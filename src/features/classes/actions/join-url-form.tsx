import { useState } from 'react';
import { Button, Field, HStack, Input, Text } from '@chakra-ui/react';
import type { Class } from '../../../../db/entities.ts';
import { useMutation } from '../../../lib/engine/mutation.ts';
import { optimisticJoinUrl } from '../../../lib/engine/optimistic.ts';

/**
 * The teacher's join URL, through the engine's optimistic action: the class shows the new link at
 * once. Replayable: offline it waits in the outbox and is sent when the network returns. Save stays
 * disabled while the value equals the saved one.
 */
export function JoinUrlForm({ klass }: { klass: Class }) {
  const saved = klass.join_url ?? '';
  const [value, setValue] = useState(saved);
  const { run, busy } = useMutation('saveJoinUrl', { optimistic: optimisticJoinUrl });
  const [queued, setQueued] = useState(false);
  // A newer saved value (from the server or another tab) replaces the field. Adjusted while
  // rendering (not a key from the dialog: that would also drop `queued` when the save lands).
  const [shownSaved, setShownSaved] = useState(saved);
  if (saved !== shownSaved) {
    setShownSaved(saved);
    setValue(saved);
  }

  const unchanged = value.trim() === saved;
  const save = async () => {
    const r = await run({ classId: klass.id, join_url: value.trim() });
    if (r?.ok) setQueued(!!r.data.queued);
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
