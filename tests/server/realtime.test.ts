import crypto from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import Pusher from 'pusher-js';
import Echo from 'laravel-echo';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createConversation, createUser } from '../../server/seed/factory.ts';
import { broadcastInboxUpdated, broadcastNewMessage } from '../../server/realtime/events.ts';
import { PusherServer } from '../../server/realtime/pusher-server.ts';
import { issueToken } from '../../server/lib/auth.ts';

// ------------------------------------------------------------------------------------------------
// World: two students and a teacher; conversation A is Amina+teacher, conversation B is Bilal+teacher.

const ids = { amina: 0, bilal: 0, teacher: 0, convA: 0, convB: 0 };
let s: TestServer;
const tokens = { amina: '', bilal: '', teacher: '' };
const cleanups: (() => void)[] = [];

beforeAll(async () => {
  s = await startTestServer({}, (db) => {
    ids.amina = createUser(db, { name: 'Amina', email: 'amina@example.test' });
    ids.bilal = createUser(db, { name: 'Bilal', email: 'bilal@example.test' });
    ids.teacher = createUser(db, { name: 'Teacher Yusuf', email: 'yusuf@example.test', group_id: 1 });
    ids.convA = createConversation(db, { title: 'Amina & Yusuf', members: [ids.amina, ids.teacher] });
    ids.convB = createConversation(db, { title: 'Bilal & Yusuf', members: [ids.bilal, ids.teacher] });
    // Tokens issued directly (the login route belongs to another module).
    for (const who of ['amina', 'bilal', 'teacher'] as const) tokens[who] = issueToken(db, ids[who], Date.now());
  });
});
afterAll(() => s?.close());
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

// ------------------------------------------------------------------------------------------------
// Helpers

const KEY = () => s.app.config.pusherKey;
const hmac = (socketId: string, channel: string) =>
  crypto.createHmac('sha256', s.app.config.pusherSecret).update(`${socketId}:${channel}`).digest('hex');

function within<T>(ms: number, what: string, p: Promise<T>): Promise<T> {
  return Promise.race([p, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`timed out: ${what}`)), ms))]);
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, check: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await sleep(10);
  }
}

function pusherOptions(token: string, port = s.port) {
  return {
    cluster: 'mt1',
    wsHost: '127.0.0.1',
    wsPort: port,
    forceTLS: false,
    enabledTransports: ['ws' as const],
    disableStats: true,
    channelAuthorization: {
      endpoint: `${s.url}/api/broadcasting/auth?api_token=${encodeURIComponent(token)}`,
      transport: 'ajax' as const,
    },
  };
}

/** A real pusher-js client (Node build), connected. */
async function connectPusher(token: string): Promise<Pusher> {
  const p = new Pusher(KEY(), pusherOptions(token));
  cleanups.push(() => p.disconnect());
  await within(3000, 'pusher-js connected', new Promise<void>((resolve) => p.connection.bind('connected', () => resolve())));
  return p;
}

/** What pusher-js and laravel-echo hand to a refused subscription's handler. */
interface SubscriptionError { type: string; status: number; error?: string }
type Refused = { ok: false; error: SubscriptionError };
type Outcome = { ok: true } | Refused;
function subscribeOutcome(p: Pusher, channelName: string) {
  const channel = p.subscribe(channelName);
  const outcome = within(3000, `subscription to ${channelName}`, new Promise<Outcome>((resolve) => {
    channel.bind('pusher:subscription_succeeded', () => resolve({ ok: true }));
    channel.bind('pusher:subscription_error', (error: SubscriptionError) => resolve({ ok: false, error }));
  }));
  return { channel, outcome };
}

/**
 * A frame of the Pusher protocol: `data` is a JSON string on connection_established and on events,
 * an object on pusher:error (`code`, `message`) and pusher:subscription_error (`type`, `status`).
 */
interface Frame {
  event: string;
  channel?: string;
  data?: string | { code?: number; message?: string; type?: string; status?: number };
}
const dataOf = (f: Frame) => (typeof f.data === 'string' ? {} : (f.data ?? {}));

/** A raw `ws` socket that queues the Pusher frames it receives. */
interface RawSocket {
  ws: WebSocket;
  frames: Frame[];
  next(match?: (f: Frame) => boolean, ms?: number): Promise<Frame>;
  send(frame: unknown): void;
  closed: Promise<{ code: number; reason: string }>;
}
function rawSocket(path = `/app/${KEY()}?protocol=7&client=js&version=8.6.0`, port = s.port): RawSocket {
  const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`);
  cleanups.push(() => ws.terminate());
  const frames: Frame[] = [];
  const waiters: { match: (f: Frame) => boolean; resolve: (f: Frame) => void }[] = [];
  ws.on('message', (raw) => {
    const frame = JSON.parse(raw.toString()) as Frame;
    const i = waiters.findIndex((w) => w.match(frame));
    if (i >= 0) waiters.splice(i, 1)[0]!.resolve(frame);
    else frames.push(frame);
  });
  ws.on('error', () => {});
  return {
    ws,
    frames,
    next(match = () => true, ms = 3000) {
      const i = frames.findIndex(match);
      if (i >= 0) return Promise.resolve(frames.splice(i, 1)[0]!);
      return within(ms, 'frame', new Promise((resolve) => waiters.push({ match, resolve })));
    },
    send(frame) {
      ws.send(JSON.stringify(frame));
    },
    closed: new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() }))),
  };
}

async function rawConnected(port = s.port): Promise<RawSocket & { socketId: string }> {
  const r = rawSocket(undefined, port);
  const hello = await r.next((f) => f.event === 'pusher:connection_established');
  return Object.assign(r, { socketId: JSON.parse(String(hello.data)).socket_id as string });
}

const authBody = (socket_id: string, channel_name: string) => new URLSearchParams({ socket_id, channel_name }).toString();

async function authForm(token: string | null, socketId: string, channel: string) {
  const q = token === null ? '' : `?api_token=${encodeURIComponent(token)}`;
  const res = await fetch(`${s.url}/api/broadcasting/auth${q}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body: authBody(socketId, channel),
  });
  return { status: res.status, body: (await res.json()) as { auth?: string; message?: string; errors?: Record<string, string[]> } };
}

// ------------------------------------------------------------------------------------------------

describe('Pusher protocol socket', () => {
  it('sends pusher:connection_established with a JSON-string data carrying socket_id and activity_timeout', async () => {
    const r = rawSocket();
    const hello = await r.next();
    expect(hello.event).toBe('pusher:connection_established');
    expect(typeof hello.data).toBe('string');
    const data = JSON.parse(String(hello.data));
    expect(data.socket_id).toMatch(/^\d+\.\d+$/);
    expect(data.activity_timeout).toBe(120);
  });

  it('the real pusher-js client connects and gets a socket id', async () => {
    const p = await connectPusher(tokens.amina);
    expect(p.connection.state).toBe('connected');
    expect(p.connection.socket_id).toMatch(/^\d+\.\d+$/);
  });

  it('each connection gets its own socket id', async () => {
    const [a, b] = await Promise.all([rawConnected(), rawConnected()]);
    expect(a.socketId).not.toBe(b.socketId);
  });

  it('answers pusher:ping with pusher:pong', async () => {
    const r = await rawConnected();
    r.send({ event: 'pusher:ping', data: {} });
    const pong = await r.next();
    expect(pong.event).toBe('pusher:pong');
  });

  it('refuses a wrong app key with pusher:error 4001 and a 4001 close', async () => {
    const r = rawSocket('/app/not-the-key?protocol=7');
    const err = await r.next();
    expect(err.event).toBe('pusher:error');
    expect(dataOf(err).code).toBe(4001);
    expect((await within(3000, 'close', r.closed)).code).toBe(4001);
  });

  it('refuses an unsupported protocol version with 4007', async () => {
    const r = rawSocket(`/app/${KEY()}?protocol=2`);
    expect(dataOf(await r.next()).code).toBe(4007);
    expect((await within(3000, 'close', r.closed)).code).toBe(4007);
  });

  it('does not upgrade other paths', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${s.port}/socket?protocol=7`);
    const status = await within(3000, 'refusal', new Promise<number>((resolve) => {
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('error', () => resolve(-1));
    }));
    expect(status).toBe(404);
    ws.terminate();
  });

  it('answers a malformed frame with pusher:error and keeps the socket open', async () => {
    const r = await rawConnected();
    r.ws.send('not json');
    expect((await r.next()).event).toBe('pusher:error');
    r.send({ event: 'pusher:ping', data: {} });
    expect((await r.next()).event).toBe('pusher:pong');
  });

  it('public channels subscribe without auth and receive published events with JSON-string data', async () => {
    const r = await rawConnected();
    r.send({ event: 'pusher:subscribe', data: { channel: 'announcements' } });
    const ok = await r.next();
    expect(ok).toMatchObject({ event: 'pusher_internal:subscription_succeeded', channel: 'announcements' });
    s.realtime.publish('announcements', 'App\\Events\\Hello', { n: 1 });
    const ev = await r.next();
    expect(ev).toEqual({ event: 'App\\Events\\Hello', channel: 'announcements', data: '{"n":1}' });
  });

  it('private channels need a valid key:HMAC(socket_id:channel) auth', async () => {
    const r = await rawConnected();
    const channel = `private-User.${ids.amina}.Inbox`;
    const refused = (f: Frame) => f.event === 'pusher:subscription_error';

    r.send({ event: 'pusher:subscribe', data: { channel } });
    let err = await r.next(refused);
    expect(err.channel).toBe(channel);
    expect(err.data).toMatchObject({ type: 'AuthError', status: 401 });
    expect(dataOf(await r.next((f) => f.event === 'pusher:error')).message).toMatch(/Auth info required/);

    // Signed for another socket id, or with the wrong key, or garbage: refused.
    const other = await rawConnected();
    for (const auth of [`${KEY()}:${hmac(other.socketId, channel)}`, `wrong-key:${hmac(r.socketId, channel)}`, `${KEY()}:zz`, 42]) {
      r.send({ event: 'pusher:subscribe', data: { channel, auth } });
      err = await r.next(refused);
      expect(err.channel).toBe(channel);
    }
    expect(s.realtime.stats().channels[channel]).toBeUndefined();

    r.send({ event: 'pusher:subscribe', data: { channel, auth: `${KEY()}:${hmac(r.socketId, channel)}` } });
    const ok = await r.next((f) => f.event.startsWith('pusher_internal:') || refused(f));
    expect(ok).toMatchObject({ event: 'pusher_internal:subscription_succeeded', channel });
    expect(s.realtime.sign(r.socketId, channel)).toBe(`${KEY()}:${hmac(r.socketId, channel)}`);
  });

  it('refuses presence channels (not used) and invalid channel names', async () => {
    const r = await rawConnected();
    r.send({ event: 'pusher:subscribe', data: { channel: 'presence-room', auth: 'x:y', channel_data: '{}' } });
    expect(await r.next((f) => f.event === 'pusher:subscription_error')).toMatchObject({ channel: 'presence-room' });
    r.send({ event: 'pusher:subscribe', data: { channel: 'bad channel!' } });
    expect(await r.next((f) => f.event === 'pusher:subscription_error')).toMatchObject({ channel: 'bad channel!' });
  });

  it('relays client-* events (whisper) on private channels to the other subscribers only', async () => {
    const channel = `private-Conversation.${ids.convA}`;
    const a = await rawConnected();
    const b = await rawConnected();
    for (const r of [a, b]) {
      r.send({ event: 'pusher:subscribe', data: { channel, auth: s.realtime.sign(r.socketId, channel) } });
      await r.next((f) => f.event === 'pusher_internal:subscription_succeeded');
    }
    a.send({ event: 'client-typing', channel, data: { name: 'Amina' } });
    expect(await b.next()).toEqual({ event: 'client-typing', channel, data: '{"name":"Amina"}' });
    // Not echoed to the sender: a ping barrier shows nothing else arrived first.
    a.send({ event: 'pusher:ping', data: {} });
    expect((await a.next()).event).toBe('pusher:pong');

    a.send({ event: 'pusher:subscribe', data: { channel: 'public-room' } });
    await a.next((f) => f.event === 'pusher_internal:subscription_succeeded');
    a.send({ event: 'client-typing', channel: 'public-room', data: {} });
    expect((await a.next()).event).toBe('pusher:error');
  });
});

describe('pusher-js with the broadcasting auth endpoint', () => {
  it('subscribes to the own inbox and receives InboxUpdated as broadcastInboxUpdated sends it', async () => {
    const p = await connectPusher(tokens.amina);
    const { channel, outcome } = subscribeOutcome(p, `private-User.${ids.amina}.Inbox`);
    expect(await outcome).toEqual({ ok: true });
    const got = new Promise<unknown>((resolve) => channel.bind('App\\Events\\InboxUpdated', resolve));
    const conversation = { id: ids.convA, title: 'Amina & Yusuf', seen: false };
    broadcastInboxUpdated(s.app, ids.amina, conversation, 3);
    expect(await within(3000, 'InboxUpdated', got)).toEqual({ data: conversation, unread_inbox_count: 3 });
  });

  it("refuses another user's inbox (the endpoint answers 403, pusher-js reports subscription_error)", async () => {
    const p = await connectPusher(tokens.bilal);
    const { outcome } = subscribeOutcome(p, `private-User.${ids.amina}.Inbox`);
    const r = await outcome;
    expect(r.ok).toBe(false);
    expect((r as Refused).error).toMatchObject({ type: 'AuthError', status: 403 });
    expect(s.realtime.stats().channels[`private-User.${ids.amina}.Inbox`]).toBeUndefined();
  });

  it('conversation channels are for members only and carry NewConversationMessage', async () => {
    const member = await connectPusher(tokens.teacher);
    const outsider = await connectPusher(tokens.bilal);
    const name = `private-Conversation.${ids.convA}`;
    const { channel, outcome } = subscribeOutcome(member, name);
    expect(await outcome).toEqual({ ok: true });
    const refused = await subscribeOutcome(outsider, name).outcome;
    expect(refused.ok).toBe(false);
    expect((refused as Refused).error.status).toBe(403);

    const got = new Promise<unknown>((resolve) => channel.bind('App\\Events\\NewConversationMessage', resolve));
    const message = { id: 7, text: 'As-salamu alaykum', client_key: 'k-1' };
    broadcastNewMessage(s.app, ids.convA, message);
    expect(await within(3000, 'NewConversationMessage', got)).toEqual({ data: message });
    // The other conversation's channel got no subscriber and the event went nowhere else.
    expect(s.realtime.stats().channels[name]).toBe(1);
  });

  it('unsubscribe stops delivery', async () => {
    const p = await connectPusher(tokens.amina);
    const name = `private-User.${ids.amina}.Inbox`;
    const { channel, outcome } = subscribeOutcome(p, name);
    expect(await outcome).toEqual({ ok: true });
    const received: unknown[] = [];
    channel.bind('App\\Events\\InboxUpdated', (d: unknown) => received.push(d));
    broadcastInboxUpdated(s.app, ids.amina, { id: 1 }, 1);
    await until('first event', () => received.length === 1);

    p.unsubscribe(name);
    await until('server forgot the subscription', () => s.realtime.stats().channels[name] === undefined);
    // A second client still subscribed proves the event is actually published after the unsubscribe.
    const q = await connectPusher(tokens.amina);
    const other = subscribeOutcome(q, name);
    expect(await other.outcome).toEqual({ ok: true });
    const otherGot = new Promise((resolve) => other.channel.bind('App\\Events\\InboxUpdated', resolve));
    broadcastInboxUpdated(s.app, ids.amina, { id: 1 }, 2);
    await within(3000, 'other client event', otherGot);
    await sleep(100);
    expect(received).toHaveLength(1);
  });

  it('laravel-echo: .private(User.{id}.Inbox).listen(InboxUpdated) gets the Laravel-named event', async () => {
    const echo = new Echo({ broadcaster: 'pusher', Pusher, key: KEY(), ...pusherOptions(tokens.amina) });
    cleanups.push(() => echo.disconnect());
    const subscribed = new Promise<void>((resolve) => echo.private(`User.${ids.amina}.Inbox`).subscribed(() => resolve()));
    const got = new Promise<unknown>((resolve) => echo.private(`User.${ids.amina}.Inbox`).listen('InboxUpdated', resolve));
    const msg = new Promise<unknown>((resolve) => echo.private(`Conversation.${ids.convA}`).listen('NewConversationMessage', resolve));
    await within(3000, 'echo subscribed', subscribed);
    await until('echo on both channels', () => s.realtime.stats().channels[`private-Conversation.${ids.convA}`] === 1);

    broadcastInboxUpdated(s.app, ids.amina, { id: ids.convA }, 5);
    broadcastNewMessage(s.app, ids.convA, { id: 9, text: 'hi' });
    expect(await within(3000, 'echo InboxUpdated', got)).toEqual({ data: { id: ids.convA }, unread_inbox_count: 5 });
    expect(await within(3000, 'echo NewConversationMessage', msg)).toEqual({ data: { id: 9, text: 'hi' } });
  });

  it('laravel-echo .error() hears a refused channel', async () => {
    const echo = new Echo({ broadcaster: 'pusher', Pusher, key: KEY(), ...pusherOptions(tokens.amina) });
    cleanups.push(() => echo.disconnect());
    const err = await within(3000, 'echo error', new Promise<unknown>((resolve) => echo.private(`Conversation.${ids.convB}`).error(resolve)));
    expect(err).toMatchObject({ type: 'AuthError', status: 403 });
  });
});

describe('POST /broadcasting/auth', () => {
  const sid = '1234.5678';

  it('signs the own inbox and member conversations: {auth: "key:hex hmac"} (form with api_token)', async () => {
    const inbox = `private-User.${ids.amina}.Inbox`;
    const r = await authForm(tokens.amina, sid, inbox);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ auth: `${KEY()}:${hmac(sid, inbox)}` });
    const conv = `private-Conversation.${ids.convA}`;
    const t = await authForm(tokens.teacher, sid, conv);
    expect(t.body).toEqual({ auth: `${KEY()}:${hmac(sid, conv)}` });
  });

  it('accepts JSON with a bearer token', async () => {
    const channel = `private-Conversation.${ids.convB}`;
    const r = await s.api('POST', '/broadcasting/auth', { token: tokens.bilal, body: { socket_id: sid, channel_name: channel } });
    expect(r.status).toBe(200);
    expect(r.body.auth).toBe(`${KEY()}:${hmac(sid, channel)}`);
  });

  it('401 without a token or with an unknown one', async () => {
    const channel = `private-User.${ids.amina}.Inbox`;
    expect((await authForm(null, sid, channel)).status).toBe(401);
    const bad = await authForm('not-a-token', sid, channel);
    expect(bad.status).toBe(401);
    expect(bad.body).toEqual({ message: 'Unauthenticated.' });
  });

  it('403 for channels that are not yours', async () => {
    for (const [token, channel] of [
      [tokens.bilal, `private-User.${ids.amina}.Inbox`],
      [tokens.amina, `private-User.${ids.teacher}.Inbox`],
      [tokens.amina, `private-Conversation.${ids.convB}`],
      [tokens.amina, 'private-Conversation.999999'],
      [tokens.amina, `private-User.${ids.amina}`],
      [tokens.amina, 'private-App.Admin'],
      [tokens.amina, `presence-Conversation.${ids.convA}`],
      [tokens.amina, 'public-news'],
    ] as const) {
      const r = await authForm(token, sid, channel);
      expect(r.status, channel).toBe(403);
    }
  });

  it('422 for a malformed socket_id or a missing channel_name', async () => {
    const channel = `private-User.${ids.amina}.Inbox`;
    for (const bad of ['abc', '123', '1.2.3', '12.ab', '']) {
      const r = await authForm(tokens.amina, bad, channel);
      expect(r.status, bad).toBe(422);
      expect(r.body.errors?.socket_id).toBeDefined();
    }
    const r = await s.api('POST', `/broadcasting/auth?api_token=${tokens.amina}`, { body: { socket_id: sid } });
    expect(r.status).toBe(422);
    expect(r.body.errors.channel_name).toBeDefined();
  });
});

describe('socket health and faults (a standalone PusherServer)', () => {
  async function standalone(opts: Partial<ConstructorParameters<typeof PusherServer>[0]>) {
    const server = http.createServer((_req, res) => res.end());
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const rt = new PusherServer({ key: KEY(), secret: s.app.config.pusherSecret, ...opts });
    rt.attach(server);
    const port = (server.address() as AddressInfo).port;
    const close = async () => {
      await rt.close();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    };
    return { rt, port, close };
  }

  it('terminates a socket that never answers pings, keeps one that does', async () => {
    const { rt, port, close } = await standalone({ pingIntervalMs: 80 });
    try {
      // A hand-made WebSocket handshake over TCP that then ignores every frame (a dead peer).
      const dead = net.connect(port, '127.0.0.1');
      dead.write(
        `GET /app/${KEY()}?protocol=7 HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        `Sec-WebSocket-Key: ${crypto.randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      );
      dead.on('data', () => {});
      const deadClosed = new Promise<void>((r) => dead.on('close', () => r()));
      const live = await rawConnected(port);
      await until('both connected', () => rt.stats().connections === 2);
      await within(2000, 'dead socket terminated', deadClosed);
      await sleep(200);
      expect(live.ws.readyState).toBe(WebSocket.OPEN);
      expect(rt.stats().connections).toBe(1);
    } finally {
      await close();
    }
  });

  it('dropSocketRate 1 drops open sockets, and pusher-js reconnects', async () => {
    const { port, close } = await standalone({ dropSocketRate: 1, dropIntervalMs: 150 });
    try {
      const r = await rawConnected(port);
      await within(2000, 'dropped', r.closed);
      const p = new Pusher(KEY(), { ...pusherOptions(tokens.amina, port) });
      cleanups.push(() => p.disconnect());
      const states: string[] = [];
      p.connection.bind('state_change', (st: { current: string }) => states.push(st.current));
      await until('connected, dropped, reconnecting', () => states.includes('connected') && states.lastIndexOf('connecting') > states.indexOf('connected'), 5000);
    } finally {
      await close();
    }
  });

  it('dropSocketRate 0 never drops', async () => {
    const { port, close } = await standalone({ dropSocketRate: 0, dropIntervalMs: 50 });
    try {
      const r = await rawConnected(port);
      await sleep(300);
      expect(r.ws.readyState).toBe(WebSocket.OPEN);
    } finally {
      await close();
    }
  });

  it('close() terminates every socket and refuses new ones', async () => {
    const { rt, port, close } = await standalone({});
    const a = await rawConnected(port);
    const b = await rawConnected(port);
    await rt.close();
    await within(2000, 'both closed', Promise.all([a.closed, b.closed]));
    expect(rt.stats().connections).toBe(0);
    const late = new WebSocket(`ws://127.0.0.1:${port}/app/${KEY()}?protocol=7`);
    const outcome = await within(2000, 'late refused', new Promise<string>((resolve) => {
      late.on('open', () => resolve('open'));
      late.on('unexpected-response', () => resolve('refused'));
      late.on('error', () => resolve('refused'));
    }));
    late.terminate();
    expect(outcome).toBe('refused');
    await close();
  });
});
