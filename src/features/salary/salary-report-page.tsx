import { useI18n } from '../../lib/i18n/index.ts';
import { SalaryReportView } from './salary-report.tsx';

/** The current month's salary report (teachers). */
export function SalaryReportPage() {
  const { t } = useI18n();
  return <SalaryReportView which="salary" title={t('salary.title')} />;
}

export default SalaryReportPage;
