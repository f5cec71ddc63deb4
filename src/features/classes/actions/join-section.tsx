import { useEffect, useState } from 'react';
import { Alert, Button, Link, Stack } from '@chakra-ui/react';
import type { Class } from '../../../../db/entities.ts';
import { t, useI18n } from '../../../lib/i18n/index.ts';
import { useMutation } from '../../../lib/engine/mutation.ts';
import { mustWaitForTeacher, type JoinAnswer, type Role } from '../rules.ts';

/** How long the temporary join link stays on screen after joining. */
export const JOIN_LINK_MS = 4000;

type JoinReply = JoinAnswer & { payment_status: Class['payment_status']; credits: number };

/**
 * Opens a tab for the class in the click's own gesture (so pop-up blockers allow it), blank until
 * the join reply gives its address. Null when the browser refused to open one. The tab does not
 * get this page as its opener (the class link is a third party's page).
 */
export function openClassTab(): Window | null {
  let tab: Window | null;
  try {
    tab = window.open('', '_blank');
  } catch {
    return null;
  }
  if (!tab) return null;
  try {
    tab.opener = null;
    // In the page's language and direction while it waits.
    tab.document.documentElement.lang = document.documentElement.lang;
    tab.document.documentElement.dir = document.documentElement.dir;
    tab.document.title = t('classes.openingTab');
    tab.document.body.textContent = t('classes.openingTab');
  } catch {
    // Not ours to write into: it still goes to the class when the reply comes.
  }
  return tab;
}

/** Sends the tab opened by the click to the class, answering whether it could (else the link is the way in). */
export function sendTabTo(tab: Window | null, url: string | null | undefined): boolean {
  if (!tab || tab.closed) return false;
  if (!url) {
    tab.close();
    return false;
  }
  try {
    tab.location.href = url;
    return true;
  } catch {
    tab.close();
    return false;
  }
}

/**
 * Join Class: never queued (it is time-critical; offline it fails at once). The click opens a tab
 * at once (in its gesture, so pop-up blockers allow it) and the reply sends it to the class; the
 * spec's temporary link is shown for 4 s too, the way in when no tab could open. The reply's
 * payment status: a student with too little balance is told to recharge, a teacher that the
 * student's balance is short. A student who is there before the teacher is told to wait (mustWaitForTeacher).
 */
export function JoinSection({ klass, role }: { klass: Class; role: Role }) {
  const { t } = useI18n();
  const { run, busy } = useMutation('join');
  const [reply, setReply] = useState<JoinReply | null>(null);
  const [linkVisible, setLinkVisible] = useState(false);
  const [opened, setOpened] = useState(false);

  useEffect(() => {
    if (!linkVisible) return;
    const t = setTimeout(() => setLinkVisible(false), JOIN_LINK_MS);
    return () => clearTimeout(t);
  }, [linkVisible, reply]);

  const join = async () => {
    if (busy) return;
    // Synchronously, before anything is awaited: later the click's gesture is gone.
    const tab = openClassTab();
    const r = await run({ classId: klass.id });
    if (!r?.ok) {
      if (tab && !tab.closed) tab.close();
      return;
    }
    const data = r.data.reply as JoinReply;
    setOpened(sendTabTo(tab, data.join_url));
    setReply(data);
    setLinkVisible(true);
  };

  const payment = reply?.payment_status ?? klass.payment_status;
  const balanceShort = payment === 'credits-not-enough' && klass.status !== 'expired';
  return (
    <Stack gap="3">
      {klass.joinable && (
        <Button colorPalette="brand" onClick={join} loading={busy} alignSelf="flex-start">
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
      {reply && role === 'student' && mustWaitForTeacher(reply) && (
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
    </Stack>
  );
}
