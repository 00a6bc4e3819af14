/**
 * Cancelling an event date (behind the bookings permission): asks first, saying what will
 * happen (how many bookings and places, which paid ones are refunded through Stripe, that
 * everyone booked is emailed); then cancels, and says what was done and what was not.
 */
import { data, Form, Link } from "react-router";
import { z } from "zod";
import { currentActor } from "../../../auth/guards.server.ts";
import { formatShortDate, formatTime } from "../../../components/site/format.ts";

import { getEventForAdmin } from "../../events/index.ts";
import { redirectWithToast } from "../../../lib/toast.server.ts";
import { bookingsToCancel, cancelDate } from "../series.server.ts";
import type { Route } from "./+types/cancel-date";
import { formatPenceExact } from "../../../lib/money.ts";
import { parseForm } from "../../../lib/form-submission.ts";
import { replyFor, type IntentReply } from "../../../lib/form-reply.ts";

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: `Cancel date${loaderData ? `: ${loaderData.event.title}` : ""} | Millbrook Admin` }];

function eventId(params: { id?: string }): number {
  return /^\d{1,10}$/.test(params.id ?? "") ? Number(params.id) : 0;
}

export async function loader({ params }: Route.LoaderArgs) {
  const event = await getEventForAdmin(eventId(params));
  if (!event) throw data("Event not found", { status: 404 });
  const counts = await bookingsToCancel(event.id);
  return {
    event: { id: event.id, title: event.title, when: `${formatShortDate(event.date)}, ${formatTime(event.time)}`, active: event.is_active, inSeries: event.series_id !== null },
    counts: { ...counts, paidAmount: formatPenceExact(counts.paidPence) },
  };
}

/** The one form: its button says what it does (a check on the whole form, so its message is the form's own). */
const CancelSchema = z.object({ intent: z.string() }).refine((v) => v.intent === "cancel-date", { message: "Unknown action." });

/** A refusal names the form (docs/decisions/287): `cancel-date`. */
export async function action(args: Route.ActionArgs) {
  const id = eventId(args.params);
  const form = await args.request.formData();
  const submission = parseForm(form, CancelSchema, ["intent"]);
  if (submission.status !== "success") return data<IntentReply>({ intent: "cancel-date", reply: submission.reply() }, { status: 400 });
  const result = await cancelDate(id, currentActor(args));
  if (!result.ok) return data<IntentReply>({ intent: "cancel-date", reply: submission.reply({ formErrors: ["Event not found."] }) }, { status: 404 });
  const done = [
    result.refunded > 0 ? `${result.refunded} ${result.refunded === 1 ? "booking" : "bookings"} refunded` : null,
    result.cancelled > 0 ? `${result.cancelled} free ${result.cancelled === 1 ? "booking" : "bookings"} cancelled` : null,
  ].filter(Boolean);
  if (result.failed.length > 0) {
    return redirectWithToast(`/admin/events/${id}/cancel`, {
      type: "error",
      message: `The date is off the website${done.length ? `; ${done.join(", ")}` : ""}. Stripe could not refund ${result.failed.join(", ")}: those bookings are still confirmed. Press Cancel this date again to retry them.`,
    });
  }
  return redirectWithToast(`/admin/events/${id}/bookings`, {
    type: "success",
    message: `The date is cancelled and off the website${done.length ? `: ${done.join(", ")}, and everyone booked has been emailed` : ""}.`,
  });
}

export default function CancelDate({ loaderData, actionData }: Route.ComponentProps) {
  const { event, counts } = loaderData;
  const { formError } = replyFor(actionData, "cancel-date");
  return (
    <main className="px-4 py-6 sm:px-6 sm:py-8">
      <Link to={event.inSeries ? `/admin/events/${event.id}/dates` : "/admin/events"} className="text-sm font-semibold text-brand-700 underline">
        {event.inSeries ? "Back to Dates" : "Back to Events"}
      </Link>
      <section role="alertdialog" aria-labelledby="cancel-heading" aria-describedby="cancel-what" className="mt-4 max-w-2xl rounded-2xl border-2 border-red-700 bg-white p-5">
        <h1 id="cancel-heading" className="text-2xl font-semibold text-ink">
          Cancel {event.title} on {event.when}?
        </h1>
        <div id="cancel-what" className="mt-2 space-y-2 text-slate-700">
          <p>The date comes off the website and nothing more is sold for it. Its waitlist is closed.</p>
          {counts.confirmed === 0 ? (
            <p>Nobody has booked it.</p>
          ) : (
            <p data-testid="cancel-counts">
              {counts.confirmed === 1 ? "1 booking" : `${counts.confirmed} bookings`} ({counts.places === 1 ? "1 place" : `${counts.places} places`}) will be cancelled
              {counts.paid > 0 ? `, and ${counts.paid === 1 ? "1 paid booking" : `${counts.paid} paid bookings`} refunded in full through Stripe (${counts.paidAmount})` : ""}.
              Everyone booked is emailed. This cannot be undone.
            </p>
          )}
        </div>
        {formError ? (
          <p role="alert" className="mt-3 font-semibold text-red-800">
            {formError}
          </p>
        ) : null}
        <Form method="post" className="mt-4 flex flex-wrap gap-3">
          <button type="submit" name="intent" value="cancel-date" className="rounded-full bg-red-700 px-5 py-2.5 font-semibold text-white hover:bg-red-800">
            {counts.confirmed > 0 ? "Yes, cancel this date" : "Cancel this date"}
          </button>
          <Link to={event.inSeries ? `/admin/events/${event.id}/dates` : "/admin/events"} className="rounded-full px-5 py-2.5 font-semibold text-brand-700 underline">
            Keep it
          </Link>
        </Form>
      </section>
    </main>
  );
}
