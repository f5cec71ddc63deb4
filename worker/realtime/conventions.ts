import type { AuthHeadersMode, EventNamesMode, RealtimeOverrides } from '../../db/app-config.ts';
import type { WsConfig } from '../../db/entities.ts';

/**
 * Laravel's broadcasting conventions as the runtime configuration sets them (db/app-config.ts):
 * where the socket is, how channel authorisation carries the token, and what the events are called.
 * Pure functions: echo.ts builds laravel-echo from them, the tests read them.
 */

/** The backend's WsConfig with config.json's `realtime` overrides applied (`undefined` keys keep the backend's). */
export function mergeWsConfig(ws: WsConfig | undefined, o: RealtimeOverrides | undefined): (WsConfig & { path?: string }) | undefined {
  const defined = Object.fromEntries(Object.entries(o ?? {}).filter(([, v]) => v !== undefined)) as RealtimeOverrides;
  const key = defined.key ?? ws?.key;
  if (!key) return undefined;
  return {
    ...(ws ?? { host: '', port: 0, forceTLS: true, cluster: 'mt1' }),
    ...defined,
    key,
  } as WsConfig & { path?: string };
}

/** pusher-js's socket options for a WsConfig (path included). */
export interface SocketOptions {
  key: string;
  cluster?: string;
  wsHost?: string;
  wsPort?: number;
  wssPort?: number;
  wsPath?: string;
  forceTLS: boolean;
}

/**
 * Where the socket goes: WsConfig's host; an empty host with a cluster is the provider's cluster
 * host (pusher-js's own default, `ws-<cluster>.pusher.com`, on its default ports unless a port is
 * given); an empty host without a cluster is the page's host (the socket beside the app).
 */
export function socketOptions(ws: WsConfig & { path?: string }, pageHost: string): SocketOptions {
  const host = ws.host.trim();
  const port = ws.port > 0 ? ws.port : undefined;
  const out: SocketOptions = { key: ws.key, cluster: ws.cluster || undefined, forceTLS: ws.forceTLS };
  if (host || !ws.cluster) {
    out.wsHost = host || pageHost;
    out.wsPort = port;
    out.wssPort = port;
  } else if (port) {
    out.wsPort = port;
    out.wssPort = port;
  }
  const path = ws.path?.replace(/\/+$/, '');
  if (path) out.wsPath = path.startsWith('/') ? path : `/${path}`;
  return out;
}

/**
 * How channel authorisation carries the stored token: the spec's `api_token` query parameter, the
 * bearer header (with the platform headers every signed-in call carries), or both (the default).
 * A query-only request stays a "simple" cross-origin request (no preflight).
 */
export function channelAuth(o: { endpoint: string; token: string; mode?: AuthHeadersMode; appVersion: string }): { endpoint: string; headers: Record<string, string> } {
  const mode = o.mode ?? 'both';
  const url = new URL(o.endpoint);
  if (mode !== 'bearer') url.searchParams.set('api_token', o.token);
  const headers: Record<string, string> = mode === 'query' ? {} : {
    Authorization: `Bearer ${o.token}`, Accept: 'application/json', 'X-Platform': 'web', 'X-App-Version': o.appVersion,
  };
  return { endpoint: url.href, headers };
}

/**
 * The name laravel-echo listens to for an event: its class name, which laravel-echo prefixes with
 * `App\Events\`, or (`alias`) its `broadcastAs()` name with the leading dot that tells laravel-echo
 * to take it as it is.
 */
export function eventListenName(name: string, mode: EventNamesMode | undefined): string {
  return mode === 'alias' ? `.${name}` : name;
}
