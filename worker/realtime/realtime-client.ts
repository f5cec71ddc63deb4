import type { EventNamesMode } from '../../db/app-config.ts';
import type { WsConfig } from '../../db/entities.ts';

export type RealtimeState = 'connected' | 'connecting' | 'disconnected';

/**
 * The realtime socket as the engine needs it. Channel names are Laravel's, without the
 * `private-` prefix (`User.42.Inbox`); event names without the `App\Events\` namespace.
 */
export interface RealtimeClient {
  listen(channel: string, event: string, handler: (data: unknown) => void): void;
  /**
   * Calls `cb` each time the channel's subscription ends: `true` when the server will deliver its
   * events from now on (again after every reconnection), `false` when it was refused or its
   * authorization request failed (the client does not try again by itself while the socket stays up).
   */
  onSubscription(channel: string, cb: (ok: boolean) => void): void;
  leave(channel: string): void;
  /** Drops the socket at once (a tab said the network is gone: the worker build cannot tell). */
  disconnect(): void;
  connect(): void;
  onState(cb: (state: RealtimeState) => void): void;
  destroy(): void;
}

export interface RealtimeOptions {
  /** The backend's WsConfig with config.json's overrides applied (conventions.ts `mergeWsConfig`). */
  ws: WsConfig & { path?: string };
  /** Absolute URL of the broadcasting auth endpoint, with what it is sent (conventions.ts `channelAuth`). */
  authEndpoint: string;
  authHeaders: Record<string, string>;
  /** How events are named: `class` (default) or `alias` (`broadcastAs()`, listened to with a leading dot). */
  eventNames?: EventNamesMode;
  /** Host used when WsConfig.host is empty and no cluster is given: the page's host. */
  pageHost: string;
}

export type RealtimeFactory = (o: RealtimeOptions) => RealtimeClient;
