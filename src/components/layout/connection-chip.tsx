import { memo, useEffect, useState } from 'react';
import { Badge, Button } from '@chakra-ui/react';
// The shell's status, not lib/collections' hooks: those would bring the mirror's code (TanStack DB)
// into the first screen of every guest.
import { useShell } from '../../app/session-context.tsx';
import { AppIcon } from '../ui/icons.tsx';
import { t, useI18n } from '../../lib/i18n/index.ts';
import { lazyCode, useLazyCode } from '../../lib/lazy-code.ts';

// The list of changes not sent reads the mirror's collections: fetched when it is first opened.
const notSentCode = lazyCode(() => import('../not-sent/not-sent-dialog.tsx'));

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
 * the same server), or changes the server answered with a 502/503 (they go again by themselves).
 * "Sending" is only for changes really on their way. A change that will not be sent by itself
 * (a 500, a refusal) is not counted there: a button says "1 change not sent" and opens the list,
 * with Retry and Discard.
 */
export const ConnectionChip = memo(function ConnectionChip() {
  const { status, session } = useShell();
  useI18n(); // re-renders the label on a switch
  const signedIn = session.status === 'signed-in';
  const pending = status?.pendingMutations ?? 0;
  const retrying = status?.retryingMutations ?? 0;
  const notSent = signedIn ? (status?.failedMutations ?? 0) : 0;
  const online = status ? status.online : true;
  const [everConnected, setEverConnected] = useState(false);
  if (status?.realtime === 'connected' && !everConnected) setEverConnected(true);
  const socketLost = signedIn && everConnected && status?.realtime !== 'connected';
  const stuck = online && pending > 0;

  // Socket lost or changes unsent: shown only when it lasts past the grace period.
  const [late, setLate] = useState(false);
  const watching = socketLost || stuck;
  const [watched, setWatched] = useState(watching);
  if (watched !== watching) {
    setWatched(watching);
    setLate(false);
  }
  useEffect(() => {
    if (!watching) return;
    const t = setTimeout(() => setLate(true), CONNECTION_GRACE_MS);
    return () => clearTimeout(t);
  }, [watching]);

  const state: ConnectionState = !online ? 'offline' : (late && socketLost) || retrying > 0 ? 'unreachable' : late && stuck ? 'sending' : 'ok';
  return (
    <>
      {state !== 'ok' && <ChipBadge state={state} pending={pending} />}
      <NotSentButton n={notSent} />
    </>
  );
});

/** "1 change not sent": opens the list of changes not sent; the focus comes back to it when the list closes. */
function NotSentButton({ n }: { n: number }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  if (open && !wanted) setWanted(true);
  const NotSentDialog = useLazyCode(notSentCode, wanted)?.default;
  if (n === 0 && !open) return null;
  const label = t('shell.notSent', { n });
  return (
    <>
      {n > 0 && (
        <Button
          size="xs"
          variant="subtle"
          colorPalette="red"
          gap="1.5"
          maxW={{ base: '9rem', md: 'none' }}
          minW="0"
          title={label}
          aria-haspopup="dialog"
          data-testid="not-sent-button"
          onClick={() => setOpen(true)}
        >
          <AppIcon name="alert" boxSize="3.5" aria-hidden />
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{label}</span>
        </Button>
      )}
      {NotSentDialog && <NotSentDialog open={open} onClose={() => setOpen(false)} />}
    </>
  );
}

function ChipBadge({ state, pending }: { state: Exclude<ConnectionState, 'ok'>; pending: number }) {
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
      // The item of the top bar that gives way when a phone's bar is full: its label ellipsised (whole in `title`).
      minW="0"
      title={label}
    >
      <AppIcon name={state === 'sending' ? 'clock' : 'alert'} boxSize="3.5" aria-hidden />
      <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{label}</span>
    </Badge>
  );
}
