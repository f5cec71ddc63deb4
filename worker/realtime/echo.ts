import Echo from 'laravel-echo';
import { socketOptions } from './conventions.ts';
import type { RealtimeClient, RealtimeFactory, RealtimeState } from './realtime-client.ts';

const stateOf = (s: string): RealtimeState => (s === 'connected' ? 'connected' : s === 'connecting' || s === 'initialized' ? 'connecting' : 'disconnected');

interface PusherLike {
  connection: { bind(e: string, cb: (x: { current: string }) => void): void };
  connect(): void;
  disconnect(): void;
}

/**
 * A RealtimeClient over laravel-echo with the given Pusher class (the worker build in a browser,
 * the Node build in tests): Echo is handed the class since a worker has no `window.Pusher`.
 * pusher-js keeps channel subscriptions across disconnect/connect, so going offline and back
 * resubscribes by itself.
 */
export function echoClientFactory(Pusher: unknown): RealtimeFactory {
  return ({ ws, authEndpoint, authHeaders, pageHost }) => {
    const echo = new Echo({
      broadcaster: 'pusher',
      Pusher: Pusher as never,
      ...socketOptions(ws, pageHost),
      enabledTransports: ['ws', 'wss'],
      disableStats: true,
      authEndpoint,
      auth: { headers: authHeaders },
      withoutInterceptors: true,
    });
    const pusher = (echo.connector as unknown as { pusher: PusherLike }).pusher;
    const listeners: ((s: RealtimeState) => void)[] = [];
    pusher.connection.bind('state_change', ({ current }) => {
      for (const l of listeners) l(stateOf(current));
    });
    const client: RealtimeClient = {
      listen: (channel, event, handler) => void echo.private(channel).listen(event, handler),
      onSubscription: (channel, cb) => void echo.private(channel).subscribed(() => cb(true)).error(() => cb(false)),
      leave: (channel) => echo.leave(channel),
      disconnect: () => pusher.disconnect(),
      connect: () => pusher.connect(),
      onState: (cb) => void listeners.push(cb),
      destroy: () => {
        listeners.length = 0;
        echo.disconnect();
      },
    };
    return client;
  };
}
