import { memo, useEffect, useRef, useState } from 'react';
import { Badge } from '@chakra-ui/react';
// The shell's status, not lib/collections' hooks: those would bring the mirror's code (TanStack DB)
// into the first screen of every guest.
import { useShell } from '../../app/session-context.tsx';
import { AppIcon } from '../ui/icons.tsx';
import { t, useI18n } from '../../lib/i18n/index.ts';

/** How long a lost socket or an unsent change may last before the chip says so (no flicker on a blip). */
export const CONNECTION_GRACE_MS = 4000;

export type ConnectionState = 'ok' | 'offline' | 'unreachable' | 'sending';

/** The chip's text in the current language. */
export function connectionLabel(state: ConnectionState, pending: number): string {
  const n = pending;
  if (state === 'offline') return n > 0 ? t('shell.offlineWaiting', { n }) : t('shell.offline');
  if (state === 'unreachable') return n > 0 ? t('shell.unreachableWaiting', { n }) : t('shell.unreachable');
  if (state === 'sending') return t('shell.sending', { n });
  return '';
}

/**
 * A quiet chip in the top bar while the browser is offline or the server cannot be reached, with
 * the number of changes waiting to be sent; it goes when they are sent. "Unreachable" is the
 * realtime socket lost for a few seconds after it had connected (the engine polls and sends through
 * the same server), or changes still unsent after a few seconds online.
 */
export const ConnectionChip = memo(function ConnectionChip() {
  const { status, session } = useShell();
  useI18n(); // re-renders the label on a switch
  const signedIn = session.status === 'signed-in';
  const pending = status?.pendingMutations ?? 0;
  const online = status ? status.online : true;
  const everConnected = useRef(false);
  if (status?.realtime === 'connected') everConnected.current = true;
  const socketLost = signedIn && everConnected.current && status?.realtime !== 'connected';
  const stuck = online && pending > 0;

  // Socket lost or changes unsent: shown only when it lasts past the grace period.
  const [late, setLate] = useState(false);
  const watching = socketLost || stuck;
  useEffect(() => {
    setLate(false);
    if (!watching) return;
    const t = setTimeout(() => setLate(true), CONNECTION_GRACE_MS);
    return () => clearTimeout(t);
  }, [watching]);

  const state: ConnectionState = !online ? 'offline' : late && socketLost ? 'unreachable' : late && stuck ? 'sending' : 'ok';
  if (state === 'ok') return null;
  const label = connectionLabel(state, pending);
  return (
    <Badge
      role="status"
      aria-live="polite"
      data-testid="connection-chip"
      size="md"
      variant="subtle"
      colorPalette={state === 'sending' ? 'gray' : 'orange'}
      gap="1.5"
      maxW={{ base: '9rem', md: 'none' }}
      title={label}
    >
      <AppIcon name={state === 'sending' ? 'clock' : 'alert'} boxSize="3.5" aria-hidden />
      <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{label}</span>
    </Badge>
  );
});
