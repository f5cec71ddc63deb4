import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

/**
 * The design system: Chakra's defaults plus a `brand` palette (teal) that Ramadan mode recolours
 * (deep indigo with a gold accent) through the `ramadan` condition, a class on <html> set from the
 * app setting `ramadan_mode`. Dark mode is Chakra's `.dark` condition, also a class on <html>.
 */
const steps = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950] as const;
const teal = ['#effaf8', '#cdf1ec', '#9ce2d9', '#62cbc0', '#33ada3', '#1a9189', '#127570', '#0f766e', '#125a55', '#134b47', '#042f2c'];
const ramadan = ['#f1f0fb', '#e1defa', '#c6c0f3', '#a39ae9', '#8173dc', '#6653cd', '#5541b4', '#463593', '#3b2e78', '#332a60', '#1e1838'];

const brandScale = Object.fromEntries(
  steps.map((s, i) => [s, { value: { base: teal[i]!, _ramadan: ramadan[i]! } }]),
);

const config = defineConfig({
  conditions: { ramadan: '.ramadan &' },
  theme: {
    breakpoints: { sm: '30em', md: '48em', lg: '62em', xl: '80em', '2xl': '96em' },
    tokens: {
      fonts: {
        heading: { value: "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans Arabic', sans-serif" },
        body: { value: "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans Arabic', sans-serif" },
      },
      sizes: { navbar: { value: '85px' }, navbarPhone: { value: '65px' }, navbarGuestPhone: { value: '70px' }, sidebar: { value: '260px' } },
    },
    semanticTokens: {
      colors: {
        brand: {
          ...brandScale,
          contrast: { value: 'white' },
          fg: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.300}' } },
          subtle: { value: { _light: '{colors.brand.100}', _dark: '{colors.brand.900}' } },
          muted: { value: { _light: '{colors.brand.200}', _dark: '{colors.brand.800}' } },
          emphasized: { value: { _light: '{colors.brand.300}', _dark: '{colors.brand.700}' } },
          solid: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.600}' } },
          focusRing: { value: '{colors.brand.500}' },
          border: { value: { _light: '{colors.brand.500}', _dark: '{colors.brand.400}' } },
        },
        accent: { value: { base: '{colors.teal.500}', _ramadan: '#d4a017' } },
        page: { value: { _light: '{colors.gray.50}', _dark: '{colors.gray.950}' } },
        surface: { value: { _light: 'white', _dark: '{colors.gray.900}' } },
      },
    },
  },
  globalCss: {
    html: { colorPalette: 'brand', bg: 'page' },
    body: { bg: 'page', minHeight: '100dvh' },
  },
});

export const system = createSystem(defaultConfig, config);
