import { Alert, Button, Card, Field, Textarea } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { MESSAGES } from '../../../db/messages.ts';
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
        <Card.Title as="h2" id={titleId}>Cancel Subscription</Card.Title>
        <Card.Description>Your remaining classes will be removed from your calendar.</Card.Description>
      </Card.Header>
      <Card.Body gap="4">
        {finishRequested ? (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Title>Your cancellation request was sent. It will be approved as soon as possible.</Alert.Title>
          </Alert.Root>
        ) : (
          <Field.Root required invalid={invalid}>
            <Field.Label>Reason <Field.RequiredIndicator /></Field.Label>
            <Textarea value={reason} onChange={(e) => setReason(e.target.value)} rows={3} dir="auto" />
            <Field.ErrorText>{MESSAGES.enterReason}</Field.ErrorText>
          </Field.Root>
        )}
      </Card.Body>
      <Card.Footer>
        <Button colorPalette="red" onClick={submit} loading={busy} disabled={finishRequested}>
          Cancel Subscription
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}
