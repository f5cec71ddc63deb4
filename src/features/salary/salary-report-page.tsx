import { SalaryReportView } from './salary-report.tsx';

/** The current month's salary report (teachers). */
export function SalaryReportPage() {
  return <SalaryReportView which="salary" title="Salary Report" />;
}

export default SalaryReportPage;
