/** The `<style>` in index.html holding Chakra's global CSS, written by the build (scripts/chakra-static-global.ts). */
export const STATIC_GLOBAL_ID = 'chakra-global';
