import { IconButton } from '@chakra-ui/react';
import { useColorMode } from '../../app/color-mode.tsx';
import { AppIcon } from '../ui/icons.tsx';

export function ColorModeButton() {
  const { colorMode, toggleColorMode } = useColorMode();
  const dark = colorMode === 'dark';
  return (
    <IconButton
      variant="ghost"
      colorPalette="gray"
      aria-label={dark ? 'Switch to light mode' : 'Switch to dark mode'}
      aria-pressed={dark}
      onClick={toggleColorMode}
    >
      <AppIcon name={dark ? 'sun' : 'moon'} />
    </IconButton>
  );
}
