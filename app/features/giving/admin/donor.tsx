/** One donor (by email): their gifts, monthly gifts and Gift Aid declarations (administrators only). */
import { data, Form, Link } from "react-router";
import { currentActor } from "../../../auth/guards.server.ts";
import { recordAudit } from "../../../domain/audit/audit.server.ts";

import { cancelDeclaration, donorView } from "../admin.server.ts";
import { redirectWithToast } from "../../../lib/toast.server.ts";
import { Table } from "../../../components/admin/kit/table.tsx";
import type { Route } from "./+types/donor";
import { dedicationOf } from "../../gift-options/index.ts";
import { DEDICATION_LABELS } from "../../gift-options/ui.ts";
import { formatPenceExact } from "../../../lib/money.ts";
import { formatUk } from "../../../lib/uk-time.ts";

export const meta = () => [{ title: "Donor | Millbrook Admin" }];

export async function loader(args: Route.LoaderArgs) {
  const email = (new URL(args.request.url).searchParams.get("email") ?? "").trim();
  if (!email) throw data({ notFound: true }, { status: 404 });
  const view = await donorView(email);
  // Each dedication once: a monthly gift's covers all its payments.
  const seen = new Set<string>();
  const dedications = [];
  for (const g of view.gifts) {
    const key = g.monthly_gift_id ?? g.id;
    if (seen.has(key)) continue;
    seen.add(key);
    const d = await dedicationOf(g);
    if (d) {
      dedications.push({
        key,
        reference: g.monthly_gift_id ? (view.monthly.find((m) => m.id === g.monthly_gift_id)?.reference ?? g.reference) : g.reference,
        what: `${DEDICATION_LABELS[d.kind]} ${d.honoreeName}`,
        message: d.message,
        told: d.notifyEmail ? `${d.notifyName ?? ""} <${d.notifyEmail}>${d.showAmount ? ", with the amount" : ", without the amount"}${d.noticeQueuedAt ? `, emailed ${formatUk(d.noticeQueuedAt, "date")}` : ", not yet emailed"}` : null,
      });
    }
  }
  return {
    dedications,
    email: view.email,
    gifts: view.gifts.map((g) => ({
      id: g.id,
      reference: g.reference,
      amount: formatPenceExact(g.amount_pence),
      mode: g.mode,
      status: g.status,
      cause: g.cause_title ?? "Where it is needed most",
      date: formatUk(g.paid_at, "date"),
      giftAid: Boolean(g.declaration_id),
      claimed: g.claim_id,
    })),
    monthly: view.monthly.map((m) => ({
      id: m.id,
      reference: m.reference,
      amount: formatPenceExact(m.amount_pence),
      status: m.status,
      started: formatUk(m.started_at, "date"),
      ended: m.ended_at ? formatUk(m.ended_at, "date") : null,
      method: m.payment_method === "bacs_debit" ? "Direct Debit" : "card",
      atRisk: m.status === "active" && m.at_risk_since ? formatUk(m.at_risk_since, "date") : null,
      endedByFailures: m.ended_reason === "payment-failed",
    })),
    declarations: view.declarations.map((d) => ({
      id: d.id,
      name: [d.title, d.first_name, d.last_name].filter(Boolean).join(" "),
      address: `${d.house}, ${d.postcode}`,
      made: formatUk(d.made_at, "date"),
      cancelled: d.cancelled_at ? formatUk(d.cancelled_at, "date") : null,
      text: d.declaration_text,
    })),
  };
}

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const email = String(form.get("email") ?? "");
  const id = String(form.get("declarationId") ?? "");
  const back = `/admin/donations/donor?email=${encodeURIComponent(email)}`;
  if (form.get("intent") !== "cancel-declaration" || !(await cancelDeclaration(id))) {
    return redirectWithToast(back, { type: "error", message: "That declaration could not be cancelled: it may be cancelled already." });
  }
  await recordAudit(currentActor(args), "gift_aid.declaration_cancelled", { entity: "gift_aid_declaration", entityId: id });
  return redirectWithToast(back, { type: "success", message: "Declaration cancelled. It is kept, with today's date, for HMRC." });
}

const card = "mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200";

export default function Donor({ loaderData }: Route.ComponentProps) {
  const { email, gifts, monthly, declarations, dedications } = loaderData;
  return (
    <main className="px-4 py-6 sm:px-6 sm:py-8">
      <Link to="/admin/donations" className="text-sm font-semibold text-brand-700 underline">
        Back to donations
      </Link>
      <h1 className="mt-2 font-display text-3xl font-semibold break-all text-brand-900">{email}</h1>

      <section className={card} aria-labelledby="declarations-title">
        <h2 id="declarations-title" className="font-display text-xl font-semibold text-brand-900">Gift Aid declarations</h2>
        {declarations.length === 0 ? (
          <p className="mt-2 text-slate-600">No Gift Aid declaration.</p>
        ) : (
          <ul className="mt-3 space-y-4">
            {declarations.map((d) => (
              <li key={d.id} className="rounded-xl border border-slate-200 p-4" data-testid="declaration">
                <p className="font-semibold">{d.name}</p>
                <p className="text-sm text-slate-700">{d.address}</p>
                <p className="mt-1 text-sm">
                  Made {d.made}.{" "}
                  {d.cancelled ? <strong className="text-red-800">Cancelled {d.cancelled}.</strong> : <strong className="text-brand-800">Valid.</strong>}
                </p>
                <p className="mt-2 text-sm text-slate-600">{d.text}</p>
                {!d.cancelled && (
                  <Form method="post" className="mt-3">
                    <input type="hidden" name="email" value={email} />
                    <input type="hidden" name="declarationId" value={d.id} />
                    <button
                      type="submit"
                      name="intent"
                      value="cancel-declaration"
                      className="rounded-full border-2 border-red-700 px-4 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-50"
                    >
                      Cancel this declaration
                    </button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      {monthly.length > 0 && (
        <section className={card} aria-labelledby="monthly-title">
          <h2 id="monthly-title" className="font-display text-xl font-semibold text-brand-900">Monthly gifts</h2>
          <ul className="mt-3 space-y-2">
            {monthly.map((m) => (
              <li key={m.id}>
                {m.amount} a month by {m.method} since {m.started} ({m.reference}):{" "}
                {m.ended ? (m.endedByFailures ? `ended ${m.ended} after failed payments` : `stopped ${m.ended}`) : "active"}
                {m.atRisk ? <strong className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-sm text-amber-900">At risk since {m.atRisk}</strong> : null}
              </li>
            ))}
          </ul>
        </section>
      )}

      {dedications.length > 0 && (
        <section className={card} aria-labelledby="dedications-title">
          <h2 id="dedications-title" className="font-display text-xl font-semibold text-brand-900">Dedications</h2>
          <ul className="mt-3 space-y-3">
            {dedications.map((d) => (
              <li key={d.key} className="rounded-xl border border-slate-200 p-4" data-testid="dedication-detail">
                <p className="font-semibold">
                  {d.what} <span className="font-mono text-xs font-normal">({d.reference})</span>
                </p>
                {d.message ? <p className="mt-1 whitespace-pre-line text-slate-700">{d.message}</p> : null}
                <p className="mt-1 text-sm text-slate-600">{d.told ? `Told: ${d.told}.` : "Nobody to tell."}</p>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section className={card} aria-labelledby="gifts-title">
        <h2 id="gifts-title" className="font-display text-xl font-semibold text-brand-900">Gifts</h2>
        {gifts.length === 0 ? (
          <p className="mt-2 text-slate-600">No gifts.</p>
        ) : (
          <Table
            caption="Gifts"
            minWidth="min-w-[36rem]"
            items={gifts}
            columns={[
              { header: "Date", cell: (g) => g.date },
              { header: "Amount", className: "font-semibold", cell: (g) => g.amount },
              { header: "Type", cell: (g) => (g.mode === "monthly" ? "Monthly" : "One-off") },
              { header: "Cause", cell: (g) => g.cause },
              { header: "Gift Aid", cell: (g) => (g.giftAid ? (g.claimed ? `Claimed (claim ${g.claimed})` : "Yes") : "No") },
              { header: "Status", cell: (g) => (g.status === "paid" ? "Paid" : "Refunded") },
              { header: "Reference", className: "font-mono text-xs", cell: (g) => g.reference },
            ]}
          />
        )}
      </section>
    </main>
  );
}
