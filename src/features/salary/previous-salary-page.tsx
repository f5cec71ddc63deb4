import { useI18n } from '../../lib/i18n/index.ts';
import { SalaryReportView } from './salary-report.tsx';

/** The previous month's salary report (teachers). */
export function PreviousSalaryPage() {
  const { t } = useI18n();
  return <SalaryReportView which="salary-previous" title={t('salary.previousTitle')} />;
}

export default PreviousSalaryPage;
