import type { en } from './en/index.ts';
import type { IcuArgs } from './icu-types.ts';

export type English = typeof en;
/** Every message id: a key missing from a catalogue, or a wrong id at a call, is a type error. */
export type MessageId = keyof English;
/** The arguments a message takes, read from its English text. */
export type MessageArgs<K extends MessageId> = IcuArgs<English[K]>;
/** Another language's catalogue: every id, nothing else (area files check with `satisfies AreaOf<…>`). */
export type Catalogue = { readonly [K in MessageId]: string };
export type AreaOf<T> = { readonly [K in keyof T]: string };
