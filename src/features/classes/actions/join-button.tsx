import { Button, type ButtonProps } from '@chakra-ui/react';
import type { Class } from '../../../../db/entities.ts';
import { useI18n } from '../../../lib/i18n/index.ts';
import { notify } from '../../../components/ui/toaster.tsx';
import type { Role } from '../rules.ts';
import { useJoin } from './use-join.ts';

/**
 * Join Class in one tap where a joinable class is listed (the dashboard's upcoming class, the class
 * cards): the same join as the dialog's, the tab goes to the class, and what the dialog shows as
 * alerts comes as toasts (Wait for Teacher, the balance). When no tab could open (a blocker), the
 * page itself goes to the class: the user asked to join.
 */
export function JoinButton({ klass, role, ...props }: { klass: Class; role: Role } & ButtonProps) {
  const { t } = useI18n();
  const { join, busy } = useJoin(klass);
  const onClick = async () => {
    const r = await join();
    if (!r) return;
    if (!r.opened && r.reply.join_url) window.location.assign(r.reply.join_url);
    if (role === 'student' && r.waitForTeacher) notify('info', `${t('msg.waitForTeacherTitle')}: ${t('msg.waitForTeacher')}`);
    if (r.reply.payment_status === 'credits-not-enough') {
      notify('warning', role === 'student' ? `${t('msg.balanceNotEnoughTitle')}: ${t('msg.balanceNotEnough')}` : t('msg.studentBalanceNotEnough'));
    }
  };
  return (
    <Button colorPalette="brand" size="sm" {...props} onClick={() => void onClick()} loading={busy}>
      {t('classes.join')}
    </Button>
  );
}
