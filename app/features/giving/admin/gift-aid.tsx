/**
 * Gift Aid claim (administrators only): the eligible gifts of a date range, the HMRC
 * schedule files to download (1,000 gifts each), "Mark as claimed", and past claims.
 */
import { Form, Link } from "react-router";
import { currentActor, currentStaff } from "../../../auth/guards.server.ts";
import { requireRecentAuth } from "../../../auth/reauth.server.ts";
import { recordAudit } from "../../../domain/audit/audit.server.ts";
import { giftAidPence } from "../donation.ts";
import { eligibleGifts, listClaims, markClaimed, nextClaimPeriod, readRange, undoClaim } from "../gift-aid.server.ts";
import { SCHEDULE_ROWS_PER_FILE } from "../shared.ts";
import { redirectWithToast } from "../../../lib/toast.server.ts";
import type { Route } from "./+types/gift-aid";
import type { MenuHandle } from "../../../lib/admin-menu.ts";
import { smallDonationsSummary } from "../../offline-gifts/index.ts";
import { formatPenceExact } from "../../../lib/money.ts";
import { formatUk, ukDate } from "../../../lib/uk-time.ts";

export const handle: MenuHandle = { menu: { group: "Money", label: "Gift Aid", order: 30 } };

export const meta = () => [{ title: "Gift Aid claim | Millbrook Admin" }];

export async function loader(args: Route.LoaderArgs) {
  const params = new URL(args.request.url).searchParams;
  const { range, error, from, to } = readRange(params);
  // "Mark as claimed" asks first: the same screen with the question and its answer buttons.
  const confirming = params.get("confirm") === "1";
  const claims = (await listClaims()).map((c, i) => ({
    // The newest claim can be undone (its gifts are unclaimed again).
    canUndo: i === 0,
    id: c.id,
    period: `${formatUk(new Date(`${c.from_date}T12:00:00Z`), "date")} to ${formatUk(new Date(`${c.to_date}T12:00:00Z`), "date")}`,
    count: c.gift_count,
    total: formatPenceExact(c.total_pence),
    giftAid: formatPenceExact(giftAidPence(c.total_pence)),
    made: formatUk(c.created_at, "date"),
    by: c.claimed_by,
    files: Math.ceil(c.gift_count / SCHEDULE_ROWS_PER_FILE),
  }));
  const smallDonations = await smallDonationsSummary();
  if (!range) {
    // The period staff most likely want: from the end of the last claim to today.
    const next = from || to ? { from, to } : await nextClaimPeriod(ukDate());
    return { ...next, error, result: null, claims, confirming: false, smallDonations };
  }
  const gifts = await eligibleGifts(range);
  const total = gifts.reduce((sum, g) => sum + g.amount_pence, 0);
  return {
    from,
    to,
    error,
    claims,
    smallDonations,
    confirming: confirming && gifts.length > 0,
    result: {
      asOf: range.asOf.toISOString(),
      count: gifts.length,
      total: formatPenceExact(total),
      giftAid: formatPenceExact(giftAidPence(total)),
      files: Math.ceil(gifts.length / SCHEDULE_ROWS_PER_FILE),
      shown: gifts.slice(0, 100).map((g) => ({
        id: g.id,
        name: [g.title, g.first_name, g.last_name].filter(Boolean).join(" "),
        address: `${g.house}, ${g.postcode}`,
        date: formatUk(g.paid_at, "short-numeric-date"),
        amount: formatPenceExact(g.amount_pence),
        reference: g.reference,
      })),
    },
  };
}

export async function action(args: Route.ActionArgs) {
  const staff = currentStaff(args);
  const form = await args.request.formData();
  // Marking a claim changes what is sent to HMRC: the password or a code from the last 10 minutes.
  await requireRecentAuth(args, staff, form);
  if (form.get("intent") === "undo") {
    const undone = await undoClaim(Number(form.get("claim")));
    if (!undone) return redirectWithToast("/admin/donations/gift-aid", { type: "error", message: "Only the newest claim can be undone, and it has changed. Nothing was undone." });
    await recordAudit(currentActor(args), "gift_aid.claim_undone", {
      entity: "gift_aid_claim",
      entityId: undone.id,
      details: { from: undone.from_date, to: undone.to_date, gifts: undone.gift_count, total_pence: undone.total_pence },
    });
    return redirectWithToast(`/admin/donations/gift-aid?from=${undone.from_date}&to=${undone.to_date}`, {
      type: "success",
      message: `Claim ${undone.id} undone: its ${undone.gift_count === 1 ? "gift is" : `${undone.gift_count} gifts are`} unclaimed again.`,
    });
  }
  const { range, from, to } = readRange(form);
  const back = `/admin/donations/gift-aid?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
  if (!range) return redirectWithToast(back, { type: "error", message: "Choose a claim period first." });
  const claim = await markClaimed(range, staff.user.email);
  if (!claim) return redirectWithToast(back, { type: "info", message: "There were no unclaimed gifts to mark in that period." });
  await recordAudit(currentActor(args), "gift_aid.claimed", {
    entity: "gift_aid_claim",
    entityId: claim.id,
    details: { from: range.from, to: range.to, gifts: claim.gift_count, total_pence: claim.total_pence },
  });
  return redirectWithToast("/admin/donations/gift-aid", {
    type: "success",
    message: `Claim ${claim.id} recorded: ${claim.gift_count} ${claim.gift_count === 1 ? "gift" : "gifts"}, ${formatPenceExact(claim.total_pence)}.`,
  });
}

const control = "mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base";
const card = "mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200";

export default function GiftAid({ loaderData }: Route.ComponentProps) {
  const { from, to, error, result, claims, confirming, smallDonations } = loaderData;
  const fileLink = (part: number) =>
    `/admin/donations/gift-aid/schedule.xlsx?${new URLSearchParams({ from, to, asOf: result!.asOf, part: String(part) })}`;
  return (
    <main className="px-4 py-6 sm:px-6 sm:py-8">
      <Link to="/admin/donations" className="text-sm font-semibold text-brand-700 underline">
        Back to donations
      </Link>
      <h1 className="mt-2 font-display text-3xl font-semibold text-brand-900">Gift Aid claim</h1>
      <p className="mt-1 max-w-3xl text-slate-600">
        Gifts that can be claimed: paid, not refunded, not claimed before, with a Gift Aid declaration that was valid when the gift was made. The
        schedule files are laid out as HMRC's Charities Online Gift Aid schedule, with at most {SCHEDULE_ROWS_PER_FILE.toLocaleString("en-GB")} gifts
        each.
      </p>

      <Form method="get" className="mt-6 grid gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-[1fr_1fr_auto]" aria-label="Claim period">
        <label className="block text-sm font-semibold text-slate-800">
          Gifts from
          <input type="date" name="from" defaultValue={from} required className={control} />
        </label>
        <label className="block text-sm font-semibold text-slate-800">
          Gifts to
          <input type="date" name="to" defaultValue={to} required className={control} />
        </label>
        <div className="flex items-end">
          <button type="submit" className="rounded-full bg-brand-600 px-5 py-2 font-semibold text-white hover:bg-brand-700">
            Find eligible gifts
          </button>
        </div>
      </Form>
      {error && (
        <p role="alert" className="mt-3 font-medium text-red-800">
          {error}
        </p>
      )}

      {result && (
        <section className={card} aria-labelledby="eligible-title">
          <h2 id="eligible-title" className="font-display text-xl font-semibold text-brand-900">
            {result.count === 1 ? "1 eligible gift" : `${result.count} eligible gifts`}
          </h2>
          {result.count === 0 ? (
            <p className="mt-2 text-slate-600">Nothing to claim in this period.</p>
          ) : (
            <>
              <p className="mt-1 text-slate-700">
                Donations {result.total}; Gift Aid to claim {result.giftAid}.
              </p>
              <ul className="mt-3 flex flex-wrap gap-2" aria-label="Schedule files">
                {Array.from({ length: result.files }, (_, i) => (
                  <li key={i}>
                    <a href={fileLink(i + 1)} download className="inline-block rounded-full border-2 border-brand-600 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50">
                      {result.files === 1 ? "Download schedule" : `Download schedule, file ${i + 1} of ${result.files}`}
                    </a>
                  </li>
                ))}
              </ul>
              {confirming ? (
                <div role="alertdialog" aria-labelledby="confirm-claim" aria-describedby="confirm-claim-detail" className="mt-4 rounded-2xl border-2 border-sun-500 bg-sun-100 p-4">
                  <h3 id="confirm-claim" className="font-semibold text-ink">
                    Mark {result.count === 1 ? "this gift" : `these ${result.count} gifts`} ({result.total}) as claimed?
                  </h3>
                  <p id="confirm-claim-detail" className="mt-1 text-sm text-ink">
                    Do this after you have sent the schedule to HMRC. The gifts then leave this list; you can undo it from Claims made below.
                  </p>
                  <Form method="post" className="mt-3 flex flex-wrap gap-3">
                    <input type="hidden" name="from" value={from} />
                    <input type="hidden" name="to" value={to} />
                    <input type="hidden" name="asOf" value={result.asOf} />
                    <button type="submit" name="intent" value="claim" className="rounded-full bg-brand-600 px-5 py-2 font-semibold text-white hover:bg-brand-700">
                      Yes, mark as claimed
                    </button>
                    <Link to={`/admin/donations/gift-aid?${new URLSearchParams({ from, to })}`} className="rounded-full border-2 border-brand-600 bg-white px-5 py-1.5 font-semibold text-brand-700 hover:bg-brand-50">
                      Cancel
                    </Link>
                  </Form>
                </div>
              ) : (
                <Form method="get" className="mt-4">
                  <input type="hidden" name="from" value={from} />
                  <input type="hidden" name="to" value={to} />
                  <input type="hidden" name="asOf" value={result.asOf} />
                  <input type="hidden" name="confirm" value="1" />
                  <button type="submit" className="rounded-full bg-brand-600 px-5 py-2 font-semibold text-white hover:bg-brand-700">
                    Mark as claimed
                  </button>
                  <p className="mt-1 text-sm text-slate-600">After you have sent the schedule to HMRC. The gifts then leave this list.</p>
                </Form>
              )}
              <div className="relative mt-4 overflow-x-auto">
                <table className="w-full min-w-[36rem] text-left text-sm">
                  <caption className="mb-1 text-left text-slate-600">
                    {result.count > result.shown.length ? `The first ${result.shown.length} gifts` : "The gifts"}
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col" className="py-2 pr-3">Donor</th>
                      <th scope="col" className="py-2 pr-3">Address</th>
                      <th scope="col" className="py-2 pr-3">Date</th>
                      <th scope="col" className="py-2 pr-3">Amount</th>
                      <th scope="col" className="py-2 pr-3">Reference</th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-200">
                    {result.shown.map((g) => (
                      <tr key={g.id}>
                        <td className="py-2 pr-3">{g.name}</td>
                        <td className="py-2 pr-3">{g.address}</td>
                        <td className="py-2 pr-3">{g.date}</td>
                        <td className="py-2 pr-3">{g.amount}</td>
                        <td className="py-2 pr-3 font-mono text-xs">{g.reference}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
        </section>
      )}

      <section className={card} aria-labelledby="small-title">
        <h2 id="small-title" className="font-display text-xl font-semibold text-brand-900">
          Small Donations Scheme
        </h2>
        <p className="mt-1 text-slate-700">
          {smallDonations.length === 0
            ? "No collections of small donations recorded."
            : smallDonations.map((y) => `Tax year ${y.label}: ${y.claimable} of small donations can be claimed now (top-up ${y.topUp}).`).join(" ")}{" "}
          <Link to="/admin/donations/small-donations" className="font-semibold text-brand-700 underline">
            Small donations claim
          </Link>
        </p>
      </section>

      <section className={card} aria-labelledby="claims-title">
        <h2 id="claims-title" className="font-display text-xl font-semibold text-brand-900">Claims made</h2>
        {claims.length === 0 ? (
          <p className="mt-2 text-slate-600">No claims yet.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200" aria-label="Claims made">
            {claims.map((c) => (
              <li key={c.id} className="py-3">
                <p className="font-semibold">
                  Claim {c.id}: {c.period}
                </p>
                <p className="text-sm text-slate-700">
                  {c.count === 1 ? "1 gift" : `${c.count} gifts`}, {c.total} (Gift Aid {c.giftAid}), marked {c.made}
                  {c.by ? ` by ${c.by}` : ""}.{" "}
                  {Array.from({ length: c.files }, (_, i) => (
                    <a key={i} href={`/admin/donations/gift-aid/schedule.xlsx?claim=${c.id}&part=${i + 1}`} download className="mr-2 font-semibold text-brand-700 underline">
                      {c.files === 1 ? "Schedule" : `Schedule file ${i + 1}`}
                    </a>
                  ))}
                </p>
                {c.canUndo && (
                  <Form method="post" className="mt-2">
                    <input type="hidden" name="claim" value={c.id} />
                    <button type="submit" name="intent" value="undo" aria-label={`Undo claim ${c.id}`} className="rounded-full border border-slate-400 px-3 py-1 text-sm font-semibold text-slate-800 hover:bg-slate-100">
                      Undo
                    </button>
                    <span className="ml-2 text-sm text-slate-600">Marked by mistake? Its gifts become unclaimed again.</span>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}
