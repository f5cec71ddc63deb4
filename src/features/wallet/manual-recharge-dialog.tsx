import { Button, CloseButton, Field, HStack, List, Stack, Text, Textarea, VisuallyHidden } from '@chakra-ui/react';
import { AppDialog } from '../../components/ui/dialog-root.tsx';
import { useRef, useState, type FormEvent } from 'react';
import type { PaymentMethod } from '../../../db/entities.ts';
import { formatMoney } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n/index.ts';
import { InstructionText } from './instruction-text.tsx';
import { useMutation } from '../../lib/engine/mutation.ts';
import { MESSAGES } from '../../../db/messages.ts';
import { tooLargeToUpload } from '../../../db/uploads.ts';

/**
 * The manual gateway in two steps: the method's instructions with the amount filled in, then a
 * required message and an optional image. Submitting puts the payment under review; the engine
 * raises the pending count from the reply.
 */
export function ManualRechargeDialog({ method, amount, onClose }: { method: PaymentMethod; amount: number; onClose: () => void }) {
  const { t, tMessage } = useI18n();
  const { run, busy } = useMutation('manualRecharge', { attempt: true });
  const [step, setStep] = useState<0 | 1>(0);
  const [message, setMessage] = useState('');
  const [file, setFile] = useState<File | null>(null);
  /**
   * The attachment's own error (not an image, or over the upload limit: refused before it is sent);
   * goes with the next pick or when the image is removed.
   */
  const [fileError, setFileError] = useState<'notImage' | 'tooLarge' | null>(null);
  /** Submit was pressed: only then is an empty message marked (and it is unmarked once typed). */
  const [tried, setTried] = useState(false);
  const missing = tried && !message.trim();
  const fileInput = useRef<HTMLInputElement>(null);

  const pick = (f: File | undefined) => {
    if (!f) return;
    if (!f.type.startsWith('image/')) {
      setFileError('notImage');
      return;
    }
    if (tooLargeToUpload(f)) {
      setFileError('tooLarge');
      return;
    }
    setFileError(null);
    setFile(f);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!message.trim()) return;
    const body = { amount, payment_method: method.id, message: message.trim(), ...(file ? { attachment: file } : {}) };
    const r = await run(body, { key: { amount, method: method.id, message: body.message, file: file && [file.name, file.size, file.lastModified] } });
    if (r?.ok) onClose();
  };

  return (
    <AppDialog
      title={t('wallet.manualTitle', { method: method.name, amount: formatMoney(amount) })}
      onSubmit={submit}
      busy={busy}
      onClose={onClose}
      size="md"
      footer={
        step === 0 ? (
          <>
            <Button variant="outline" type="button" onClick={onClose}>
              {t('shell.cancel')}
            </Button>
            {/* Keyed apart from Submit: React would otherwise turn this very element into the submit
                button during the click, and the browser would then submit the form (an empty message
                marked red before the user typed anything). */}
            <Button key="next" type="button" onClick={() => setStep(1)}>
              {t('wallet.next')}
            </Button>
          </>
        ) : (
          <>
            <Button variant="outline" type="button" disabled={busy} onClick={() => { setStep(0); setTried(false); }}>
              {t('wallet.back')}
            </Button>
            <Button key="submit" type="submit" loading={busy}>
              {t('wallet.submit')}
            </Button>
          </>
        )
      }
    >
      {step === 0 ? (
        <Stack gap="3">
          <InstructionText text={method.text} amount={amount} data-testid="manual-instructions" />
          {method.steps.length > 0 && (
            <List.Root as="ol" gap="1" ps="5" fontSize="sm">
              {method.steps.map((s, i) => (
                <List.Item key={i}>
                  <span dir="auto">{s}</span>
                </List.Item>
              ))}
            </List.Root>
          )}
          <Text fontSize="sm" color="fg.muted">
            {t('wallet.manualHint')}
          </Text>
        </Stack>
      ) : (
        <Stack gap="4">
          <Field.Root required invalid={missing}>
            <Field.Label>{t('wallet.message')}</Field.Label>
            <Textarea value={message} onChange={(e) => setMessage(e.target.value)} rows={4} placeholder={t('wallet.messagePlaceholder')} />
            <Field.ErrorText role="alert">{t('msg.inputRequired')}</Field.ErrorText>
          </Field.Root>
          <Stack gap="1">
            <Text fontSize="sm" fontWeight="medium">
              {t('wallet.attachmentOptional')}
            </Text>
            <HStack>
              <Button size="sm" variant="outline" type="button" onClick={() => fileInput.current?.click()}>
                {file ? t('wallet.changeImage') : t('wallet.attachImage')}
              </Button>
              {file && (
                <>
                  <Text fontSize="sm" truncate maxW="48">
                    {file.name}
                  </Text>
                  <CloseButton size="xs" aria-label={t('wallet.removeImage')} onClick={() => { setFile(null); setFileError(null); }} />
                </>
              )}
            </HStack>
            <VisuallyHidden asChild>
              <input
                ref={fileInput}
                type="file"
                accept="image/*"
                aria-label={t('wallet.attachment')}
                onChange={(e) => {
                  pick(e.target.files?.[0]);
                  e.target.value = '';
                }}
              />
            </VisuallyHidden>
          </Stack>
          {fileError && (
            <Text color="fg.error" fontSize="sm" role="alert">
              {fileError === 'tooLarge' ? tMessage(MESSAGES.uploadImageTooLarge) : t('wallet.notImage')}
            </Text>
          )}
        </Stack>
      )}
    </AppDialog>
  );
}
