/**
 * Volunteer hours (form submissions permission): per volunteer and in total for a
 * financial year (1 April to 31 March) or a date range, with a CSV for a funder's report.
 * People erased under data protection count in one anonymous line.
 */
import { Form, Link } from "react-router";
import { Card, EmptyState } from "../../../components/admin/kit/card.tsx";
import { Table } from "../../../components/admin/kit/table.tsx";
import { Pagination } from "../../../components/admin/pagination.tsx";
import { buttonClasses } from "../../../components/ui/button.ts";
import type { MenuHandle } from "../../../lib/admin-menu.ts";
import { pageParam } from "../../../lib/paging.ts";
import { financialYear, financialYearOf, formatHours } from "../shifts.ts";
import { hoursPage } from "../volunteers.server.ts";
import { periodOf } from "./period.server.ts";
import type { Route } from "./+types/hours";
import { ukDate } from "../../../lib/uk-time.ts";

export const handle: MenuHandle = { menu: { group: "People", label: "Volunteer hours", order: 14 } };

export const meta = () => [{ title: "Volunteer hours | Millbrook Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const period = periodOf(url);
  const current = financialYearOf(ukDate());
  const years = [0, 1, 2, 3, 4].map((n) => ({ year: current - n, label: financialYear(current - n).label }));
  const hours = await hoursPage(period.from, period.to, pageParam(url.searchParams));
  const query = period.year !== null ? `year=${period.year}` : `from=${period.from}&to=${period.to}`;
  return { period, years, ...hours, query, csv: `/admin/volunteering/hours.csv?${query}` };
}

export default function Hours({ loaderData }: Route.ComponentProps) {
  const { period, years, rows, totalMinutes, totalShifts, csv, query, page, pages, total } = loaderData;
  return (
    <main className="mx-auto max-w-5xl px-4 py-6 sm:px-6 lg:py-8">
      <h1 className="font-display text-3xl font-semibold text-brand-900">Volunteer hours</h1>
      <p className="mt-1 text-slate-600">Hours given on shifts marked as came, by shift date.</p>
      <Card className="p-4 sm:p-5 mt-4">
        <div className="flex flex-wrap items-end gap-4">
          <Form method="get" className="flex flex-wrap items-end gap-2">
            <label className="text-sm">
              <span className="block font-semibold">Financial year</span>
              <select name="year" defaultValue={period.year ?? ""} className="rounded-lg border border-slate-300 px-2 py-1">
                {years.map((y) => (
                  <option key={y.year} value={y.year}>
                    {y.label}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className={buttonClasses("secondary", "sm")}>
              Show
            </button>
          </Form>
          <Form method="get" className="flex flex-wrap items-end gap-2">
            <label className="text-sm">
              <span className="block font-semibold">From</span>
              <input type="date" name="from" defaultValue={period.from} className="rounded-lg border border-slate-300 px-2 py-1" />
            </label>
            <label className="text-sm">
              <span className="block font-semibold">To</span>
              <input type="date" name="to" defaultValue={period.to} className="rounded-lg border border-slate-300 px-2 py-1" />
            </label>
            <button type="submit" className={buttonClasses("secondary", "sm")}>
              Show dates
            </button>
          </Form>
        </div>
      </Card>
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <p className="text-lg" data-testid="hours-total">
          <strong>{period.label}:</strong> {formatHours(totalMinutes)} on {totalShifts} {totalShifts === 1 ? "shift" : "shifts"} by {total.toLocaleString("en-GB")}{" "}
          {total === 1 ? "volunteer" : "volunteers"}
        </p>
        <a href={csv} download className={buttonClasses("primary", "sm")}>
          Download CSV
        </a>
      </div>
      {rows.length === 0 ? (
        <div className="mt-4">
          <EmptyState title="No hours in this period">Mark attendance on the <Link to="/admin/volunteering/rota" className="underline">rota</Link> after each shift.</EmptyState>
        </div>
      ) : (
        <Table
          framed
          stacked
          caption={`Volunteer hours, ${period.label}`}
          minWidth="sm:min-w-[36rem]"
          items={rows.map((r, i) => ({ ...r, id: r.volunteerId ?? `anonymous-${i}` }))}
          rowAttributes={() => ({ "data-testid": "hours-row" })}
          columns={[
            { header: "Volunteer", phoneLabel: "Volunteer: ", cell: (r) => r.name },
            { header: "Email", phoneLabel: "Email: ", cell: (r) => r.email, className: "break-all" },
            { header: "Shifts", phoneLabel: "Shifts: ", cell: (r) => r.shifts },
            { header: "Hours", phoneLabel: "Hours: ", cell: (r) => formatHours(r.minutes) },
          ]}
        />
      )}
      <Pagination page={page} pages={pages} linkTo={(p) => `/admin/volunteering/hours?${query}${p > 1 ? `&page=${p}` : ""}`} />
    </main>
  );
}
