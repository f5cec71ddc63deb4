import { ChakraProvider, LocaleProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Toaster } from '../components/ui/toaster.tsx';
import { INTL_LOCALES, useLocale } from '../lib/i18n/index.ts';
import { ColorModeProvider } from './color-mode.tsx';
import { getSystem } from './theme.ts';

/** Chakra's (and Ark's) locale follows the language: direction-aware parts (drawers, menus, arrows keys) mirror in Arabic. */
export function UiProviders({ children }: { children: ReactNode }) {
  const locale = useLocale();
  return (
    <ChakraProvider value={getSystem()}>
      <LocaleProvider locale={INTL_LOCALES[locale]}>
        <ColorModeProvider>
          {children}
          <Toaster />
        </ColorModeProvider>
      </LocaleProvider>
    </ChakraProvider>
  );
}
