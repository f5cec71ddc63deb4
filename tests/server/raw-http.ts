import http from 'node:http';

/** A parsed JSON reply: each test reads the fields it checks, and `expect` checks them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
type Json = any;

export interface RawReply<T = Json> {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The parsed JSON reply, or its text when it is not JSON. */
  body: T;
  /** Body bytes the client had written when the reply's head arrived. */
  sentBeforeReply: number;
}

/**
 * A request over a bare socket that streams its body chunk by chunk and stops as soon as the reply
 * arrives, so a test sees whether the server answered before reading a large body (which fetch
 * cannot show: it sends the whole body first, or fails when the server closes early).
 * `body`: a Buffer sent whole, or a chunk producer called until it answers null (`total` caps it).
 */
export function rawRequest<T = Json>(
  url: string,
  opts: {
    method?: string;
    headers?: Record<string, string>;
    body?: Buffer | ((i: number) => Buffer | null);
    chunked?: boolean;
    timeoutMs?: number;
  } = {},
): Promise<RawReply<T>> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.chunked) headers['Transfer-Encoding'] = 'chunked';
    else if (Buffer.isBuffer(opts.body) && !Object.keys(headers).some((k) => k.toLowerCase() === 'content-length')) {
      headers['Content-Length'] = String(opts.body.length);
    }
    const req = http.request({ host: u.hostname, port: u.port, path: u.pathname + u.search, method: opts.method ?? 'POST', headers, agent: false });
    let sent = 0;
    let replied = false;
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error(`no reply within ${opts.timeoutMs ?? 10_000} ms (sent ${sent} bytes)`));
    }, opts.timeoutMs ?? 10_000);
    req.on('response', (res) => {
      replied = true;
      const sentBeforeReply = sent;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        clearTimeout(timer);
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = text;
        try {
          body = text ? JSON.parse(text) : null;
        } catch {
          /* not JSON */
        }
        req.destroy();
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: body as T, sentBeforeReply });
      });
      res.on('error', () => {});
    });
    req.on('error', (e) => {
      if (!replied) {
        clearTimeout(timer);
        reject(e);
      }
    });
    const b = opts.body;
    if (!b) return void req.end();
    if (Buffer.isBuffer(b)) {
      // Headers first, then the body in 64 KiB pieces, stopping once the reply is in.
      let at = 0;
      const next = () => {
        while (!replied && at < b.length) {
          const piece = b.subarray(at, at + 64 * 1024);
          at += piece.length;
          sent += piece.length;
          if (!req.write(piece)) return void req.once('drain', next);
        }
        // A declared length beyond what is sent (a client announcing a huge upload) is left open.
        const declared = Number(Object.entries(headers).find(([k]) => k.toLowerCase() === 'content-length')?.[1] ?? b.length);
        if (!replied && at >= b.length && declared <= b.length) req.end();
      };
      req.flushHeaders();
      setImmediate(next);
      return;
    }
    let i = 0;
    const pump = () => {
      while (!replied) {
        const piece = b(i++);
        if (!piece) return void req.end();
        sent += piece.length;
        if (!req.write(piece)) return void req.once('drain', pump);
      }
    };
    req.flushHeaders();
    setImmediate(pump);
  });
}

/** A multipart body: text fields, then one file part whose content comes from `file`. */
export function multipart(fields: Record<string, string>, fileField: string, fileName: string, fileType: string) {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  let head = '';
  for (const [k, v] of Object.entries(fields)) head += `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`;
  head += `--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="${fileName}"\r\nContent-Type: ${fileType}\r\n\r\n`;
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    head: Buffer.from(head),
    tail: Buffer.from(`\r\n--${boundary}--\r\n`),
  };
}
