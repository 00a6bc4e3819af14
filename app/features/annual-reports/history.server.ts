/** The annual reports' History: a restore goes through the report form's checks (the PDF stays as it is now). */
import type { HistorySubjectOf } from "../../domain/revisions/history-subject.server.ts";
import { throughForm } from "../../domain/revisions/history-subject.server.ts";
import { ANNUAL_REPORT_FORM_FIELDS, AnnualReportFormSchema } from "./annual-reports.schema.ts";
import { annualReportRevisionData, getAnnualReport, updateAnnualReport } from "./annual-reports.server.ts";

export const historySubjects: { "annual-report": HistorySubjectOf } = {
  "annual-report": async (_id, numeric) => {
    const row = await getAnnualReport(numeric);
    if (!row) return null;
    return {
      name: row.title,
      editPath: `/admin/annual-reports/edit/${row.id}`,
      current: annualReportRevisionData(row),
      labels: { year: "Year", title: "Title", file: "PDF", is_visible: "Shown on the website" },
      restore: (data, actor) => throughForm(AnnualReportFormSchema, ANNUAL_REPORT_FORM_FIELDS, data, (input) => updateAnnualReport(row.id, input, actor)),
    };
  },
};
