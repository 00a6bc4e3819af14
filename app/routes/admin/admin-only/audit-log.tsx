import { Form, Link } from "react-router";
import { AUDIT_KIND_LABELS, AUDIT_KINDS } from "../../../domain/audit/audit-kinds.ts";
import { listAuditActors, listAuditEntries, staffNames } from "../../../domain/audit/audit-log.server.ts";
import { describeAction, describeDetails, describeRecord } from "../../../domain/audit/describe.ts";
import type { Route } from "./+types/audit-log";
import type { MenuHandle } from "../../../lib/admin-menu.ts";
import { countText } from "../../../lib/paging.ts";
import { formatUk } from "../../../lib/uk-time.ts";

export const handle: MenuHandle = { menu: { group: "Site", label: "Audit log", order: 30 } };

export const meta = () => [{ title: "Audit log | Millbrook Admin" }];

export async function loader(args: Route.LoaderArgs) {
  const params = new URL(args.request.url).searchParams;
  const email = params.get("email")?.trim() ?? "";
  const kind = AUDIT_KINDS.find((k) => k === params.get("kind")) ?? "";
  const page = Number(params.get("page") ?? "1");
  const [result, actors] = await Promise.all([listAuditEntries({ email, kind, page }), listAuditActors()]);
  const names = await staffNames(result.entries);
  return {
    email,
    kind,
    actors,
    page: result.page,
    pageCount: result.pageCount,
    total: result.total,
    more: result.more,
    entries: result.entries.map((e) => ({
      id: e.id,
      at: e.at.toISOString(),
      actor: e.actor_email,
      action: e.action,
      target: describeRecord(e.entity, e.entity_id, e.details as Record<string, unknown> | null, names),
      sentence: describeAction(e.actor_email, e.action),
      details: describeDetails(e.details as Record<string, unknown> | null),
      ip: e.ip,
    })),
  };
}

const control = "mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base";
const when = (iso: string) =>
  formatUk(iso, "date-time", { seconds: true });

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { email, kind, actors, entries, page, pageCount, total, more } = loaderData;
  const pageLink = (p: number) => {
    const q = new URLSearchParams();
    if (email) q.set("email", email);
    if (kind) q.set("kind", kind);
    if (p > 1) q.set("page", String(p));
    const s = q.toString();
    return `/admin/audit-log${s ? `?${s}` : ""}`;
  };
  return (
    <main className="px-4 py-6 sm:px-6 sm:py-8">
      <h1 className="font-display text-3xl font-semibold text-brand-900">Audit log</h1>
      <p className="mt-1 text-slate-600">Who changed what, newest first.</p>

      <Form method="get" role="search" aria-label="Filter the audit log" className="mt-6 grid gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-[2fr_1fr_auto] sm:items-end">
        <label className="block text-sm font-semibold text-slate-800">
          Person
          <input name="email" type="search" list="audit-actors" defaultValue={email} placeholder="Email address" className={control} />
          <datalist id="audit-actors">
            {actors.map((a) => <option key={a} value={a} />)}
          </datalist>
        </label>
        <label className="block text-sm font-semibold text-slate-800">
          Kind
          <select name="kind" defaultValue={kind} className={control}>
            <option value="">All kinds</option>
            {AUDIT_KINDS.map((k) => <option key={k} value={k}>{AUDIT_KIND_LABELS[k]}</option>)}
          </select>
        </label>
        <div className="flex gap-2">
          <button type="submit" className="rounded-full bg-brand-600 px-5 py-2 font-semibold text-white hover:bg-brand-700">Filter</button>
          {(email || kind) && <Link to="/admin/audit-log" className="px-2 py-2 text-sm font-semibold text-brand-700 underline">Clear</Link>}
        </div>
      </Form>

      <p className="mt-4 text-sm text-slate-600">{total === 1 && !more ? "1 entry" : `${countText({ total, more })} entries`}</p>
      {entries.length === 0 ? (
        <p className="mt-4 rounded-2xl bg-white p-6 text-center text-slate-700 ring-1 ring-slate-200">No entries match these filters.</p>
      ) : (
        <div className="relative mt-2 overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
          <table className="w-full min-w-[720px] text-left text-sm">
            <thead className="border-b border-slate-200 text-slate-600">
              <tr>
                <th scope="col" className="px-4 py-2 font-semibold">When</th>
                <th scope="col" className="px-4 py-2 font-semibold">Person</th>
                <th scope="col" className="px-4 py-2 font-semibold">Action</th>
                <th scope="col" className="px-4 py-2 font-semibold">Record</th>
                <th scope="col" className="px-4 py-2 font-semibold">Details</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.id} className="border-b border-slate-100 align-top" data-testid="audit-row">
                  <td className="px-4 py-2 whitespace-nowrap">{when(e.at)}</td>
                  <td className="px-4 py-2 break-all">{e.actor ?? "System"}{e.ip && <span className="block text-xs text-slate-500">{e.ip}</span>}</td>
                  <td className="px-4 py-2">{e.sentence}</td>
                  <td className="px-4 py-2 text-xs break-words">{e.target}</td>
                  <td className="max-w-xs px-4 py-2 text-xs break-words text-slate-600">{e.details}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {(pageCount > 1 || more) && (
        <nav aria-label="Audit log pages" className="mt-4 flex items-center justify-between text-sm">
          {page > 1 ? <Link to={pageLink(page - 1)} className="font-semibold text-brand-700 underline">Newer</Link> : <span />}
          <span>
            Page {page.toLocaleString("en-GB")} of {pageCount.toLocaleString("en-GB")}
            {more ? "+" : ""}
          </span>
          {page < pageCount || more ? <Link to={pageLink(page + 1)} className="font-semibold text-brand-700 underline">Older</Link> : <span />}
        </nav>
      )}
    </main>
  );
}
