import type { Server } from 'node:http';
import type { Broadcaster } from '../lib/context.ts';

export interface PusherServerOptions {
  key: string;
  secret: string;
  /** Share (0..1) of sockets the server drops at random, for fault-injection tests. */
  dropSocketRate?: number;
}

/**
 * A Pusher-protocol (v7) server over `ws`, on the HTTP server's port at `/app/{key}`.
 * TODO(realtime helper): implement. This stub only keeps the rest of the server compiling.
 */
export class PusherServer implements Broadcaster {
  constructor(readonly opts: PusherServerOptions) {}
  attach(_server: Server): void {}
  publish(_channel: string, _event: string, _data: unknown): void {}
  /** `key:hmac-sha256(socket_id:channel_name)` as Pusher private-channel auth. */
  sign(_socketId: string, _channel: string): string {
    return '';
  }
  async close(): Promise<void> {}
}
