import type { ChannelLike } from '../../../worker/coordination/locks.ts';

type Listener = (ev: { data: unknown }) => void;

/** BroadcastChannel in one process: a message reaches every other channel of the same name, later, as a copy. */
export class ChannelHub {
  private readonly channels = new Map<string, Set<FakeChannel>>();

  channel = (name: string): ChannelLike => {
    const c = new FakeChannel(this, name);
    let set = this.channels.get(name);
    if (!set) this.channels.set(name, (set = new Set()));
    set.add(c);
    return c;
  };

  deliver(from: FakeChannel, name: string, data: unknown) {
    const copy = structuredClone(data);
    setTimeout(() => {
      for (const c of this.channels.get(name) ?? []) if (c !== from) c.emit(copy);
    }, 0);
  }

  drop(c: FakeChannel, name: string) {
    this.channels.get(name)?.delete(c);
  }
}

class FakeChannel implements ChannelLike {
  private readonly listeners = new Set<Listener>();
  constructor(private readonly hub: ChannelHub, private readonly name: string) {}
  postMessage(msg: unknown) {
    this.hub.deliver(this, this.name, msg);
  }
  addEventListener(_t: 'message', cb: Listener) {
    this.listeners.add(cb);
  }
  removeEventListener(_t: 'message', cb: Listener) {
    this.listeners.delete(cb);
  }
  close() {
    this.hub.drop(this, this.name);
  }
  emit(data: unknown) {
    for (const l of this.listeners) l({ data });
  }
}
