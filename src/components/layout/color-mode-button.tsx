import { IconButton } from '@chakra-ui/react';
import { useColorMode } from '../../app/color-mode.tsx';
import { AppIcon } from '../ui/icons.tsx';
import { useI18n } from '../../lib/i18n/index.ts';

export function ColorModeButton() {
  const { colorMode, toggleColorMode } = useColorMode();
  const dark = colorMode === 'dark';
  const { t } = useI18n();
  return (
    <IconButton
      variant="ghost"
      colorPalette="gray"
      aria-label={dark ? t('shell.lightMode') : t('shell.darkMode')}
      aria-pressed={dark}
      onClick={toggleColorMode}
    >
      <AppIcon name={dark ? 'sun' : 'moon'} />
    </IconButton>
  );
}
