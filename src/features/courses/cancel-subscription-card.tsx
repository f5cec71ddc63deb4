import { Alert, Button, Card, Field, Textarea } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { MESSAGES } from '../../../db/messages.ts';
import { useI18n } from '../../lib/i18n/index.ts';
import { notify } from '../../components/ui/toaster.tsx';
import { isReasonValid } from './enrollment-stage.ts';

/**
 * Cancel Subscription (approved enrolments): a required reason, then a finish request. Once sent,
 * the button stays disabled with a notice; the remaining classes leave the calendar.
 */
export function CancelSubscriptionCard({ finishRequested, onFinish }: {
  finishRequested: boolean;
  onFinish: (reason: string) => Promise<boolean>;
}) {
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  // An id of its own: two course pages may be kept mounted at once.
  const titleId = useId();
  const { t } = useI18n();
  const invalid = tried && !isReasonValid(reason);

  const submit = async () => {
    setTried(true);
    if (!isReasonValid(reason)) {
      // A warning in the spec: a warning toast as well as the field's state.
      notify('warning', MESSAGES.enterReason);
      return;
    }
    setBusy(true);
    await onFinish(reason);
    setBusy(false);
  };

  return (
    <Card.Root as="section" aria-labelledby={titleId} borderColor="border.error">
      <Card.Header>
        <Card.Title as="h2" id={titleId}>{t('courses.cancelSubscription')}</Card.Title>
        <Card.Description>{t('courses.cancelHint')}</Card.Description>
      </Card.Header>
      <Card.Body gap="4">
        {finishRequested ? (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Title>{t('courses.cancelSent')}</Alert.Title>
          </Alert.Root>
        ) : (
          <Field.Root required invalid={invalid}>
            <Field.Label>{t('courses.reason')} <Field.RequiredIndicator /></Field.Label>
            <Textarea value={reason} onChange={(e) => setReason(e.target.value)} rows={3} dir="auto" />
            <Field.ErrorText>{t('msg.enterReason')}</Field.ErrorText>
          </Field.Root>
        )}
      </Card.Body>
      <Card.Footer>
        <Button colorPalette="red" onClick={submit} loading={busy} disabled={finishRequested}>
          {t('courses.cancelSubscription')}
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}
