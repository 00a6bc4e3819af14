/**
 * Annual reports: the PDFs on the Trustees page, newest year first. Staff upload, replace,
 * show or hide (plain form posts that work without JavaScript), and delete them.
 */
import { EmptyState } from "../../../components/admin/kit/card.tsx";
import { DeleteDialog } from "../../../components/admin/kit/dialog.tsx";
import { OrderedList } from "../../../components/admin/kit/ordered-list.tsx";
import { ListHeader } from "../../../components/admin/kit/page-header.tsx";
import { deleteAnnualReport, listAnnualReportsForAdmin, setAnnualReportVisible } from "../annual-reports.server.ts";
import { handleOrderedListAction } from "../../../domain/listings/ordered-list.server.ts";
import type { Route } from "./+types/annual-reports";
import type { MenuHandle } from "../../../lib/admin-menu.ts";
import { contentMenu } from "../../../lib/content-types.ts";

export const handle: MenuHandle = contentMenu("annual-reports");

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

export default function AnnualReports({ loaderData }: Route.ComponentProps) {
  const { causes } = loaderData;
  return (
    <main className="mx-auto max-w-5xl px-4 py-6 sm:px-6 lg:py-8">
      <ListHeader
        title="Annual reports"
        intro="The reports on the Trustees page, newest year first. Visitors download them as PDF files."
        viewOnSite="/trustees#reports"
        add={{ to: `${LIST}/new`, label: "Add a report" }}
      />
      {causes.length === 0 ? (
        <EmptyState title="No annual reports yet">Upload the first report. The Trustees page says reports are on their way until then.</EmptyState>
      ) : (
        <OrderedList
          items={causes}
          list={LIST}
          label="Annual reports, newest first"
          movable={false}
          name={(c) => c.title}
          row={(c) => ({ "data-testid": "admin-annual-report", "data-title": c.title })}
          details={(c) => (
            <>
              <p className="font-semibold break-words text-ink">{c.title}</p>
              <p className="text-sm text-slate-600">
                {c.year} ·{" "}
                <a href={c.file} className="underline underline-offset-2">
                  PDF
                </a>
              </p>
            </>
          )}
        />
      )}
      {loaderData.deleteCandidate && <DeleteDialog item={loaderData.deleteCandidate} noun="report" cancelTo={LIST} />}
    </main>
  );
}
