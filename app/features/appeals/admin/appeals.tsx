/** Appeals (staff): each cause, with its appeal if it runs one, and the way to start or change it. */
import { Link } from "react-router";
import { listCausesForAdmin } from "../../causes/index.ts";

import type { MenuHandle } from "../../../lib/admin-menu.ts";
import { contentMenu } from "../../../lib/content-types.ts";
import { appealOfCause } from "../appeals.server.ts";
import type { Route } from "./+types/appeals";
import { formatPence } from "../../../lib/money.ts";
import { ukDate } from "../../../lib/uk-time.ts";

export const handle: MenuHandle = contentMenu("appeals");

export const meta = () => [{ title: "Appeals | Millbrook Admin" }];

export async function loader() {
  const today = ukDate();
  const causes = await listCausesForAdmin();
  const rows = await Promise.all(causes.map(async (c) => ({ id: c.id, title: c.title, appeal: await appealOfCause(c.id, today) })));
  return {
    causes: rows.map((r) => ({
      id: r.id,
      title: r.title,
      appeal: r.appeal ? { id: r.appeal.id, state: r.appeal.state, endsOn: r.appeal.endsOn, raised: formatPence(r.appeal.raisedPence + (r.appeal.match?.matchedPence ?? 0)), goal: formatPence(r.appeal.goalPence) } : null,
    })),
  };
}

const STATE = { open: "Open", upcoming: "Not started", closed: "Closed" } as const;

export default function Appeals({ loaderData }: Route.ComponentProps) {
  return (
    <main className="px-4 py-6 sm:px-6 sm:py-8">
      <h1 className="font-display text-3xl font-semibold text-brand-900">Appeals</h1>
      <p className="mt-1 max-w-3xl text-slate-600">Run a cause as an appeal: a goal, an end date, updates, and matched giving if a sponsor doubles gifts for a while.</p>
      <ul className="mt-6 divide-y divide-slate-200 rounded-2xl bg-white px-5 ring-1 ring-slate-200" aria-label="Causes">
        {loaderData.causes.map((c) => (
          <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
            <span>
              <span className="font-semibold">{c.title}</span>
              <span className="block text-sm text-slate-600">
                {c.appeal ? `${STATE[c.appeal.state]} appeal, until ${c.appeal.endsOn}: ${c.appeal.raised} of ${c.appeal.goal}` : "No appeal"}
              </span>
            </span>
            <span className="flex gap-3">
              {c.appeal && (
                <a href={`/appeals/${c.appeal.id}`} className="font-semibold text-brand-700 underline">
                  View
                </a>
              )}
              <Link to={`/admin/appeals/${c.id}`} className="font-semibold text-brand-700 underline" aria-label={`${c.appeal ? "Change the appeal" : "Start an appeal"}: ${c.title}`}>
                {c.appeal ? "Change" : "Start an appeal"}
              </Link>
            </span>
          </li>
        ))}
      </ul>
    </main>
  );
}
