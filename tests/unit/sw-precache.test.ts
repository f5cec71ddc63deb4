import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { injectManifest, PRECACHE_PLACEHOLDER } from '../../scripts/sw-precache.ts';
import { connectionLabel } from '../../src/components/layout/connection-chip.tsx';

/** The build step that writes the precache manifest into dist/sw.js, and the connection chip's words. */
const dirs: string[] = [];
function fakeDist(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sw-precache-'));
  dirs.push(dir);
  for (const [name, body] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), body);
  }
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const sw = `const PRECACHE = ${PRECACHE_PLACEHOLDER};\n`;
const manifestOf = (dir: string) => JSON.parse(/const PRECACHE = (.*);/.exec(fs.readFileSync(path.join(dir, 'sw.js'), 'utf8'))![1]!);

describe('sw-precache', () => {
  it('lists every built file but sw.js, with a content hash, under a version of them all', () => {
    const dir = fakeDist({ 'sw.js': sw, 'index.html': '<html>', 'assets/a-1.js': 'a', 'icons/i.png': 'png', 'media/x.wav': 'wav' });
    const m = injectManifest(dir);
    expect(m.entries.map((e) => e.url)).toEqual(['/assets/a-1.js', '/icons/i.png', '/index.html', '/media/x.wav']);
    expect(manifestOf(dir)).toEqual(m);
    expect(m.version).toMatch(/^[0-9a-f]{12}$/);
  });

  it('gives another version when any file changes, the same one when nothing does', () => {
    const a = injectManifest(fakeDist({ 'sw.js': sw, 'index.html': '<html>', 'assets/a.js': 'a' }));
    const same = injectManifest(fakeDist({ 'sw.js': sw, 'index.html': '<html>', 'assets/a.js': 'a' }));
    const b = injectManifest(fakeDist({ 'sw.js': sw, 'index.html': '<html>', 'assets/a.js': 'b' }));
    expect(same.version).toBe(a.version);
    expect(b.version).not.toBe(a.version);
    expect(b.entries.find((e) => e.url === '/index.html')!.rev).toBe(a.entries.find((e) => e.url === '/index.html')!.rev);
  });

  it('fails the build when sw.js or its placeholder is missing', () => {
    expect(() => injectManifest(fakeDist({ 'index.html': '' }))).toThrow(/sw.js is missing/);
    expect(() => injectManifest(fakeDist({ 'sw.js': 'const x = 1;', 'index.html': '' }))).toThrow(/not found/);
  });

  it('the real public/sw.js carries the placeholder', () => {
    expect(fs.readFileSync(path.resolve('public/sw.js'), 'utf8')).toContain(PRECACHE_PLACEHOLDER);
  });
});

describe('connection chip', () => {
  it('says what is wrong and how many changes wait', () => {
    expect(connectionLabel('offline', 0)).toBe('Offline');
    expect(connectionLabel('offline', 1)).toBe('Offline · 1 change waiting');
    expect(connectionLabel('unreachable', 3)).toBe("Can't reach the server · 3 changes waiting");
    expect(connectionLabel('sending', 2)).toBe('Sending 2 changes…');
  });
});
