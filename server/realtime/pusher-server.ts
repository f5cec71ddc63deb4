import crypto from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, WebSocket, type RawData } from 'ws';
import type { Broadcaster } from '../lib/context.ts';
import { CHANNEL_NAME_RE, signChannel, verifyChannelAuth } from './auth.ts';

export interface PusherServerOptions {
  key: string;
  secret: string;
  /** Share (0..1) of sockets the server drops at random, for fault-injection tests. */
  dropSocketRate?: number;
  /** How often the drop lottery runs when `dropSocketRate > 0` (ms, default 2000). */
  dropIntervalMs?: number;
  /** How often the server pings each socket; a socket silent for a whole interval is terminated (ms, default 30000). */
  pingIntervalMs?: number;
  /** Seconds the client may stay silent before it should ping us (sent in the handshake, default 120). */
  activityTimeout?: number;
  /** Channels one socket may be subscribed to at once (default 100); past it a subscription is refused. */
  maxChannelsPerSocket?: number;
  /** A path prefix before `/app/{key}` (`/ws`: the socket is at `/ws/app/{key}`, as pusher-js's `wsPath` asks). */
  path?: string;
}

interface Connection {
  ws: WebSocket;
  socketId: string;
  channels: Set<string>;
  /** Set by any frame or pong from the client, cleared by each server ping round. */
  alive: boolean;
}

interface ClientMessage {
  event: string;
  channel?: unknown;
  data?: unknown;
}

/** Pusher's protocol versions that this server speaks (pusher-js 8 sends 7). */
const SUPPORTED_PROTOCOLS = new Set([5, 6, 7]);
const MAX_PAYLOAD = 100 * 1024;
/** A browser's engine holds its inbox and the few conversations on screen: 100 leaves room for many tabs. */
export const DEFAULT_MAX_CHANNELS_PER_SOCKET = 100;

/**
 * A Pusher-protocol (v7) server over `ws`, on the HTTP server's port at `/app/{key}`, as Pusher, Soketi
 * or Laravel Reverb would answer `pusher-js` / `laravel-echo`:
 * - handshake `pusher:connection_established` (data is a JSON string with `socket_id` and `activity_timeout`);
 * - `pusher:ping` → `pusher:pong`; the server also pings at the WebSocket level and terminates silent sockets;
 * - `pusher:subscribe` to public channels, and to `private-` channels with `auth = key:HMAC(socket_id:channel)`;
 *   refusals answer `pusher:error` plus a `pusher:subscription_error` on the channel (which pusher-js hands to
 *   the channel's `pusher:subscription_error` bindings, i.e. laravel-echo's `.error()`);
 * - `pusher:unsubscribe`; `client-*` events (laravel-echo's whisper) relayed to the channel's other sockets,
 *   on private channels only;
 * - `publish()` sends `{event, channel, data: JSON string}` to every socket subscribed to the channel.
 */
export class PusherServer implements Broadcaster {
  private wss: WebSocketServer | null = null;
  private server: Server | null = null;
  private readonly connections = new Set<Connection>();
  private readonly channels = new Map<string, Set<Connection>>();
  /** Subscriptions that succeeded so far, per channel (a socket's again after a reconnection counts again). */
  private readonly subscriptions = new Map<string, number>();
  private timers: NodeJS.Timeout[] = [];
  private closed = false;

  constructor(readonly opts: PusherServerOptions) {}

  attach(server: Server): void {
    if (this.server) throw new Error('PusherServer is already attached');
    this.server = server;
    this.wss = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD, clientTracking: false });
    server.on('upgrade', this.onUpgrade);

    const ping = setInterval(() => this.pingRound(), this.opts.pingIntervalMs ?? 30_000);
    ping.unref();
    this.timers.push(ping);
    if ((this.opts.dropSocketRate ?? 0) > 0) {
      const drop = setInterval(() => this.dropRound(), this.opts.dropIntervalMs ?? 2_000);
      drop.unref();
      this.timers.push(drop);
    }
  }

  /** Sends an event to every socket subscribed to `channel` (but `exceptSocketId`, as Laravel's `toOthers()`). */
  publish(channel: string, event: string, data: unknown, exceptSocketId?: string): void {
    const subscribers = this.channels.get(channel);
    if (!subscribers?.size) return;
    const frame = JSON.stringify({ event, channel, data: JSON.stringify(data ?? null) });
    for (const conn of subscribers) {
      if (conn.socketId !== exceptSocketId) this.sendRaw(conn, frame);
    }
  }

  /** `key:hmac-sha256(socket_id:channel_name)` as Pusher private-channel auth. */
  sign(socketId: string, channel: string): string {
    return signChannel(this.opts.key, this.opts.secret, socketId, channel);
  }

  /**
   * Open sockets, per-channel subscriber counts, and per channel the subscriptions that succeeded
   * so far (tests and diagnostics: a new one shows even while an old socket's is still counted).
   */
  stats(): { connections: number; channels: Record<string, number>; subscriptions: Record<string, number> } {
    return {
      connections: this.connections.size,
      channels: Object.fromEntries([...this.channels].map(([name, set]) => [name, set.size])),
      subscriptions: Object.fromEntries(this.subscriptions),
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    this.server?.off('upgrade', this.onUpgrade);
    for (const conn of this.connections) conn.ws.terminate();
    this.connections.clear();
    this.channels.clear();
    const wss = this.wss;
    this.wss = null;
    if (wss) await new Promise<void>((resolve) => wss.close(() => resolve()));
  }

  // ---------------------------------------------------------------------------------------------
  // Connection lifecycle

  private readonly onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const prefix = this.opts.path ?? '';
    const m = url.pathname.startsWith(`${prefix}/app/`) ? /^\/app\/([^/]+)\/?$/.exec(url.pathname.slice(prefix.length)) : null;
    if (!m || this.closed || !this.wss) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      socket.destroy();
      return;
    }
    const key = decodeURIComponent(m[1]!);
    const protocolParam = url.searchParams.get('protocol');
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      // As Pusher: the socket opens, then a pusher:error with a 4xxx code, then a close with that code
      // (pusher-js does not retry 4000-4099 closes).
      if (key !== this.opts.key) {
        return this.refuse(ws, 4001, `App key ${key} not in this cluster. Did you forget to specify the cluster?`);
      }
      if (protocolParam !== null && !SUPPORTED_PROTOCOLS.has(Number(protocolParam))) {
        return this.refuse(ws, 4007, 'Unsupported protocol version');
      }
      this.onConnection(ws);
    });
  };

  private refuse(ws: WebSocket, code: number, message: string): void {
    ws.send(JSON.stringify({ event: 'pusher:error', data: { code, message } }));
    ws.close(code, message);
  }

  private onConnection(ws: WebSocket): void {
    const conn: Connection = { ws, socketId: newSocketId(), channels: new Set(), alive: true };
    this.connections.add(conn);
    ws.on('pong', () => (conn.alive = true));
    ws.on('message', (raw, isBinary) => {
      conn.alive = true;
      if (isBinary) return this.sendError(conn, null, 'Binary frames are not supported');
      this.onMessage(conn, raw);
    });
    ws.on('close', () => this.forget(conn));
    ws.on('error', () => ws.terminate());
    this.send(conn, 'pusher:connection_established', JSON.stringify({
      socket_id: conn.socketId,
      activity_timeout: this.opts.activityTimeout ?? 120,
    }));
  }

  private forget(conn: Connection): void {
    this.connections.delete(conn);
    for (const name of conn.channels) this.leave(conn, name);
    conn.channels.clear();
  }

  private pingRound(): void {
    for (const conn of this.connections) {
      if (!conn.alive) {
        conn.ws.terminate();
        continue;
      }
      conn.alive = false;
      try {
        conn.ws.ping();
      } catch {
        conn.ws.terminate();
      }
    }
  }

  private dropRound(): void {
    const rate = this.opts.dropSocketRate ?? 0;
    for (const conn of this.connections) {
      if (Math.random() < rate) conn.ws.terminate();
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Messages

  private onMessage(conn: Connection, raw: RawData): void {
    const msg = parseMessage(raw);
    if (!msg) return this.sendError(conn, null, 'Invalid message format');
    switch (msg.event) {
      case 'pusher:ping':
        return this.send(conn, 'pusher:pong', {});
      case 'pusher:pong':
        return; // answers our protocol-level ping, if a client sends one
      case 'pusher:subscribe':
        return this.subscribe(conn, objectData(msg.data));
      case 'pusher:unsubscribe': {
        const channel = objectData(msg.data).channel;
        if (typeof channel === 'string' && conn.channels.delete(channel)) this.leave(conn, channel);
        return;
      }
      default:
        if (msg.event.startsWith('client-')) return this.clientEvent(conn, msg);
        // Unknown pusher:* events (signin, ...) are ignored, as Soketi does for what it does not support.
        return;
    }
  }

  private subscribe(conn: Connection, data: Record<string, unknown>): void {
    const channel = data.channel;
    if (typeof channel !== 'string' || !CHANNEL_NAME_RE.test(channel)) {
      return this.refuseSubscription(conn, typeof channel === 'string' ? channel : null, 'Invalid channel name');
    }
    if (channel.startsWith('presence-')) {
      return this.refuseSubscription(conn, channel, 'Presence channels are not supported by this server');
    }
    if (channel.startsWith('private-')) {
      if (data.auth === undefined || data.auth === null || data.auth === '') {
        return this.refuseSubscription(conn, channel, `Auth info required to subscribe to ${channel}`);
      }
      if (!verifyChannelAuth(this.opts.key, this.opts.secret, conn.socketId, channel, data.auth)) {
        return this.refuseSubscription(
          conn, channel,
          `Invalid signature: Expected HMAC SHA256 hex digest of ${conn.socketId}:${channel}`,
        );
      }
    }
    if (!conn.channels.has(channel)) {
      const cap = this.opts.maxChannelsPerSocket ?? DEFAULT_MAX_CHANNELS_PER_SOCKET;
      if (conn.channels.size >= cap) {
        return this.refuseSubscription(conn, channel, `Too many subscriptions: at most ${cap} channels per connection`, 4301);
      }
      conn.channels.add(channel);
      let set = this.channels.get(channel);
      if (!set) this.channels.set(channel, (set = new Set()));
      set.add(conn);
    }
    this.subscriptions.set(channel, (this.subscriptions.get(channel) ?? 0) + 1);
    this.send(conn, 'pusher_internal:subscription_succeeded', '{}', channel);
  }

  private refuseSubscription(conn: Connection, channel: string | null, message: string, code: number | null = null): void {
    // Pusher answers a bare pusher:error; Soketi/Reverb-style clients also expect a per-channel
    // pusher:subscription_error, which pusher-js routes to that channel's bindings.
    this.sendError(conn, code, message);
    if (channel !== null) {
      const limited = code === 4301;
      this.send(conn, 'pusher:subscription_error', { type: limited ? 'LimitReached' : 'AuthError', error: message, status: limited ? 429 : 401 }, channel);
    }
  }

  private clientEvent(conn: Connection, msg: ClientMessage): void {
    const channel = msg.channel;
    if (typeof channel !== 'string' || !(channel.startsWith('private-') || channel.startsWith('presence-'))) {
      return this.sendError(conn, null, 'Client event rejected - only supported on private and presence channels');
    }
    if (!conn.channels.has(channel)) {
      return this.sendError(conn, null, `Client event rejected - not subscribed to ${channel}`);
    }
    const frame = JSON.stringify({
      event: msg.event,
      channel,
      data: typeof msg.data === 'string' ? msg.data : JSON.stringify(msg.data ?? null),
    });
    for (const other of this.channels.get(channel) ?? []) {
      if (other !== conn) this.sendRaw(other, frame);
    }
  }

  private leave(conn: Connection, channel: string): void {
    const set = this.channels.get(channel);
    if (!set) return;
    set.delete(conn);
    if (set.size === 0) this.channels.delete(channel);
  }

  // ---------------------------------------------------------------------------------------------
  // Sending

  private send(conn: Connection, event: string, data: unknown, channel?: string): void {
    this.sendRaw(conn, JSON.stringify(channel === undefined ? { event, data } : { event, channel, data }));
  }

  private sendError(conn: Connection, code: number | null, message: string): void {
    this.send(conn, 'pusher:error', { code, message });
  }

  private sendRaw(conn: Connection, frame: string): void {
    if (conn.ws.readyState === WebSocket.OPEN) conn.ws.send(frame);
  }
}

function newSocketId(): string {
  return `${crypto.randomInt(1, 2 ** 47)}.${crypto.randomInt(1, 2 ** 47)}`;
}

function parseMessage(raw: RawData): ClientMessage | null {
  let parsed: unknown;
  try {
    const buf = Array.isArray(raw) ? Buffer.concat(raw) : Buffer.isBuffer(raw) ? raw : Buffer.from(raw);
    parsed = JSON.parse(buf.toString('utf8'));
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const event = (parsed as { event?: unknown }).event;
  if (typeof event !== 'string' || !event) return null;
  return parsed as ClientMessage;
}

/** pusher-js sends `data` as an object; some clients send it JSON-encoded. */
function objectData(data: unknown): Record<string, unknown> {
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data);
    } catch {
      return {};
    }
  }
  return typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
}
