import type { SalaryReport } from '../../../db/entities.ts';
import { useKv } from '../../lib/engine/hooks.ts';

export type SalaryKey = 'salary' | 'salary-previous';

/** A salary report as last stored (kv `salary` or `salary-previous`). */
export function useSalaryReport(key: SalaryKey): { report: SalaryReport | undefined; loaded: boolean } {
  const { value, loaded } = useKv<SalaryReport>(key);
  return { report: value, loaded };
}
