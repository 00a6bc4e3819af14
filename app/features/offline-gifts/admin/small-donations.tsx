/**
 * The Gift Aid Small Donations Scheme claim, tax year by tax year: the collections, what
 * was claimed before, the ordinary Gift Aid donations claimed (the matching rule), the
 * top-up that can be claimed now, and why not when it cannot (docs/decisions/217).
 */
import { Form, Link } from "react-router";
import { currentActor, currentStaff } from "../../../auth/guards.server.ts";
import { requireRecentAuth } from "../../../auth/reauth.server.ts";

import { redirectWithToast } from "../../../lib/toast.server.ts";
import { claimSmallDonations, listSmallDonationClaims, smallDonationsYears } from "../offline-gifts.server.ts";
import { MATCHING_MULTIPLE, smallDonationsDeadline, taxYearLabel } from "../rules.ts";
import type { Route } from "./+types/small-donations";
import { formatPenceExact } from "../../../lib/money.ts";

export const meta = () => [{ title: "Small Donations Scheme | Millbrook Admin" }];

export async function loader() {
  const [years, claims] = await Promise.all([smallDonationsYears(), listSmallDonationClaims()]);
  const money = formatPenceExact;
  return {
    years: years.map((y) => ({
      taxYear: y.taxYear,
      label: taxYearLabel(y.taxYear),
      deadline: smallDonationsDeadline(y.taxYear),
      collections: y.collections,
      collected: money(y.collectedPence),
      claimed: money(y.claimedPence),
      unclaimed: money(y.unclaimedPence),
      giftAidClaimed: money(y.giftAidClaimedPence),
      giftAidUnclaimed: y.giftAidUnclaimedPence > 0 ? money(y.giftAidUnclaimedPence) : null,
      matching: money(y.giftAidClaimedPence * MATCHING_MULTIPLE),
      limit: money(y.limitPence),
      claimable: money(y.claimablePence),
      topUp: money(y.topUpPence),
      overLimit: y.overLimitPence > 0 ? money(y.overLimitPence) : null,
      reasons: y.reasons,
      allowed: y.allowed,
    })),
    claims: claims.map((c) => ({ id: c.id, label: taxYearLabel(c.tax_year), donations: money(c.donations_pence), topUp: money(c.top_up_pence), by: c.claimed_by, on: c.created_at.toISOString().slice(0, 10) })),
  };
}

export async function action(args: Route.ActionArgs) {
  const staff = currentStaff(args);
  const form = await args.request.formData();
  await requireRecentAuth(args, staff, form);
  const taxYear = Number(form.get("taxYear"));
  const claim = await claimSmallDonations(taxYear, { ...currentActor(args), email: staff.user.email });
  if (!claim) return redirectWithToast("/admin/donations/small-donations", { type: "error", message: "Nothing can be claimed for that tax year now. Nothing was recorded." });
  return redirectWithToast("/admin/donations/small-donations", {
    type: "success",
    message: `Small donations claim recorded for ${taxYearLabel(claim.tax_year)}: ${formatPenceExact(claim.donations_pence)} of small donations, a top-up of ${formatPenceExact(claim.top_up_pence)}.`,
  });
}

const card = "mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200";

export default function SmallDonations({ loaderData }: Route.ComponentProps) {
  const { years, claims } = loaderData;
  return (
    <main className="px-4 py-6 sm:px-6 sm:py-8">
      <Link to="/admin/donations/gift-aid" className="text-sm font-semibold text-brand-700 underline">
        Back to the Gift Aid claim
      </Link>
      <h1 className="mt-2 font-display text-3xl font-semibold text-brand-900">Small Donations Scheme</h1>
      <p className="mt-1 max-w-3xl text-slate-600">
        A top-up of 25% on small cash and contactless gifts (£30 or less each) without declarations, from the{" "}
        <Link to="/admin/donations/collections" className="font-semibold text-brand-700 underline">
          collections
        </Link>{" "}
        recorded. In a tax year (6 April to 5 April) the small donations claimed can be at most £8,000, and at most 10 times the Gift Aid donations claimed
        in the same year. Claim within two years of the end of the tax year, with the Gift Aid claim for that year.
      </p>

      {years.length === 0 && <p className={`${card} text-slate-600`}>No collections recorded yet.</p>}
      {years.map((y) => (
        <section key={y.taxYear} className={card} aria-labelledby={`year-${y.taxYear}`}>
          <h2 id={`year-${y.taxYear}`} className="font-display text-xl font-semibold text-brand-900">
            Tax year {y.label}
          </h2>
          <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-2 lg:grid-cols-3">
            <div>
              <dt className="text-sm text-slate-600">Small donations collected</dt>
              <dd className="font-semibold">
                {y.collected} ({y.collections === 1 ? "1 collection" : `${y.collections} collections`})
              </dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">Already claimed on</dt>
              <dd className="font-semibold">{y.claimed}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">Gift Aid donations claimed this year</dt>
              <dd className="font-semibold">{y.giftAidClaimed}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">Limit this year (lower of £8,000 and 10 × Gift Aid donations, {y.matching})</dt>
              <dd className="font-semibold">{y.limit}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">Can be claimed now</dt>
              <dd className="font-semibold" data-testid={`claimable-${y.taxYear}`}>
                {y.claimable}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">Top-up to claim (25%)</dt>
              <dd className="text-lg font-bold text-brand-900" data-testid={`top-up-${y.taxYear}`}>
                {y.topUp}
              </dd>
            </div>
          </dl>
          {y.reasons.length > 0 && (
            <ul className="mt-3 list-disc space-y-1 rounded-xl bg-sun-100 p-3 pl-8 text-ink" aria-label={`Why not everything can be claimed for ${y.label}`}>
              {y.reasons.map((r) => (
                <li key={r}>{r}</li>
              ))}
              {y.overLimit && y.giftAidClaimed !== "£0.00" && <li>Over the limit: {y.overLimit}.</li>}
            </ul>
          )}
          {y.giftAidUnclaimed && (
            <p className="mt-2 text-sm text-slate-700">
              {y.giftAidUnclaimed} of Gift Aid donations from this tax year are not claimed yet:{" "}
              <Link to="/admin/donations/gift-aid" className="font-semibold text-brand-700 underline">
                claiming them
              </Link>{" "}
              raises the limit.
            </p>
          )}
          {y.allowed && (
            <Form method="post" className="mt-4">
              <input type="hidden" name="taxYear" value={y.taxYear} />
              <button type="submit" className="rounded-full bg-brand-600 px-5 py-2 font-semibold text-white hover:bg-brand-700">
                Mark {y.topUp} top-up as claimed for {y.label}
              </button>
              <p className="mt-1 text-sm text-slate-600">
                After you have entered {y.claimable} of small donations on the Gift Aid claim to HMRC (by {y.deadline}).
              </p>
            </Form>
          )}
        </section>
      ))}

      <section className={card} aria-labelledby="small-claims-title">
        <h2 id="small-claims-title" className="font-display text-xl font-semibold text-brand-900">
          Small donations claims made
        </h2>
        {claims.length === 0 ? (
          <p className="mt-2 text-slate-600">No claims yet.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200" aria-label="Small donations claims made">
            {claims.map((c) => (
              <li key={c.id} className="py-2">
                {c.label}: {c.donations} of small donations, top-up {c.topUp}, marked {c.on} by {c.by}
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}
