/**
 * An event's dates: repeat a single event (weekly, fortnightly, or monthly on the nth
 * weekday, until a date or for a number of dates), or for a date of a series, every date
 * with its bookings, and "this and all future dates": copy this date's details (edited
 * with the event form) to the later dates. Cancelling a date is its own screen, behind
 * the bookings permission (it refunds and emails people).
 */
import { data, Form, Link } from "react-router";
import { z } from "zod";
import { allows } from "../../../auth/access.ts";
import { currentActor, currentStaff } from "../../../auth/guards.server.ts";
import { formatShortDate, formatTime } from "../../../components/site/format.ts";
import { getEventForAdmin } from "../../events/index.ts";
import { parseForm, refusedForm } from "../../../lib/form-submission.ts";
import { replyFor } from "../../../lib/form-reply.ts";
import { redirectWithToast } from "../../../lib/toast.server.ts";
import { describeRule, MAX_SERIES_DATES, SERIES_FREQUENCY_LABELS, weekOfMonth } from "../rules.ts";
import { applyToLaterDates, repeatEvent, seriesOfEvent } from "../series.server.ts";
import type { Route } from "./+types/event-dates";

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: `Dates${loaderData ? `: ${loaderData.event.title}` : ""} | Millbrook Admin` }];

function eventId(params: { id?: string }): number {
  return /^\d{1,10}$/.test(params.id ?? "") ? Number(params.id) : 0;
}

export async function loader(args: Route.LoaderArgs) {
  const event = await getEventForAdmin(eventId(args.params));
  if (!event) throw data("Event not found", { status: 404 });
  const series = await seriesOfEvent(event.id);
  return {
    event: { id: event.id, title: event.title, date: event.date, when: `${formatShortDate(event.date)}, ${formatTime(event.time)}`, weekOfMonth: weekOfMonth(event.date) },
    series: series
      ? {
          rule: describeRule({ start: series.startsOn, frequency: series.frequency, monthWeek: series.monthWeek }),
          dates: series.dates.map((d) => ({ ...d, when: `${formatShortDate(d.date)}, ${formatTime(d.time)}` })),
        }
      : null,
    canCancel: allows(currentStaff(args), "submissions"),
  };
}

const REPEAT_FIELDS = ["frequency", "month_week", "ends", "until", "count"] as const;

const RepeatSchema = z
  .object({
    frequency: z.enum(["weekly", "fortnightly", "monthly"], { message: "Choose how often it repeats" }),
    month_week: z.union([z.literal(""), z.enum(["1", "2", "3", "4", "-1"])]),
    ends: z.enum(["until", "count"], { message: "Choose when it ends" }),
    until: z.string().optional(),
    count: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.ends === "until" && !/^\d{4}-\d{2}-\d{2}$/.test(v.until ?? "")) ctx.addIssue({ code: "custom", path: ["until"], message: "Enter the last date" });
    if (v.ends === "count" && !(/^\d{1,3}$/.test(v.count ?? "") && Number(v.count) >= 2 && Number(v.count) <= MAX_SERIES_DATES)) {
      ctx.addIssue({ code: "custom", path: ["count"], message: `Enter a number of dates from 2 to ${MAX_SERIES_DATES}` });
    }
  });

export async function action(args: Route.ActionArgs) {
  const id = eventId(args.params);
  const back = `/admin/events/${id}/dates`;
  const form = await args.request.formData();
  const intent = form.get("intent");
  if (intent === "apply") {
    const result = await applyToLaterDates(id, currentActor(args));
    if (result.ok) return redirectWithToast(back, { type: "success", message: result.updated === 1 ? "1 later date now matches this one." : `${result.updated} later dates now match this one.` });
    if (result.reason === "below-taken") {
      return redirectWithToast(back, {
        type: "error",
        message: `Nothing changed: ${formatShortDate(result.date)} already has ${result.taken} places taken, more than this date's capacity.`,
      });
    }
    return redirectWithToast(back, { type: "error", message: "This event is not part of a series." });
  }
  if (intent !== "repeat") return data({ intent: "repeat", reply: refusedForm({ _form: "Unknown action." }) }, { status: 400 });
  const submission = parseForm(form, RepeatSchema, REPEAT_FIELDS);
  if (submission.status !== "success") return data({ intent: "repeat", reply: submission.reply() }, { status: 400 });
  const v = submission.value;
  const event = await getEventForAdmin(id);
  if (event && v.ends === "until" && v.until! <= event.date) return data({ intent: "repeat", reply: submission.reply({ fieldErrors: { until: ["The last date must be after this event's date"] } }) }, { status: 400 });
  const result = await repeatEvent(
    id,
    {
      frequency: v.frequency,
      monthWeek: v.frequency === "monthly" && v.month_week ? Number(v.month_week) : null,
      until: v.ends === "until" ? v.until : null,
      count: v.ends === "count" ? Number(v.count) : null,
    },
    currentActor(args),
  );
  if (result.ok) return redirectWithToast(back, { type: "success", message: `Series created: ${result.dates.length} dates, each with its own places and bookings.` });
  const message = result.reason === "already-series" ? "This event is already part of a series." : result.reason === "no-dates" ? "That rule gives no date after this one." : "Event not found.";
  return data({ intent: "repeat", reply: submission.reply({ formErrors: [message] }) }, { status: 400 });
}

const input = "mt-1.5 block w-full rounded-xl border border-slate-400 bg-white px-3.5 py-2.5 text-base";
const outline = "inline-block rounded-full border-2 border-brand-600 bg-white px-3 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-50";

export default function EventDates({ loaderData, actionData }: Route.ComponentProps) {
  const { event, series, canCancel } = loaderData;
  const repeat = replyFor(actionData, "repeat");
  const err = (name: string) =>
    repeat.error(name) ? (
      <p id={`${name}-error`} className="mt-1 text-sm font-semibold text-red-800">
        {repeat.error(name)}
      </p>
    ) : null;
  return (
    <main className="px-4 py-6 sm:px-6 sm:py-8">
      <Link to="/admin/events" className="text-sm font-semibold text-brand-700 underline">
        Back to Events
      </Link>
      <h1 className="mt-2 font-display text-3xl font-semibold text-brand-900">Dates</h1>
      <p className="mt-1 text-slate-700">
        <span className="font-semibold">{event.title}</span> · {event.when}
      </p>
      {series ? (
        <>
          <p className="mt-4 text-slate-700" data-testid="series-rule">
            {series.rule}: {series.dates.length} dates, each with its own places and bookings. Edit one date with its Edit link; to change this date and all
            later ones, edit this date, then copy it to the later dates.
          </p>
          <Form method="post" className="mt-3">
            <button type="submit" name="intent" value="apply" className={outline}>
              Copy this date&apos;s details to all later dates
            </button>
          </Form>
          <div className="relative mt-4 overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
            <table className="w-full min-w-[36rem] text-left text-sm">
              <caption className="sr-only">Dates of the series</caption>
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className="px-3 py-2">Date</th>
                  <th scope="col" className="px-3 py-2">Places booked</th>
                  <th scope="col" className="px-3 py-2">Status</th>
                  <th scope="col" className="px-3 py-2">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {series.dates.map((d) => (
                  <tr key={d.id} data-testid="series-date" aria-current={d.id === event.id ? "true" : undefined} className={d.id === event.id ? "bg-sun-50" : ""}>
                    <td className="px-3 py-2 font-semibold whitespace-nowrap">{d.when}</td>
                    <td className="px-3 py-2">{d.sold}</td>
                    <td className="px-3 py-2">{d.active ? "On the website" : "Cancelled or hidden"}</td>
                    <td className="px-3 py-2">
                      <div className="flex flex-wrap gap-3">
                        <Link to={`/admin/events/edit/${d.id}`} className="font-semibold text-brand-700 underline">
                          Edit<span className="sr-only"> {d.when}</span>
                        </Link>
                        {d.id !== event.id ? (
                          <Link to={`/admin/events/${d.id}/dates`} className="font-semibold text-brand-700 underline">
                            Dates from here<span className="sr-only"> ({d.when})</span>
                          </Link>
                        ) : null}
                        {canCancel && d.active ? (
                          <Link to={`/admin/events/${d.id}/cancel`} className="font-semibold text-red-800 underline">
                            Cancel date<span className="sr-only"> {d.when}</span>
                          </Link>
                        ) : null}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : (
        <Form method="post" className="mt-6 max-w-xl space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <h2 className="text-xl font-semibold text-ink">Repeat this event</h2>
          <p className="text-slate-700">Each date becomes its own event, a copy of this one, with its own places and bookings.</p>
          {repeat.formError ? (
            <p role="alert" className="rounded-xl border-2 border-red-700 bg-red-50 p-3 font-semibold text-red-900">
              {repeat.formError}
            </p>
          ) : null}
          <div>
            <label htmlFor="frequency" className="block font-semibold">
              Repeats
            </label>
            <select id="frequency" name="frequency" defaultValue="weekly" className={input}>
              {Object.entries(SERIES_FREQUENCY_LABELS).map(([id, label]) => (
                <option key={id} value={id}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="month_week" className="block font-semibold">
              Monthly: which week
            </label>
            <select id="month_week" name="month_week" defaultValue={String(Math.min(event.weekOfMonth, 4))} className={input}>
              {[
                ["1", "First"],
                ["2", "Second"],
                ["3", "Third"],
                ["4", "Fourth"],
                ["-1", "Last"],
              ].map(([id, label]) => (
                <option key={id} value={id}>
                  {label} {new Intl.DateTimeFormat("en-GB", { weekday: "long", timeZone: "UTC" }).format(new Date(`${event.date}T12:00:00Z`))} of the month
                </option>
              ))}
            </select>
          </div>
          <fieldset>
            <legend className="font-semibold">Ends</legend>
            <div className="mt-2 flex flex-wrap items-center gap-3">
              <input type="radio" id="ends-until" name="ends" value="until" defaultChecked className="size-5 accent-brand-600" />
              <label htmlFor="ends-until">On a date</label>
              <input type="date" name="until" aria-label="Last date" aria-describedby={repeat.error("until") ? "until-error" : undefined} className="rounded-xl border border-slate-400 px-3 py-2" />
            </div>
            {err("until")}
            <div className="mt-2 flex flex-wrap items-center gap-3">
              <input type="radio" id="ends-count" name="ends" value="count" className="size-5 accent-brand-600" />
              <label htmlFor="ends-count">After a number of dates</label>
              <input type="number" name="count" min={2} max={MAX_SERIES_DATES} aria-label="Number of dates" aria-describedby={repeat.error("count") ? "count-error" : undefined} className="w-24 rounded-xl border border-slate-400 px-3 py-2" />
            </div>
            {err("count")}
          </fieldset>
          <p className="text-sm text-slate-600">At most {MAX_SERIES_DATES} dates. The first is this event&apos;s own date.</p>
          <button type="submit" name="intent" value="repeat" className="rounded-full bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
            Create the series
          </button>
        </Form>
      )}
    </main>
  );
}

