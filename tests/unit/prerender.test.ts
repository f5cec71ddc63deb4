import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { showScript, usedRules } from '../../scripts/prerender.ts';

describe('the sign-in page copy written into index.html (scripts/prerender.ts)', () => {
  it('keeps the rules the markup can use: its generated classes, and every rule that names none', () => {
    const rules = [
      '@layer reset, base, tokens, recipes;',
      ':where(:root, :host) { --colors-red: red; }',
      '.css-used { color: red; }',
      '.css-unused { color: blue; }',
      '.css-unused:hover, .css-used:focus { outline: none; }',
      '@media screen and (min-width: 48rem) { .css-used { padding: 1px; } .css-unused { padding: 2px; } }',
      '@media print { .css-unused { display: none; } }',
      '@layer recipes { @media (hover: hover) { .css-used:hover { color: green; } .css-unused { color: pink; } } }',
      '@keyframes spin { from { transform: rotate(0deg); } to { transform: rotate(360deg); } }',
      '.chakra-theme { content: "{ .css-unused }"; }',
    ];
    expect(usedRules(rules, new Set(['css-used', 'chakra-theme']))).toEqual([
      '@layer reset, base, tokens, recipes;',
      ':where(:root, :host) { --colors-red: red; }',
      '.css-used { color: red; }',
      '.css-unused:hover, .css-used:focus { outline: none; }',
      '@media screen and (min-width: 48rem){.css-used { padding: 1px; }}',
      '@layer recipes{@media (hover: hover){.css-used:hover { color: green; }}}',
      '@keyframes spin { from { transform: rotate(0deg); } to { transform: rotate(360deg); } }',
      '.chakra-theme { content: "{ .css-unused }"; }',
    ]);
  });

  it('the script that shows it is plain ES5 that parses, and names the key the engine stores its session under', async () => {
    const { TOKEN_KEY } = await import('../../src/lib/engine/client.ts');
    const script = showScript();
    expect(() => new vm.Script(script)).not.toThrow();
    expect(script).toContain(JSON.stringify(TOKEN_KEY));
    expect(script).not.toMatch(/=>|\blet\b|\bconst\b/);
  });
});
