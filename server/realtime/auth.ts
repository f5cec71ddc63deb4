import crypto from 'node:crypto';

/** Pusher socket ids are two decimal integers joined by a dot (`123.456`). */
export const SOCKET_ID_RE = /^\d{1,20}\.\d{1,20}$/;

/** Pusher's channel-name alphabet and length limit. */
export const CHANNEL_NAME_RE = /^[A-Za-z0-9_\-=@,.;]{1,164}$/;

/** HMAC-SHA256 (hex) of `socket_id:channel_name` with the app secret: Pusher's private-channel signature. */
export function channelSignature(secret: string, socketId: string, channel: string): string {
  return crypto.createHmac('sha256', secret).update(`${socketId}:${channel}`).digest('hex');
}

/** `key:signature`, the `auth` string a client sends with `pusher:subscribe` for a private channel. */
export function signChannel(key: string, secret: string, socketId: string, channel: string): string {
  return `${key}:${channelSignature(secret, socketId, channel)}`;
}

/** Checks a client's `auth` for a private channel in constant time (for equal lengths). */
export function verifyChannelAuth(key: string, secret: string, socketId: string, channel: string, auth: unknown): boolean {
  if (typeof auth !== 'string') return false;
  const colon = auth.indexOf(':');
  if (colon < 0) return false;
  const givenKey = auth.slice(0, colon);
  const givenSig = auth.slice(colon + 1);
  if (givenKey !== key || !/^[0-9a-f]{64}$/i.test(givenSig)) return false;
  const expected = Buffer.from(channelSignature(secret, socketId, channel), 'hex');
  const actual = Buffer.from(givenSig, 'hex');
  return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
}
