/**
 * Annual reports: the PDFs on the Trustees page, newest year first. Staff upload, replace,
 * show or hide (plain form posts that work without JavaScript), and delete them.
 */
import { Form, Link } from "react-router";
import { DeleteDialog } from "../../components/admin/content-list.tsx";
import { buttonClasses } from "../../components/ui/button.ts";
import { deleteAnnualReport, listAnnualReportsForAdmin, setAnnualReportVisible } from "../../domain/annual-reports/annual-reports.server.ts";
import { handleOrderedListAction } from "./ordered-list.server.ts";
import type { Route } from "./+types/annual-reports";
import type { MenuHandle } from "../../lib/admin-menu.ts";

export const handle: MenuHandle = { menu: { group: "Website", label: "Annual reports", order: 70 } };

export const meta = () => [{ title: "Annual reports | Millbrook Admin" }];

const LIST = "/admin/annual-reports";

export async function loader({ request }: Route.LoaderArgs) {
  const causes = await listAnnualReportsForAdmin();
  const deleteId = Number(new URL(request.url).searchParams.get("delete"));
  const candidate = causes.find((c) => c.id === deleteId);
  return {
    causes: causes.map((c) => ({ id: c.id, title: c.title, year: c.year, file: c.file, is_visible: c.is_visible })),
    deleteCandidate: candidate ? { id: candidate.id, title: candidate.title } : null,
  };
}

export const action = (args: Route.ActionArgs) =>
  handleOrderedListAction(args, {
    list: LIST,
    noun: "report",
    deleted: "Report deleted",
    name: (row) => row.title,
    setVisible: setAnnualReportVisible,
    remove: deleteAnnualReport,
  });

const small = "rounded-full border px-3 py-1 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-40";

export default function AnnualReports({ loaderData }: Route.ComponentProps) {
  const { causes } = loaderData;
  return (
    <main className="mx-auto max-w-5xl px-4 py-6 sm:px-6 lg:py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="font-display text-3xl font-semibold text-brand-900">Annual reports</h1>
          <p className="mt-1 text-slate-600">The reports on the Trustees page, newest year first. Visitors download them as PDF files.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <a href="/trustees#reports" className={buttonClasses("secondary", "sm")}>
            View on site
          </a>
          <Link to={`${LIST}/new`} className={buttonClasses("primary", "sm")}>
            Add a report
          </Link>
        </div>
      </div>

      {causes.length === 0 ? (
        <div className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <h2 className="text-lg font-semibold text-ink">No annual reports yet</h2>
          <p className="mt-1 text-slate-600">Upload the first report. The Trustees page says reports are on their way until then.</p>
        </div>
      ) : (
        <ol className="mt-6 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm" aria-label="Annual reports, newest first">
          {causes.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center gap-4 p-4" data-testid="admin-annual-report" data-title={c.title}>
              <div className="min-w-40 flex-1">
                <p className="font-semibold break-words text-ink">{c.title}</p>
                <p className="text-sm text-slate-600">
                  {c.year} ·{" "}
                  <a href={c.file} className="underline underline-offset-2">
                    PDF
                  </a>
                </p>
                {!c.is_visible && <p className="mt-1 inline-block rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">Hidden</p>}
              </div>
              <div className="flex flex-wrap gap-2">
                <Form method="post" className="contents">
                  <input type="hidden" name="id" value={c.id} />
                  <button type="submit" name="intent" value={c.is_visible ? "hide" : "show"} aria-label={`${c.is_visible ? "Hide" : "Show"} ${c.title}`} className={`${small} border-slate-300 text-slate-700 hover:bg-slate-100`}>
                    {c.is_visible ? "Hide" : "Show"}
                  </button>
                </Form>
                <Link to={`${LIST}/edit/${c.id}`} aria-label={`Edit ${c.title}`} className={`${small} border-brand-600 text-brand-700 hover:bg-brand-50`}>
                  Edit
                </Link>
                <Link to={`?delete=${c.id}`} preventScrollReset aria-label={`Delete ${c.title}`} className={`${small} border-red-700 text-red-800 hover:bg-red-50`}>
                  Delete
                </Link>
              </div>
            </li>
          ))}
        </ol>
      )}
      {loaderData.deleteCandidate && <DeleteDialog item={loaderData.deleteCandidate} noun="report" cancelTo={LIST} />}
    </main>
  );
}
