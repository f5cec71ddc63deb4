import type { User } from '../../../db/entities.ts';
import { getEngine } from '../../lib/engine/connect.ts';
import { mutate } from '../../lib/engine/mutation.ts';
import { browserTimezone } from '../settings/index.ts';

export interface AuthReply {
  token?: string | null;
  user?: User | null;
  verification?: string | null;
}

/** A login or registration reply counts only with a token and a user (spec: no token is a failure). */
export const hasSession = (r: unknown): r is { token: string; user: User } =>
  !!r && typeof r === 'object' && typeof (r as AuthReply).token === 'string' && !!(r as AuthReply).token && !!(r as AuthReply).user;

/**
 * Hands the new session to the engine, then sends the browser's timezone when it differs from the
 * account's (a quick, replayable-safe update; its failure does not undo the sign-in).
 */
export async function completeSignIn(token: string, user: User): Promise<void> {
  await getEngine().signIn(token, user);
  const tz = browserTimezone();
  if (tz && tz !== user.timezone) void mutate('updateTimezone', { timezone: tz });
}
