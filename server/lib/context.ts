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
  /** Public origin used to build absolute `links.next` and upload URLs when the request lacks a Host. */
  geoCountry: string;
  enableTestApi: boolean;
  faults: { latencyMs: number; failRate: number; dropSocketRate: number };
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
  /** API requests served, by `METHOD /path` (no query): what the benchmarks' request-economy figures read. */
  requestCounts: Map<string, number>;
  /** Requests being handled now (the server closes its database only once none is). */
  inflight: { count: number };
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
