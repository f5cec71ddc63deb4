/**
 * The ETags of the GET replies the mirror holds, per absolute URL, in memory, for one signed-in
 * session: `clear()` at sign-out (or a 401) forgets them all. A tag is remembered only once its
 * reply is in the mirror (`keeper`), so a `304` always means "what you stored is current"; a
 * reply that was refused or not written leaves no tag and the next read is a full one.
 */
export class Validators {
  private readonly tags = new Map<string, string>();
  /** Bumped by `clear()`: a keeper from before it remembers nothing (a reply of the last session). */
  private epoch = 0;

  get(url: string): string | undefined {
    return this.tags.get(url);
  }

  clear(): void {
    this.tags.clear();
    this.epoch += 1;
  }

  get size(): number {
    return this.tags.size;
  }

  /**
   * Taken when a request starts: a function that remembers the reply's `etag` for `url` (or forgets
   * the URL's tag when the reply had none), unless the session ended in between.
   */
  keeper(url: string): (etag: string | null | undefined) => void {
    const epoch = this.epoch;
    return (etag) => {
      if (epoch !== this.epoch) return;
      if (etag) this.tags.set(url, etag);
      else this.tags.delete(url);
    };
  }
}
