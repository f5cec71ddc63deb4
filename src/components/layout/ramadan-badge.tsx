import { Badge, Text } from '@chakra-ui/react';
import { useSettings } from '../../app/session-context.tsx';
import { AppIcon } from '../ui/icons.tsx';
import { useI18n } from '../../lib/i18n/index.ts';

/** Ramadan mode's badge with the seasonal message (the colours change through the theme). */
export function RamadanBadge() {
  const settings = useSettings();
  const { t } = useI18n();
  if (!settings?.ramadan_mode) return null;
  const message = settings.ramadan_message || t('shell.ramadanKareem');
  return (
    <Badge
      colorPalette="yellow"
      variant="subtle"
      size="md"
      maxW={{ base: '36', md: 'xs', lg: 'md' }}
      title={message}
      aria-label={message}
      role="status"
      gap="1.5"
      data-testid="ramadan-badge"
    >
      <AppIcon name="moonStar" boxSize="4" />
      {/* Phones show the crescent only; the message stays in its label and tooltip. */}
      <Text truncate dir="auto" display={{ base: 'none', sm: 'block' }}>
        {message}
      </Text>
    </Badge>
  );
}
