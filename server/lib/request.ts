import type { Context } from 'hono';
import type { z } from 'zod';
import { validation, ApiError } from './errors.ts';

/** Reads a JSON or form body (multipart included) as a plain object; an empty body is `{}`. */
export async function readBody(c: Context): Promise<Record<string, unknown>> {
  const type = c.req.header('content-type') ?? '';
  if (type.includes('multipart/form-data') || type.includes('application/x-www-form-urlencoded')) {
    const form = await c.req.parseBody({ all: true });
    return form as Record<string, unknown>;
  }
  const text = await c.req.text();
  if (!text.trim()) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError(400, { message: 'Malformed JSON body.' });
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ApiError(400, { message: 'The body must be a JSON object.' });
  }
  return parsed as Record<string, unknown>;
}

/** Validates with zod and turns its issues into a Laravel-shaped 422 (first message per field first). */
export function validate<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const r = schema.safeParse(input);
  if (r.success) return r.data;
  const errors: Record<string, string[]> = {};
  for (const issue of r.error.issues) {
    const field = issue.path.length ? issue.path.join('.') : '_';
    (errors[field] ??= []).push(issue.message);
  }
  throw validation(errors);
}

export async function body<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  return validate(schema, await readBody(c));
}

/** A positive integer path parameter, or 404. */
export function idParam(c: Context, name = 'id'): number {
  const v = c.req.param(name);
  if (!v || !/^\d{1,12}$/.test(v)) throw new ApiError(404, { message: 'Not found.' });
  return Number(v);
}

/** Absolute URL of this request with some query parameters replaced: what `links.next` carries. */
export function urlWith(c: Context, params: Record<string, string | number | null>): string {
  const u = new URL(c.req.url);
  for (const [k, v] of Object.entries(params)) {
    if (v === null) u.searchParams.delete(k);
    else u.searchParams.set(k, String(v));
  }
  return u.toString();
}

/** Laravel-style page envelope for an offset-paged query. */
export function paged<T>(c: Context, rows: T[], page: number, perPage: number, total: number) {
  const hasNext = page * perPage < total;
  return {
    data: rows,
    links: { next: hasNext ? urlWith(c, { page: page + 1 }) : null },
    meta: { current_page: page, per_page: perPage, total },
  };
}

export function pageParam(c: Context): number {
  const p = Number(c.req.query('page') ?? '1');
  return Number.isInteger(p) && p >= 1 && p <= 1_000_000 ? p : 1;
}
