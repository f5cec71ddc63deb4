import { Box, Button, CloseButton, HStack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { AppIcon } from '../ui/icons.tsx';

interface InstallEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** Shown 1 s after the browser says the app can be installed (spec section 9). */
export const INSTALL_PROMPT_DELAY = 1000;
const DISMISSED_KEY = 'install-prompt-dismissed';

export function InstallPrompt() {
  const [event, setEvent] = useState<InstallEvent | null>(null);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onPrompt = (e: Event) => {
      e.preventDefault(); // keep the event to prompt from our own button
      if (sessionStorage.getItem(DISMISSED_KEY)) return;
      setEvent(e as InstallEvent);
      clearTimeout(timer);
      timer = setTimeout(() => setVisible(true), INSTALL_PROMPT_DELAY);
    };
    const onInstalled = () => setVisible(false);
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);

  if (!visible || !event) return null;
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
  return (
    <Box
      role="dialog"
      aria-label="Install the app"
      position="fixed"
      zIndex="overlay"
      insetX={{ base: '3', md: 'auto' }}
      insetEnd={{ md: '6' }}
      // Under the top bar, so it never covers the controls that live at the bottom (Send, the
      // floating add button, dialog footers, toasts).
      top={{ base: 'calc(65px + 8px)', md: 'calc(85px + 12px)' }}
      maxW={{ md: 'sm' }}
      bg="surface"
      borderWidth="1px"
      borderRadius="lg"
      boxShadow="lg"
      p="4"
    >
      <HStack align="start" gap="3">
        <Box color="brand.fg" pt="0.5">
          <AppIcon name="download" />
        </Box>
        <Box flex="1">
          <Text fontWeight="semibold">Install the app</Text>
          <Text fontSize="sm" color="fg.muted">
            Open your classes from the home screen, even with a weak connection.
          </Text>
          <HStack mt="3">
            <Button size="sm" onClick={install}>
              Install
            </Button>
            <Button size="sm" variant="ghost" onClick={dismiss}>
              Not now
            </Button>
          </HStack>
        </Box>
        <CloseButton size="sm" aria-label="Close" onClick={dismiss} />
      </HStack>
    </Box>
  );
}
