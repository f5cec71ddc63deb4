import fs from 'node:fs';
import path from 'node:path';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { openDatabase, type DB } from './db/index.ts';
import { createApp } from './app.ts';
import { configFromEnv } from './config.ts';
import type { AppContext, ServerConfig } from './lib/context.ts';
import { PusherServer } from './realtime/pusher-server.ts';

export interface RunningServer {
  url: string;
  port: number;
  app: AppContext;
  realtime: PusherServer;
  /** Shifts the server's clock (tests). */
  setClockOffset(ms: number): void;
  close(): Promise<void>;
}

/**
 * Starts the reference server: the API, uploads, the built client (when `clientDir` holds a build)
 * and the Pusher-protocol socket, all on one port. `port: 0` picks a free port (tests).
 */
export async function startServer(overrides: Partial<ServerConfig> & { clientDir?: string; db?: DB } = {}): Promise<RunningServer> {
  const config: ServerConfig = { ...configFromEnv(), ...overrides };
  const db = overrides.db ?? openDatabase(config.dataDir);
  const uploadsDir = path.join(config.dataDir, 'uploads');
  fs.mkdirSync(uploadsDir, { recursive: true });
  const realtime = new PusherServer({
    key: config.pusherKey, secret: config.pusherSecret, dropSocketRate: config.faults.dropSocketRate,
    maxChannelsPerSocket: config.maxChannelsPerSocket, path: config.wsPath,
  });
  const ctx: AppContext = {
    db, config, broadcaster: realtime, uploadsDir, clockOffsetMs: 0, requestCounts: new Map(), inflight: { count: 0 },
    now: () => Date.now() + ctx.clockOffsetMs,
  };
  const hono = createApp(ctx, { clientDir: overrides.clientDir });

  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: hono.fetch, port: config.port, hostname: config.host }, () => resolve(s as Server)) as Server;
  });
  realtime.attach(server);
  const port = (server.address() as AddressInfo).port;
  config.port = port;
  return {
    url: `http://${config.host}:${port}`,
    port,
    app: ctx,
    realtime,
    setClockOffset: (ms) => (ctx.clockOffsetMs = ms),
    close: async () => {
      await realtime.close();
      // Stop accepting, drop kept-alive connections, then close the database once no request runs.
      const closed = new Promise<void>((r) => server.close(() => r()));
      server.closeAllConnections?.();
      await closed;
      // A handler may still be awaiting (fault latency, an upload) after its socket went: let it
      // finish against an open database, for a moment at most.
      const until = Date.now() + 2000;
      while (ctx.inflight.count > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
      db.close();
    },
  };
}
