import type { Plugin } from 'vite';

/**
 * Chakra's global CSS (its reset, the global styles and a CSS variable for every token, in light and
 * dark) as static CSS in `index.html`, not built in the browser at every start (issue 27).
 *
 * `createSystem` builds that CSS as style objects while the app's first module runs
 * (`getPreflightCss`, `getGlobalCss`, `getTokenCss`: some 60 ms on this desktop, four times that
 * on a phone's CPU), and ChakraProvider's `<Global>` then has Emotion serialise and insert it
 * during the first render. The CSS is the same at every start: the build captures it once from the
 * built app (scripts/prerender.ts writes it into `<style id="chakra-global">`), and then:
 *
 * - this transform makes the system's `_global` (the style objects `<Global>` inserts) lazy, and
 *   empty on a system marked `staticGlobal`;
 * - src/app/theme.ts marks the system so when the page has that `<style>`.
 *
 * Without the captured CSS (a build without Chromium, the dev server, unit tests) nothing is marked
 * and Chakra builds and inserts its global CSS as before. The patched line must be found: a Chakra
 * upgrade that changes it fails the build here rather than leaving the page unstyled.
 */
export { STATIC_GLOBAL_ID } from '../src/app/static-global.ts';

const SYSTEM_FILE = /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/;
const EAGER = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
const FIELD = /\n(\s*)_global,\n/;

/** The patched source of Chakra's `styled-system/system.js`. */
export function patchSystem(code: string): string {
  if (!code.includes(EAGER) || !FIELD.test(code)) {
    throw new Error('chakra-static-global: styled-system/system.js no longer builds `_global` as expected; update scripts/chakra-static-global.ts');
  }
  return code
    .replace(EAGER, 'let _global;')
    .replace(FIELD, (_, indent: string) => `\n${indent}get _global() { return (_global ??= this.staticGlobal ? [] : [getPreflightCss(), getGlobalCss(), getTokenCss()]); },\n`);
}

export function chakraStaticGlobal(): Plugin {
  return {
    name: 'chakra-static-global',
    transform(code, id) {
      return SYSTEM_FILE.test(id.split('?')[0]!) ? { code: patchSystem(code), map: null } : null;
    },
  };
}
