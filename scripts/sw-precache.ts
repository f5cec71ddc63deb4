import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { afterBuild } from './after-build.ts';

/**
 * Writes the service worker's precache manifest into the built `sw.js`, as the last step of every
 * `vite build` (npm start, the e2e setup and the bench all run `vite build`, so none can ship a
 * worker without it). The manifest lists every file of the build (`dist/` but `sw.js` itself) with
 * a content hash, and a build version hashed from them all: a new build is a new `sw.js`, which
 * the browser installs beside the old one (see public/sw.js for what it does with it).
 *
 * Written by hand rather than with workbox-build: the list is a directory walk, and workbox-build
 * brings rollup 2 and babel along (STACK.md: a second rollup is what broke `npm ci` with
 * vite-plugin-pwa).
 */
export const PRECACHE_PLACEHOLDER = 'self.__PRECACHE_MANIFEST';

export interface PrecacheEntry {
  url: string;
  rev: string;
  size: number;
}
export interface PrecacheManifest {
  version: string;
  entries: PrecacheEntry[];
}

// config.json is the deployment's, read network-first (public/sw.js), never frozen into a build's precache.
const SKIP = new Set(['sw.js', 'config.json']);

function walk(dir: string, base = dir): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...walk(p, base));
    else if (e.isFile()) out.push(path.relative(base, p).split(path.sep).join('/'));
  }
  return out;
}

export function buildManifest(outDir: string): PrecacheManifest {
  const files = walk(outDir)
    .filter((f) => !SKIP.has(f) && !f.endsWith('.map') && !f.split('/').some((part) => part.startsWith('.')))
    .sort();
  const all = crypto.createHash('sha256');
  const entries = files.map((f) => {
    const body = fs.readFileSync(path.join(outDir, f));
    const rev = crypto.createHash('sha256').update(body).digest('hex').slice(0, 16);
    all.update(`${f}\0${rev}\0`);
    return { url: `/${f}`, rev, size: body.length };
  });
  return { version: all.digest('hex').slice(0, 12), entries };
}

/** Replaces the placeholder in `dist/sw.js` with the manifest; fails the build when it cannot. */
export function injectManifest(outDir: string): PrecacheManifest {
  const swPath = path.join(outDir, 'sw.js');
  if (!fs.existsSync(swPath)) throw new Error('sw-precache: dist/sw.js is missing (public/sw.js not copied?)');
  const source = fs.readFileSync(swPath, 'utf8');
  if (!source.includes(PRECACHE_PLACEHOLDER)) throw new Error(`sw-precache: ${PRECACHE_PLACEHOLDER} not found in sw.js`);
  const manifest = buildManifest(outDir);
  // The worker's own source counts towards the version too (a fix to sw.js alone is an update).
  manifest.version = crypto.createHash('sha256').update(manifest.version).update(source).digest('hex').slice(0, 12);
  fs.writeFileSync(swPath, source.replace(PRECACHE_PLACEHOLDER, JSON.stringify(manifest)));
  return manifest;
}

export function swPrecache(): Plugin {
  return afterBuild('sw-precache', 'post', (outDir, logger) => {
    const m = injectManifest(outDir);
    const bytes = m.entries.reduce((n, e) => n + e.size, 0);
    logger.info(`sw-precache: ${m.entries.length} files, ${(bytes / 1024).toFixed(1)} KB, version ${m.version}`);
  });
}
