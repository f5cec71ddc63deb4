import path from 'node:path';
import type { ServerConfig } from './lib/context.ts';

const num = (v: string | undefined, d: number) => (v === undefined || v === '' || Number.isNaN(Number(v)) ? d : Number(v));

/** Server configuration from the environment (see README: PORT, HOST, DATA_DIR, FAULT_*, ...). */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
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
      failRate: num(env.FAULT_FAIL_RATE, 0),
      dropSocketRate: num(env.FAULT_DROP_SOCKET_RATE, 0),
    },
  };
}
