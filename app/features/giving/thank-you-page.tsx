/** Where Stripe Checkout sends a donor after paying: thanks and the gift's reference. */
import { data } from "react-router";
import { CheckIcon } from "../../components/site/icons.tsx";
import { buttonClasses } from "../../components/ui/button.ts";
import { giftAidPence } from "./donation.ts";
import { thankYouFor } from "./checkout.server.ts";
import { paymentsConfigured } from "../../payments/stripe.server.ts";
import type { QueryHandle } from "../../lib/page-query.ts";
import { mailConfigured } from "../../mail/mailer.server.ts";
import type { Route } from "./+types/thank-you-page";
import { DirectDebitGuarantee } from "./direct-debit-guarantee.tsx";
import { charityDetails } from "../gift-options/index.ts";
import { formatPence } from "../../lib/money.ts";

const NO_STORE = { "Cache-Control": "private, no-store" };

export const handle: QueryHandle = { query: ["session_id"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const sessionId = new URL(request.url).searchParams.get("session_id") ?? "";
  const gift = paymentsConfigured() ? await thankYouFor(sessionId) : null;
  // The Direct Debit confirmation names the charity with its contact details.
  const charity = gift?.directDebit ? await charityDetails(context) : null;
  // Without a mail server no receipt is sent: the page says only what happened.
  return data({ gift, charity, mailed: mailConfigured() }, { status: gift ? 200 : 404, headers: NO_STORE });
}

export function headers({ loaderHeaders, parentHeaders }: Route.HeadersArgs) {
  const headers = new Headers(parentHeaders);
  headers.set("Cache-Control", loaderHeaders.get("Cache-Control") ?? "private, no-store");
  return headers;
}

export const meta = () => [
  { title: "Thank you | Millbrook Community Foundation" },
  { name: "description", content: "Thank you for your gift to Millbrook Community Foundation: its reference, and what happens next." },
  { name: "robots", content: "noindex" },
];

export default function DonationThankYou({ loaderData }: Route.ComponentProps) {
  const { gift, mailed, charity } = loaderData;
  return (
    <div className="bg-linear-to-b from-sun-100 to-white px-4 pt-36 pb-24">
      <div className="mx-auto max-w-2xl rounded-3xl bg-white p-6 shadow-lg ring-1 ring-slate-200 sm:p-10">
        {gift ? (
          <>
            <span className="flex size-12 items-center justify-center rounded-full bg-brand-600 text-white">
              <CheckIcon className="size-6" />
            </span>
            <h1 className="mt-4 font-display text-4xl font-semibold text-brand-900">
              {gift.directDebit ? "Your Direct Debit is set up" : "Thank you for your gift"}
            </h1>
            {gift.directDebit && charity ? (
              <div className="mt-4 space-y-3 text-lg" data-testid="dd-confirmation">
                <p>
                  Thank you. Your Direct Debit Instruction to {charity.name} for {formatPence(gift.amountPence)} a month has been set up with your
                  bank details.
                </p>
                <p>
                  Our payment provider, Stripe, collects the payments for us. Stripe will email you within 3 working days to confirm the
                  Instruction, with the date of your first payment, and again before any change. Your first payment usually leaves your
                  account within 7 working days.
                </p>
                <p className="text-base text-slate-700">
                  To change or cancel your Direct Debit, use the link in your receipt, contact us, or contact your bank or building society.
                </p>
                <DirectDebitGuarantee charity={charity} />
              </div>
            ) : null}
            <p className="mt-4 text-lg">
              {gift.monthly ? `Your monthly gift of ${formatPence(gift.amountPence)}` : `Your gift of ${formatPence(gift.amountPence)}`} helps
              Millbrook's local groups and neighbours.
            </p>
            {gift.giftAid && (
              <p className="mt-3 text-lg" data-testid="gift-aid-added">
                With Gift Aid, we can claim 25p from HMRC for every £1 you give: {formatPence(giftAidPence(gift.amountPence))} more
                {gift.monthly ? " each month" : ""}, at no cost to you.
              </p>
            )}
            <p className="mt-3 text-lg">
              Your reference is <strong className="font-mono tracking-wide break-all text-brand-800">{gift.reference}</strong>.
            </p>
            {gift.email && mailed ? (
              <p className="mt-3 break-words text-slate-700" data-testid="receipt-delivery">
                {gift.directDebit ? "We will send a receipt for each payment to " : "We are sending a receipt to "}
                <strong>{gift.email}</strong>.
              </p>
            ) : (
              <p className="mt-3 break-words text-slate-700" data-testid="receipt-delivery">
                Keep this page or your reference: it is your record of this gift.
              </p>
            )}
          </>
        ) : (
          <>
            <h1 className="font-display text-3xl font-semibold text-brand-900">We could not find that donation</h1>
            <p className="mt-4 text-lg text-slate-700">
              {mailed
                ? "If you completed a payment, your receipt will arrive by email. Otherwise nothing was taken."
                : "If you completed a payment, it has been recorded: please contact us for a receipt. Otherwise nothing was taken."}
            </p>
          </>
        )}
        <a href="/" className={buttonClasses("primary", "lg", "mt-8")}>
          Return Home
        </a>
      </div>
    </div>
  );
}
