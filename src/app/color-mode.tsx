import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

/**
 * Light/dark mode without next-themes: a `dark` or `light` class on <html> (Chakra's `.dark`
 * condition), persisted in localStorage. index.html applies the stored choice before the first
 * paint, so a dark user never sees a white flash. A switch in one tab follows in every other tab at once.
 */
export type ColorMode = 'light' | 'dark';
export const COLOR_MODE_KEY = 'color-mode';

function initialMode(): ColorMode {
  try {
    const stored = localStorage.getItem(COLOR_MODE_KEY);
    if (stored === 'light' || stored === 'dark') return stored;
  } catch {
    /* storage blocked: fall back to the system preference */
  }
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function applyColorMode(mode: ColorMode) {
  const root = document.documentElement;
  root.classList.toggle('dark', mode === 'dark');
  root.classList.toggle('light', mode === 'light');
  root.style.colorScheme = mode;
}

interface ColorModeValue {
  colorMode: ColorMode;
  toggleColorMode: () => void;
}

const ColorModeContext = createContext<ColorModeValue>({ colorMode: 'light', toggleColorMode: () => {} });

export function ColorModeProvider({ children }: { children: ReactNode }) {
  const [colorMode, setMode] = useState<ColorMode>(initialMode);
  useEffect(() => applyColorMode(colorMode), [colorMode]);
  const toggleColorMode = useCallback(() => {
    setMode((m) => {
      const next = m === 'dark' ? 'light' : 'dark';
      try {
        localStorage.setItem(COLOR_MODE_KEY, next);
      } catch {
        /* not persisted; the choice lasts for this page */
      }
      return next;
    });
  }, []);
  // Every tab in step: a switch in another tab arrives as a `storage` event for the key it wrote
  // (the header's toggle and the Settings switch both read this one state).
  useEffect(() => {
    const follow = (e: StorageEvent) => {
      if (e.key === COLOR_MODE_KEY && (e.newValue === 'light' || e.newValue === 'dark')) setMode(e.newValue);
    };
    addEventListener('storage', follow);
    return () => removeEventListener('storage', follow);
  }, []);
  const value = useMemo(() => ({ colorMode, toggleColorMode }), [colorMode, toggleColorMode]);
  return <ColorModeContext.Provider value={value}>{children}</ColorModeContext.Provider>;
}

export const useColorMode = () => useContext(ColorModeContext);
