/**
 * The bookings of one event (personal data: staff allowed to see form submissions, and
 * administrators): reference, name, email, quantity, amount and status, tickets left and
 * totals, the CSV export, and cancel (free) or refund (paid) with a confirmation step that
 * works without JavaScript (?cancel=REFERENCE).
 */
import { data, Form, Link } from "react-router";
import { currentActor } from "../../../auth/guards.server.ts";
import { formatShortDate, formatTime } from "../../../components/site/format.ts";
import { cancelBookingByStaff, eventBookings, STATUS_LABELS } from "../bookings-admin.server.ts";
import { owedRefunds } from "../bookings.server.ts";
import { normaliseReference } from "../sales.ts";
import { redirectWithToast } from "../../../lib/toast.server.ts";
import { parseForm } from "../../../lib/form-submission.ts";
import type { IntentReply } from "../../../lib/form-reply.ts";
import { Table } from "../../../components/admin/kit/table.tsx";
import { STAFF_CANCEL_FIELDS, StaffCancelSchema } from "../booking.schema.ts";
import { Refusal, StatusCell } from "../../../components/admin/kit/row-status.tsx";
import type { Route } from "./+types/event-bookings";
import { formatPenceExact } from "../../../lib/money.ts";
import { formatUk } from "../../../lib/uk-time.ts";

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: `Bookings${loaderData ? `: ${loaderData.event.title}` : ""} | Millbrook Admin` }];

function eventId(params: { id?: string }): number {
  return /^\d{1,10}$/.test(params.id ?? "") ? Number(params.id) : 0;
}

export async function loader({ params, request }: Route.LoaderArgs) {
  const found = await eventBookings(eventId(params));
  if (!found) throw data("Event not found", { status: 404 });
  const { event, availability, totals } = found;
  const cancelRef = normaliseReference(new URL(request.url).searchParams.get("cancel") ?? "");
  const rows = found.bookings.map((b) => ({
    reference: b.reference,
    name: b.name,
    email: b.email,
    quantity: b.quantity,
    amount: b.amount_pence > 0 ? formatPenceExact(b.amount_pence) : "Free",
    paid: b.amount_pence > 0,
    status: b.status,
    statusLabel: STATUS_LABELS[b.status],
    booked: formatUk(b.created_at, "date-time"),
    arrived: b.checked_in_at ? formatUk(b.checked_in_at, "date-time") : null,
  }));
  return {
    event: { id: event.id, title: event.title, when: `${formatShortDate(event.date)}, ${formatTime(event.time)}`, mode: event.booking_mode },
    availability,
    totals: { ...totals, taken: formatPenceExact(totals.takenPence), refunded: formatPenceExact(totals.refundedPence) },
    rows,
    confirm: rows.find((r) => r.reference === cancelRef && r.status === "confirmed") ?? null,
    owed: (await owedRefunds({ eventId: event.id })).map((r) => ({
      reference: r.reference,
      name: r.name,
      amount: formatPenceExact(r.amountPence),
      since: formatUk(r.since, "date-time"),
      error: r.error,
    })),
  };
}

/**
 * A refused post names the form it answers (docs/decisions/287): `cancel-<reference>` for a
 * booking's cancel form, shown on its row; `bookings` for the page when no booking is named.
 */
const cancelIntent = (reference: string | null) => (reference ? `cancel-${reference}` : "bookings");

export async function action(args: Route.ActionArgs) {
  const id = eventId(args.params);
  const form = await args.request.formData();
  const submission = parseForm(form, StaffCancelSchema, STAFF_CANCEL_FIELDS);
  if (submission.status !== "success") {
    return data<IntentReply>({ intent: cancelIntent(normaliseReference(String(form.get("reference") ?? ""))), reply: submission.reply() }, { status: 400 });
  }
  const back = `/admin/events/${id}/bookings`;
  const result = await cancelBookingByStaff(id, submission.value.reference, currentActor(args));
  switch (result.outcome) {
    case "cancelled":
      return redirectWithToast(back, { type: "success", message: `Booking ${result.booking.reference} cancelled. Its tickets are back on sale.` });
    case "refunded":
      return redirectWithToast(back, {
        type: "success",
        message: `Booking ${result.booking.reference} refunded (${formatPenceExact(result.booking.amount_pence)}). Its tickets are back on sale.`,
      });
    case "not-found":
      return redirectWithToast(back, { type: "error", message: "That booking was not found for this event." });
    case "not-cancellable":
      return redirectWithToast(back, {
        type: "error",
        message: `Booking ${result.booking.reference} is ${STATUS_LABELS[result.booking.status].toLowerCase()}: only a confirmed booking can be cancelled.`,
      });
    case "refund-failed":
      return redirectWithToast(back, {
        type: "error",
        message: `The refund of booking ${result.booking.reference} could not be made just now. Nothing has changed. Please try again, or refund it in Stripe.`,
      });
  }
}

const outline = "inline-block rounded-full border-2 border-brand-600 bg-white px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50";
const STATUS_STYLES: Record<string, string> = {
  confirmed: "bg-brand-50 text-brand-800",
  held: "bg-sun-100 text-ink",
  cancelled: "bg-slate-100 text-slate-700",
  refunded: "bg-red-50 text-red-800",
  expired: "bg-slate-100 text-slate-700",
};

export default function EventBookings({ loaderData, actionData }: Route.ComponentProps) {
  const { event, availability, totals, rows, confirm, owed } = loaderData;
  const base = `/admin/events/${event.id}/bookings`;
  return (
    <main className="px-4 py-6 sm:px-6 sm:py-8">
      <Link to="/admin/events" className="text-sm font-semibold text-brand-700 underline">
        Back to Events
      </Link>
      <div className="mt-2 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-display text-3xl font-semibold text-brand-900">Bookings</h1>
          <p className="mt-1 text-slate-700">
            <span className="font-semibold">{event.title}</span> · {event.when}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={`/admin/events/${event.id}/check-in`} className={outline}>
            Door check-in
          </Link>
          <Link to={`/admin/events/${event.id}/waitlist`} className={outline}>
            Waitlist
          </Link>
          <Link to={`/admin/events/${event.id}/dates`} className={outline}>
            Dates
          </Link>
          <Link to={`/admin/events/${event.id}/cancel`} className={outline}>
            Cancel this date
          </Link>
          <a href={`${base}/export.csv`} download className={outline}>
            Export CSV
          </a>
        </div>
      </div>

      <Refusal answer={actionData} intent="bookings" />

      {owed.length > 0 ? (
        <section role="alert" aria-labelledby="owed-title" className="mt-6 rounded-2xl border-2 border-red-700 bg-red-50 p-4 text-red-900">
          <h2 id="owed-title" className="font-semibold">
            {owed.length === 1 ? "A refund has not gone through yet" : `${owed.length} refunds have not gone through yet`}
          </h2>
          <p className="mt-1 text-sm">
            These buyers paid after their tickets had been released and sold to someone else. The site keeps trying to refund them; if one stays here,
            refund it in Stripe&apos;s dashboard.
          </p>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm" data-testid="owed-refunds">
            {owed.map((r) => (
              <li key={r.reference}>
                <span className="font-mono font-semibold">{r.reference}</span> · {r.name} · {r.amount} · owed since {r.since}
                {r.error ? ` · last error: ${r.error}` : ""}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <dl className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <dt className="text-sm text-slate-600">Tickets left</dt>
          <dd className="mt-1 text-2xl font-semibold text-brand-900" data-testid="tickets-left">
            {availability.left === null ? "No limit" : `${availability.left} of ${availability.limit}`}
          </dd>
        </div>
        <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <dt className="text-sm text-slate-600">Tickets sold</dt>
          <dd className="mt-1 text-2xl font-semibold text-brand-900" data-testid="tickets-sold">
            {totals.tickets}
            <span className="text-base font-normal text-slate-600"> in {totals.bookings === 1 ? "1 booking" : `${totals.bookings} bookings`}</span>
          </dd>
          {availability.held > 0 && <dd className="mt-1 text-sm text-slate-600">{availability.held} more held while buyers pay</dd>}
          {availability.offered > 0 && <dd className="mt-1 text-sm text-slate-600">{availability.offered} held for waitlist offers</dd>}
        </div>
        <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <dt className="text-sm text-slate-600">Taken</dt>
          <dd className="mt-1 text-2xl font-semibold text-brand-900">{totals.taken}</dd>
          {totals.refundedPence > 0 && <dd className="mt-1 text-sm text-slate-600">Refunded: {totals.refunded}</dd>}
        </div>
        <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <dt className="text-sm text-slate-600">Arrived</dt>
          <dd className="mt-1 text-2xl font-semibold text-brand-900">
            {totals.arrived} <span className="text-base font-normal text-slate-600">of {totals.tickets} tickets</span>
          </dd>
        </div>
      </dl>

      {confirm && (
        <section role="alertdialog" aria-labelledby="confirm-heading" className="mt-6 rounded-2xl border-2 border-red-700 bg-white p-4">
          <h2 id="confirm-heading" className="text-lg font-semibold text-ink">
            {confirm.paid ? `Refund ${confirm.amount} and cancel booking ${confirm.reference}?` : `Cancel booking ${confirm.reference}?`}
          </h2>
          <p className="mt-1 text-slate-700">
            {confirm.name} ({confirm.email}), {confirm.quantity === 1 ? "1 ticket" : `${confirm.quantity} tickets`}.{" "}
            {confirm.paid ? "The payment is refunded in full through Stripe and " : ""}the tickets go back on sale. This cannot be undone.
          </p>
          <Form method="post" action={base} className="mt-3 flex flex-wrap gap-3">
            <input type="hidden" name="intent" value="cancel" />
            <input type="hidden" name="reference" value={confirm.reference} />
            <button type="submit" className="rounded-full bg-red-700 px-5 py-2.5 font-semibold text-white hover:bg-red-800">
              {confirm.paid ? `Yes, refund ${confirm.amount}` : "Yes, cancel booking"}
            </button>
            <Link to={base} className="rounded-full px-5 py-2.5 font-semibold text-brand-700 underline">
              Keep booking
            </Link>
          </Form>
        </section>
      )}

      <p className="mt-6 text-sm text-slate-600" aria-live="polite">
        {rows.length === 1 ? "1 booking" : `${rows.length} bookings`} (newest first)
      </p>
      {rows.length === 0 ? (
        <p className="mt-3 rounded-2xl bg-white p-8 text-center text-slate-600 ring-1 ring-slate-200">No bookings yet.</p>
      ) : (
        <Table
          framed
          caption={`Bookings for ${event.title}`}
          minWidth="min-w-[52rem]"
          items={rows.map((row) => ({ ...row, id: row.reference }))}
          rowAttributes={() => ({ "data-testid": "booking-row" })}
          columns={[
            { header: "Reference", className: "font-mono text-xs whitespace-nowrap", cell: (row) => row.reference },
            { header: "Name", className: "font-semibold text-ink", cell: (row) => row.name },
            { header: "Email", className: "break-words", cell: (row) => row.email },
            { header: "Quantity", align: "right", cell: (row) => row.quantity },
            { header: "Amount", align: "right", className: "whitespace-nowrap", cell: (row) => row.amount },
            {
              header: "Status",
              cell: (row) => <StatusCell label={row.statusLabel} tone={STATUS_STYLES[row.status] ?? ""} note={row.arrived && `Arrived ${row.arrived}`} nowrap />,
            },
            { header: "Booked", className: "whitespace-nowrap", cell: (row) => row.booked },
            {
              header: "Actions",
              hiddenHeader: true,
              align: "right",
              cell: (row) => (
                <>
                  {row.status === "confirmed" && (
                    <Link
                      to={`${base}?cancel=${row.reference}`}
                      className="font-semibold whitespace-nowrap text-red-800 underline"
                      aria-label={`${row.paid ? "Refund" : "Cancel"} booking ${row.reference} (${row.name})`}
                    >
                      {row.paid ? "Refund" : "Cancel"}
                    </Link>
                  )}
                  <Refusal answer={actionData} intent={`cancel-${row.reference}`} inRow />
                </>
              ),
            },
          ]}
        />
      )}
    </main>
  );
}
