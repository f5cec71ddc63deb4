import { Box, Button, CloseButton, HStack, Text } from '@chakra-ui/react';
import { useEffect, useLayoutEffect, useRef, useState, memo } from 'react';
import { AppIcon } from '../ui/icons.tsx';
import { useI18n } from '../../lib/i18n/index.ts';

interface InstallEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** Shown 1 s after the browser says the app can be installed (spec section 9). */
export const INSTALL_PROMPT_DELAY = 1000;
/**
 * ...and not within this long of the user's last press or key: signed in, the banner enters the
 * flow and moves the screen down by its height, and a tap under way would land on whatever moved
 * under the finger (a test's press on a course's day checkbox did: the CI failure of 30 November).
 * Then it shows once the user has paused this long.
 */
export const INSTALL_PROMPT_QUIET = 1000;
const DISMISSED_KEY = 'install-prompt-dismissed';

/**
 * Where it shows:
 * - signed in, in the flow of the page above the screen's content: it pushes the screen down
 *   instead of covering any of its controls (calendar toolbar, Send, dialog footers, toasts);
 * - to a guest (`floating`: sign-in and sign-up, a centred card and a footer), as a sheet along the
 *   bottom of the window: arriving 1 s after the browser offers it, often seconds after the first
 *   paint, in the flow it moved the sign-in form down by its height (a layout shift of 0.08 to 0.13
 *   on a phone). The body gains the sheet's height at its end, so what it covers can be scrolled
 *   into view and nothing above moves.
 */
// Memoised: the layout re-renders on every navigation; this part does not depend on the route.
export const InstallPrompt = memo(function InstallPrompt({ floating = false }: { floating?: boolean }) {
  const [event, setEvent] = useState<InstallEvent | null>(null);
  const [visible, setVisible] = useState(false);
  const { t } = useI18n();
  const sheet = useRef<HTMLDivElement>(null);
  const shown = visible && !!event;

  // The floating sheet's room at the end of the page, as tall as the sheet (its text may wrap).
  useLayoutEffect(() => {
    const el = sheet.current;
    if (!floating || !shown || !el) return;
    const body = document.body.style;
    const room = () => body.setProperty('padding-bottom', `${el.offsetHeight}px`);
    room();
    const ro = new ResizeObserver(room);
    ro.observe(el);
    return () => {
      ro.disconnect();
      body.removeProperty('padding-bottom');
    };
  }, [floating, shown]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastInput = -Infinity;
    const onInput = () => void (lastInput = performance.now());
    const show = () => {
      const wait = lastInput + INSTALL_PROMPT_QUIET - performance.now();
      if (wait > 0) timer = setTimeout(show, wait);
      else setVisible(true);
    };
    const onPrompt = (e: Event) => {
      e.preventDefault(); // keep the event to prompt from our own button
      if (sessionStorage.getItem(DISMISSED_KEY)) return;
      setEvent(e as InstallEvent);
      clearTimeout(timer);
      timer = setTimeout(show, INSTALL_PROMPT_DELAY);
    };
    const onInstalled = () => setVisible(false);
    const input = { capture: true, passive: true } as const;
    window.addEventListener('pointerdown', onInput, input);
    window.addEventListener('keydown', onInput, input);
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('pointerdown', onInput, input);
      window.removeEventListener('keydown', onInput, input);
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);

  if (!shown) return null;
  const dismiss = () => {
    sessionStorage.setItem(DISMISSED_KEY, '1');
    setVisible(false);
  };
  const install = async () => {
    setVisible(false);
    await event.prompt();
    await event.userChoice.catch(() => null);
    setEvent(null);
  };
  const place = floating
    ? { position: 'fixed', insetInline: '0', bottom: '0', zIndex: 'sticky', borderTopWidth: '1px', boxShadow: 'md', pb: 'calc(0.625rem + env(safe-area-inset-bottom))' } as const
    : { borderBottomWidth: '1px' } as const;
  return (
    <Box ref={sheet} role="region" aria-label={t('shell.installTitle')} bg="surface" px={{ base: '3', md: '6' }} py="2.5" {...place}>
      <HStack gap="3" align="center" flexWrap="wrap">
        <Box color="brand.fg" aria-hidden>
          <AppIcon name="download" />
        </Box>
        <Box flex="1" minW="12rem">
          <Text fontWeight="semibold" fontSize="sm">
            {t('shell.installTitle')}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            {t('shell.installText')}
          </Text>
        </Box>
        <HStack gap="2">
          <Button size="xs" onClick={install}>
            {t('shell.install')}
          </Button>
          <Button size="xs" variant="ghost" onClick={dismiss}>
            {t('shell.notNow')}
          </Button>
          <CloseButton size="xs" aria-label={t('shell.close')} onClick={dismiss} />
        </HStack>
      </HStack>
    </Box>
  );
});
