import type { SalaryReport } from '../../../db/entities.ts';

export type SalaryKey = 'salary' | 'salary-previous';

/**
 * TEMPORARY: the salary reports' live read (kv `salary` / `salary-previous`), to be wired to the
 * engine's collections (src/lib/collections) once they land.
 */
export function useSalaryReport(_key: SalaryKey): { report: SalaryReport | undefined; loaded: boolean } {
  return { report: undefined, loaded: false };
}
