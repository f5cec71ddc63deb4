import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Plugin } from 'vite';
import { afterBuild } from './after-build.ts';
import { STATIC_GLOBAL_ID } from './chakra-static-global.ts';

/**
 * A first paint without JavaScript (issue 27, item 3): the sign-in pages (students' and
 * teachers') as the built app renders them, written into `dist/index.html` as static HTML and CSS.
 *
 * After `vite build`, the built app is opened in headless Chromium on each path, once per language;
 * the screen's markup and the CSS rules it uses are captured and written into the page:
 *
 * - `<style id="chakra-global">` in the head: Chakra's global CSS (layer order, reset, global
 *   styles, token variables) as the app's `<Global>` inserted it, kept for the app itself, which
 *   then neither builds nor inserts it (scripts/chakra-static-global.ts);
 * - `<style id="prerender-css">` in the head: the style rules whose classes the markup uses, and
 *   every other rule that names no generated class;
 * - one `<template>` per language and path (`prerender-en-login`, `prerender-ar-login-teachers`);
 * - an inline script that, on one of those paths with no session stored on this device, puts the
 *   template of the path and the page's language where the app will be (the head's script has
 *   chosen the language and the colour mode already), and takes the app's container out of the
 *   page until the app has rendered the screen (src/app/prerender.ts swaps them in one frame and
 *   carries over what was typed or chosen, the focus, and the last press on a button).
 *
 * Generated ids are prefixed (`pre-`) so that nothing in the copy points into the app's own tree.
 * When Chromium is not on this machine, the build goes on without it (a note says so): the app is
 * the same, only its first paint waits for the JavaScript.
 */
export const PRERENDER_PATHS = ['/login', '/login/teachers'] as const;
/** A template's id: the language and the path (`prerender-ar-login-teachers`). */
const templateId = (locale: string, p: string) => `prerender-${locale}${p.replace(/\//g, '-')}`;
export const PRERENDER_LOCALES = ['en', 'ar'] as const;
/** The session's key in localStorage (src/lib/engine/client.ts, TOKEN_KEY): a stored session is never shown the sign-in page. */
const TOKEN_KEY = 'tutoring.token';
const LOCALE_KEY = 'tutoring.locale';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

interface Capture {
  html: string;
  classes: string[];
  rules: string[];
  /**
   * The rules of Chakra's `<Global>` styles (the layer order, reset, global styles, token
   * variables) as Emotion handed them to `insertRule` (`RECORD_GLOBAL_RULES`): with the vendor
   * prefixes Emotion adds for other browsers, which Chromium's own copy of a rule leaves out.
   */
  global: string[];
}

/** Serves `dir` as the app's host would: its files, and index.html for every other path. */
function serve(dir: string): Promise<http.Server> {
  const types: Record<string, string> = {
    '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json',
    '.svg': 'image/svg+xml', '.png': 'image/png', '.webmanifest': 'application/manifest+json', '.webp': 'image/webp',
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname.startsWith('/api/')) {
      // A guest's start asks for nothing it needs; a request left unanswered never shows as an error.
      req.on('close', () => res.destroy());
      return;
    }
    if (url.pathname === '/config.json') {
      res.writeHead(200, { 'content-type': types['.json']! });
      return res.end('{}');
    }
    const file = path.join(dir, decodeURIComponent(url.pathname));
    const inside = file.startsWith(dir + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile();
    const target = inside ? file : path.join(dir, 'index.html');
    res.writeHead(200, { 'content-type': types[path.extname(target)] ?? 'application/octet-stream' });
    fs.createReadStream(target).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** An init script: keeps each rule Emotion inserts into a `<Global>` sheet (`css-global`), as text. */
function recordGlobalRules(): void {
  const kept: string[] = [];
  (window as unknown as { __globalRules: string[] }).__globalRules = kept;
  const insert = CSSStyleSheet.prototype.insertRule;
  CSSStyleSheet.prototype.insertRule = function (this: CSSStyleSheet, rule: string, index?: number) {
    const owner = this.ownerNode as Element | null;
    if (owner?.getAttribute?.('data-emotion')?.split(' ')[0] === 'css-global') kept.push(rule);
    return insert.call(this, rule, index);
  };
}

/** Runs in the page: the screen's markup with its ids prefixed, its classes, and the app's CSS rules. */
function captureInPage(): Capture {
  const root = document.getElementById('root')!;
  const copy = root.cloneNode(true) as HTMLElement;
  const ids = new Set<string>();
  copy.querySelectorAll('[id]').forEach((el) => {
    ids.add(el.id);
    el.id = `pre-${el.id}`;
  });
  for (const attr of ['for', 'aria-labelledby', 'aria-describedby', 'aria-controls', 'aria-owns', 'aria-activedescendant', 'aria-errormessage']) {
    copy.querySelectorAll(`[${attr}]`).forEach((el) => {
      el.setAttribute(attr, el.getAttribute(attr)!.split(/\s+/).map((v) => (ids.has(v) ? `pre-${v}` : v)).join(' '));
    });
  }
  copy.querySelectorAll<HTMLAnchorElement>('a[href^="#"]').forEach((a) => {
    const id = a.getAttribute('href')!.slice(1);
    if (ids.has(id)) a.setAttribute('href', `#pre-${id}`);
  });
  // Live regions announce the app's changes, not the copy's.
  copy.querySelectorAll('[aria-live]').forEach((el) => el.removeAttribute('aria-live'));
  // What React set as properties, written as attributes (the markup keeps attributes only): the
  // option chosen in each select (the language: without it the Arabic copy showed "English", and
  // the takeover, which replays a choice the user made in the copy, switched the page to English)
  // and the boxes ticked.
  const liveSelects = root.querySelectorAll('select');
  copy.querySelectorAll('select').forEach((select, i) => {
    Array.from(select.options).forEach((option, j) => option.toggleAttribute('selected', !!liveSelects[i]?.options[j]?.selected));
  });
  const liveBoxes = root.querySelectorAll<HTMLInputElement>('input[type=checkbox], input[type=radio]');
  copy.querySelectorAll<HTMLInputElement>('input[type=checkbox], input[type=radio]').forEach((box, i) => box.toggleAttribute('checked', !!liveBoxes[i]?.checked));
  const classes = new Set<string>();
  copy.querySelectorAll('[class]').forEach((el) => el.classList.forEach((c) => classes.add(c)));
  const rules: string[] = [];
  for (const sheet of Array.from(document.styleSheets)) {
    const owner = sheet.ownerNode as Element | null;
    const emotion = owner?.getAttribute?.('data-emotion');
    // Emotion's <Global> sheets are keyed `css-global` (recorded as inserted); the rest are the components' classes.
    if (!emotion || emotion.split(' ')[0] === 'css-global') continue;
    for (const rule of Array.from(sheet.cssRules)) rules.push(rule.cssText);
  }
  return { html: copy.innerHTML, classes: [...classes], rules, global: [...(window as unknown as { __globalRules: string[] }).__globalRules] };
}

/** Keeps the rules the markup can use: a rule naming generated classes (`.css-…`) stays only when one of them is in the markup. */
export function usedRules(rules: string[], classes: Set<string>): string[] {
  const keep = (css: string): string | null => {
    const open = css.indexOf('{');
    if (open < 0) return css;
    const head = css.slice(0, open).trim();
    if (/^@(media|supports|layer|container)\b/.test(head) && css.slice(open + 1).includes('{')) {
      const inner = splitRules(css.slice(open + 1, css.lastIndexOf('}'))).map(keep).filter((r): r is string => !!r);
      return inner.length ? `${head}{${inner.join('')}}` : null;
    }
    if (head.startsWith('@')) return css;
    const generated = head.match(/\.css-[a-z0-9]+/gi);
    if (!generated) return css;
    return generated.some((c) => classes.has(c.slice(1))) ? css : null;
  };
  return rules.map(keep).filter((r): r is string => !!r);
}

/** Splits a block's text into its top-level rules (braces counted; quoted strings skipped). */
function splitRules(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = null;
      continue;
    }
    if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) {
      out.push(text.slice(start, i + 1).trim());
      start = i + 1;
    } else if (ch === ';' && depth === 0) {
      out.push(text.slice(start, i + 1).trim());
      start = i + 1;
    }
  }
  return out.filter(Boolean);
}

/** The inline script that shows the copy (its text is hashed into the CSP by the server, like the head's). */
export function showScript(): string {
  return `(function () {
  try { if (localStorage.getItem(${JSON.stringify(TOKEN_KEY)})) return; } catch (e) {}
  var path = location.pathname.replace(/\\/+$/, '') || '/';
  if (${JSON.stringify(PRERENDER_PATHS)}.indexOf(path) < 0) return;
  var t = document.getElementById('prerender-' + document.documentElement.lang + path.replace(/\\//g, '-'));
  var root = document.getElementById('root');
  if (!t || !root) return;
  var box = document.createElement('div');
  box.id = 'prerender';
  box.appendChild(t.content.cloneNode(true));
  // A press on Sign In before the app is there is kept, not sent as a page load (src/app/prerender.ts sends it).
  box.addEventListener('submit', function (e) { e.preventDefault(); box.setAttribute('data-submitted', ''); });
  // So is the last press on another button (the menu, the colour mode): the app makes it again.
  box.addEventListener('click', function (e) {
    var b = e.target && e.target.closest ? e.target.closest('button') : null;
    if (b && b.type !== 'submit') box.__pressed = b;
    box.__down = null;
  });
  // A press under way (down on the copy, not yet up) when the app takes over: the app ends it.
  box.addEventListener('pointerdown', function (e) {
    box.__down = e.target && e.target.closest ? e.target.closest('button') : null;
  });
  window.__appRoot = root;
  root.replaceWith(box);
})();`;
}

async function captureAll(base: string): Promise<Map<string, Capture>> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'] });
  const out = new Map<string, Capture>();
  try {
    for (const locale of PRERENDER_LOCALES) {
      for (const p of PRERENDER_PATHS) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block', colorScheme: 'light' });
        await context.addInitScript(([k, v]) => localStorage.setItem(k!, v!), [LOCALE_KEY, locale]);
        await context.addInitScript(recordGlobalRules);
        const page = await context.newPage();
        await page.goto(`${base}${p}`);
        await page.locator('input[autocomplete="username"]').waitFor({ state: 'visible', timeout: 30_000 });
        // The screen settled: two frames without a change to the DOM.
        await page.evaluate(() => new Promise<void>((resolve) => {
          let changed = true;
          const obs = new MutationObserver(() => (changed = true));
          obs.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
          const tick = () => {
            if (!changed) { obs.disconnect(); resolve(); return; }
            changed = false;
            requestAnimationFrame(() => requestAnimationFrame(tick));
          };
          tick();
        }));
        out.set(`${locale}${p}`, await page.evaluate(captureInPage));
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return out;
}

const escapeForTemplate = (html: string) => html.replace(/<\/template/gi, '<\\/template');

/** Captures the sign-in page and writes it into `outDir/index.html`; returns what it wrote, or why not. */
export async function prerender(outDir: string): Promise<{ bytes: number } | { skipped: string }> {
  if (!fs.existsSync(CHROMIUM)) return { skipped: `Chromium not found at ${CHROMIUM} (apt-get install chromium): the first paint waits for the JavaScript` };
  const indexPath = path.join(outDir, 'index.html');
  const source = fs.readFileSync(indexPath, 'utf8');
  if (source.includes('id="prerender-css"')) return { skipped: 'already prerendered' };
  const server = await serve(path.resolve(outDir));
  let captures: Map<string, Capture>;
  try {
    captures = await captureAll(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    server.close();
    server.closeAllConnections();
  }
  const globalCss = [...new Set([...captures.values()].flatMap((c) => c.global))].join('');
  if (!globalCss.includes('@layer tokens')) throw new Error('prerender: Chakra\'s global CSS (its token variables) was not found in the page');
  const classes = new Set([...captures.values()].flatMap((c) => c.classes));
  const rules = [...new Set([...captures.values()].flatMap((c) => c.rules))];
  const css = usedRules(rules, classes).join('');
  const templates = [...captures].map(([key, c]) => `<template id="${templateId(key.slice(0, 2), key.slice(2))}">${escapeForTemplate(c.html)}</template>`);
  const html = source
    .replace('</head>', `<style id="${STATIC_GLOBAL_ID}">${globalCss}</style>\n    <style id="prerender-css">${css}</style>\n  </head>`)
    .replace('<div id="root"></div>', `<div id="root"></div>\n    ${templates.join('\n    ')}\n    <script>${showScript()}</script>`);
  if (!html.includes(`id="${templateId('en', '/login')}"`)) throw new Error('prerender: <div id="root"></div> not found in index.html');
  fs.writeFileSync(indexPath, html);
  return { bytes: html.length - source.length };
}

/** The build step: after the bundle is written, before the service worker's manifest hashes index.html (sw-precache runs `post`). */
export function prerenderPlugin(): Plugin {
  return afterBuild('prerender', 'pre', async (outDir, logger) => {
    if (process.env.PRERENDER === '0') return;
    const r = await prerender(outDir);
    logger.info('skipped' in r ? `prerender: skipped (${r.skipped})` : `prerender: ${PRERENDER_PATHS.join(', ')} written into index.html (+${(r.bytes / 1024).toFixed(1)} KB)`);
  });
}
