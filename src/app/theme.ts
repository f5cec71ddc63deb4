import { createSystem, defaultBaseConfig, defineConfig, defineSlotRecipe, type SystemContext } from '@chakra-ui/react';
import { carouselAnatomy } from '@chakra-ui/react/anatomy';
import {
  accordionSlotRecipe,
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  carouselSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  radioGroupSlotRecipe,
  radiomarkRecipe,
  ratingGroupSlotRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  statSlotRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
  tooltipSlotRecipe,
} from '@chakra-ui/react/theme';
import { STATIC_GLOBAL_ID } from './static-global.ts';

/**
 * The design system: Chakra's defaults plus a `brand` palette (teal) that Ramadan mode recolours
 * (deep indigo with a gold accent) through the `ramadan` condition, a class on <html> set from the
 * app setting `ramadan_mode`. Dark mode is Chakra's `.dark` condition, also a class on <html>.
 *
 * Contrast (WCAG AA, checked by tests/e2e/a11y.e2e.ts in both modes): where Chakra's defaults fall
 * short the tokens are overridden here, not on each screen — error text, the subtle foreground,
 * the solid green buttons, the calendar's own palette, the carousel's dots (also 24 px to tap).
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
    recipes: {
      // A hovered solid button was lighter (solid/90 over the page): white text fell under 4.5:1.
      // It darkens instead.
      button: {
        variants: {
          variant: {
            solid: {
              _hover: { bg: 'color-mix(in srgb, var(--chakra-colors-color-palette-solid) 85%, black)' },
              _expanded: { bg: 'color-mix(in srgb, var(--chakra-colors-color-palette-solid) 85%, black)' },
            },
          },
        },
      },
    },
    slotRecipes: {
      // The dots under the dashboard's slides: a 24 px target each (WCAG 2.5.8) around a 10 px dot
      // whose colour stands out from the page (the inactive one was brand.subtle, 1.2:1).
      carousel: defineSlotRecipe({
        slots: carouselAnatomy.keys(),
        base: {
          indicatorGroup: { gap: '1' },
          indicator: {
            width: '6',
            height: '6',
            bg: 'transparent',
            position: 'relative',
            _before: {
              content: '""',
              position: 'absolute',
              inset: '7px',
              borderRadius: 'full',
              bg: 'fg.subtle',
            },
            _current: { bg: 'transparent', _before: { bg: 'colorPalette.solid' } },
            _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '-2px' },
          },
        },
      }),
    },
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
          // Dark: 950, under which muted text keeps 4.5:1 (on 900 it was 3.9:1: a selected row's time).
          subtle: { value: { _light: '{colors.brand.100}', _dark: '{colors.brand.950}' } },
          muted: { value: { _light: '{colors.brand.200}', _dark: '{colors.brand.800}' } },
          emphasized: { value: { _light: '{colors.brand.300}', _dark: '{colors.brand.700}' } },
          solid: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.600}' } },
          focusRing: { value: '{colors.brand.500}' },
          border: { value: { _light: '{colors.brand.500}', _dark: '{colors.brand.400}' } },
        },
        fg: {
          // Chakra's red.500 is 3.8:1 on white: 6.5:1 (and 5.9:1 on an error alert's red.50).
          error: { value: { _light: '#b91c1c', _dark: '{colors.red.400}' } },
          // Chakra's gray.400 (light) and gray.500 (dark) are under 3:1: 4.6:1 or more on the page and surfaces.
          subtle: { value: { _light: '{colors.gray.500}', _dark: '{colors.gray.400}' } },
        },
        // The solid green (Approve, Paid buttons) was green.600, 3.3:1 under white text: 5:1.
        green: {
          solid: { value: '#15803d' },
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
    // FullCalendar's own palette, from the theme's tokens (its faint day numbers of other months
    // were 2.5:1). Its dark palette is set on an element inside, hence the second selector, and
    // outside any cascade layer (the global styles are in one), hence !important.
    '.tutoring-calendar, .tutoring-calendar [data-color-scheme]': {
      '--fc-classic-background': 'var(--chakra-colors-surface) !important',
      '--fc-classic-foreground': 'var(--chakra-colors-fg) !important',
      '--fc-classic-muted-foreground': 'var(--chakra-colors-fg-muted) !important',
      '--fc-classic-faint-foreground': 'var(--chakra-colors-fg-muted) !important',
      '--fc-classic-border': 'var(--chakra-colors-border) !important',
      '--fc-classic-strong-border': 'var(--chakra-colors-border-emphasized) !important',
    },
    // Its events and "+N more" links are buttons: 24 px high at least, to tap (they were 20).
    '.tutoring-calendar [role=button]': { minHeight: '24px', display: 'flex', alignItems: 'center', overflow: 'hidden' },
    // In the week view an event lays its time and title out in a column: centred, a long title
    // stuck out of both sides of its box; it starts at the left edge and is cut at the right.
    '.tutoring-calendar[data-view=timeGridWeek] [role=button]': { alignItems: 'stretch' },
    // A canceled class is struck through, so it is told from the others by more than its colour.
    '.tutoring-calendar .event-canceled': { textDecoration: 'line-through' },
    // A day's "+N more" in the month view (events.ts): text on the day's own background, a link's look.
    '.tutoring-calendar .more-classes': { fontWeight: 'semibold', cursor: 'pointer' },
    '.tutoring-calendar .more-classes:hover': { textDecoration: 'underline' },
    // A screen's heading takes focus after a navigation (route-announcer.tsx): it is not a control.
    'h1[data-route-focus]:focus': { outline: 'none' },
    // The user asked for less motion: no animation or transition plays (a spinner still turns,
    // slowly, so that waiting shows); smooth scrolling is instant. The carousel stops by itself.
    '*, *::before, *::after': {
      '@media (prefers-reduced-motion: reduce)': {
        animationDuration: '0.01ms !important',
        animationIterationCount: '1 !important',
        transitionDuration: '0.01ms !important',
        scrollBehavior: 'auto !important',
      },
    },
    '.chakra-spinner': {
      '@media (prefers-reduced-motion: reduce)': {
        animationDuration: '1.5s !important',
        animationIterationCount: 'infinite !important',
      },
    },
  },
});

/**
 * Chakra's default theme (`defaultConfig`) with only the recipes of the components the app uses:
 * the default one carries all of Chakra's ~80 recipes (date and colour pickers, tags inputs, trees...)
 * and every one of them was in the first screen's JavaScript. Tokens, text, layer and animation
 * styles, keyframes and global CSS are Chakra's own, unchanged. A component whose recipe is not
 * listed here renders unstyled: add its recipe (from `@chakra-ui/react/theme`) when using a new one.
 */
const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      checkmark: checkmarkRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      link: linkRecipe,
      radiomark: radiomarkRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      accordion: accordionSlotRecipe,
      alert: alertSlotRecipe,
      avatar: avatarSlotRecipe,
      card: cardSlotRecipe,
      carousel: carouselSlotRecipe,
      checkbox: checkboxSlotRecipe,
      dataList: dataListSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      emptyState: emptyStateSlotRecipe,
      field: fieldSlotRecipe,
      fieldset: fieldsetSlotRecipe,
      list: listSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      radioGroup: radioGroupSlotRecipe,
      ratingGroup: ratingGroupSlotRecipe,
      stat: statSlotRecipe,
      switch: switchSlotRecipe,
      table: tableSlotRecipe,
      toast: toastSlotRecipe,
      tooltip: tooltipSlotRecipe,
    },
  },
});

let built: SystemContext | null = null;

/**
 * The app's Chakra system, built on first use: its token dictionary and utilities cost about 150 ms
 * on a phone's CPU (×4, profile of /login, 1 December), so src/main.tsx builds it in a task of its
 * own after the modules' evaluation instead of inside that one long task.
 *
 * The build writes Chakra's global CSS (reset, global styles, token variables) into index.html as
 * `<style id="chakra-global">` (scripts/chakra-static-global.ts, scripts/prerender.ts): then the
 * system neither builds it nor has it inserted again. Without that element (the dev server, a build
 * without Chromium, unit tests) Chakra builds and inserts it as usual.
 */
export function getSystem(): SystemContext {
  if (built) return built;
  built = createSystem(defaultBaseConfig, chakraTheme, config);
  if (typeof document !== 'undefined' && document.getElementById(STATIC_GLOBAL_ID)) Object.assign(built, { staticGlobal: true });
  return built;
}
