import { useEffect, useState } from 'react';
import { Alert, Button, Link, Stack } from '@chakra-ui/react';
import type { Class } from '../../../../db/entities.ts';
import { MESSAGES } from '../../../../db/messages.ts';
import { useMutation } from '../../../lib/engine/mutation.ts';
import type { Role } from '../rules.ts';

/** How long the temporary join link stays on screen after joining. */
export const JOIN_LINK_MS = 4000;

interface JoinReply {
  join_url: string;
  payment_status: Class['payment_status'];
  credits: number;
  teacher_joined?: boolean;
}

/**
 * Join Class: never queued (it is time-critical; offline it fails at once). The reply carries the
 * join link, shown for 4 s, and the payment status: a student with too little balance is told to
 * recharge, a teacher that the student's balance is short. A student who is first in the room is
 * told to wait for the teacher.
 */
export function JoinSection({ klass, role }: { klass: Class; role: Role }) {
  const { run, busy } = useMutation('join');
  const [reply, setReply] = useState<JoinReply | null>(null);
  const [linkVisible, setLinkVisible] = useState(false);

  useEffect(() => {
    if (!linkVisible) return;
    const t = setTimeout(() => setLinkVisible(false), JOIN_LINK_MS);
    return () => clearTimeout(t);
  }, [linkVisible, reply]);

  const join = async () => {
    const r = await run({ classId: klass.id });
    if (!r?.ok) return;
    setReply(r.data.reply as JoinReply);
    setLinkVisible(true);
  };

  const payment = reply?.payment_status ?? klass.payment_status;
  const balanceShort = payment === 'credits-not-enough' && klass.status !== 'expired';
  return (
    <Stack gap="3">
      {klass.joinable && (
        <Button colorPalette="brand" onClick={join} loading={busy} alignSelf="flex-start">
          Join Class
        </Button>
      )}
      {reply && linkVisible && (
        <Alert.Root status="success" variant="surface">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Your class link</Alert.Title>
            <Alert.Description>
              <Link href={reply.join_url} target="_blank" rel="noopener noreferrer" wordBreak="break-all">
                {reply.join_url}
              </Link>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {reply && role === 'student' && reply.teacher_joined === false && (
        <Alert.Root status="info" variant="surface">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{MESSAGES.waitForTeacherTitle}</Alert.Title>
            <Alert.Description>{MESSAGES.waitForTeacher}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {balanceShort && (role === 'student' ? (
        <Alert.Root status="warning" variant="surface">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{MESSAGES.balanceNotEnoughTitle}</Alert.Title>
            <Alert.Description>{MESSAGES.balanceNotEnough}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : (
        <Alert.Root status="warning" variant="surface">
          <Alert.Indicator />
          <Alert.Title>{MESSAGES.studentBalanceNotEnough}</Alert.Title>
        </Alert.Root>
      ))}
    </Stack>
  );
}
