import { useEffect, useState } from 'react';
import type { Class } from '../../../../db/entities.ts';
import { t } from '../../../lib/i18n/index.ts';
import { useMutation } from '../../../lib/engine/mutation.ts';
import { mustWaitForTeacher, type JoinReply } from '../rules.ts';

/** How long the temporary join link stays on screen after joining. */
export const JOIN_LINK_MS = 4000;

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
 * Join Class, the one way every screen joins: never queued (it is time-critical; offline it fails
 * at once with the engine's message, "Error occurred during joining, please contact support" on a
 * refusal). The click opens a tab at once (in its gesture, so pop-up blockers allow it) and the
 * reply sends it to the class. `linkVisible` is the spec's 4 s of the temporary link.
 */
export function useJoin(klass: Pick<Class, 'id' | 'join_url'>) {
  const { run, busy } = useMutation('join');
  const [reply, setReply] = useState<JoinReply | null>(null);
  const [waitForTeacher, setWaitForTeacher] = useState(false);
  const [linkVisible, setLinkVisible] = useState(false);
  const [opened, setOpened] = useState(false);

  useEffect(() => {
    if (!linkVisible) return;
    const timer = setTimeout(() => setLinkVisible(false), JOIN_LINK_MS);
    return () => clearTimeout(timer);
  }, [linkVisible, reply]);

  /**
   * Answers the reply and whether a tab went to the class, or null when the join failed. `here`:
   * no new tab, this page goes to the class (a tab opened for joining, from a notification).
   */
  const join = async ({ here = false } = {}): Promise<{ reply: JoinReply; opened: boolean; waitForTeacher: boolean } | null> => {
    if (busy) return null;
    // The class's link before this join (its reply writes the new one into the mirror).
    const linkBefore = klass.join_url ?? null;
    // Synchronously, before anything is awaited: later the click's gesture is gone.
    const tab = here ? null : openClassTab();
    const r = await run({ classId: klass.id });
    if (!r?.ok) {
      if (tab && !tab.closed) tab.close();
      return null;
    }
    const data = r.data.reply as JoinReply;
    const wait = mustWaitForTeacher(data, linkBefore);
    // Here, as a new tab would, the page goes to the class whenever there is a link (its room is
    // where to wait for the teacher); without one it stays and says to wait.
    const sent = here ? !!data.join_url : sendTabTo(tab, data.join_url);
    if (here && sent) window.location.assign(data.join_url!);
    setOpened(sent);
    setReply(data);
    setWaitForTeacher(wait);
    setLinkVisible(true);
    return { reply: data, opened: sent, waitForTeacher: wait };
  };
  return { join, busy, reply, linkVisible, opened, waitForTeacher };
}
