/** The link in a monthly donor's receipts: stop the monthly gift (at Stripe and in the ledger). */
import { data, Form } from "react-router";
import { buttonClasses } from "../../components/ui/button.ts";

import { monthlyGiftByToken, stopMonthlyGift } from "./ledger.server.ts";
import { logger } from "../../lib/logger.server.ts";
import { paymentsConfigured } from "../../payments/stripe.server.ts";
import type { Route } from "./+types/monthly-gift-page";
import { formatPence } from "../../lib/money.ts";
import { formatUk } from "../../lib/uk-time.ts";
import { refusedForm } from "../../lib/form-submission.ts";
import { readReply } from "../../components/site/form-kit.tsx";

const NO_STORE = { "Cache-Control": "private, no-store" };

function view(gift: Awaited<ReturnType<typeof monthlyGiftByToken>>) {
  return gift
    ? {
        reference: gift.reference,
        amount: formatPence(gift.amount_pence),
        started: formatUk(gift.started_at, "date"),
        ended: gift.ended_at ? formatUk(gift.ended_at, "date") : null,
      }
    : null;
}

export async function loader({ params }: Route.LoaderArgs) {
  const gift = await monthlyGiftByToken(params.token);
  return data({ gift: view(gift) }, { status: gift ? 200 : 404, headers: NO_STORE });
}

/**
 * A refusal is Conform's reply with the form's own message (docs/decisions/287); the page
 * then shows the gift as its loader reads it again. A stopped gift answers `{ gift }`.
 */
const refuse = (status: number, message: string) => data(refusedForm({ _form: message }), { status, headers: NO_STORE });

export async function action({ params }: Route.ActionArgs) {
  if (!paymentsConfigured()) return refuse(503, "Online giving is not switched on, so the gift cannot be stopped here. Please email us.");
  try {
    const gift = await stopMonthlyGift(params.token);
    return data({ gift: view(gift) }, { status: gift ? 200 : 404, headers: NO_STORE });
  } catch (error) {
    logger.error({ err: error instanceof Error ? error.message : String(error) }, "stopping a monthly gift failed");
    return refuse(502, "We could not stop your gift just now. Please try again in a few minutes.");
  }
}

export function headers({ parentHeaders }: Route.HeadersArgs) {
  const headers = new Headers(parentHeaders);
  headers.set("Cache-Control", "private, no-store");
  return headers;
}

export const meta = () => [{ title: "Your monthly gift | Millbrook Community Foundation" }, { name: "robots", content: "noindex" }];

export default function MonthlyGift({ loaderData, actionData }: Route.ComponentProps) {
  const gift = actionData && "gift" in actionData ? actionData.gift : loaderData.gift;
  const error = readReply(actionData && !("gift" in actionData) ? actionData : undefined).errors._form;
  return (
    <div className="bg-linear-to-b from-sun-100 to-white px-4 pt-36 pb-24">
      <div className="mx-auto max-w-2xl rounded-3xl bg-white p-6 shadow-lg ring-1 ring-slate-200 sm:p-10">
        <h1 className="font-display text-4xl font-semibold text-brand-900">Your monthly gift</h1>
        {!gift ? (
          <p className="mt-4 text-lg text-slate-700">We could not find that monthly gift. Please check the link in your receipt.</p>
        ) : gift.ended ? (
          <p role="status" className="mt-4 text-lg">
            Your monthly gift of {gift.amount} (reference {gift.reference}) has stopped. No further payments will be taken. Thank you for
            your support.
          </p>
        ) : (
          <>
            <p className="mt-4 text-lg">
              You give {gift.amount} every month, since {gift.started} (reference {gift.reference}).
            </p>
            {error ? (
              <p role="alert" className="mt-4 rounded-2xl border-2 border-red-700 bg-red-50 p-4 text-red-900">
                {error}
              </p>
            ) : null}
            <Form method="post" reloadDocument className="mt-6">
              <button type="submit" className={buttonClasses("primary", "lg")}>
                Stop my monthly gift
              </button>
            </Form>
            <p className="mt-6 text-slate-700">
              Would you rather give a different amount, take a break of up to 3 months or change your card?{" "}
              <a href="/manage-giving" className="font-semibold text-brand-700 underline underline-offset-4">
                Manage my giving
              </a>
              .
            </p>
          </>
        )}
      </div>
    </div>
  );
}
