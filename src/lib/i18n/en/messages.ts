import { MESSAGES, type MessageKey } from '../../../../db/messages.ts';

type Prefixed = { readonly [K in MessageKey as `msg.${K}`]: (typeof MESSAGES)[K] };

/**
 * The message catalogue of db/messages.ts (the spec's wording, exactly) under `msg.<key>`, and the
 * catalogue's worded-by-function messages as ICU (their db/ functions stay for the worker's English).
 */
export const messages = {
  ...(Object.fromEntries(Object.entries(MESSAGES).map(([k, v]) => [`msg.${k}`, v])) as Prefixed),
  'msg.snappedTime': '{used} used instead of {instead}',
  'msg.keptChanges':
    '{n, plural, one {# change is waiting to be sent. Sign in again to send it.} other {# changes are waiting to be sent. Sign in again to send them.}}',
  'msg.minRecharge': 'Cannot recharge less than {min}$',
} as const;
