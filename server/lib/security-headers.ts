import crypto from 'node:crypto';
import fs from 'node:fs';
import type { MiddlewareHandler } from 'hono';
import type { Env } from './context.ts';

/**
 * Security headers on every response (issue 19): the app shell, its assets, the API and uploads.
 *
 * The Content-Security-Policy allows what the client needs and nothing more:
 * - scripts from this origin, the inline scripts of the built `index.html` by their SHA-256 (read
 *   from the file, so a rebuilt shell or an added `window.__APP_CONFIG__` script keeps working), and
 *   the card provider's SDK (PayPal: https://www.paypal.com, https://*.paypal.com); no `eval`;
 * - styles from this origin and inline (Chakra UI / Emotion insert `<style>` tags at run time);
 * - images and media from anywhere over https, `data:` and `blob:` (course images may live on a
 *   CDN; a picked photo is previewed from a blob);
 * - requests and the realtime socket to this origin (CSP3 `'self'` covers `ws:`/`wss:` on the same
 *   host and port) and the card provider; more origins (another API host, Pusher's cluster) from
 *   `CSP_CONNECT_SRC`;
 * - the provider's checkout frames; workers from this origin; no plugins; never framed
 *   (`frame-ancestors 'none'`, and `X-Frame-Options: DENY` for old browsers).
 *
 * API replies (`/api/...`) carry `default-src 'none'; frame-ancestors 'none'`: JSON is never a page.
 *
 * Uploads (`/uploads/...`: what users sent) get a locked-down policy with `sandbox`, and anything but
 * a PNG, JPEG, GIF or WebP image (an SVG, say) is served as an attachment, so it never runs as a page
 * of this origin.
 */

const PAYMENT_HOSTS = ['https://www.paypal.com', 'https://*.paypal.com'];

export interface SecurityHeaderOptions {
  /** The built `index.html`, whose inline scripts the policy allows by hash. */
  indexHtml?: string;
  /** Extra `connect-src` sources (space-separated in `CSP_CONNECT_SRC`). */
  connectSrc?: string[];
}

/** The SHA-256 sources of the inline `<script>` elements of an HTML document. */
export function inlineScriptHashes(html: string): string[] {
  const out: string[] = [];
  const re = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    if (/\bsrc\s*=/i.test(m[1]!)) continue;
    out.push(`'sha256-${crypto.createHash('sha256').update(m[2]!, 'utf8').digest('base64')}'`);
  }
  return [...new Set(out)];
}

export function contentSecurityPolicy(scriptHashes: string[] = [], connectSrc: string[] = []): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${[...scriptHashes, ...PAYMENT_HOSTS].join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self' ${[...PAYMENT_HOSTS, ...connectSrc].join(' ')}`,
    `frame-src ${PAYMENT_HOSTS.join(' ')}`,
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** What the API's replies carry (OWASP's advice for REST): JSON is never rendered as a page. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** What an upload is served with: nothing runs, nothing loads, not even as a top-level page. */
export const UPLOAD_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'";
const RASTER_IMAGE = /\.(png|jpe?g|gif|webp)$/i;

export function securityHeaders(opts: SecurityHeaderOptions = {}): MiddlewareHandler<Env> {
  let cached: { mtimeMs: number; csp: string } | null = null;
  const plain = contentSecurityPolicy([], opts.connectSrc);
  const csp = (): string => {
    if (!opts.indexHtml) return plain;
    try {
      const { mtimeMs } = fs.statSync(opts.indexHtml);
      if (cached?.mtimeMs !== mtimeMs) {
        cached = { mtimeMs, csp: contentSecurityPolicy(inlineScriptHashes(fs.readFileSync(opts.indexHtml, 'utf8')), opts.connectSrc) };
      }
      return cached.csp;
    } catch {
      return plain;
    }
  };
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    const upload = c.req.path.startsWith('/uploads/');
    const set = (k: string, v: string) => {
      try {
        h.set(k, v);
      } catch {
        // An immutable Response (a fetch() pass-through): copy it to set headers.
        c.res = new Response(c.res.body, c.res);
        c.res.headers.set(k, v);
      }
    };
    set('X-Content-Type-Options', 'nosniff');
    set('Referrer-Policy', 'strict-origin-when-cross-origin');
    if (c.req.path.startsWith('/api/')) {
      // JSON is never a page: nothing loads, nothing frames it (and a 304's headers stay small).
      set('Content-Security-Policy', API_CSP);
      return;
    }
    // The app's files, 304s included (a 304's headers replace the cached ones: the same policy).
    set('Content-Security-Policy', upload ? UPLOAD_CSP : csp());
    set('X-Frame-Options', 'DENY');
    set('Cross-Origin-Opener-Policy', 'same-origin-allow-popups');
    if (upload && c.res.status < 300) {
      const name = c.req.path.split('/').pop() ?? 'file';
      if (!RASTER_IMAGE.test(name)) {
        set('Content-Disposition', `attachment; filename="${name.replace(/[^\w.-]/g, '_')}"`);
        // Never rendered inline: an SVG or an HTML file is a download of bytes.
        if (!/^image\/(png|jpeg|gif|webp)\b/i.test(h.get('content-type') ?? '')) set('Content-Type', 'application/octet-stream');
      }
    }
  };
}
