import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { patchSystem } from '../../scripts/chakra-static-global.ts';

/**
 * scripts/chakra-static-global.ts patches Chakra's installed `styled-system/system.js`: the system's
 * global style objects are built on first use, and not at all on a system marked `staticGlobal`
 * (index.html carries them as CSS). Checked on the installed file, run beside the original.
 */
const dir = path.join(process.cwd(), 'node_modules/@chakra-ui/react/dist/esm/styled-system');
const patched = path.join(dir, `.system-patched-${process.pid}.js`);

afterAll(() => fs.rmSync(patched, { force: true }));

describe("Chakra's global CSS built once by the build (scripts/chakra-static-global.ts)", () => {
  it('patches the installed system.js, which builds the same global styles on first use and none on a marked system', async () => {
    const source = fs.readFileSync(path.join(dir, 'system.js'), 'utf8');
    const code = patchSystem(source);
    expect(code).not.toContain('const _global = [');
    fs.writeFileSync(patched, code);
    const { createSystem } = (await import(/* @vite-ignore */ patched)) as typeof import('@chakra-ui/react');
    const { defaultBaseConfig, defineConfig } = await import('@chakra-ui/react');
    const { tokens } = await import('@chakra-ui/react/theme');
    const config = defineConfig({ theme: { tokens: { colors: tokens.colors! } } });
    const original = (await import('@chakra-ui/react')).createSystem(defaultBaseConfig, config);

    const lazy = createSystem(defaultBaseConfig, config) as typeof original & { staticGlobal?: boolean };
    expect(lazy._global).toEqual(original._global);
    expect(JSON.stringify(lazy._global)).toContain('--chakra-colors-red-500');

    const marked = Object.assign(createSystem(defaultBaseConfig, config), { staticGlobal: true });
    expect(marked._global).toEqual([]);
  });

  it('fails the build when Chakra no longer builds its global styles the way it is patched', () => {
    expect(() => patchSystem('export function createSystem() { return {}; }')).toThrow(/update scripts\/chakra-static-global\.ts/);
  });
});
