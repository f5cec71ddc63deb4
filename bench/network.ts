/**
 * Chromium's network emulation for every target of a bench browser, including the app's
 * SharedWorker, where all of the app's own traffic (API fetches and the realtime socket) happens.
 *
 * Emulation set on a page's CDP session (`context.newCDPSession(page)`) does not reach the shared
 * worker: measured, a 400 ms profile on the page left the worker's fetch at 6 ms. Playwright
 * detaches from shared workers, so the bench opens its own browser-level CDP connection (Chromium
 * is launched with `--remote-debugging-port=0`; the port is read from `DevToolsActivePort`) and
 * auto-attaches to every top-level target (pages, the shared worker, the service worker), pausing
 * each new one until its conditions are set, so a restarted worker's first request is throttled too.
 * The same sessions count the bytes of the worker's API responses (`Network.loadingFinished`).
 */
import fs from 'node:fs';
import path from 'node:path';
import WebSocket from 'ws';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface NetProfile {
  name: string;
  /** Added to every request (request sent → response headers), ms. */
  latencyMs: number;
  /** Bits per second; 0 = unthrottled. */
  downBps: number;
  upBps: number;
}

/** The profiles of issue 12 (upload as in Chromium's and Lighthouse's presets of the same name). */
export const PROFILES: NetProfile[] = [
  { name: 'loopback', latencyMs: 0, downBps: 0, upBps: 0 },
  { name: '4G', latencyMs: 60, downBps: 9_000_000, upBps: 1_500_000 },
  { name: 'slow', latencyMs: 150, downBps: 1_600_000, upBps: 750_000 },
  { name: 'poor', latencyMs: 400, downBps: 400_000, upBps: 400_000 },
];

export const describeProfile = (p: NetProfile) =>
  p.latencyMs === 0 && p.downBps === 0 ? 'loopback (no emulation)' : `${p.name} (${p.latencyMs} ms, ${p.downBps / 1e6} Mbps)`;

interface Pending {
  resolve(v: unknown): void;
  reject(e: Error): void;
}

/** A DevTools protocol message: the reply to a command (`id`) or an event (`method`). */
interface CdpMessage {
  id?: number;
  result?: unknown;
  error?: { message: string };
  method?: string;
  params?: unknown;
  sessionId?: string;
}

/** What this class reads of the Network.* events it follows; each event carries some of it. */
interface NetworkEventParams {
  requestId: string;
  timestamp: number;
  /** Network.requestWillBeSent */
  wallTime?: number;
  request?: { url: string; method: string };
  /** Network.responseReceived */
  response?: { status: number; encodedDataLength?: number };
  /** Network.dataReceived and Network.loadingFinished */
  encodedDataLength?: number;
}

interface AttachedParams {
  sessionId: string;
  targetInfo: { type: string };
  waitingForDebugger: boolean;
}

export interface ApiTransfer {
  url: string;
  method: string;
  status: number;
  /** Bytes received on the wire (headers and body as sent), from Network.loadingFinished. */
  bytes: number;
  /** Wall-clock ms (epoch) when the request was sent and when its response finished loading. */
  sentAt: number;
  doneAt: number;
}

const EMULATED = new Set(['page', 'shared_worker', 'service_worker']);

export class NetworkControl {
  private ws!: WebSocket;
  private nextId = 0;
  private pending = new Map<number, Pending>();
  /** sessionId → target type, for the sessions this connection holds. */
  private sessions = new Map<string, string>();
  private profile: NetProfile = PROFILES[0]!;
  /** CPU slowdown (1 = none) of pages and the shared worker, as `Emulation.setCPUThrottlingRate`. */
  private cpuRate = 1;
  /** requestId (per session) → what is known of it so far. */
  private inflight = new Map<string, { url: string; method: string; sentAt: number; wallOffset: number; bytes: number; status?: number }>();
  /** Responses of the shared worker's /api/ requests, since the last `takeTransfers()`. */
  private transfers: ApiTransfer[] = [];
  private listeners = new Set<(t: ApiTransfer) => void>();

  static async connect(userDataDir: string): Promise<NetworkControl> {
    const file = path.join(userDataDir, 'DevToolsActivePort');
    for (let i = 0; i < 100 && !fs.existsSync(file); i++) await sleep(50);
    const [port, wsPath] = fs.readFileSync(file, 'utf8').split('\n');
    const n = new NetworkControl();
    n.ws = new WebSocket(`ws://127.0.0.1:${port}${wsPath}`, { perMessageDeflate: false });
    await new Promise<void>((resolve, reject) => {
      n.ws.once('open', () => resolve());
      n.ws.once('error', reject);
    });
    n.ws.on('message', (d) => n.onMessage(JSON.parse(String(d)) as CdpMessage));
    n.ws.on('close', () => {
      for (const p of n.pending.values()) p.reject(new Error('CDP connection closed'));
      n.pending.clear();
    });
    await n.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: true });
    return n;
  }

  private send(method: string, params: object = {}, sessionId?: string): Promise<unknown> {
    if (this.ws.readyState !== WebSocket.OPEN) return Promise.reject(new Error('CDP connection closed'));
    const id = ++this.nextId;
    this.ws.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    return new Promise((resolve, reject) => this.pending.set(id, { resolve, reject }));
  }

  private onMessage(m: CdpMessage) {
    if (m.id !== undefined) {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (m.error) p.reject(new Error(`${m.error.message}`));
      else p.resolve(m.result);
      return;
    }
    if (m.method === 'Target.attachedToTarget') void this.onAttached(m.params as AttachedParams);
    else if (m.method === 'Target.detachedFromTarget') this.sessions.delete((m.params as { sessionId: string }).sessionId);
    else if (m.method && m.sessionId && this.sessions.get(m.sessionId) === 'shared_worker') this.onWorkerNetwork(m.sessionId, m.method, m.params as NetworkEventParams);
  }

  private async onAttached({ sessionId, targetInfo, waitingForDebugger }: AttachedParams) {
    const resume = () => (waitingForDebugger ? this.send('Runtime.runIfWaitingForDebugger', {}, sessionId).catch(() => {}) : undefined);
    if (!EMULATED.has(targetInfo.type)) {
      await resume();
      await this.send('Target.detachFromTarget', { sessionId }).catch(() => {});
      return;
    }
    this.sessions.set(sessionId, targetInfo.type);
    try {
      await this.send('Network.enable', { maxTotalBufferSize: 1_000_000, maxResourceBufferSize: 100_000 }, sessionId);
      await this.applyTo(sessionId);
      await this.applyCpuTo(sessionId, targetInfo.type);
    } catch {
      // the target went away meanwhile
    } finally {
      await resume();
    }
  }

  private onWorkerNetwork(sessionId: string, method: string, p: NetworkEventParams) {
    if (method === 'Network.requestWillBeSent') {
      const { request, wallTime = 0 } = p;
      if (!request || !/\/api\//.test(request.url)) return;
      this.inflight.set(`${sessionId}:${p.requestId}`, {
        url: request.url, method: request.method, sentAt: wallTime * 1000, wallOffset: wallTime - p.timestamp, bytes: 0,
      });
      return;
    }
    const key = `${sessionId}:${p.requestId}`;
    const r = this.inflight.get(key);
    if (!r) return;
    if (method === 'Network.responseReceived') {
      r.status = p.response?.status;
      r.bytes = p.response?.encodedDataLength ?? 0;
    } else if (method === 'Network.dataReceived') {
      r.bytes += p.encodedDataLength ?? 0;
    } else if (method === 'Network.loadingFinished' || method === 'Network.loadingFailed') {
      this.inflight.delete(key);
      // A reply whose body the worker does not read (a 304) ends as "aborted" once its headers are
      // in: its bytes are the headers received. A request that got no reply at all is not counted.
      if (method === 'Network.loadingFailed' && r.status === undefined) return;
      const bytes = method === 'Network.loadingFinished' ? (p.encodedDataLength ?? 0) : r.bytes;
      const t: ApiTransfer = { url: r.url, method: r.method, status: r.status!, bytes, sentAt: r.sentAt, doneAt: (p.timestamp + r.wallOffset) * 1000 };
      this.transfers.push(t);
      for (const l of this.listeners) l(t);
    }
  }

  private applyTo(sessionId: string) {
    const p = this.profile;
    const off = p.latencyMs === 0 && p.downBps === 0 && p.upBps === 0;
    return this.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: p.latencyMs,
      downloadThroughput: off || !p.downBps ? -1 : p.downBps / 8,
      uploadThroughput: off || !p.upBps ? -1 : p.upBps / 8,
    }, sessionId);
  }

  /**
   * The phone's CPU: every page runs `rate`× slower (Emulation.setCPUThrottlingRate), now and when
   * it starts later. The shared worker (where the sync engine parses and writes) is asked too, but
   * Chromium refuses CPU throttling on workers: `workerCpuRefused` says so, and the rows say it.
   * (A debugger duty cycle — pause ¾ of the time — was tried: pausing deoptimises the worker's hot
   * code, and a busy loop ran 30–60× slower, not 4×. Its renderer process is the page's, so
   * stopping the process would slow the page twice.) The service worker is left alone.
   */
  async throttleCpu(rate: number): Promise<void> {
    this.cpuRate = rate;
    await Promise.all([...this.sessions.entries()].map(([s, type]) => this.applyCpuTo(s, type).catch(() => {})));
  }

  private async applyCpuTo(sessionId: string, type: string) {
    if (type !== 'page' && type !== 'shared_worker') return;
    try {
      await this.send('Emulation.setCPUThrottlingRate', { rate: this.cpuRate }, sessionId);
      if (type === 'shared_worker') this.workerCpuRefused = null;
    } catch (e) {
      if (type !== 'shared_worker') throw e;
      // Chromium 156: "Operation is only supported for pages, not workers" (its throttler slows a
      // renderer's main thread only; measured, a worker's busy loop ran as fast with the page at ×4).
      this.workerCpuRefused = (e as Error).message;
    }
  }

  /** Why the shared worker's CPU is not slowed (Chromium's answer), or null when it accepted the rate. */
  workerCpuRefused: string | null = null;

  /** Applies `p` to every page, the shared worker and the service worker, now and to those that start later. */
  async emulate(p: NetProfile): Promise<void> {
    this.profile = p;
    await Promise.all([...this.sessions.keys()].map((s) => this.applyTo(s).catch(() => {})));
  }

  get current(): NetProfile {
    return this.profile;
  }

  /** Whether the shared worker is attached (so its requests are emulated and counted). */
  get workerAttached(): boolean {
    return [...this.sessions.values()].includes('shared_worker');
  }

  /** The worker's API responses since the last call. */
  takeTransfers(): ApiTransfer[] {
    const t = this.transfers;
    this.transfers = [];
    return t;
  }

  /** Resolves with the first of the worker's API responses whose URL and method match. */
  nextTransfer(match: (t: ApiTransfer) => boolean, timeoutMs = 30_000): Promise<ApiTransfer> {
    return new Promise((resolve, reject) => {
      const l = (t: ApiTransfer) => {
        if (!match(t)) return;
        this.listeners.delete(l);
        clearTimeout(timer);
        resolve(t);
      };
      const timer = setTimeout(() => {
        this.listeners.delete(l);
        reject(new Error('no matching API response from the worker'));
      }, timeoutMs);
      this.listeners.add(l);
    });
  }

  close(): void {
    this.ws.close();
  }
}
