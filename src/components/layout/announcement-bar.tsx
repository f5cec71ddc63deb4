import { Box, CloseButton, HStack, Text } from '@chakra-ui/react';
import { useEffect, useState, memo } from 'react';
import { useSettings } from '../../app/session-context.tsx';
import { DURATIONS } from '../../../db/messages.ts';
import { useI18n } from '../../lib/i18n/index.ts';

/** The optional announcement of the app settings, shown for 15 s (or until closed). */
// Memoised: the layout re-renders on every navigation; this part does not depend on the route.
export const AnnouncementBar = memo(function AnnouncementBar() {
  const text = useSettings()?.announcement?.trim() ?? '';
  const [hidden, setHidden] = useState<string | null>(null);
  const { t } = useI18n();
  useEffect(() => {
    if (!text) return;
    const t = setTimeout(() => setHidden(text), DURATIONS.announcement);
    return () => clearTimeout(t);
  }, [text]);
  if (!text || hidden === text) return null;
  return (
    // AA contrast (4.5:1 or more): white on dark teal (≈7.6:1; white on the teal accent was ≈2.5:1), and in
    // Ramadan mode dark indigo on the gold accent (≈7.4:1; white on gold was ≈2.4:1). The same in dark mode.
    <Box role="status" bg="teal.700" color="white" css={{ '.ramadan &': { bg: 'accent', color: '#1e1838' } }} px="4" py="1.5">
      <HStack maxW="6xl" mx="auto">
        <Text flex="1" fontSize="sm" fontWeight="medium" textAlign="center" dir="auto">
          {text}
        </Text>
        <CloseButton size="2xs" variant="ghost" color="inherit" aria-label={t('shell.closeAnnouncement')} onClick={() => setHidden(text)} />
      </HStack>
    </Box>
  );
});
