import Echo from 'laravel-echo';
import Pusher from 'pusher-js/worker';
import type { RealtimeClient, RealtimeFactory, RealtimeState } from './realtime-client.ts';

const stateOf = (s: string): RealtimeState => (s === 'connected' ? 'connected' : s === 'connecting' || s === 'initialized' ? 'connecting' : 'disconnected');

/**
 * laravel-echo over pusher-js's worker build. Echo is given the Pusher class (there is no
 * `window.Pusher` in a worker). pusher-js keeps channel subscriptions across disconnect/connect,
 * so going offline and back resubscribes by itself.
 */
export const createEchoClient: RealtimeFactory = ({ ws, authEndpoint, pageHost }) => {
  const host = ws.host || pageHost;
  const echo = new Echo({
    broadcaster: 'pusher',
    Pusher,
    key: ws.key,
    cluster: ws.cluster,
    wsHost: host,
    wsPort: ws.port,
    wssPort: ws.port,
    forceTLS: ws.forceTLS,
    enabledTransports: ['ws', 'wss'],
    disableStats: true,
    authEndpoint,
    withoutInterceptors: true,
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const pusher = (echo.connector as any).pusher as { connection: { bind(e: string, cb: (x: any) => void): void; state: string }; connect(): void; disconnect(): void };
  const listeners: ((s: RealtimeState) => void)[] = [];
  pusher.connection.bind('state_change', ({ current }: { current: string }) => {
    for (const l of listeners) l(stateOf(current));
  });
  const client: RealtimeClient = {
    listen: (channel, event, handler) => void echo.private(channel).listen(event, handler),
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
