import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestServer, type TestServer } from '../helpers/server.ts';

/**
 * Issue 19, finding 13: one socket could hold unlimited subscriptions (20,000 accepted). A socket
 * now holds at most `maxChannelsPerSocket` (100 by default); past it a subscription is refused with
 * a pusher:error (4301) and a pusher:subscription_error on that channel.
 */

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

/** A Pusher protocol frame as the tests read it (`data` parsed: an error's message and code). */
interface Frame { event: string; channel?: string; data?: { error?: string; code?: number } }

async function connect(): Promise<{ ws: WebSocket; frames: Frame[]; waitFor(n: number, pred: (f: Frame) => boolean): Promise<Frame[]> }> {
  const ws = new WebSocket(`ws://127.0.0.1:${s.port}/app/${s.app.config.pusherKey}?protocol=7`);
  const frames: Frame[] = [];
  ws.on('message', (raw) => frames.push(JSON.parse(String(raw))));
  await new Promise<void>((resolve, reject) => {
    ws.once('error', reject);
    const t = setInterval(() => {
      if (frames.some((f) => f.event === 'pusher:connection_established')) {
        clearInterval(t);
        resolve();
      }
    }, 5);
  });
  return {
    ws,
    frames,
    async waitFor(n, pred) {
      const end = Date.now() + 5000;
      while (frames.filter(pred).length < n) {
        if (Date.now() > end) throw new Error(`waited for ${n} frames, have ${frames.filter(pred).length}`);
        await new Promise((r) => setTimeout(r, 10));
      }
      return frames.filter(pred);
    },
  };
}

const subscribe = (ws: WebSocket, channel: string) => ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel } }));
const unsubscribe = (ws: WebSocket, channel: string) => ws.send(JSON.stringify({ event: 'pusher:unsubscribe', data: { channel } }));

describe('subscriptions per socket', () => {
  it('a socket holds at most 100 channels; past it each subscription is refused', async () => {
    const { ws, waitFor } = await connect();
    try {
      for (let i = 0; i < 250; i++) subscribe(ws, `public-${i}`);
      const ok = await waitFor(100, (f) => f.event === 'pusher_internal:subscription_succeeded');
      const refused = await waitFor(150, (f) => f.event === 'pusher:subscription_error');
      expect(ok.map((f) => f.channel)).toEqual(Array.from({ length: 100 }, (_, i) => `public-${i}`));
      expect(refused[0]).toMatchObject({ channel: 'public-100', data: { type: 'LimitReached', status: 429 } });
      expect(refused[0]!.data?.error).toBe('Too many subscriptions: at most 100 channels per connection');
      const errors = await waitFor(150, (f) => f.event === 'pusher:error');
      expect(errors[0]!.data).toMatchObject({ code: 4301 });
      expect(s.realtime.stats().channels['public-100']).toBeUndefined();
      expect(Object.keys(s.realtime.stats().channels)).toHaveLength(100);

      // Leaving a channel frees its slot; subscribing again to a held channel takes none.
      unsubscribe(ws, 'public-0');
      subscribe(ws, 'public-1');
      subscribe(ws, 'public-500');
      await waitFor(102, (f) => f.event === 'pusher_internal:subscription_succeeded');
      expect(s.realtime.stats().channels['public-500']).toBe(1);
    } finally {
      ws.terminate();
    }
  });

  it('the cap is per socket: another socket has its own', async () => {
    const a = await connect();
    const b = await connect();
    try {
      for (let i = 0; i < 100; i++) subscribe(a.ws, `a-${i}`);
      await a.waitFor(100, (f) => f.event === 'pusher_internal:subscription_succeeded');
      subscribe(b.ws, 'a-0');
      const [ok] = await b.waitFor(1, (f) => f.event === 'pusher_internal:subscription_succeeded');
      expect(ok!.channel).toBe('a-0');
    } finally {
      a.ws.terminate();
      b.ws.terminate();
    }
  });
});
