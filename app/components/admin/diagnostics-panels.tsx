/** The result panels of Run Diagnostics on the Users screen. */
import { Link } from "react-router";
import { formatUk } from "../../lib/uk-time.ts";

interface Check {
  id: string;
  label: string;
  status: "ok" | "warning" | "error";
  detail: string;
  link?: { to: string; label: string };
}

const STYLE = {
  ok: { box: "border-brand-600 bg-brand-50", word: "OK", text: "text-brand-900" },
  warning: { box: "border-sun-500 bg-sun-100", word: "Warning", text: "text-ink" },
  error: { box: "border-red-700 bg-red-50", word: "Problem", text: "text-red-900" },
} as const;

export function DiagnosticsPanels({ report }: { report: { ranAt: string; checks: Check[] } }) {
  return (
    <div className="mt-4" data-testid="diagnostics">
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {report.checks.map((check) => {
          const style = STYLE[check.status];
          return (
            <li key={check.id} className={`rounded-xl border-l-4 p-4 ${style.box}`} data-check={check.id} data-status={check.status}>
              <p className={`text-sm font-semibold ${style.text}`}>
                {check.label}: <span>{style.word}</span>
              </p>
              <p className="mt-1 text-sm text-slate-700">{check.detail}</p>
              {check.link && (
                <Link to={check.link.to} className="mt-1 inline-block text-sm font-semibold text-brand-700 underline">
                  {check.link.label}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
      <p className="mt-2 text-xs text-slate-500">Ran at {formatUk(report.ranAt, "date-time", { seconds: true })}</p>
    </div>
  );
}
