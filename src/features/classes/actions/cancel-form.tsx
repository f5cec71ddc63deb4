import { useState } from 'react';
import { Button, Field, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import type { Class } from '../../../../db/entities.ts';
import { useI18n } from '../../../lib/i18n/index.ts';
import { ChangesLeft } from '../class-info.tsx';
import { useMutation } from '../../../lib/engine/mutation.ts';

/**
 * Cancel a class, with an optional reason. Not queued offline. A LIMIT_EXCEEDED answer shows
 * "Monthly limit exceeded" and the engine re-reads the class so its limit flag is current.
 */
export function CancelForm({ klass, onDone }: { klass: Class; onDone: () => void }) {
  const { t } = useI18n();
  const { run, busy } = useMutation('cancelClass');
  const [reason, setReason] = useState('');
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const r = await run({ classId: klass.id, cancelation_reason: reason.trim() });
    if (r?.ok) onDone();
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('classes.cancelFormLabel')}>
      <Stack gap="4">
        <ChangesLeft klass={klass} />
        <Field.Root>
          <Field.Label>{t('classes.reasonOptional')}</Field.Label>
          <Textarea value={reason} onChange={(e) => setReason(e.target.value)} rows={3} maxLength={1000} />
        </Field.Root>
        {klass.limit_exceeded && <Text color="fg.error" role="alert">{t('msg.limitExceeded')}</Text>}
        <HStack gap="2">
          <Button type="submit" colorPalette="red" loading={busy} disabled={klass.limit_exceeded}>{t('classes.confirmCancel')}</Button>
          <Button variant="ghost" onClick={onDone} disabled={busy}>{t('classes.back')}</Button>
        </HStack>
      </Stack>
    </form>
  );
}
