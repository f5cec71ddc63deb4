/** What other features use of class reports: the one report form (adding in the class dialog, editing here). */
export { ReportFields } from './report-fields.tsx';
export { EMPTY_DRAFT, reportDraftError, type ReportDraft } from './report-rules.ts';
