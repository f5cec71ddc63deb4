import { Alert, Button, Link, Stack } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { Class } from '../../../../db/entities.ts';
import { useI18n } from '../../../lib/i18n/index.ts';
import { JOIN_PARAM } from '../../../lib/links.ts';
import type { JoinReply, Role } from '../rules.ts';
import { useJoin } from './use-join.ts';

export { JOIN_LINK_MS, openClassTab, sendTabTo } from './use-join.ts';

/**
 * Join Class in the class dialog: the button, the spec's temporary link for 4 s (the way in when
 * no tab could open), and the reply's payment status: a student with too little balance is told to
 * recharge, a teacher that the student's balance is short. A student who is first in the room is
 * told to wait for the teacher. Opened with `&join=1` (joinLink: the reminder's Join Class), it
 * joins as soon as the class is joinable, and this tab goes to the class.
 */
export function JoinSection({ klass, role }: { klass: Class; role: Role }) {
  const { t } = useI18n();
  const { join, busy, reply, linkVisible, opened, waitForTeacher } = useJoin(klass);
  const [params, setParams] = useSearchParams();
  const asked = params.get(JOIN_PARAM) === '1';
  const tried = useRef(false);
  useEffect(() => {
    if (!asked || !klass.joinable || tried.current) return;
    tried.current = true;
    // Asked once: a reload or Back does not join again.
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.delete(JOIN_PARAM);
      return next;
    }, { replace: true, preventScrollReset: true });
    void join({ here: true });
  }, [asked, klass.joinable, join, setParams]);
  return (
    <Stack gap="3">
      {klass.joinable && (
        <Button colorPalette="brand" onClick={() => void join()} loading={busy} alignSelf="flex-start">
          {t('classes.join')}
        </Button>
      )}
      {reply?.join_url && linkVisible && (
        <Alert.Root status="success" variant="surface">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{opened ? t('classes.openedInTab') : t('classes.linkToJoin')}</Alert.Title>
            <Alert.Description>
              <Link href={reply.join_url} target="_blank" rel="noopener noreferrer" wordBreak="break-all">
                {reply.join_url}
              </Link>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      <JoinNotices klass={klass} role={role} reply={reply} waitForTeacher={waitForTeacher} />
    </Stack>
  );
}

/** Wait for Teacher (a student first in the room) and the balance alerts, after a join or from the class's payment status. */
export function JoinNotices({ klass, role, reply, waitForTeacher }: { klass: Class; role: Role; reply: JoinReply | null; waitForTeacher: boolean }) {
  const { t } = useI18n();
  const payment = reply?.payment_status ?? klass.payment_status;
  const balanceShort = payment === 'credits-not-enough' && klass.status !== 'expired' && !klass.canceled && !klass.absent;
  return (
    <>
      {role === 'student' && waitForTeacher && (
        <Alert.Root status="info" variant="surface">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('msg.waitForTeacherTitle')}</Alert.Title>
            <Alert.Description>{t('msg.waitForTeacher')}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {balanceShort && (role === 'student' ? (
        <Alert.Root status="warning" variant="surface">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('msg.balanceNotEnoughTitle')}</Alert.Title>
            <Alert.Description>{t('msg.balanceNotEnough')}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : (
        <Alert.Root status="warning" variant="surface">
          <Alert.Indicator />
          <Alert.Title>{t('msg.studentBalanceNotEnough')}</Alert.Title>
        </Alert.Root>
      ))}
    </>
  );
}
