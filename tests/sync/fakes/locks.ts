import type { LockManagerLike } from '../../../worker/coordination/locks.ts';

/**
 * Web Locks in one process: exclusive locks granted in request order; a lock is held until its
 * callback's promise settles (a closing tab settles it, as a dying context would release it).
 */
export class FakeLocks implements LockManagerLike {
  private readonly held = new Set<string>();
  private readonly queues = new Map<string, (() => void)[]>();

  request<T>(name: string, cb: (lock: unknown) => Promise<T> | T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const run = () => {
        this.held.add(name);
        Promise.resolve()
          .then(() => cb({ name }))
          .then(resolve, reject)
          .finally(() => {
            this.held.delete(name);
            const next = this.queues.get(name)?.shift();
            if (next) next();
          });
      };
      if (!this.held.has(name)) run();
      else {
        const q = this.queues.get(name) ?? [];
        q.push(run);
        this.queues.set(name, q);
      }
    });
  }
}
