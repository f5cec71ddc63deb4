import { Readable, type Writable } from 'node:stream';
import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import busboy from 'busboy';
import type { AppContext, Env } from './context.ts';
import { ApiError } from './errors.ts';

/**
 * Request bodies, read with limits before anything parses them (issue 19):
 * - outside the upload routes a body is read into memory only up to `maxBodyBytes` (256 KiB): a
 *   larger `Content-Length` is refused before a byte is read, a chunked body is cut where it passes
 *   the limit; both answer `413` (below);
 * - the upload routes (an image message, a manual payment's attachment) stream the multipart body
 *   through a parser that keeps at most `maxUploadBytes` (5 MiB) of a file and stops keeping the
 *   request at `maxUploadBytes + 64 KiB` (`413`);
 * - malformed JSON, multipart or UTF-8 answers `400` with a message, never `500`;
 * - a `413` is answered at once, and then the rest of the body is read and thrown away (up to
 *   `DRAIN_BYTES`, with no pause longer than `DRAIN_IDLE_MS`) before the reply is finished, so the
 *   client, still sending, receives it: closing on a body left unread resets the connection, and
 *   fetch or node:http then report a network error instead of the 413 (issue 29: from another
 *   process a 6 MB image got its 413 5 times out of 10). A body announced or going past that bound is cut: the reply says
 *   `Connection: close` (when it is still to be sent) and the connection is closed once it is out.
 */

export const DEFAULT_MAX_BODY_BYTES = 256 * 1024;
export const DEFAULT_MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Room for the form fields and the multipart framing around an upload. */
export const FORM_OVERHEAD_BYTES = 64 * 1024;
/** A multipart text field (not a file) may hold this much. */
const MAX_FIELD_BYTES = 64 * 1024;

export const maxBodyBytes = (app: AppContext) => app.config.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
export const maxUploadBytes = (app: AppContext) => app.config.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES;

/** The routes that take a file: their multipart body streams instead of being read first. */
const UPLOAD_ROUTES: [string, RegExp][] = [
  ['POST', /^\/api\/conversations\/\d+\/?$/],
  ['POST', /^\/api\/wallet\/recharge\/ebmgateway\/?$/],
];
export const isUploadRoute = (method: string, path: string) => UPLOAD_ROUTES.some(([m, re]) => m === method && re.test(path));

/** After a `413`, at most this much more of the body is read (and thrown away) so the client gets its reply. */
export const DRAIN_BYTES = 32 * 1024 * 1024;
/** ... and the client may pause this long between two pieces of it. */
export const DRAIN_IDLE_MS = 5000;

const kib = (n: number) => `${Math.round(n / 1024)} kilobytes`;
const tooLargeBody = (limit: number) => ({ message: `The request body is too large: at most ${kib(limit)}.` });

/**
 * `413`. With `c`, the rest of the body (`left` bytes, when known) is read and thrown away before the
 * reply ends (`ApiError.hold`, see `onError`); past `DRAIN_BYTES`, or without `c`, the connection closes.
 */
export function tooLarge(limit: number, c?: Context, left?: number): ApiError {
  const incoming = c && incomingOf(c);
  if (!incoming || (left !== undefined && left > DRAIN_BYTES)) {
    if (incoming) closeAfterReply(c!, incoming);
    return new ApiError(413, tooLargeBody(limit), { Connection: 'close' });
  }
  return new ApiError(413, tooLargeBody(limit), {}, discardRest(c!, incoming));
}

const incomingOf = (c: Context): IncomingMessage | undefined => {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return incoming && typeof incoming.on === 'function' ? incoming : undefined;
};

/** Closes the connection once the reply is out (or at once when it already is). */
function closeAfterReply(c: Context, incoming: IncomingMessage): void {
  const outgoing = (c.env as { outgoing?: import('node:http').ServerResponse } | undefined)?.outgoing;
  const close = () => incoming.socket?.destroy();
  if (outgoing && !outgoing.writableFinished && !outgoing.destroyed) {
    outgoing.once('finish', close);
    outgoing.once('close', close);
  } else close();
}

/**
 * Reads the rest of the request and throws it away; resolves when it ended (or the client went), or
 * when it went past `DRAIN_BYTES` or paused longer than `DRAIN_IDLE_MS`: then the connection is
 * closed once the reply is out.
 */
function discardRest(c: Context, incoming: IncomingMessage): Promise<void> {
  if (incoming.readableEnded || incoming.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let read = 0;
    let timer: NodeJS.Timeout | undefined;
    const finish = (cut: boolean) => {
      clearTimeout(timer);
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('error', onEnd);
      incoming.off('close', onEnd);
      if (cut) closeAfterReply(c, incoming);
      resolve();
    };
    const idle = () => {
      clearTimeout(timer);
      timer = setTimeout(() => finish(true), DRAIN_IDLE_MS);
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > DRAIN_BYTES) finish(true);
      else idle();
    };
    const onEnd = () => finish(false);
    incoming.on('data', onData);
    incoming.on('end', onEnd);
    incoming.on('error', onEnd);
    incoming.on('close', onEnd);
    idle();
    incoming.resume();
  });
}
const malformed = (message: string) => new ApiError(400, { message });

type BodyState = { limit: number; raw?: Buffer };
const states = new WeakMap<Request, BodyState>();

/**
 * Mounted first on every route: refuses a declared body over the limit at once, and reads any other
 * body (but an upload route's multipart one) up to the limit, so no route ever holds more.
 */
export function bodyLimits(): MiddlewareHandler<Env> {
  return async (c, next) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return next();
    const app = c.get('app');
    const upload = isUploadRoute(method, c.req.path) && isMultipart(c);
    const limit = upload ? maxUploadBytes(app) + FORM_OVERHEAD_BYTES : maxBodyBytes(app);
    const declared = c.req.header('content-length');
    if (declared !== undefined && !c.req.header('transfer-encoding')) {
      if (!/^\d{1,15}$/.test(declared.trim())) throw malformed('The Content-Length header is not valid.');
      if (Number(declared) > limit) throw tooLarge(limit, c, Number(declared));
    }
    const state: BodyState = { limit };
    if (!upload) state.raw = await readAll(c, limit);
    states.set(c.req.raw, state);
    return next();
  };
}

/** The body as read by `bodyLimits` (every body but an upload route's multipart one, which streams). */
export const rawBodyOf = (c: Context): Buffer | undefined => states.get(c.req.raw)?.raw;

const isMultipart = (c: Context) => (c.req.header('content-type') ?? '').toLowerCase().includes('multipart/form-data');

/** The request's body as a Node stream: the socket's IncomingMessage under @hono/node-server, else the Request's stream. */
function sourceOf(c: Context): Readable | null {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming && typeof incoming.on === 'function') return incoming;
  const body = c.req.raw.body;
  return body ? Readable.fromWeb(body as import('node:stream/web').ReadableStream) : null;
}

/**
 * Feeds `src` into `onChunk` until it ends; past `limit` bytes it rejects with a 413 and stops
 * keeping what it reads (`tooLarge` throws the rest away). `sink` (optional) gets the chunks with back-pressure.
 */
function pump(c: Context, src: Readable, limit: number, onChunk: (b: Buffer) => void, sink?: Writable): Promise<void> {
  return new Promise((resolve, reject) => {
    let size = 0;
    let done = false;
    const finish = (err?: unknown) => {
      if (done) return;
      done = true;
      src.off('data', onData);
      src.off('end', onEnd);
      src.off('error', onErr);
      src.off('close', onClose);
      if (err) reject(err);
      else resolve();
    };
    const onData = (chunk: Buffer | string) => {
      const b = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += b.length;
      if (size > limit) return finish(tooLarge(limit, src === incomingOf(c) ? c : undefined));
      onChunk(b);
      if (sink && !sink.write(b)) {
        src.pause();
        sink.once('drain', () => !done && src.resume());
      }
    };
    const onEnd = () => finish();
    const onErr = () => finish(malformed('The request body could not be read.'));
    const onClose = () => {
      if (!src.readableEnded) finish(malformed('The request body ended early.'));
    };
    src.on('data', onData);
    src.on('end', onEnd);
    src.on('error', onErr);
    src.on('close', onClose);
    if (src.readableEnded) finish();
    else src.resume();
  });
}

async function readAll(c: Context, limit: number): Promise<Buffer> {
  const src = sourceOf(c);
  if (!src) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let size = 0;
  await pump(c, src, limit, (b) => {
    chunks.push(b);
    size += b.length;
  });
  return Buffer.concat(chunks, size);
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
function decodeUtf8(buf: Buffer): string {
  try {
    return utf8.decode(buf);
  } catch {
    throw malformed('The request body is not valid UTF-8.');
  }
}

/** A value of a form: repeated keys become arrays, as Hono's `parseBody({all: true})`. */
function put(out: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__' || key === 'constructor' || key === 'prototype') return;
  if (!Object.hasOwn(out, key)) out[key] = value;
  else if (Array.isArray(out[key])) (out[key] as unknown[]).push(value);
  else out[key] = [out[key], value];
}

/** A file whose bytes past the limit were dropped: its `size` is what was sent (more than the limit). */
class OversizedFile extends File {
  readonly #size: number;
  constructor(name: string, type: string, size: number) {
    super([], name, { type });
    this.#size = size;
  }
  override get size(): number {
    return this.#size;
  }
}

async function readMultipart(c: Context, state: BodyState, fileLimit: number): Promise<Record<string, unknown>> {
  const headers = { 'content-type': c.req.header('content-type') ?? '' };
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers,
      limits: { fileSize: fileLimit + 1, fieldSize: MAX_FIELD_BYTES, fields: 50, files: 5, parts: 60 },
      defParamCharset: 'utf8',
    });
  } catch {
    throw malformed('Malformed multipart body.');
  }
  const out: Record<string, unknown> = {};
  const pending: Promise<void>[] = [];
  let fieldTooLarge = false;
  const parsed = new Promise<void>((resolve, reject) => {
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated || info.nameTruncated) fieldTooLarge = true;
      else put(out, name, value);
    });
    parser.on('file', (name, stream, info) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let kept = 0;
      pending.push(
        new Promise<void>((done) => {
          stream.on('data', (b: Buffer) => {
            size += b.length;
            if (kept + b.length <= fileLimit) {
              chunks.push(b);
              kept += b.length;
            }
          });
          // busboy cuts the file at `fileSize` (one byte past the limit): the rest is not even read into memory.
          stream.on('limit', () => (size = Math.max(size, fileLimit + 1)));
          stream.on('close', () => {
            put(out, name, size > fileLimit
              ? new OversizedFile(info.filename ?? 'upload', info.mimeType, size)
              : new File([new Uint8Array(Buffer.concat(chunks, kept))], info.filename ?? 'upload', { type: info.mimeType }));
            done();
          });
          stream.on('error', () => done());
        }),
      );
    });
    parser.on('close', () => resolve());
    parser.on('error', () => reject(malformed('Malformed multipart body.')));
  });
  parsed.catch(() => {});
  const src = state.raw ? Readable.from([state.raw]) : sourceOf(c);
  if (!src) throw malformed('Malformed multipart body.');
  try {
    await pump(c, src, state.limit, () => {}, parser);
    parser.end();
    await parsed;
    await Promise.all(pending);
  } catch (e) {
    parser.destroy();
    throw e;
  }
  if (fieldTooLarge) throw new ApiError(413, { message: `A form field is too large: at most ${kib(MAX_FIELD_BYTES)}.` });
  return out;
}

/**
 * The body as a plain object: JSON (any type but multipart and urlencoded; an empty body is `{}`),
 * urlencoded or multipart. Files are `File`s; one over the upload limit is an `OversizedFile`
 * whose `size` says by how much (its bytes are gone), so the route answers its own 422.
 */
export async function readRequestBody(c: Context<Env>): Promise<Record<string, unknown>> {
  const method = c.req.method;
  if (method === 'GET' || method === 'HEAD') return {};
  const app = c.get('app');
  let state = states.get(c.req.raw);
  if (!state) {
    // Not behind bodyLimits (a route mounted on its own): read it here, with the same limit.
    const limit = maxBodyBytes(app);
    state = { limit, raw: await readAll(c, limit) };
    states.set(c.req.raw, state);
  }
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (type.includes('multipart/form-data')) return readMultipart(c, state, maxUploadBytes(app));
  const raw = state.raw ?? Buffer.alloc(0);
  if (type.includes('application/x-www-form-urlencoded')) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of new URLSearchParams(decodeUtf8(raw))) put(out, k, v);
    return out;
  }
  const text = decodeUtf8(raw);
  if (!text.trim()) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw malformed('Malformed JSON body.');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw malformed('The body must be a JSON object.');
  }
  return parsed as Record<string, unknown>;
}
