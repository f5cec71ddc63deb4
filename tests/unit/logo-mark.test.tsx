// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LogoMark } from '../../src/components/layout/logo.tsx';
import { host, mountPerTest, render } from './render-root.tsx';

mountPerTest();

/** An SVG's shapes (its children, in order) as tag and attributes, names in SVG's own spelling. */
function shapes(svg: Element): { tag: string; attrs: Record<string, string> }[] {
  return [...svg.children].map((e) => ({
    tag: e.tagName.toLowerCase(),
    attrs: Object.fromEntries([...e.attributes].map((a) => [a.name, a.value]).sort(([a], [b]) => a!.localeCompare(b!))),
  }));
}

describe("the product's mark", () => {
  it('drawn inline in the bar is the same drawing as public/icons/icon.svg (the favicon, the installed app)', () => {
    const file = new DOMParser().parseFromString(fs.readFileSync(path.resolve('public/icons/icon.svg'), 'utf8'), 'image/svg+xml').documentElement;
    render(<LogoMark />);
    const inline = host.querySelector('svg')!;
    expect(inline.getAttribute('viewBox')).toBe(file.getAttribute('viewBox'));
    expect(shapes(file).length).toBeGreaterThan(0);
    expect(shapes(inline)).toEqual(shapes(file));
    // Decoration: the link around it carries the name.
    expect(inline.getAttribute('aria-hidden')).toBe('true');
  });
});
