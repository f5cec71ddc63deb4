import type * as z from 'zod/mini';
import { appConfigFile, windowAppConfig, type AppConfigFile, type RealtimeConventions, type WindowAppConfig } from '../../db/app-config.ts';

/**
 * The runtime configuration: one build serves any backend. At start the page reads
 * `/config.json` beside `index.html` (every key optional; README "Point the client at another
 * backend"); `window.__APP_CONFIG__`, when a host page sets it in a `<script>`, wins over the file
 * key by key and is the only place for `engine`. A missing file means the defaults (the API on this
 * origin under `/api`, realtime settings from the backend's `GET /app`); a file that is not valid is
 * reported on the page and the defaults are used.
 *
 * The file is fetched while the engine's worker starts, not before: hello, which hands the engine
 * its API base, waits for it, but the worker's start, the first screen's code and its mirrored rows
 * do not. The service worker answers it network-first with its last copy as fallback (public/sw.js),
 * so the app also starts offline with the settings of its last online visit.
 */

declare global {
  interface Window {
    __APP_CONFIG__?: unknown;
  }
}

/** The configuration with every default applied and every URL absolute. */
export interface ResolvedConfig {
  apiBase: string;
  appVersion: string;
  /** The card provider's SDK script; undefined: the provider's own (PayPal's production URL). */
  paymentSdkUrl?: string;
  /** The IP-to-country service (absolute): config.json's `geoUrl`, else `<apiBase>/geo`. */
  geoUrl: string;
  realtime: RealtimeConventions;
}

export interface ConfigLoad {
  config: ResolvedConfig;
  /** What was wrong with config.json or `__APP_CONFIG__` (their defaults are used instead), for the page to show. */
  problems: string[];
}

/** The file's URL: beside index.html (Vite's base). */
export const CONFIG_URL = `${import.meta.env.BASE_URL ?? '/'}config.json`;
/** A config.json that has not answered by then is treated as absent (a hung network must not hold the app). */
export const CONFIG_TIMEOUT_MS = 4000;

const strip = (u: string) => u.replace(/\/+$/, '');

function issuesText(error: z.core.$ZodError): string {
  return error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ');
}

/** Checks what a config.json answered: `null` file when absent (404, or an HTML fallback page), a problem when not valid. */
export function parseConfigResponse(status: number, contentType: string, text: string): { file: AppConfigFile | null; problem: string | null } {
  if (status === 404 || status === 410) return { file: null, problem: null };
  if (status < 200 || status > 299) return { file: null, problem: `config.json could not be read (HTTP ${status})` };
  // A static host's single-page fallback answers index.html for any path: that is no file.
  if (/text\/html/i.test(contentType) || /^\s*</.test(text)) return { file: null, problem: null };
  if (!text.trim()) return { file: null, problem: null };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    return { file: null, problem: `config.json is not valid JSON (${(e as Error).message})` };
  }
  const r = appConfigFile.safeParse(raw);
  return r.success ? { file: r.data, problem: null } : { file: null, problem: `config.json is not valid: ${issuesText(r.error)}` };
}

/** `window.__APP_CONFIG__`, checked like the file. */
export function parseWindowConfig(raw: unknown): { file: WindowAppConfig | null; problem: string | null } {
  if (raw === undefined || raw === null) return { file: null, problem: null };
  const r = windowAppConfig.safeParse(raw);
  return r.success ? { file: r.data, problem: null } : { file: null, problem: `window.__APP_CONFIG__ is not valid: ${issuesText(r.error)}` };
}

/**
 * Applies the defaults and makes every URL absolute: `apiBase`, `paymentSdkUrl` and `geoUrl` against the page;
 * `broadcastingAuthEndpoint` against the API's origin when it starts with `/` (Laravel's
 * `/broadcasting/auth` sits at the site's root), otherwise against the API base.
 */
export function resolveConfig(files: (AppConfigFile | null)[], pageUrl: string, buildVersion: string): ResolvedConfig {
  const c: AppConfigFile = {};
  for (const f of files) {
    if (!f) continue;
    const { realtime, ...rest } = f;
    Object.assign(c, rest);
    if (realtime) c.realtime = { ...c.realtime, ...realtime };
  }
  const apiBase = strip(new URL(c.apiBase ?? '/api', pageUrl).href);
  const auth = c.broadcastingAuthEndpoint;
  const authEndpoint = auth === undefined ? undefined
    : auth.startsWith('/') ? new URL(auth, new URL(apiBase).origin).href
    : new URL(auth, `${apiBase}/`).href;
  return {
    apiBase,
    appVersion: c.appVersion ?? buildVersion,
    paymentSdkUrl: c.paymentSdkUrl ? new URL(c.paymentSdkUrl, pageUrl).href : undefined,
    geoUrl: c.geoUrl ? new URL(c.geoUrl, pageUrl).href : `${apiBase}/geo`,
    realtime: {
      authEndpoint,
      authHeaders: c.broadcastingAuthHeaders ?? 'both',
      eventNames: c.eventNames ?? 'class',
      overrides: c.realtime,
    },
  };
}

/** Reads config.json and `__APP_CONFIG__` (never rejects: a failure is the defaults). */
export async function loadConfig(opts: { fetch?: typeof fetch; url?: string; pageUrl?: string; windowConfig?: unknown; buildVersion?: string; timeoutMs?: number } = {}): Promise<ConfigLoad> {
  const problems: string[] = [];
  const win = parseWindowConfig(opts.windowConfig);
  if (win.problem) problems.push(win.problem);
  let file: AppConfigFile | null = null;
  try {
    const res = await (opts.fetch ?? fetch)(opts.url ?? CONFIG_URL, {
      cache: 'no-cache', credentials: 'same-origin', signal: AbortSignal.timeout(opts.timeoutMs ?? CONFIG_TIMEOUT_MS),
    });
    const parsed = parseConfigResponse(res.status, res.headers.get('content-type') ?? '', await res.text());
    file = parsed.file;
    if (parsed.problem) problems.push(parsed.problem);
  } catch (e) {
    // Offline with no copy kept, or no answer in time: the defaults, without alarming anyone.
    console.warn('[config] config.json not read; the defaults are used:', e);
  }
  const { engine: _engine, prepareScreens: _prepare, ...winFile } = win.file ?? {};
  const config = resolveConfig([file, win.file ? winFile : null], opts.pageUrl ?? location.href, opts.buildVersion ?? buildVersion());
  return { config, problems };
}

function buildVersion(): string {
  return (import.meta.env.VITE_APP_VERSION as string | undefined) ?? '0.1.0';
}

let loading: Promise<ConfigLoad> | null = null;

/** The page's configuration, read once (connect.ts starts it beside the engine's worker). */
export function appConfig(): Promise<ConfigLoad> {
  loading ??= loadConfig({ windowConfig: window.__APP_CONFIG__ });
  return loading;
}

/** `window.__APP_CONFIG__.engine`, read at once: the worker starts before config.json answers. */
export function engineMode(): 'shared' | 'dedicated' {
  return parseWindowConfig(window.__APP_CONFIG__).file?.engine ?? 'shared';
}

/** `window.__APP_CONFIG__.prepareScreens`: whether the role's other screens are prepared while idle (default yes). */
export function prepareScreens(): boolean {
  return parseWindowConfig(window.__APP_CONFIG__).file?.prepareScreens ?? true;
}
