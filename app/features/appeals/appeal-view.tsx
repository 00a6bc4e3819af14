/**
 * An appeal as the public sees it: the progress bar towards its goal, the matched giving
 * (shown beside the gifts, never added into them), its end, and its updates. Shared by
 * the appeal's page and the list of appeals.
 */
import { formatLongDate } from "../../components/site/format.ts";
import { ProgressBar } from "../../components/site/page-hero.tsx";

import type { PublicAppeal } from "./appeals.server.ts";
import { formatPence, progressPercent } from "../../lib/money.ts";
import { formatUk } from "../../lib/uk-time.ts";

export function AppealProgress({ appeal }: { appeal: PublicAppeal }) {
  const matched = appeal.match?.matchedPence ?? 0;
  const total = appeal.raisedPence + matched;
  return (
    <div>
      <ProgressBar raised={formatPence(total)} goal={formatPence(appeal.goalPence)} percent={progressPercent(total, appeal.goalPence)} label={`${appeal.title}: progress towards the goal`} />
      {appeal.match && (
        <p className="mt-2 text-sm text-slate-700">
          {formatPence(appeal.raisedPence)} given by {appeal.gifts === 1 ? "1 gift" : `${appeal.gifts} gifts`}, and {formatPence(matched)} matched by {appeal.match.matcherName}
          {matched >= appeal.match.capPence ? " (the full match)" : ` (up to ${formatPence(appeal.match.capPence)})`}.
        </p>
      )}
    </div>
  );
}

export function AppealStatus({ appeal }: { appeal: PublicAppeal }) {
  if (appeal.state === "closed") {
    const matched = appeal.match?.matchedPence ?? 0;
    return (
      <p className="rounded-xl bg-brand-50 p-4 font-semibold text-brand-900">
        This appeal closed on {formatLongDate(appeal.endsOn)}. It raised {formatPence(appeal.raisedPence + matched)}
        {matched > 0 ? `, including ${formatPence(matched)} matched by ${appeal.match!.matcherName}` : ""}. Thank you to everyone who gave.
      </p>
    );
  }
  if (appeal.state === "upcoming") return <p className="font-semibold text-brand-900">This appeal opens on {formatLongDate(appeal.startsOn)}.</p>;
  return (
    <div className="space-y-2">
      <p className="font-semibold text-brand-900">Open until {formatLongDate(appeal.endsOn)}.</p>
      {appeal.match?.running && (
        <p className="rounded-xl border-2 border-sun-500 bg-sun-100 p-3 text-ink">
          <strong>Your gift counts double</strong> until {formatLongDate(appeal.match.to)}: {appeal.match.matcherName} matches every gift, up to {formatPence(appeal.match.capPence)} in all.
        </p>
      )}
    </div>
  );
}

export function AppealUpdates({ appeal }: { appeal: PublicAppeal }) {
  if (appeal.updates.length === 0) return null;
  return (
    <section aria-labelledby={`updates-${appeal.id}`} className="mt-8">
      <h2 id={`updates-${appeal.id}`} className="font-display text-2xl font-semibold text-brand-900">
        Updates
      </h2>
      <ol className="mt-3 space-y-3">
        {appeal.updates.map((u) => (
          <li key={u.id} className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
            <p className="text-sm text-slate-600">
              <time dateTime={u.postedAt}>{formatUk(u.postedAt, "date-time")}</time>
            </p>
            <p className="mt-1 whitespace-pre-line text-slate-800">{u.body}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
