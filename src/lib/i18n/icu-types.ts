/**
 * The arguments of an ICU message, read from its English text at the type level, so a missing or
 * misspelt argument, or a string where a plural needs a number, is a type error at the call.
 *
 * What it reads: `{name}` (string or number), `{n, number}` / `{n, plural, …}` / `{n, selectordinal, …}`
 * (number), `{d, date}` / `{d, time}` (Date or epoch ms), `{x, select, …}` (string). The bodies of
 * plural and select options (`one {…}`, `other {…}`, `=0 {…}`) are not arguments; arguments nested in
 * them (`other {# days with {name}}`) are.
 */
type Trim<S extends string> = S extends ` ${infer R}` | `\n${infer R}` ? Trim<R> : S extends `${infer R} ` | `${infer R}\n` ? Trim<R> : S;
type LastWord<S extends string> = S extends `${string} ${infer R}` ? LastWord<R> : S extends `${string}}${infer R}` ? LastWord<R> : S;
type OptionKey = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other' | `=${number}`;

type KindType<K extends string> = K extends 'number' | 'plural' | 'selectordinal'
  ? number
  : K extends 'date' | 'time'
    ? Date | number
    : K extends 'select'
      ? string
      : string | number;

/** `name` or `name, kind, …` up to the first `}`: [name, its type]. */
type ArgOf<Rest extends string> = Rest extends `${infer Inside}}${string}`
  ? Inside extends `${infer N},${infer K}`
    ? { [P in Trim<N>]: KindType<Trim<K> extends `${infer W},${string}` ? Trim<W> : Trim<K>> }
    : Inside extends `${string}{${string}`
      ? never
      : { [P in Trim<Inside>]: string | number }
  : never;

type Walk<S extends string, Acc = unknown> = S extends `${infer Head}{${infer Rest}`
  ? LastWord<Trim<Head>> extends OptionKey
    ? Walk<Rest, Acc>
    : Walk<Rest, Acc & ArgOf<Rest>>
  : Acc;

type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** `{}` for a message without arguments. */
export type IcuArgs<S extends string> = Simplify<Walk<S>>;
