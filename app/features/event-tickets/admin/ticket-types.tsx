/**
 * An event's ticket types (any staff, like the event form that links here): name, price
 * (0 is free), description, places per ticket (a Family ticket: 4), a limit of its own
 * and the order they are listed in; and whether buyers give each ticket's attendee name.
 * All types share the event's capacity. A type with tickets sold cannot be deleted.
 */
import type { ReactNode } from "react";
import { data, Form, Link } from "react-router";
import { Card } from "../../../components/admin/kit/card.tsx";
import { buttonClasses } from "../../../components/ui/button.ts";
import { currentActor } from "../../../auth/guards.server.ts";
import { redirectWithToast } from "../../../lib/toast.server.ts";

import { deleteTicketType, saveTicketType, setAttendeeNames, ticketTypesForStaff } from "../tickets.server.ts";
import { TicketTypeSchema } from "../tickets.schema.ts";
import type { Route } from "./+types/ticket-types";
import { formatPenceExact, penceAsPounds } from "../../../lib/money.ts";
import { parseForm } from "../../../lib/form-submission.ts";
import { replyFor, type IntentReply } from "../../../lib/form-reply.ts";

export const meta = () => [{ title: "Ticket types | Millbrook Admin" }];

function eventIdOf(params: { id?: string }): number {
  const id = /^\d{1,10}$/.test(params.id ?? "") ? Number(params.id) : NaN;
  if (!Number.isInteger(id)) throw data("Event not found", { status: 404 });
  return id;
}

export async function loader({ params }: Route.LoaderArgs) {
  const found = await ticketTypesForStaff(eventIdOf(params));
  if (!found) throw data("Event not found", { status: 404 });
  return {
    event: { id: found.event.id, title: found.event.title, mode: found.event.booking_mode, capacity: found.event.tickets_available, attendeeNames: found.event.attendee_names },
    types: found.types.map((t) => ({ ...t, price: t.price_pence === 0 ? "" : penceAsPounds(t.price_pence) })),
  };
}

const TYPE_FIELDS = ["name", "description", "price", "places", "limit", "position"] as const;

/** A refusal names its form (docs/decisions/287): `add` for the new type's form, `type-<id>` for a type's own. */
export async function action(args: Route.ActionArgs) {
  const eventId = eventIdOf(args.params);
  const here = `/admin/events/${eventId}/tickets`;
  const form = await args.request.formData();
  const intent = form.get("intent");
  const typeId = /^\d{1,10}$/.test(String(form.get("type") ?? "")) ? Number(form.get("type")) : null;
  if (intent === "attendees") {
    await setAttendeeNames(eventId, form.get("attendee_names") === "on", currentActor(args));
    return redirectWithToast(here, { type: "success", message: "Attendee names setting saved" });
  }
  if (intent === "delete" && typeId !== null) {
    const outcome = await deleteTicketType(eventId, typeId, currentActor(args));
    const messages = { deleted: "Ticket type deleted", "has-tickets": "This type has tickets sold, so it stays.", last: "An event keeps at least one ticket type.", "not-found": "Ticket type not found" };
    return redirectWithToast(here, { type: outcome === "deleted" ? "success" : "error", message: messages[outcome] });
  }
  const submission = parseForm(form, TicketTypeSchema, TYPE_FIELDS);
  if (submission.status !== "success") {
    return data<IntentReply>({ intent: intent === "add" ? "add" : `type-${typeId}`, reply: submission.reply({ formErrors: ["Please check the ticket type."] }) }, { status: 400 });
  }
  const outcome = await saveTicketType(eventId, intent === "add" ? null : typeId, submission.value, currentActor(args));
  if (outcome === "not-found") throw data("Not found", { status: 404 });
  return redirectWithToast(here, { type: "success", message: `Ticket type ${submission.value.name} saved` });
}

const input = "mt-1 block w-full rounded-xl border border-slate-400 bg-white px-3 py-2";

type TypeReply = ReturnType<typeof replyFor>;

function TypeFields({ t, paid, reply }: { t?: { id: number; name: string; description: string | null; price: string; places_per_ticket: number; ticket_limit: number | null; position: number }; paid: boolean; reply: TypeReply }) {
  const id = (f: string) => `${f}-${t ? t.id : "new"}`;
  /** After a refusal, the value as posted (an empty box stays empty); else the saved one. */
  const posted = Object.keys(reply.errors).length > 0;
  const value = (f: string, saved: string | number | null | undefined) => (posted ? (reply.value(f) ?? "") : (saved ?? undefined));
  const refused = (f: string) => {
    const message = reply.error(f);
    return { "aria-invalid": message ? true : undefined, "aria-describedby": message ? `${id(f)}-error` : undefined };
  };
  /** One box: its label, and under it (outside the label, so the box's name stays short) a refusal's message. */
  const box = (f: string, label: ReactNode, control: ReactNode, span = "") => (
    <div className={span}>
      <label className="block font-semibold text-ink" htmlFor={id(f)}>
        {label}
        {control}
      </label>
      {reply.error(f) ? (
        <p id={`${id(f)}-error`} className="mt-1 text-sm font-semibold text-red-800">
          {reply.error(f)}
        </p>
      ) : null}
    </div>
  );
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      {box("name", "Name", <input id={id("name")} name="name" required maxLength={60} defaultValue={value("name", t?.name)} {...refused("name")} className={input} />, "sm:col-span-2")}
      {box(
        "price",
        `Price (£)${paid ? "" : ": free event"}`,
        <input id={id("price")} name="price" inputMode="decimal" placeholder="Free" defaultValue={value("price", t?.price)} disabled={!paid} {...refused("price")} className={input} />,
      )}
      {box(
        "description",
        "Description (optional)",
        <input id={id("description")} name="description" maxLength={200} defaultValue={value("description", t?.description ?? "")} {...refused("description")} className={input} />,
        "sm:col-span-3",
      )}
      {box("places", "Places per ticket", <input id={id("places")} name="places" inputMode="numeric" required defaultValue={value("places", t?.places_per_ticket ?? 1)} {...refused("places")} className={input} />)}
      {box("limit", "Limit of its own (optional)", <input id={id("limit")} name="limit" inputMode="numeric" defaultValue={value("limit", t?.ticket_limit ?? "")} {...refused("limit")} className={input} />)}
      {box("position", "Order", <input id={id("position")} name="position" inputMode="numeric" defaultValue={value("position", t?.position ?? 0)} {...refused("position")} className={input} />)}
    </div>
  );
}

export default function TicketTypes({ loaderData, actionData }: Route.ComponentProps) {
  const { event, types } = loaderData;
  const paid = event.mode === "paid";
  const add = replyFor(actionData, "add");
  const formError = add.formError ?? types.map((t) => replyFor(actionData, `type-${t.id}`).formError).find(Boolean);
  return (
    <main className="mx-auto max-w-3xl px-4 py-6 sm:px-6 lg:py-8">
      <p className="text-sm">
        <Link to={`/admin/events/edit/${event.id}`} className="font-semibold text-brand-700 underline">
          Back to the event
        </Link>
      </p>
      <h1 className="mt-2 font-display text-3xl font-semibold text-brand-900">Ticket types</h1>
      <p className="mt-1 text-slate-700">
        <span className="font-semibold">{event.title}</span>
        {event.capacity !== null ? ` · all types share ${event.capacity} places` : " · no limit on places"}
      </p>
      {event.mode !== "paid" && event.mode !== "free" ? (
        <p className="mt-4 rounded-xl bg-sun-100 p-3">This event does not take bookings on this site: choose free or paid tickets on the event form first.</p>
      ) : null}
      {formError ? (
        <p role="alert" className="mt-4 rounded-xl border-2 border-red-700 bg-red-50 p-3 font-semibold text-red-900">
          {formError}
        </p>
      ) : null}
      {types.length === 0 ? <p className="mt-4 text-slate-700">This event sells one kind of ticket at the price on the event form. Add types to sell several.</p> : null}
      {types.map((t) => (
        <Card as="section" key={t.id} className="mt-4 p-4" aria-label={t.name}>
          <Form method="post">
            <input type="hidden" name="type" value={t.id} />
            <TypeFields t={t} paid={paid} reply={replyFor(actionData, `type-${t.id}`)} />
            <p className="mt-2 text-sm text-slate-600">
              {t.price_pence > 0 ? formatPenceExact(t.price_pence) : "Free"} · {t.sold} sold or held
            </p>
            <div className="mt-3 flex gap-2">
              <button type="submit" name="intent" value="save" className={buttonClasses("primary", "sm")}>
                Save
              </button>
              <button type="submit" name="intent" value="delete" formNoValidate className={buttonClasses("ghost", "sm")} disabled={t.sold > 0}>
                Delete
              </button>
            </div>
          </Form>
        </Card>
      ))}
      <Card as="section" className="mt-6 p-4" aria-labelledby="add-type">
        <h2 id="add-type" className="text-lg font-semibold text-ink">
          Add a ticket type
        </h2>
        <Form method="post" className="mt-3">
          <TypeFields paid={paid} reply={add} />
          <button type="submit" name="intent" value="add" className={`${buttonClasses("primary", "sm")} mt-3`}>
            Add type
          </button>
        </Form>
      </Card>
      <Card as="section" className="mt-6 p-4" aria-labelledby="attendees">
        <h2 id="attendees" className="text-lg font-semibold text-ink">
          Attendee names
        </h2>
        <Form method="post" className="mt-2 flex flex-wrap items-center gap-3">
          <label className="flex items-center gap-2">
            <input type="checkbox" name="attendee_names" defaultChecked={event.attendeeNames} />
            Ask buyers for each ticket&apos;s name (shown at the door and in the bookings CSV)
          </label>
          <button type="submit" name="intent" value="attendees" className={buttonClasses("secondary", "sm")}>
            Save
          </button>
        </Form>
      </Card>
    </main>
  );
}
