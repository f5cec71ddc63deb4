import Pusher from 'pusher-js/worker';
import { echoClientFactory } from './echo.ts';

/** The browser worker's realtime: laravel-echo over pusher-js's worker build. */
export const createEchoClient = echoClientFactory(Pusher);
