import { memo, useEffect, useRef, useState } from 'react';
import { Badge } from '@chakra-ui/react';
// The shell's status, not lib/collections' hooks: those would bring the mirror's code (TanStack DB)
// into the first screen of every guest.
import { useShell } from '../../app/session-context.tsx';
import { AppIcon } from '../ui/icons.tsx';

/** How long a lost socket or an unsent change may last before the chip says so (no flicker on a blip). */
export const CONNECTION_GRACE_MS = 4000;

export type ConnectionState = 'ok' | 'offline' | 'unreachable' | 'sending';

const plural = (n: number) => `${n} ${n === 1 ? 'change' : 'changes'}`;

export function connectionLabel(state: ConnectionState, pending: number): string {
  const waiting = pending > 0 ? ` · ${plural(pending)} waiting` : '';
  if (state === 'offline') return `Offline${waiting}`;
  if (state === 'unreachable') return `Can't reach the server${waiting}`;
  if (state === 'sending') return `Sending ${plural(pending)}…`;
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
