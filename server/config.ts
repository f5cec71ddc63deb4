import path from 'node:path';
import type { ServerConfig } from './lib/context.ts';
import { DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_UPLOAD_BYTES } from './lib/body.ts';
import { DEFAULT_MAX_CHANNELS_PER_SOCKET } from './realtime/pusher-server.ts';
import { DEFAULT_REFUSAL_DELAY_MS } from './lib/rate-limit.ts';

const flag = (v: string | undefined) => v === '1' || v === 'true' || v === 'yes';

/** `PUBLIC_URL` as an origin (`https://app.example.com`), or undefined when unset or not an http(s) URL. */
function publicUrl(v: string | undefined): string | undefined {
  if (!v) return undefined;
  try {
    const u = new URL(v);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.origin : undefined;
  } catch {
    return undefined;
  }
}

/** `CORS_ORIGINS`: origins separated by commas or spaces (`https://a.example, https://b.example`), or `*`. */
export function corsOrigins(v: string | undefined): string[] {
  return (v ?? '')
    .split(/[\s,]+/)
    .map((x) => x.replace(/\/+$/, ''))
    .filter((x) => x === '*' || /^https?:\/\/[\w.-]+(:\d+)?$/.test(x));
}

/** `WS_PATH`: `/ws` or `/ws/` → `/ws`; anything else → none. */
function wsPath(v: string | undefined): string {
  const p = (v ?? '').trim().replace(/\/+$/, '');
  return /^(\/[\w.~-]+)+$/.test(p) ? p : '';
}

const num = (v: string | undefined, d: number) => (v === undefined || v === '' || Number.isNaN(Number(v)) ? d : Number(v));

/**
 * The development mailbox (`GET /dev/mail`): never with `NODE_ENV=production`; otherwise
 * `DEV_MAILBOX=1`/`0` decides, and unset it is on in development (`NODE_ENV=development`) and in demo
 * mode (`npm start` / `npm run server`, server/main.ts), off elsewhere (tests).
 */
export function devMailboxOn(env: NodeJS.ProcessEnv, demo: boolean): boolean {
  if (env.NODE_ENV === 'production') return false;
  if (env.DEV_MAILBOX !== undefined && env.DEV_MAILBOX !== '') return flag(env.DEV_MAILBOX);
  return demo || env.NODE_ENV === 'development';
}

/**
 * Server configuration from the environment (see README: PORT, HOST, DATA_DIR, FAULT_*, ...).
 * `demo`: the demo server of `npm start` (server/main.ts), which turns the development mailbox on.
 */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env, opts: { demo?: boolean } = {}): ServerConfig {
  return {
    dataDir: path.resolve(env.DATA_DIR || './.data'),
    port: num(env.PORT, 8080),
    host: env.HOST || '127.0.0.1',
    pusherKey: env.PUSHER_APP_KEY || 'tutoring-key',
    pusherSecret: env.PUSHER_APP_SECRET || 'tutoring-secret',
    geoCountry: (env.GEO_COUNTRY || 'EG').toUpperCase(),
    enableTestApi: env.ENABLE_TEST_API === '1',
    faults: {
      latencyMs: num(env.FAULT_LATENCY_MS, 0),
      latencyPaths: (env.FAULT_LATENCY_PATHS ?? '').split(',').map((x) => x.trim()).filter((x) => x.startsWith('/')),
      failRate: num(env.FAULT_FAIL_RATE, 0),
      dropSocketRate: num(env.FAULT_DROP_SOCKET_RATE, 0),
    },
    trustProxy: flag(env.TRUST_PROXY),
    publicUrl: publicUrl(env.PUBLIC_URL),
    maxBodyBytes: num(env.MAX_BODY_BYTES, DEFAULT_MAX_BODY_BYTES),
    maxUploadBytes: num(env.MAX_UPLOAD_BYTES, DEFAULT_MAX_UPLOAD_BYTES),
    rateLimit: { factor: Math.max(0, num(env.RATE_LIMIT_FACTOR, 1)), delayMs: Math.max(0, num(env.RATE_LIMIT_DELAY_MS, DEFAULT_REFUSAL_DELAY_MS)) },
    maxChannelsPerSocket: num(env.MAX_CHANNELS_PER_SOCKET, DEFAULT_MAX_CHANNELS_PER_SOCKET),
    allowHttpJoinUrls: env.ALLOW_HTTP_JOIN_URLS === undefined ? env.NODE_ENV === 'development' : flag(env.ALLOW_HTTP_JOIN_URLS),
    devMailbox: devMailboxOn(env, opts.demo ?? false),
    cspConnectSrc: (env.CSP_CONNECT_SRC ?? '').split(/\s+/).filter((x) => /^(https?|wss?):\/\/[\w.*:-]+$/.test(x)),
    corsOrigins: corsOrigins(env.CORS_ORIGINS),
    broadcastEventNames: env.BROADCAST_EVENT_NAMES === 'alias' ? 'alias' : 'class',
    wsPath: wsPath(env.WS_PATH),
    specMinimal: flag(env.SPEC_MINIMAL),
  };
}
