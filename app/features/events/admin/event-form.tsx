import { CheckboxField, ContentFormFrame, useContentForm } from "../../../components/admin/content-form.tsx";
import { MediaField } from "../../../components/admin/media-field.tsx";
import { SelectField, TextAreaField, TextField } from "../../../components/ui/fields.tsx";
import { listingFormAction, listingFormLoader, type ListingFormScreen } from "../../../domain/listings/listing-form.server.ts";
import { createEvent, getEventForAdmin, updateEvent } from "../events-admin.server.ts";
import { EVENT_CATEGORIES } from "../event-categories.ts";
import { BOOKING_MODE_OPTIONS, EVENT_DEFAULT_TIME, EVENT_FORM_FIELDS, EventFormSchema } from "../events.schema.ts";
import { useHydrated } from "../../../components/ui/use-hydrated.ts";
import type { Route } from "./+types/event-form";
import { penceAsPounds } from "../../../lib/money.ts";
import { BODY_LIMITS, type BodyLimitHandle } from "../../../lib/body-limits.ts";

/** Takes an image upload. */
export const handle: BodyLimitHandle = { bodyLimit: BODY_LIMITS.imageForm };

export const meta = ({ params }: Route.MetaArgs) => [{ title: `${params.id ? "Edit Event" : "New Event"} | Millbrook Admin` }];

const screen = {
  schema: EventFormSchema,
  fields: EVENT_FORM_FIELDS,
  folder: "events",
  listPath: "/admin/events",
  texts: {
    created: "Event created successfully",
    updated: "Event updated successfully",
    createFailed: "Failed to create event",
    updateFailed: "Failed to update event",
    loadFailed: "Failed to load event data",
  },
  create: (input, image, actor, submissionId) => createEvent({ ...input, image }, actor, submissionId),
  update: (id, input, image, actor) => updateEvent(id, { ...input, image }, actor),
} satisfies ListingFormScreen<typeof EventFormSchema>;

export const loader = ({ params }: Route.LoaderArgs) =>
  listingFormLoader(params, {
    ...screen,
    read: getEventForAdmin,
    blank: { time: EVENT_DEFAULT_TIME, is_active: true, booking_mode: "none", thank_you_email: false },
    values: (event) => ({
      ...event,
      ticket_price_pounds: event.ticket_price_pence === null ? "" : penceAsPounds(event.ticket_price_pence),
      booking_url: event.booking_url ?? "",
    }),
  });

export const action = (args: Route.ActionArgs) => listingFormAction(args, screen);

const CATEGORY_OPTIONS = EVENT_CATEGORIES.map((c) => ({ id: c, label: c[0].toUpperCase() + c.slice(1) }));

export default function EventForm({ loaderData, actionData }: Route.ComponentProps) {
  const editing = loaderData.id !== null;
  const hydrated = useHydrated();
  const form = useContentForm({
    schema: EventFormSchema,
    initial: loaderData.values,
    draftKey: `draft:event:${loaderData.id ?? "new"}`,
    actionData,
  });
  const mode = form.values.booking_mode;
  return (
    <ContentFormFrame
      form={form}
      heading={editing ? "Edit Event" : "Create Event"}
      backTo="/admin/events"
      backLabel="Back to Events"
      viewOnSite={loaderData.live && loaderData.id !== null ? `/events/${loaderData.id}` : undefined}
      submitLabel={editing ? "Update Event" : "Create Event"}
    >
      <TextField label="Title" maxLength={120} {...form.bind("title")} />
      <SelectField label="Category" options={CATEGORY_OPTIONS} placeholder="Select a category" {...form.bind("category")} />
      <TextField label="Date" type="date" {...form.bind("date")} />
      <TextField label="Start time" type="time" {...form.bind("time")} />
      <TextField label="End time" type="time" optional hint="Used by the calendar file. Without it, three hours." {...form.bind("end_time")} />
      <TextAreaField
        label="Short description"
        hint="Shown on event cards. We recommend at most 200 characters."
        rows={3}
        maxLength={500}
        className="md:col-span-2"
        {...form.bind("description")}
      />
      <TextAreaField
        label="Full description"
        hint="Shown on the event's page. Leave a blank line between paragraphs."
        optional
        rows={6}
        className="md:col-span-2"
        {...form.bind("long_description")}
      />
      <TextField label="Location" maxLength={200} {...form.bind("location")} />
      <TextField label="Location address" optional maxLength={300} {...form.bind("location_address")} />
      <TextField label="Organiser" optional maxLength={120} {...form.bind("organizer")} />
      <SelectField
        label="Booking"
        hint="Free booking takes a name and email; paid tickets are paid by card online."
        options={BOOKING_MODE_OPTIONS}
        placeholder="Choose how visitors get tickets"
        {...form.bind("booking_mode")}
      />
      {/* Without JavaScript every booking field shows; with it, only those the chosen mode uses. */}
      {(!hydrated || mode === "none" || mode === "external") && (
        <TextField
          label="Ticket price"
          optional
          hint={hydrated ? 'For example "£10" or "Free".' : 'Without online booking or with a booking link. For example "£10" or "Free".'}
          maxLength={40}
          {...form.bind("ticket_price")}
        />
      )}
      {(!hydrated || mode === "none") && (
        <TextField
          label="How to get tickets"
          optional
          hint={`${hydrated ? "" : "Without online booking. "}For example "Pay on the door" or "Tickets from the church office".`}
          maxLength={160}
          className="md:col-span-2"
          {...form.bind("ticket_info")}
        />
      )}
      {(!hydrated || mode === "paid") && (
        <TextField
          label="Price per ticket (£)"
          optional={!hydrated}
          hint="For paid tickets: pounds and pence, for example 10.00."
          inputMode="decimal"
          maxLength={20}
          {...form.bind("ticket_price_pounds")}
        />
      )}
      {(!hydrated || mode === "external") && (
        <TextField
          label="Booking link"
          optional={!hydrated}
          hint="For an external booking: the full address where tickets are sold."
          inputMode="url"
          maxLength={500}
          {...form.bind("booking_url")}
        />
      )}
      <TextField
        label="Tickets available"
        optional
        hint="Leave empty for no limit."
        inputMode="numeric"
        {...form.bind("tickets_available")}
      />
      {editing && (mode === "free" || mode === "paid") ? (
        <p className="self-end text-sm text-slate-700">
          Several kinds of ticket (Adult, Child, Family), a limit for each, or attendees&apos; names:{" "}
          <a href={`/admin/events/${loaderData.id}/tickets`} className="font-semibold text-brand-700 underline">
            Ticket types
          </a>
        </p>
      ) : (
        <div />
      )}
      <MediaField form={form} current={loaderData.image} choices={loaderData.media} />
      <CheckboxField form={form} name="is_active" label="Active" hint="Shown on the public website." />
      <CheckboxField
        form={form}
        name="thank_you_email"
        label="Thank-you email"
        hint="After the event, everyone booked is emailed a thank-you with a link to give."
      />
    </ContentFormFrame>
  );
}
