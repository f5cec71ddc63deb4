import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import type { Class } from '../../../../db/entities.ts';
import { MESSAGES } from '../../../lib/messages.ts';
import { useAction } from '../use-action.ts';
import { attendedBlock } from '../rules.ts';

const BLOCK_TEXT = {
  report: 'Write the class report first.',
  credits: MESSAGES.studentBalanceNotEnough,
} as const;

/**
 * Mark Attended (charges the student; needs a report and enough student credits) and Mark Absent
 * (irreversible: it asks first through `onAskAbsent`). Neither is queued offline.
 */
export function AttendanceActions({ klass, onAskAbsent }: { klass: Class; onAskAbsent: () => void }) {
  const { run, busy } = useAction();
  const block = attendedBlock(klass);
  const attend = () =>
    run({ name: 'markAttended', classId: klass.id }, {
      family: 'other',
      onError: (e) => (e.code === 'NO_ENOUGH_CREDITS' ? MESSAGES.studentBalanceNotEnough : null),
    });
  return (
    <Stack gap="2">
      <HStack gap="2" wrap="wrap">
        <Button colorPalette="green" onClick={attend} disabled={block !== null || busy} loading={busy}>
          Mark Attended
        </Button>
        <Button colorPalette="red" variant="outline" onClick={onAskAbsent} disabled={busy}>
          Mark Absent
        </Button>
      </HStack>
      {block && <Text fontSize="sm" color="fg.muted">{BLOCK_TEXT[block]}</Text>}
    </Stack>
  );
}

/** The confirmation of Mark Absent: it cannot be undone. */
export function AbsentConfirm({ klass, onDone }: { klass: Class; onDone: () => void }) {
  const { run, busy } = useAction();
  const confirm = async () => {
    if (await run({ name: 'markAbsent', classId: klass.id }, { family: 'other' })) onDone();
  };
  return (
    <Stack gap="3">
      <Text>
        Mark {klass.enrollment.student.name} absent from this class? This cannot be undone.
      </Text>
      <HStack gap="2">
        <Button colorPalette="red" onClick={confirm} loading={busy}>Confirm Absent</Button>
        <Button variant="ghost" onClick={onDone} disabled={busy}>Back</Button>
      </HStack>
    </Stack>
  );
}
