import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import type { Class } from '../../../../db/entities.ts';
import { useI18n } from '../../../lib/i18n/index.ts';
import { formatMoney } from '../../../lib/format.ts';
import { notify } from '../../../components/ui/toaster.tsx';
import { useMutation } from '../../../lib/engine/mutation.ts';
import { optimisticAttended } from '../../../lib/engine/optimistic.ts';
import { attendedBlock } from '../rules.ts';

const BLOCK_TEXT = {
  report: 'classes.writeReportFirst',
  credits: 'msg.studentBalanceNotEnough',
} as const;

/**
 * Mark Attended (charges the student; needs a report and enough student credits) and Mark Absent
 * (irreversible): both ask first (`onAskAttended`, `onAskAbsent`). Neither is queued offline.
 */
export function AttendanceActions({ klass, onAskAttended, onAskAbsent }: { klass: Class; onAskAttended: () => void; onAskAbsent: () => void }) {
  const { t } = useI18n();
  const block = attendedBlock(klass);
  return (
    <Stack gap="2">
      <HStack gap="2" wrap="wrap">
        <Button colorPalette="green" onClick={onAskAttended} disabled={block !== null} data-mode="attended">
          {t('classes.markAttended')}
        </Button>
        <Button colorPalette="red" variant="outline" onClick={onAskAbsent} data-mode="absent">
          {t('classes.markAbsent')}
        </Button>
      </HStack>
      {block && <Text fontSize="sm" color="fg.muted">{t(BLOCK_TEXT[block])}</Text>}
    </Stack>
  );
}

/** What marking the class attended charges the student: nothing for a free trial class. */
const chargeOf = (klass: Class) => (klass.payment_status === 'trial' ? 0 : klass.price);

/** The confirmation of Mark Attended: it says what will be charged, then that it was. */
export function AttendedConfirm({ klass, onDone }: { klass: Class; onDone: () => void }) {
  const { t } = useI18n();
  const { run, busy } = useMutation('markAttended', { optimistic: optimisticAttended });
  const charge = chargeOf(klass);
  const student = klass.enrollment.student.name;
  const confirm = async () => {
    const r = await run({ classId: klass.id }, { success: null }); // said below, with the amount
    if (!r?.ok) return;
    notify('success', charge > 0 ? t('classes.attendedCharged', { amount: formatMoney(charge), student }) : t('classes.attendedFree'));
    onDone();
  };
  return (
    <Stack gap="3">
      <Text>
        {charge > 0
          ? t('classes.attendedAskCharge', { student, amount: formatMoney(charge) })
          : t('classes.attendedAskFree', { student })}
      </Text>
      <HStack gap="2">
        <Button colorPalette="green" onClick={confirm} loading={busy}>{t('classes.confirmAttended')}</Button>
        <Button variant="ghost" onClick={onDone} disabled={busy}>{t('classes.back')}</Button>
      </HStack>
    </Stack>
  );
}

/** The confirmation of Mark Absent: it cannot be undone. */
export function AbsentConfirm({ klass, onDone }: { klass: Class; onDone: () => void }) {
  const { t } = useI18n();
  const { run, busy } = useMutation('markAbsent');
  const confirm = async () => {
    if ((await run({ classId: klass.id }))?.ok) onDone();
  };
  return (
    <Stack gap="3">
      <Text>
        {t('classes.absentAsk', { student: klass.enrollment.student.name })}
      </Text>
      <HStack gap="2">
        <Button colorPalette="red" onClick={confirm} loading={busy}>{t('classes.confirmAbsent')}</Button>
        <Button variant="ghost" onClick={onDone} disabled={busy}>{t('classes.back')}</Button>
      </HStack>
    </Stack>
  );
}
