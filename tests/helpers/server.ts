import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer, type RunningServer } from '../../server/index.ts';
import { openDatabase } from '../../server/db/index.ts';
import type { ServerConfig } from '../../server/lib/context.ts';

export interface TestServer extends RunningServer {
  dataDir: string;
  /** Calls the API with JSON; `token` adds the bearer header. Returns status and parsed body. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON reply: each test reads the fields it checks, and `expect` checks them
  api<T = any>(method: string, path: string, opts?: { token?: string | null; body?: unknown; headers?: Record<string, string> }): Promise<{ status: number; body: T; headers: Headers }>;
  login(email: string, password?: string): Promise<string>;
}

/** A reference server on a free port over a fresh temporary data directory. */
export async function startTestServer(overrides: Partial<ServerConfig> = {}, prepare?: (db: ReturnType<typeof openDatabase>) => void): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tutoring-test-'));
  const db = openDatabase(dataDir);
  prepare?.(db);
  const server = await startServer({ port: 0, host: '127.0.0.1', dataDir, enableTestApi: true, ...overrides, db });
  const api: TestServer['api'] = async <T,>(method: string, p: string, opts: Parameters<TestServer['api']>[2] = {}) => {
    const headers: Record<string, string> = { Accept: 'application/json', 'X-Platform': 'web', 'X-App-Version': 'test', ...opts.headers };
    if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
    let body: BodyInit | undefined;
    if (opts.body instanceof FormData) body = opts.body;
    else if (opts.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
    const url = p.startsWith('http') ? p : `${server.url}/api${p}`;
    const res = await fetch(url, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* plain text reply */
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  };
  return {
    ...server,
    dataDir,
    api,
    async login(email, password = 'password') {
      const r = await api<{ token: string }>('POST', '/login', { body: { email, password } });
      if (r.status !== 200) throw new Error(`login ${email} failed: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body.token;
    },
    async close() {
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
