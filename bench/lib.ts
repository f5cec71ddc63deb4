import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, TEST_CHROMIUM, TEST_JS_FLAGS } from '../tests/e2e/harness.ts';
import { NetworkControl } from './network.ts';
import { judge, type TargetKey } from './targets.ts';

/** Percentiles of a sample (nearest rank). */
export function stats(xs: number[]): { p50: number; p95: number; n: number } {
  if (xs.length === 0) return { p50: NaN, p95: NaN, n: 0 };
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))]!;
  return { p50: at(0.5), p95: at(0.95), n: s.length };
}

export interface Row {
  section: string;
  name: string;
  p50?: number;
  p95?: number;
  n?: number;
  value?: number | string;
  unit: string;
  note?: string;
  /** The target this row is held to (bench/targets.ts). */
  target?: TargetKey;
  /** For a network-bound row: its p50 over the local-first p50 under the same profile. */
  ratio?: number;
}

export function fmt(n: number | undefined, unit: string): string {
  if (n === undefined || Number.isNaN(n)) return '–';
  if (unit === 'ms') return n < 10 ? n.toFixed(1) : n.toFixed(0);
  if (unit === 'KB' || unit === 'MB') return n.toFixed(1);
  if (unit === 'CLS') return n.toFixed(3);
  if (unit === 'MB/h') return n < 1 ? n.toFixed(3) : n.toFixed(2);
  return String(Math.round(n * 100) / 100);
}

export function printTable(rows: Row[]): string {
  const lines: string[] = [];
  const head = ['section', 'measure', 'p50', 'p95', 'n', 'unit', 'target', 'met', 'note'];
  const body = rows.map((r) => {
    const { target, met } = judge(r);
    return [
      r.section, r.name,
      r.value !== undefined ? (typeof r.value === 'number' ? fmt(r.value, r.unit) : r.value) : fmt(r.p50, r.unit),
      r.value !== undefined ? '' : fmt(r.p95, r.unit),
      r.n !== undefined ? String(r.n) : '', r.unit, target ?? '–', met === null ? '–' : met ? 'met' : 'MISSED', r.note ?? '',
    ];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  lines.push(line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...body.map(line));
  return lines.join('\n');
}

export interface BenchBrowser {
  context: BrowserContext;
  /** Network emulation and the worker's API byte counts (a CDP connection of its own). */
  net: NetworkControl;
  errors: string[];
  close(): Promise<void>;
}

/**
 * The browser measured: Debian's chromium, the one users have. The smoke run (npm test) proves the
 * benchmark runs, not its figures, and takes the browser tests' headless shell, the same engine at
 * about a third less CPU, with their V8 flags (`useTestBrowser`, `TEST_JS_FLAGS`).
 */
let executable = CHROMIUM;
let jsFlags = '--expose-gc';
export const useTestBrowser = () => {
  executable = TEST_CHROMIUM;
  jsFlags = `--expose-gc ${TEST_JS_FLAGS}`.trim();
};

/**
 * Whether the browsers launched from now on let the app prepare the screens not yet opened while
 * idle (src/app/kept-screens.tsx), as the product does. The smoke run turns it off for the sections
 * whose rows do not measure it, as the browser tests do (`window.__APP_CONFIG__.prepareScreens`):
 * every signed-in page rendered ten hidden screens it never showed.
 */
let preparing = true;
export const setPreparing = (on: boolean) => {
  preparing = on;
};

export async function launch(viewport = { width: 1280, height: 800 }): Promise<BenchBrowser> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tutoring-bench-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: executable,
    // A DevTools port besides Playwright's pipe: the bench's own CDP connection reaches the shared worker.
    args: [...CHROMIUM_ARGS, '--enable-precise-memory-info', `--js-flags=${jsFlags}`, '--remote-debugging-port=0'],
    viewport,
    // The server's Content-Security-Policy forbids eval; the bench's page-side checks are built from source strings.
    bypassCSP: true,
  });
  const net = await NetworkControl.connect(dir);
  // tsx keeps function names with a `__name` helper that the page lacks: give the page a no-op one.
  await context.addInitScript('globalThis.__name = globalThis.__name || ((f) => f);');
  if (!preparing) await context.addInitScript('window.__APP_CONFIG__ = { ...window.__APP_CONFIG__, prepareScreens: false };');
  const errors: string[] = [];
  const watch = (p: Page) => p.on('pageerror', (e) => errors.push(e.message));
  context.pages().forEach(watch);
  context.on('page', watch);
  return {
    context,
    net,
    errors,
    async close() {
      net.close();
      await context.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Resolves in the page, with Date-comparable time (ms since epoch, sub-ms), when `selector` containing `text` appears. */
export function armWaitForText(page: Page, text: string, timeoutMs = 20_000): Promise<number> {
  return page.evaluate(
    ({ text, timeoutMs }) =>
      new Promise<number>((resolve, reject) => {
        const now = () => performance.timeOrigin + performance.now();
        const found = () => document.body.innerText.includes(text);
        if (found()) return resolve(now());
        const mo = new MutationObserver(() => {
          if (found()) {
            mo.disconnect();
            resolve(now());
          }
        });
        mo.observe(document.body, { childList: true, subtree: true, characterData: true });
        setTimeout(() => {
          mo.disconnect();
          reject(new Error(`text not shown: ${text}`));
        }, timeoutMs);
      }),
    { text, timeoutMs },
  );
}

/** Gzip size of the JS files a page loaded from dist/ (what a user downloads for that screen). */
export async function jsGzipBytes(page: Page, distDir: string): Promise<{ gzip: number; files: number }> {
  const urls: string[] = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((e) => e.name).filter((n) => /\.m?js(\?|$)/.test(n)),
  );
  let gzip = 0;
  let files = 0;
  for (const u of new Set(urls)) {
    const p = path.join(distDir, new URL(u).pathname);
    if (!fs.existsSync(p)) continue;
    gzip += zlib.gzipSync(fs.readFileSync(p), { level: 9 }).length;
    files++;
  }
  return { gzip, files };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
