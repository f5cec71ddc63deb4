import { useState } from 'react';
import { Button, Field, HStack, RatingGroup, Stack, Textarea } from '@chakra-ui/react';
import type { Class } from '../../../../db/entities.ts';
import { MESSAGES } from '../../../../db/messages.ts';
import { useMutation } from '../../../lib/engine/mutation.ts';

/** Report rating bounds (section 9): 0 to 5 in half steps. */
export const RATING_MAX = 5;

/**
 * The teacher's class report: rating in half stars, activity and homework required, notes
 * optional. Replayable: offline it waits in the outbox and is sent when the network returns.
 */
export function ReportForm({ klass, onDone }: { klass: Class; onDone: () => void }) {
  const { run, busy } = useMutation('saveClassReport');
  const [rating, setRating] = useState(0);
  const [activity, setActivity] = useState('');
  const [homework, setHomework] = useState('');
  const [notes, setNotes] = useState('');
  const [tried, setTried] = useState(false);

  const activityMissing = activity.trim() === '';
  const homeworkMissing = homework.trim() === '';
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (activityMissing || homeworkMissing) return;
    const r = await run({ classId: klass.id, rating, class_activity: activity.trim(), homework: homework.trim(), notes: notes.trim() });
    if (!r?.ok) return;
    onDone();
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Class report">
      <Stack gap="4">
        <RatingGroup.Root
          count={RATING_MAX}
          allowHalf
          value={rating}
          onValueChange={(d) => setRating(d.value)}
          colorPalette="orange"
          size="lg"
        >
          <RatingGroup.Label>Rating</RatingGroup.Label>
          <RatingGroup.HiddenInput />
          <RatingGroup.Control>
            <RatingGroup.Items />
          </RatingGroup.Control>
        </RatingGroup.Root>
        <Field.Root required invalid={tried && activityMissing}>
          <Field.Label>Class activity <Field.RequiredIndicator /></Field.Label>
          <Textarea value={activity} onChange={(e) => setActivity(e.target.value)} rows={3} />
          <Field.ErrorText>{MESSAGES.inputRequired}</Field.ErrorText>
        </Field.Root>
        <Field.Root required invalid={tried && homeworkMissing}>
          <Field.Label>Homework <Field.RequiredIndicator /></Field.Label>
          <Textarea value={homework} onChange={(e) => setHomework(e.target.value)} rows={3} />
          <Field.ErrorText>{MESSAGES.inputRequired}</Field.ErrorText>
        </Field.Root>
        <Field.Root>
          <Field.Label>Notes</Field.Label>
          <Textarea value={notes} onChange={(e) => setNotes(e.target.value)} rows={2} />
        </Field.Root>
        <HStack gap="2">
          <Button type="submit" colorPalette="brand" loading={busy}>Save Report</Button>
          <Button variant="ghost" onClick={onDone} disabled={busy}>Back</Button>
        </HStack>
      </Stack>
    </form>
  );
}
