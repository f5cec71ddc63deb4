/**
 * The values the spec names for its statuses and types. They are open sets: "Unknown values show
 * as they are" (both specs, section 4), so a reply may carry others (db/entities.ts lets any text
 * through) and the screens give the known ones their label and colour and show any other as its
 * own text in a neutral colour. No zod here: the screens import it.
 */

/** Shell spec section 4: Class status. */
export const CLASS_STATUSES = ['scheduled', 'running', 'expired'] as const;
/** Shell spec section 4: the class flags shown as its full status. */
export const FULL_STATUSES = ['scheduled', 'running', 'expired', 'missed', 'absent', 'canceled'] as const;
/** Shell spec section 4: payment_status. */
export const PAYMENT_STATUSES = ['trial', 'paid', 'credits-not-enough'] as const;
/** A reschedule request's answer; a listed request waits for one (shell spec 2.5/2.6). */
export const RESCHEDULE_STATUSES = ['pending', 'approved', 'rejected'] as const;
/** Messaging spec section 3: Message type. */
export const MESSAGE_TYPES = ['text', 'image', 'audio', 'video'] as const;
/** The recharge flows (messaging spec section 4, Recharge): the manual gateway and the card provider. */
export const PAYMENT_METHOD_TYPES = ['manual', 'card'] as const;

/** One of `known`, or any other text (keeps the known ones for type-checking and autocompletion). */
export type Open<T extends readonly string[]> = T[number] | (string & {});

/** Whether an open value is one the spec names. */
export const isKnown = <const T extends readonly string[]>(known: T, v: unknown): v is T[number] => typeof v === 'string' && known.includes(v);
