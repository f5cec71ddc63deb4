import { Hono } from 'hono';
import type { AuthUser, Env } from '../lib/context.ts';
import { bearerOf, userByToken } from '../lib/auth.ts';
import { forbidden, unauthorized, validation } from '../lib/errors.ts';
import { readBody } from '../lib/request.ts';
import type { DB } from '../db/index.ts';
import type { PusherServer } from '../realtime/pusher-server.ts';
import { CHANNEL_NAME_RE, SOCKET_ID_RE, signChannel } from '../realtime/auth.ts';

export const broadcastingRoutes = new Hono<Env>();

/**
 * Who may listen where, as Laravel's routes/channels.php would say it (names without `private-`):
 * `User.{id}.Inbox` only that user; `Conversation.{id}` only its members. Anything else is refused.
 */
function canJoin(db: DB, user: AuthUser, channel: string): boolean {
  if (!channel.startsWith('private-')) return false;
  const name = channel.slice('private-'.length);
  let m = /^User\.(\d{1,12})\.Inbox$/.exec(name);
  if (m) return Number(m[1]) === user.id;
  m = /^Conversation\.(\d{1,12})$/.exec(name);
  if (m) {
    return !!db.prepare('SELECT 1 FROM conversation_members WHERE conversation_id = ? AND user_id = ?').get(Number(m[1]), user.id);
  }
  return false;
}

/**
 * `POST /broadcasting/auth?api_token=`: pusher-js's channel authorisation. The token comes as the
 * `api_token` query parameter (what the client does), a form/JSON field, or a bearer header.
 * Body (form-urlencoded as pusher-js sends it, or JSON): `socket_id`, `channel_name`.
 */
broadcastingRoutes.post('/broadcasting/auth', async (c) => {
  const app = c.get('app');
  const input = await readBody(c);
  const field = (k: string) => {
    const v = input[k];
    return typeof v === 'string' ? v : Array.isArray(v) && typeof v[0] === 'string' ? v[0] : undefined;
  };
  const token = c.req.query('api_token') || field('api_token') || bearerOf(c);
  const user = userByToken(app.db, token);
  if (!user) throw unauthorized();

  const socketId = field('socket_id');
  const channel = field('channel_name');
  const errors: Record<string, string[]> = {};
  if (!socketId) errors.socket_id = ['The socket id field is required.'];
  else if (!SOCKET_ID_RE.test(socketId)) errors.socket_id = ['The socket id format is invalid.'];
  if (!channel) errors.channel_name = ['The channel name field is required.'];
  else if (!CHANNEL_NAME_RE.test(channel)) errors.channel_name = ['The channel name format is invalid.'];
  if (Object.keys(errors).length) throw validation(errors);

  if (!canJoin(app.db, user, channel!)) throw forbidden();
  // The realtime server signs (it holds the key and secret); a fake broadcaster in tests falls back to the config.
  const signer = app.broadcaster as Partial<Pick<PusherServer, 'sign'>>;
  const auth = typeof signer.sign === 'function'
    ? signer.sign(socketId!, channel!)
    : signChannel(app.config.pusherKey, app.config.pusherSecret, socketId!, channel!);
  return c.json({ auth });
});
