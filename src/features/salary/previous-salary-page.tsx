import { SalaryReportView } from './salary-report.tsx';

/** The previous month's salary report (teachers). */
export function PreviousSalaryPage() {
  return <SalaryReportView which="salary-previous" title="Previous Salary Report" />;
}

export default PreviousSalaryPage;
