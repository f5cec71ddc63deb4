import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';

// zod/mini (not `zod`): this file is on the first screen's path (src/lib/config.ts), and the mini
// build is a fraction of the classic one. It names no problem by itself: English messages, as before.
z.config(en());

/**
 * The runtime configuration: `/config.json` beside `index.html` (src/lib/config.ts reads it). One
 * build serves any backend; every key is optional, and a missing file means the defaults below.
 * README "Point the client at another backend" documents each key.
 */

/** Non-empty, no surrounding spaces. */
const text = z.string().check(z.trim(), z.minLength(1));

/** Overrides of the realtime connection settings the backend gives in `GET /app` → `WsConfig`. */
export const realtimeOverrides = z.strictObject({
  /** The Pusher app key (when the backend's WsConfig has none or the wrong one). */
  key: z.optional(text),
  /** Socket host; `""` means none: with a `cluster`, the provider's cluster host (`ws-<cluster>.pusher.com`). */
  host: z.optional(z.string().check(z.trim())),
  port: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(65535))),
  /** A path prefix before `/app/<key>` (a socket server behind a proxy path, e.g. `/ws`). */
  path: z.optional(z.string().check(z.trim(), z.regex(/^(\/[\w.~%-]+)*\/?$/, 'Expected a path such as "/ws"'))),
  forceTLS: z.optional(z.boolean()),
  cluster: z.optional(text),
});
export type RealtimeOverrides = z.infer<typeof realtimeOverrides>;

/** What channel authorisation sends the stored token with: the `api_token` query parameter, the bearer header, or both. */
export const authHeadersMode = z.enum(['both', 'bearer', 'query']);
export type AuthHeadersMode = z.infer<typeof authHeadersMode>;

/**
 * Event names the backend broadcasts: `class`, Laravel's default (the event's class, listened to
 * without its `App\Events\` namespace), or `alias`, the names its events give in `broadcastAs()`
 * (listened to with laravel-echo's leading dot: `.InboxUpdated`).
 */
export const eventNamesMode = z.enum(['class', 'alias']);
export type EventNamesMode = z.infer<typeof eventNamesMode>;

export const appConfigFile = z.strictObject({
  /** The API base, absolute (`https://api.example.com/api`) or relative to the page (`/api`, the default). */
  apiBase: z.optional(text),
  /**
   * Channel authorisation: absolute, or relative to the API base's origin when it starts with `/`
   * (Laravel's default `/broadcasting/auth`), or else relative to the API base. Default: `<apiBase>/broadcasting/auth`.
   */
  broadcastingAuthEndpoint: z.optional(text),
  broadcastingAuthHeaders: z.optional(authHeadersMode),
  realtime: z.optional(realtimeOverrides),
  eventNames: z.optional(eventNamesMode),
  /**
   * The card provider's SDK script, absolute or relative to the page. Default: PayPal's own
   * (`https://www.paypal.com/sdk/js`); the reference server's config.json names its sandbox double.
   */
  paymentSdkUrl: z.optional(text),
  /**
   * The IP-to-country service the guest bar asks (shell spec section 7: "GET external IP-to-country
   * service ... text reply; country code read from it"): absolute or relative to the page, answering
   * text with `loc=XX` (Cloudflare's `/cdn-cgi/trace` style) or a bare two-letter code. Default:
   * `<apiBase>/geo` (the reference server's). A service that cannot answer leaves the bar without the country.
   */
  geoUrl: z.optional(text),
  appVersion: z.optional(text),
});
export type AppConfigFile = z.infer<typeof appConfigFile>;

/**
 * `window.__APP_CONFIG__`, set by a `<script>` in the served `index.html`: the same keys, read before
 * anything else and winning over config.json, plus two keys the page reads at once: `engine`
 * (`dedicated` forces one engine worker per tab, leader-elected, where SharedWorker exists), which
 * must be known before the worker starts, and `prepareScreens` (`false`: the role's other screens
 * are not prepared while idle, so each first visit builds its screen on the click; for a host that
 * would rather spare the device's CPU and memory, and for the browser tests that never visit them).
 */
export const windowAppConfig = z.extend(appConfigFile, {
  engine: z.optional(z.enum(['shared', 'dedicated'])),
  prepareScreens: z.optional(z.boolean()),
});
export type WindowAppConfig = z.infer<typeof windowAppConfig>;

/** The realtime part of the configuration, as the page hands it to the engine at hello. */
export interface RealtimeConventions {
  /** Absolute URL of the channel authorisation endpoint (default: `<apiBase>/broadcasting/auth`). */
  authEndpoint?: string;
  authHeaders?: AuthHeadersMode;
  eventNames?: EventNamesMode;
  overrides?: RealtimeOverrides;
}
