import type { DB } from '../db/index.ts';

/** Publishes a realtime event on a channel (the Pusher-protocol server implements it; tests may fake it). */
export interface Broadcaster {
  publish(channel: string, event: string, data: unknown): void;
}

export interface ServerConfig {
  dataDir: string;
  port: number;
  host: string;
  /** Pusher app key and secret: the socket lives at `/app/{key}`, private channels are signed with the secret. */
  pusherKey: string;
  pusherSecret: string;
  geoCountry: string;
  enableTestApi: boolean;
  faults: {
    latencyMs: number; failRate: number; dropSocketRate: number;
    /** The API paths the latency applies to (a reply's path starts with one of them); empty: every path. */
    latencyPaths?: string[];
  };
  /**
   * Behind a reverse proxy: take the client's address from the last `X-Forwarded-For` entry and the
   * public origin from `X-Forwarded-Proto`/`X-Forwarded-Host`. Off: those headers are ignored.
   */
  trustProxy?: boolean;
  /** The public origin (`https://app.example.com`) stored upload URLs start with; empty: they are stored relative. */
  publicUrl?: string;
  /** Largest request body outside the upload routes, in bytes (413 above it). */
  maxBodyBytes?: number;
  /** Largest uploaded file (message image, payment attachment), in bytes. */
  maxUploadBytes?: number;
  /**
   * Rate limits: `factor` multiplies every allowance (0 turns the limits off); a refused call is held
   * `delayMs` (default 250) before its 429. See lib/rate-limit.ts.
   */
  rateLimit?: { factor: number; delayMs?: number };
  /** Channels one realtime socket may be subscribed to at once. */
  maxChannelsPerSocket?: number;
  /** Accept `http:` join URLs (development); otherwise only `https:`. */
  allowHttpJoinUrls?: boolean;
  /** Extra `connect-src` origins of the Content-Security-Policy (another API host, a Pusher cluster). */
  cspConnectSrc?: string[];
  /**
   * The development mailbox at `GET /dev/mail` (lib/mail.ts): the emails the server would have sent.
   * On in development and demo mode only (config.ts), never with `NODE_ENV=production`.
   */
  devMailbox?: boolean;
  /**
   * Origins a client may call the API and the broadcasting auth from (`CORS_ORIGINS`, e.g.
   * `https://app.example.com`; `*` for any): they get CORS headers and answered preflights.
   */
  corsOrigins?: string[];
  /**
   * Event names on the socket: `class` (Laravel's default, `App\Events\InboxUpdated`) or `alias`
   * (a `broadcastAs()` name, `InboxUpdated`): `BROADCAST_EVENT_NAMES`.
   */
  broadcastEventNames?: 'class' | 'alias';
  /** A path prefix of the realtime socket (`WS_PATH`, e.g. `/ws`: the socket is at `/ws/app/{key}`). */
  wsPath?: string;
  /**
   * `SPEC_MINIMAL=1`: replies carry only the fields the spec names, each list one row with a status or
   * type the spec does not name, and the calls it does not list answer 404 (lib/spec-minimal.ts).
   */
  specMinimal?: boolean;
}

/** Everything a route needs, passed in so tests can swap the clock or the broadcaster. */
export interface AppContext {
  db: DB;
  config: ServerConfig;
  broadcaster: Broadcaster;
  /** Milliseconds since the epoch, `Date.now() + clockOffsetMs`; tests shift it. */
  now(): number;
  clockOffsetMs: number;
  /** Where uploaded files are stored (served at `/uploads/`). */
  uploadsDir: string;
  /** API requests served, by `METHOD /path` (no query: what the benchmarks' request-economy figures read), and those with a query by `METHOD /path?query` as well. */
  requestCounts: Map<string, number>;
  /** Requests being handled now (the server closes its database only once none is). */
  inflight: { count: number };
  /** The rate limiters (a memory store by default; a multi-process deployment swaps the store). */
  limits?: import('./rate-limit.ts').RateLimits;
}

export interface AuthUser {
  id: number;
  name: string;
  email: string;
  group_id: number;
  timezone: string;
  parent_id: number | null;
}

export type Env = { Variables: { app: AppContext; user: AuthUser; token: string } };
