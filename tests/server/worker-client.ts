import { Worker } from 'node:worker_threads';

/**
 * Runs a client in a worker thread: its own event loop, as a browser or another process would be.
 * A client in the server's own loop hides what the issue found (a 413 answered while the body is
 * still being written arrives every time when one loop does both; from another process it was reset
 * half the time), and a flood sent from the server's loop competes with the server for that loop.
 *
 * `source` is the body of an async function of `(data, port)` (plain JavaScript: the worker is not
 * transformed); `port.postMessage` sends progress to `onMessage`, which may answer with `send`. The
 * promise is the function's result.
 */
export function inWorker<T>(
  source: string,
  data: unknown,
  onMessage: (message: unknown, send: (reply: unknown) => void) => void = () => {},
): Promise<T> {
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    const port = {
      postMessage: (m) => parentPort.postMessage({ progress: m }),
      next: () => new Promise((r) => parentPort.once('message', r)),
    };
    (async (data, port) => { ${source} })(workerData, port).then(
      (result) => parentPort.postMessage({ result }),
      (e) => parentPort.postMessage({ error: String(e && e.stack || e) }),
    );
  `;
  return new Promise((resolve, reject) => {
    const w = new Worker(code, { eval: true, workerData: data });
    const send = (reply: unknown) => w.postMessage(reply);
    w.on('message', (m: { progress?: unknown; result?: T; error?: string }) => {
      if ('progress' in m) onMessage(m.progress, send);
      else {
        void w.terminate();
        if (m.error !== undefined) reject(new Error(m.error));
        else resolve(m.result as T);
      }
    });
    w.on('error', reject);
  });
}
