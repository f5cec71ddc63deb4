import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { localiseValidation, replyLocale } from './i18n.ts';

/** The business codes of the spec, sent as `400 {code, message}`; clients decide by `code`. */
export const BusinessCode = {
  LIMIT_EXCEEDED: 'LIMIT_EXCEEDED',
  MAX_BORROW_AMOUNT_EXCEEDED: 'MAX_BORROW_AMOUNT_EXCEEDED',
  BORROW_NOT_ALLOWED: 'BORROW_NOT_ALLOWED',
  NO_ENOUGH_CREDITS: 'NO_ENOUGH_CREDITS',
  CLASS_LOCKED: 'CLASS_LOCKED',
  NOT_ALLOWED: 'NOT_ALLOWED',
  CARD_DECLINED: 'CARD_DECLINED',
} as const;
export type BusinessCode = (typeof BusinessCode)[keyof typeof BusinessCode];

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    /** Extra reply headers (`Retry-After` on a 429, `Connection: close` when the body was left unread). */
    readonly headers: Record<string, string> = {},
    /**
     * The reply is sent at once but ends only when this settles (a 413 whose client is still sending:
     * the rest of its body is read first, lib/body.ts), so the connection is not closed under it.
     */
    readonly hold?: Promise<void>,
  ) {
    super(String(body.message ?? status));
  }
}

export const unauthorized = () => new ApiError(401, { message: 'Unauthenticated.' });
export const forbidden = () => new ApiError(403, { message: 'Forbidden.' });
export const notFound = () => new ApiError(404, { message: 'Not found.' });
export const business = (code: BusinessCode, status = 400) => new ApiError(status, { code, message: code });

/** Laravel-shaped validation error: `422 {message, errors: {field: [msg]}}`. */
export function validation(errors: Record<string, string[]>): ApiError {
  const first = Object.values(errors).find((m) => m.length > 0)?.[0] ?? 'The given data was invalid.';
  return new ApiError(422, { message: first, errors });
}
export const invalid = (field: string, message: string) => validation({ [field]: [message] });

export function onError(err: Error, c: Context) {
  if (err instanceof ApiError) {
    for (const [k, v] of Object.entries(err.headers)) c.header(k, v);
    if (err.hold) {
      const bytes = new TextEncoder().encode(JSON.stringify(err.body));
      const hold = err.hold;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(bytes);
          void hold.then(() => {
            try {
              controller.close();
            } catch {
              /* the reply was dropped already (the client went) */
            }
          });
        },
      });
      return c.body(body, err.status as 413, { 'Content-Type': 'application/json', 'Content-Length': String(bytes.length) });
    }
    if (err.status === 422) {
      // Validation messages in the language asked (Accept-Language; server/lib/i18n.ts).
      return c.json(localiseValidation(err.body, replyLocale(c)), 422);
    }
    return c.json(err.body, err.status as 400);
  }
  if (err instanceof HTTPException) return err.getResponse();
  if (err instanceof SyntaxError) return c.json({ message: 'Malformed JSON body.' }, 400);
  console.error('[server] unhandled', err);
  return c.json({ message: 'Server Error' }, 500);
}
