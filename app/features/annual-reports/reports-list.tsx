/** The annual reports on /trustees: a download button for each visible report, newest first. */
import { DownloadIcon } from "../../components/site/icons.tsx";
import { buttonClasses } from "../../components/ui/button.ts";
import type { PublicAnnualReport } from "./annual-reports.server.ts";

/** `empty` is the page's own words for a site with no visible report. */
export function AnnualReportsList({ reports, empty }: { reports: readonly PublicAnnualReport[]; empty: string }) {
  return (
    <div className="mt-6 flex flex-wrap gap-3">
      {reports.map((r) => (
        <a key={r.file} href={r.file} download className={buttonClasses("secondary", "md")}>
          <DownloadIcon />
          {r.title} (PDF)
        </a>
      ))}
      {reports.length === 0 && <p className="text-slate-700">{empty}</p>}
    </div>
  );
}
