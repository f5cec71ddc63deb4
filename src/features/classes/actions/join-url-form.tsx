import { useState } from 'react';
import { Button, Field, HStack, Input, Text } from '@chakra-ui/react';
import type { Class } from '../../../../db/entities.ts';
import { useMutation } from '../../../lib/engine/mutation.ts';
import { optimisticJoinUrl } from '../../../lib/engine/optimistic.ts';
import { joinUrlError } from '../rules.ts';
import { useI18n } from '../../../lib/i18n/index.ts';

/** The field's hint: the start of a link, the same in every language. */
const URL_START = 'https://';

/**
 * The teacher's join URL, through the engine's optimistic action: the class shows the new link at
 * once. Replayable: offline it waits in the outbox and is sent when the network returns. Save stays
 * disabled while the value equals the saved one. The link is checked as a URL before it is sent,
 * and a refusal of the link (422) says why on the field; success says so (the policy's message).
 */
export function JoinUrlForm({ klass }: { klass: Class }) {
  const { t, tMessage } = useI18n();
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

  const [error, setError] = useState<string | null>(null);
  const unchanged = value.trim() === saved;
  const save = async (e?: React.FormEvent) => {
    e?.preventDefault();
    if (unchanged || busy) return;
    const bad = joinUrlError(value);
    setError(bad);
    if (bad) return;
    // The server's word on the link belongs on the field, not in a toast.
    const r = await run({ classId: klass.id, join_url: value.trim() }, { error: (err) => (err.kind === 'validation' ? null : undefined) });
    if (r?.ok) setQueued(!!r.data.queued);
    else if (r && r.error.kind === 'validation') setError(r.error.message);
  };
  return (
    <form onSubmit={save} noValidate aria-label={t('classes.joinUrl')}>
      <Field.Root invalid={!!error}>
        <Field.Label>{t('classes.joinUrl')}</Field.Label>
        <HStack w="full" align="flex-start">
          <Input
            type="url"
            inputMode="url"
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              if (error) setError(null);
            }}
            placeholder={URL_START}
            dir="ltr"
          />
          <Button type="submit" disabled={unchanged || busy} loading={busy}>
            {t('classes.save')}
          </Button>
        </HStack>
        {error && <Field.ErrorText>{tMessage(error)}</Field.ErrorText>}
        {queued && <Text fontSize="sm" color="fg.muted">{t('classes.joinUrlQueued')}</Text>}
      </Field.Root>
    </form>
  );
}
