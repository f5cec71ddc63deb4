import type { SalaryReport } from '../../../db/entities.ts';
import { useKvValue } from '../wallet/data.ts';

export type SalaryKey = 'salary' | 'salary-previous';

/** A salary report as last stored (kv `salary` or `salary-previous`). */
export function useSalaryReport(key: SalaryKey): { report: SalaryReport | undefined; loaded: boolean } {
  const { value, loaded } = useKvValue<SalaryReport>(key);
  return { report: value, loaded };
}
