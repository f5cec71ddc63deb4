import type { RealtimeClient, RealtimeFactory, RealtimeState } from '../../../worker/realtime/realtime-client.ts';

interface FakeChannel {
  handlers: Map<string, ((data: unknown) => void)[]>;
  outcome: ((ok: boolean) => void)[];
  subscribed: boolean;
}

/**
 * A realtime socket the test drives by hand, in the order it chooses: the connection's state, each
 * channel's subscription (and whether it succeeds), and which events reach the engine. An event is
 * delivered only to a channel subscribed at that moment, as a Pusher server does: what is sent while
 * the socket is down or before the channel is subscribed again is lost.
 */
export class FakeSocket implements RealtimeClient {
  private state: RealtimeState = 'connecting';
  private readonly states: ((s: RealtimeState) => void)[] = [];
  private readonly channels = new Map<string, FakeChannel>();
  /** How many times each channel was joined (a join after `leave` is a new subscription attempt). */
  readonly joins = new Map<string, number>();
  destroyed = false;

  listen(channel: string, event: string, handler: (data: unknown) => void): void {
    const c = this.channel(channel);
    c.handlers.set(event, [...(c.handlers.get(event) ?? []), handler]);
  }
  onSubscription(channel: string, cb: (ok: boolean) => void): void {
    this.channel(channel).outcome.push(cb);
  }
  leave(channel: string): void {
    this.channels.delete(channel);
  }
  disconnect(): void {
    this.drop('disconnected');
  }
  connect(): void {
    this.up();
  }
  onState(cb: (s: RealtimeState) => void): void {
    this.states.push(cb);
  }
  destroy(): void {
    this.destroyed = true;
    this.states.length = 0;
    this.channels.clear();
  }

  // ---- the test's side ----

  /** The socket is (again) connected; its channels are not subscribed yet. */
  up(): void {
    this.setState('connected');
  }
  /** The socket drops: every channel is deaf until subscribed again. */
  drop(state: RealtimeState = 'connecting'): void {
    for (const c of this.channels.values()) c.subscribed = false;
    this.setState(state);
  }
  /** The server answers the channel's (re)subscription. */
  subscribe(channel: string, ok = true): void {
    const c = this.channels.get(channel);
    if (!c) throw new Error(`nobody joined ${channel}`);
    c.subscribed = ok;
    for (const cb of [...c.outcome]) cb(ok);
  }
  /** Every joined channel subscribed (again). */
  subscribeAll(): void {
    for (const name of [...this.channels.keys()]) this.subscribe(name);
  }
  joined(channel: string): boolean {
    return this.channels.has(channel);
  }
  /** The server sends an event; answers whether it reached the engine. */
  send(channel: string, event: string, data: unknown): boolean {
    const c = this.channels.get(channel);
    if (!c?.subscribed || this.state !== 'connected') return false;
    for (const h of c.handlers.get(event) ?? []) h(structuredClone(data));
    return true;
  }

  private channel(name: string): FakeChannel {
    let c = this.channels.get(name);
    if (!c) {
      this.channels.set(name, (c = { handlers: new Map(), outcome: [], subscribed: false }));
      this.joins.set(name, (this.joins.get(name) ?? 0) + 1);
    }
    return c;
  }

  private setState(s: RealtimeState) {
    if (s === this.state) return;
    this.state = s;
    for (const cb of [...this.states]) cb(s);
  }
}

/** A RealtimeFactory handing out FakeSockets; `current` is the engine's newest one. */
export function fakeRealtime() {
  const sockets: FakeSocket[] = [];
  const factory: RealtimeFactory = () => {
    const s = new FakeSocket();
    sockets.push(s);
    return s;
  };
  return {
    factory,
    sockets,
    get current(): FakeSocket {
      const s = sockets.at(-1);
      if (!s) throw new Error('the engine has no realtime socket');
      return s;
    },
  };
}
