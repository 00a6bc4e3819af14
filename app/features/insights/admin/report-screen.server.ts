/**
 * The Reports screens' loader and action (report-screen.tsx draws them): the report the
 * path names, for the period asked, and the tabs the staff member may open.
 */
import { data, redirect } from "react-router";
import { z } from "zod";
import { currentActor, currentStaff, type GuardArgs } from "../../../auth/guards.server.ts";
import { allows } from "../../../auth/access.ts";
import { recordAudit } from "../../../domain/audit/audit.server.ts";
import { parseForm, refusedForm } from "../../../lib/form-submission.ts";
import { periodQuery } from "../period.ts";
import { setFinancialYearStart } from "../reports.server.ts";
import { REPORT_TABS } from "./report-tabs.ts";
import { readReport, reportOf } from "./report-page.server.ts";

export async function reportLoader(args: GuardArgs) {
  const url = new URL(args.request.url);
  const staff = currentStaff(args);
  const { name, period, startMonth, report } = await readReport(url);
  const tabs = REPORT_TABS.filter((t) => allows(staff, t.access)).map(({ name, to, label }) => ({ name, to, label }));
  const base = REPORT_TABS.find((t) => t.name === name)!.to;
  return { name, period, startMonth, report, tabs, query: periodQuery(period), base, canSetYear: name === "money" };
}

/** The money report's one form: the month its financial year starts. */
const YearStartSchema = z.object({
  start_month: z
    .string()
    .regex(/^(?:[1-9]|1[0-2])$/, "Choose the month the financial year starts.")
    .transform(Number),
});

/** Sets the financial year's start month (the money report only); a refusal answers Conform's reply. */
export async function reportAction(args: GuardArgs) {
  const url = new URL(args.request.url);
  if (reportOf(url) !== "money") return data(refusedForm({ _form: "Nothing to change here." }), { status: 400 });
  const submission = parseForm(await args.request.formData(), YearStartSchema, ["start_month"]);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const month = submission.value.start_month;
  await setFinancialYearStart(month);
  await recordAudit(currentActor(args), "settings.financial_year", { details: { start_month: month } });
  return redirect(`/admin/reports?period=this-year`);
}
