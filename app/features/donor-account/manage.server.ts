/**
 * The "Manage my giving" page's server side: what the signed-in donor sees, and each change
 * they ask for (by the form's `intent`). Every change is checked against the donor's own
 * address; a refused one changes nothing and says why.
 */

import { paymentsConfigured } from "../../payments/stripe.server.ts";
import { cancelDeclaration, updateDeclaration } from "./declarations.server.ts";
import { donorDeclarations, donorGifts, donorMonthlyGifts, preferencesPath, taxYearsOf } from "./giving.server.ts";
import { changeAmount, pauseGift, paymentDetailsSession, resumeGift, stopGift } from "./monthly.server.ts";
import type { Donor } from "./sign-in.server.ts";
import { taxYearLabel } from "./tax-year.ts";
import { formatPence } from "../../lib/money.ts";
import { formatUk } from "../../lib/uk-time.ts";

const day = (date: Date) => formatUk(date, "date");

export async function donorView(donor: Donor) {
  const [gifts, declarations, monthly, preferences] = await Promise.all([
    donorGifts(donor.email),
    donorDeclarations(donor.email),
    donorMonthlyGifts(donor.email),
    preferencesPath(donor.email),
  ]);
  const now = Date.now();
  return {
    email: donor.email,
    onlineGiving: paymentsConfigured(),
    gifts: gifts.map((g) => ({
      reference: g.reference,
      amount: formatPence(g.amountPence),
      date: day(g.paidAt),
      monthly: g.mode === "monthly",
      refunded: g.status === "refunded",
      cause: g.causeTitle ?? "Where it is needed most",
      giftAided: Boolean(g.giftAided),
    })),
    taxYears: taxYearsOf(gifts).map((year) => ({ year, label: taxYearLabel(year) })),
    declarations: declarations.map((d) => ({
      id: d.id,
      title: d.title,
      firstName: d.first_name,
      lastName: d.last_name,
      house: d.house,
      postcode: d.postcode,
      made: day(d.made_at),
      cancelled: d.cancelled_at ? day(d.cancelled_at) : null,
    })),
    monthly: monthly.map(({ gift, pausedUntil }) => ({
      id: gift.id,
      reference: gift.reference,
      amountPence: gift.amount_pence,
      amount: formatPence(gift.amount_pence),
      started: day(gift.started_at),
      ended: gift.ended_at ? day(gift.ended_at) : null,
      pausedUntil: pausedUntil && pausedUntil.getTime() > now ? (pausedUntil.getUTCFullYear() > 9000 ? "you resume it" : day(pausedUntil)) : null,
      cause: gift.cause_title ?? "Where it is needed most",
    })),
    preferences,
  };
}

export type DonorView = Awaited<ReturnType<typeof donorView>>;

export type DonorAction =
  | { kind: "done"; notice: string }
  | { kind: "redirect"; url: string }
  | { kind: "refused"; status: number; message: string; errors?: Record<string, string>; declarationId?: string; values?: Record<string, string> };

/** The success notices, named in the address after a change (post, then redirect). */
export const NOTICES = {
  amount: "Thank you: your monthly gift is changed, from your next payment.",
  paused: "Your monthly gift is paused. No payments will be taken until it resumes.",
  resumed: "Your monthly gift is running again. Thank you.",
  stopped: "Your monthly gift has stopped. No further payments will be taken. Thank you for your support.",
  cancelled: "Your Gift Aid declaration is cancelled. We will not claim Gift Aid on gifts you make from now on.",
  updated: "Your Gift Aid declaration is updated. We will use your new details from now on.",
} as const;
export type NoticeKey = keyof typeof NOTICES;

const text = (form: FormData, key: string) => {
  const value = form.get(key);
  return typeof value === "string" ? value.slice(0, 200) : "";
};

export async function donorAction(donor: Donor, form: FormData, origin: string): Promise<DonorAction> {
  const intent = text(form, "intent");
  const gift = text(form, "gift");
  const declaration = text(form, "declaration");
  const done = (notice: NoticeKey): DonorAction => ({ kind: "done", notice });
  switch (intent) {
    case "amount": {
      const r = await changeAmount(donor.email, gift, text(form, "amount"));
      return r.ok ? done("amount") : { kind: "refused", status: r.status, message: r.message };
    }
    case "pause": {
      const r = await pauseGift(donor.email, gift, text(form, "months"));
      return r.ok ? done("paused") : { kind: "refused", status: r.status, message: r.message };
    }
    case "resume": {
      const r = await resumeGift(donor.email, gift);
      return r.ok ? done("resumed") : { kind: "refused", status: r.status, message: r.message };
    }
    case "stop": {
      const r = await stopGift(donor.email, gift);
      return r.ok ? done("stopped") : { kind: "refused", status: r.status, message: r.message };
    }
    case "payment-details": {
      const r = await paymentDetailsSession(donor.email, gift, origin);
      return r.ok ? { kind: "redirect", url: r.url } : { kind: "refused", status: r.status, message: r.message };
    }
    case "cancel-declaration": {
      const r = await cancelDeclaration(donor.email, declaration);
      return r.ok ? done("cancelled") : { kind: "refused", status: 400, message: r.message };
    }
    case "update-declaration": {
      const values = Object.fromEntries(["title", "firstName", "lastName", "house", "postcode"].map((k) => [k, text(form, k)]));
      const r = await updateDeclaration(donor.email, declaration, values);
      return r.ok ? done("updated") : { kind: "refused", status: 400, message: r.message, errors: r.errors, declarationId: declaration, values };
    }
    default:
      return { kind: "refused", status: 400, message: "We did not understand that request. Nothing was changed." };
  }
}
