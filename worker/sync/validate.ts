import type { z } from 'zod';
import { issuesText, parseIn, type DeriveContext } from '../../db/derive.ts';

export type ReportInvalid = (path: string, issues: string) => void;

/**
 * Checks a server reply against its schema before anything is written (ARCHITECTURE rule 5). A
 * list is checked row by row (db/entities.ts `rowsOf`): a row that does not fit is reported (event
 * `invalid-reply` and a console warning, with its place and id) and left out, and the rest of the
 * reply is written. A reply whose own fields do not fit is reported and dropped whole. `derive`
 * names what the schemas derive missing fields from (db/derive.ts).
 */
export function parseReply<S extends z.ZodType>(schema: S, body: unknown, path: string, report: ReportInvalid, derive: DeriveContext = {}): z.infer<S> | null {
  const { result: r, dropped } = parseIn(derive, () => schema.safeParse(body));
  for (const d of dropped) report(path, `${d.list}[${d.index}]${d.id != null ? ` (id ${d.id})` : ''} left out: ${d.issues}`);
  if (r.success) return r.data;
  report(path, issuesText(r.error.issues));
  return null;
}
