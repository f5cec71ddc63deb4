import type { z } from 'zod';

export type ReportInvalid = (path: string, issues: string) => void;

/**
 * Checks a server reply against its schema before anything is written. A reply that does not fit
 * is reported (event `invalid-reply` and a console warning) and dropped whole.
 */
export function parseReply<S extends z.ZodType>(schema: S, body: unknown, path: string, report: ReportInvalid): z.infer<S> | null {
  const r = schema.safeParse(body);
  if (r.success) return r.data;
  const issues = r.error.issues.slice(0, 5).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
  report(path, issues);
  return null;
}
