/**
 * History of one item (a page's texts, a cause, a news post, a question ...): every saved version, newest
 * first, with who saved it and when. Compare shows the fields where a version differs
 * from the current one; Restore brings that version back (as a new version).
 */
import { data, Form, Link } from "react-router";
import { currentActor } from "../../auth/guards.server.ts";
import { compareRevision } from "../../domain/revisions/revisions.ts";
import { getRevision, listRevisions, REVISION_TYPES, type RevisionType } from "../../domain/revisions/revisions.server.ts";
import { redirectWithToast } from "../../lib/toast.server.ts";
import { historySubject } from "./history.server.ts";
import type { Route } from "./+types/history";
import { formatUk } from "../../lib/uk-time.ts";

export const meta = () => [{ title: "History | Millbrook Admin" }];

async function subjectOf(params: { type: string; id: string }) {
  const type = REVISION_TYPES.find((t) => t === params.type) as RevisionType | undefined;
  const subject = type ? await historySubject(type, params.id) : null;
  if (!type || !subject) throw data("There is no such item", { status: 404 });
  return { type, subject };
}

export async function loader({ params, request }: Route.LoaderArgs) {
  const { type, subject } = await subjectOf(params);
  const revisions = await listRevisions(type, params.id);
  const compareId = Number(new URL(request.url).searchParams.get("compare"));
  const compared = revisions.find((r) => r.id === compareId);
  return {
    name: subject.name,
    editPath: subject.editPath,
    revisions: revisions.map((r) => ({ id: r.id, at: formatUk(r.created_at, "date-time"), by: r.actor_email ?? "Unknown", original: r.is_original })),
    comparison: compared
      ? {
          id: compared.id,
          at: compared.is_original ? null : formatUk(compared.created_at, "date-time"),
          changes: compareRevision(compared.data, subject.current).map((c) => ({ ...c, label: subject.labels[c.field] ?? c.field })),
        }
      : null,
  };
}

export async function action(args: Route.ActionArgs) {
  const { type, subject } = await subjectOf(args.params);
  const form = await args.request.formData();
  // (Not the request's own address: a client-side post asks for the page's data address.)
  const here = `/admin/history/${type}/${encodeURIComponent(args.params.id)}`;
  const revision = await getRevision(type, args.params.id, Number(form.get("revision")));
  if (form.get("intent") !== "restore" || !revision) return redirectWithToast(here, { type: "error", message: "That version could not be found" });
  const restored = await subject.restore(revision.data, currentActor(args));
  return restored
    ? redirectWithToast(here, { type: "success", message: "Version restored" })
    : redirectWithToast(here, { type: "error", message: "That version could not be restored: it no longer passes the form's checks" });
}

export default function History({ loaderData }: Route.ComponentProps) {
  const { name, editPath, revisions, comparison } = loaderData;
  return (
    <main className="mx-auto max-w-5xl px-4 py-6 sm:px-6 lg:py-8">
      <Link to={editPath} className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline">
        <span aria-hidden="true">←</span> Back to {name}
      </Link>
      <h1 className="mt-4 font-display text-3xl font-semibold text-brand-900">History: {name}</h1>
      <p className="mt-1 text-slate-600">Every saved version, newest first. Restoring a version saves it again as the newest; images stay as they are now.</p>

      {comparison && (
        <section aria-labelledby="compare-heading" className="mt-6 rounded-2xl border border-brand-300 bg-white p-5 shadow-sm">
          <h2 id="compare-heading" className="text-lg font-semibold text-ink">
            {comparison.at ? `The version of ${comparison.at} compared with now` : "The original compared with now"}
          </h2>
          {comparison.changes.length === 0 ? (
            <p className="mt-2 text-slate-700">This version is the same as the current one.</p>
          ) : (
            <div className="mt-3">
              <table className="w-full table-fixed text-left text-sm" data-testid="revision-comparison">
                <thead>
                  <tr className="border-b border-slate-200 text-slate-600">
                    <th scope="col" className="w-1/4 py-2 pr-4">Field</th>
                    <th scope="col" className="py-2 pr-4">In this version</th>
                    <th scope="col" className="py-2">Now</th>
                  </tr>
                </thead>
                <tbody>
                  {comparison.changes.map((c) => (
                    <tr key={c.field} className="border-b border-slate-100 align-top">
                      <th scope="row" className="py-2 pr-4 font-semibold text-ink">{c.label}</th>
                      <td className="py-2 pr-4 break-words whitespace-pre-line text-slate-800"><del className="no-underline bg-sun-100">{c.revision || "(empty)"}</del></td>
                      <td className="py-2 break-words whitespace-pre-line text-slate-800"><ins className="no-underline bg-brand-50">{c.current || "(empty)"}</ins></td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Form method="post" className="mt-4">
            <input type="hidden" name="revision" value={comparison.id} />
            <button type="submit" name="intent" value="restore" className="rounded-full bg-brand-600 px-5 py-2 font-semibold text-white hover:bg-brand-700">
              Restore this version
            </button>
          </Form>
        </section>
      )}

      {revisions.length === 0 ? (
        <p className="mt-6 rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
          No saved versions yet: the first save keeps one.
        </p>
      ) : (
        <ol className="mt-6 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm" aria-label="Saved versions, newest first">
          {revisions.map((r, index) => (
            <li key={r.id} className="flex flex-wrap items-center justify-between gap-3 p-4" data-testid="revision">
              <p>
                {r.original ? (
                  <span className="font-semibold text-ink">Original</span>
                ) : (
                  <>
                    <span className="font-semibold text-ink">{r.at}</span> <span className="text-slate-600">by {r.by}</span>
                  </>
                )}
                {index === 0 && <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">Latest</span>}
              </p>
              <Link to={`?compare=${r.id}`} preventScrollReset aria-label={r.original ? "Compare the original with now" : `Compare the version of ${r.at} with now`} className="rounded-full border border-brand-600 px-3 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-50">
                Compare
              </Link>
            </li>
          ))}
        </ol>
      )}
    </main>
  );
}
