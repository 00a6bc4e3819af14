/**
 * The Reports screens: money and events (donations permission), supporters and the
 * website (supporters permission); administrators see all four. One module, four routes
 * (app/routes.ts), each a small module of its own (reports.tsx, events-report.tsx ...): the
 * path says which report. Every chart has its table and CSV; the
 * period form is a plain GET form, so everything works without JavaScript.
 */
import { Form } from "react-router";
import { buttonClasses } from "../../../components/ui/button.ts";
import { change, formatValue } from "../chart.ts";
import { ChartFigure } from "../charts/chart-figure.tsx";
import { PERIOD_CHOICES } from "../period.ts";
import type { reportLoader } from "./report-screen.server.ts";
import { readFormReply, type FormReply } from "../../../lib/form-reply.ts";
import { REPORT_TABS } from "./report-tabs.ts";

export const reportMeta = () => [{ title: "Reports | Millbrook Admin" }];

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

export function ReportScreen({ loaderData, actionData }: { loaderData: Awaited<ReturnType<typeof reportLoader>>; actionData?: FormReply }) {
  const { name, period, report, tabs, query, base, startMonth, canSetYear } = loaderData;
  const refused = readFormReply(actionData);
  const yearError = refused.formError ?? refused.error("start_month");
  const title = REPORT_TABS.find((t) => t.name === name)!.label;
  return (
    <main className="mx-auto max-w-6xl px-4 py-6 sm:px-6 lg:py-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-display text-3xl font-semibold text-brand-900">Reports: {title.toLowerCase()}</h1>
          <p className="mt-1 text-slate-600">
            <span data-testid="period-label">{period.label}</span>, compared with the same days a year before ({period.previous.label}).
          </p>
        </div>
        {name === "money" && (
          <a href={`/admin/reports/trustees.pdf?${query}`} download className={buttonClasses("primary", "sm")}>
            Trustees' summary (PDF)
          </a>
        )}
      </div>
      <nav aria-label="Reports" className="mt-4 flex flex-wrap gap-2">
        {tabs.map((t) => (
          <a
            key={t.name}
            href={`${t.to}?${query}`}
            aria-current={t.name === name ? "page" : undefined}
            className={`rounded-full px-4 py-1.5 text-sm font-semibold ${t.name === name ? "bg-brand-700 text-white" : "bg-white text-brand-800 ring-1 ring-slate-300 hover:bg-brand-50"}`}
          >
            {t.label}
          </a>
        ))}
      </nav>
      <div className="mt-4 flex flex-wrap items-end gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <Form method="get" action={base} className="flex flex-wrap items-end gap-2">
          <label className="text-sm">
            <span className="block font-semibold">Period</span>
            <select name="period" defaultValue={period.choice === "custom" ? "" : period.choice} className="rounded-lg border border-slate-300 px-2 py-1.5">
              {period.choice === "custom" && <option value="">Dates below</option>}
              {PERIOD_CHOICES.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={buttonClasses("secondary", "sm")}>
            Show
          </button>
        </Form>
        <Form method="get" action={base} className="flex flex-wrap items-end gap-2">
          <label className="text-sm">
            <span className="block font-semibold">From</span>
            <input type="date" name="from" required defaultValue={period.from} className="rounded-lg border border-slate-300 px-2 py-1" />
          </label>
          <label className="text-sm">
            <span className="block font-semibold">To</span>
            <input type="date" name="to" required defaultValue={period.to} className="rounded-lg border border-slate-300 px-2 py-1" />
          </label>
          <button type="submit" className={buttonClasses("secondary", "sm")}>
            Show dates
          </button>
        </Form>
      </div>
      <dl className="mt-6 grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-4" data-testid="figures">
        {report.figures.map((f) => (
          <div key={f.label} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200" data-figure={f.label}>
            <dt className="text-sm font-semibold text-slate-600">{f.label}</dt>
            <dd className="mt-1 font-display text-2xl font-semibold text-brand-900 tabular-nums" data-value={f.value}>
              {formatValue(f.value, f.unit)}
            </dd>
            {f.previous !== null && (
              <dd className="mt-1 text-sm text-slate-600" data-previous={f.previous}>
                Year before: {formatValue(f.previous, f.unit)} <span className="font-semibold text-slate-700">({change(f.value, f.previous)})</span>
              </dd>
            )}
          </div>
        ))}
      </dl>
      <div className="mt-6 grid gap-6">
        {report.charts.map((chart) => (
          <ChartFigure key={chart.id} chart={chart} csvHref={`${base}/export/${chart.id}?${query}`} />
        ))}
      </div>
      {canSetYear && (
        <Form method="post" className="mt-8 flex flex-wrap items-end gap-2 text-sm">
          <label>
            <span className="block font-semibold">The financial year starts in</span>
            <select name="start_month" defaultValue={startMonth} aria-invalid={yearError ? true : undefined} aria-describedby={yearError ? "year-start-error" : undefined} className="rounded-lg border border-slate-300 px-2 py-1.5">
              {MONTHS.map((m, i) => (
                <option key={m} value={i + 1}>
                  {m}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={buttonClasses("secondary", "sm")}>
            Save
          </button>
          {yearError && (
            <p id="year-start-error" role="alert" className="w-full font-semibold text-red-700">
              {yearError}
            </p>
          )}
        </Form>
      )}
    </main>
  );
}
