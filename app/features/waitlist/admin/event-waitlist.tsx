/**
 * An event's waitlist for staff (personal data: behind the submissions permission): who
 * is waiting, in line order, with the places they want; the offers made (held until when,
 * whether the email went); offer places by hand (out of turn) or take someone off.
 */
import { data, Form, Link } from "react-router";
import { FilterBar, FilterSelect } from "../../../components/admin/kit/filter-bar.tsx";
import { Pagination } from "../../../components/admin/pagination.tsx";
import { countText, pageParam } from "../../../lib/paging.ts";
import { currentActor } from "../../../auth/guards.server.ts";
import { formatShortDate, formatTime } from "../../../components/site/format.ts";
import { eventBookings } from "../../bookings/index.ts";
import { Refusal, StatusCell } from "../../../components/admin/kit/row-status.tsx";
import { redirectWithToast } from "../../../lib/toast.server.ts";
import { offerByHand, offerOpen, removeFromWaitlist, waitlistEntryOf, waitlistPage } from "../waitlist.server.ts";
import { WAITLIST_SHOWN, type WaitlistShown } from "../shown.ts";
import { parseForm } from "../../../lib/form-submission.ts";
import type { IntentReply } from "../../../lib/form-reply.ts";
import { Table } from "../../../components/admin/kit/table.tsx";
import { STAFF_ENTRY_FIELDS, StaffEntrySchema } from "../waitlist.schema.ts";
import type { Route } from "./+types/event-waitlist";
import { formatUk } from "../../../lib/uk-time.ts";

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: `Waitlist${loaderData ? `: ${loaderData.event.title}` : ""} | Millbrook Admin` }];

function eventId(params: { id?: string }): number {
  return /^\d{1,10}$/.test(params.id ?? "") ? Number(params.id) : 0;
}

const STATUS_LABELS = { waiting: "Waiting", offered: "Offered", booked: "Booked", lapsed: "Offer ran out", removed: "Removed" } as const;

/** The list's filters in the address: `?status=` (as shown), `?q=` (name or email), `?page=`. */
function filtersOf(url: URL): { status: WaitlistShown | ""; q: string; page: number } {
  const status = url.searchParams.get("status") ?? "";
  return {
    status: (WAITLIST_SHOWN as readonly string[]).includes(status) ? (status as WaitlistShown) : "",
    q: (url.searchParams.get("q") ?? "").trim().slice(0, 100),
    page: pageParam(url.searchParams),
  };
}

function filtersQuery(f: { status: string; q: string; page: number }): string {
  const p = new URLSearchParams();
  if (f.status) p.set("status", f.status);
  if (f.q) p.set("q", f.q);
  if (f.page > 1) p.set("page", String(f.page));
  return p.toString();
}

export async function loader({ params, request }: Route.LoaderArgs) {
  const filters = filtersOf(new URL(request.url));
  const found = await eventBookings(eventId(params));
  if (!found) throw data("Event not found", { status: 404 });
  const { event, availability } = found;
  const now = new Date();
  const { items, counts, ...count } = await waitlistPage(event.id, filters, now);
  const rows = items.map((e) => ({
    id: e.id,
    name: e.name,
    email: e.email,
    places: e.places,
    status: e.status === "offered" && !offerOpen(e, now) ? ("lapsed" as const) : e.status,
    joined: formatUk(e.created_at, "date-time"),
    until: e.status === "offered" && e.offer_expires_at ? formatUk(e.offer_expires_at, "date-time") : null,
    mailed: e.offer_mailed_at !== null,
  }));
  return {
    event: { id: event.id, title: event.title, when: `${formatShortDate(event.date)}, ${formatTime(event.time)}` },
    availability,
    rows,
    filters,
    count,
    counts,
  };
}

/**
 * A refused post names the form it answers (docs/decisions/287): `entry-<id>` for the forms
 * of one person's row, shown on that row; `waitlist` for the page when no entry is named.
 */
const entryIntent = (entry: string) => (entry ? `entry-${entry}` : "waitlist");

export async function action(args: Route.ActionArgs) {
  const id = eventId(args.params);
  const form = await args.request.formData();
  const submission = parseForm(form, StaffEntrySchema, STAFF_ENTRY_FIELDS);
  if (submission.status !== "success") {
    return data<IntentReply>({ intent: entryIntent(String(form.get("entry") ?? "").slice(0, 40)), reply: submission.reply() }, { status: 400 });
  }
  const { intent, entry } = submission.value;
  // Back to the page and filters the action was taken from.
  const query = filtersQuery(filtersOf(new URL(args.request.url)));
  const back = `/admin/events/${id}/waitlist${query ? `?${query}` : ""}`;
  const row = await waitlistEntryOf(id, entry);
  if (!row) return redirectWithToast(back, { type: "error", message: "That person is not on this event's waitlist." });
  if (intent === "remove") {
    const removed = await removeFromWaitlist(row.id, currentActor(args));
    return redirectWithToast(back, removed ? { type: "success", message: `${row.name} is off the waitlist.` } : { type: "error", message: `${row.name} was already off the waitlist.` });
  }
  const result = await offerByHand(row.id, currentActor(args));
  if (result.ok) return redirectWithToast(back, { type: "success", message: `${row.name} has been offered ${row.places === 1 ? "1 place" : `${row.places} places`}.` });
  const why =
    result.reason === "not-enough"
      ? `only ${result.left === 1 ? "1 place is" : `${result.left} places are`} free, and ${row.name} wants ${row.places}`
      : result.reason === "closed"
        ? "ticket sales for this event have closed"
        : "they are not waiting";
  return redirectWithToast(back, { type: "error", message: `No offer made: ${why}.` });
}

const STATUS_STYLES: Record<string, string> = {
  waiting: "bg-brand-50 text-brand-800",
  offered: "bg-sun-100 text-ink",
  booked: "bg-brand-100 text-brand-900",
  lapsed: "bg-slate-100 text-slate-700",
  removed: "bg-slate-100 text-slate-700",
};
const outline = "inline-block rounded-full border-2 border-brand-600 bg-white px-3 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-50";

export default function EventWaitlist({ loaderData, actionData }: Route.ComponentProps) {
  const { event, availability, rows, filters, count, counts } = loaderData;
  const waiting = counts.waiting;
  const list = `/admin/events/${event.id}/waitlist`;
  const filtered = Boolean(filters.status || filters.q);
  const everyone = WAITLIST_SHOWN.reduce((n, s) => n + counts[s], 0);
  return (
    <main className="px-4 py-6 sm:px-6 sm:py-8">
      <Link to={`/admin/events/${event.id}/bookings`} className="text-sm font-semibold text-brand-700 underline">
        Back to Bookings
      </Link>
      <h1 className="mt-2 font-display text-3xl font-semibold text-brand-900">Waitlist</h1>
      <p className="mt-1 text-slate-700">
        <span className="font-semibold">{event.title}</span> · {event.when}
      </p>
      <p className="mt-3 text-slate-700" data-testid="waitlist-summary">
        {availability.left === null ? "No limit on places." : `${availability.left} of ${availability.limit} places free.`} {availability.offered > 0 ? `${availability.offered} held for waitlist offers. ` : ""}
        {waiting === 1 ? "1 person waiting." : `${waiting.toLocaleString("en-GB")} people waiting.`} Places that come back are offered in turn, by email.
      </p>
      <Refusal answer={actionData} intent="waitlist" />
      {everyone > 0 && (
        <>
          <FilterBar label="Filter the waitlist" q={filters.q} clearTo={list} filtered={filtered} className="sm:grid-cols-3" placeholder="Name or email">
            <FilterSelect label="Status" name="status" defaultValue={filters.status}>
              <option value="">Any ({everyone.toLocaleString("en-GB")})</option>
              {WAITLIST_SHOWN.map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABELS[s]} ({counts[s].toLocaleString("en-GB")})
                </option>
              ))}
            </FilterSelect>
          </FilterBar>
          {filtered && (
            <p className="mt-4 text-sm text-slate-600" aria-live="polite" data-testid="waitlist-count">
              {count.total === 1 && !count.more ? "1 entry matches these filters" : `${countText(count)} entries match these filters`}
            </p>
          )}
        </>
      )}
      {rows.length === 0 ? (
        <p className="mt-4 rounded-2xl bg-white p-8 text-center text-slate-600 ring-1 ring-slate-200">{filtered ? "Nobody on the waitlist matches these filters." : "Nobody is on the waitlist."}</p>
      ) : (
        <Table
          framed
          caption={`Waitlist for ${event.title}, in line order`}
          minWidth="min-w-[48rem]"
          items={rows}
          rowAttributes={() => ({ "data-testid": "waitlist-row" })}
          columns={[
            { header: "Name", className: "font-semibold", cell: (r) => r.name },
            { header: "Email", className: "break-all", cell: (r) => r.email },
            { header: "Places", cell: (r) => r.places },
            { header: "Joined", className: "whitespace-nowrap", cell: (r) => r.joined },
            {
              header: "Status",
              cell: (r) => <StatusCell label={STATUS_LABELS[r.status]} tone={STATUS_STYLES[r.status]} note={r.until && `Held until ${r.until}${r.mailed ? "" : " · email not sent"}`} />,
            },
            {
              header: "Actions",
              hiddenHeader: true,
              cell: (r) => (
                <>
                  <div className="flex flex-wrap gap-2">
                    {r.status === "waiting" || r.status === "lapsed" ? (
                      <Form method="post">
                        <input type="hidden" name="entry" value={r.id} />
                        <button type="submit" name="intent" value="offer" className={outline}>
                          Offer places
                        </button>
                      </Form>
                    ) : null}
                    {r.status !== "removed" && r.status !== "booked" ? (
                      <Form method="post">
                        <input type="hidden" name="entry" value={r.id} />
                        <button type="submit" name="intent" value="remove" className="rounded-full px-3 py-1 text-sm font-semibold text-red-800 underline">
                          Remove<span className="sr-only"> {r.name}</span>
                        </button>
                      </Form>
                    ) : null}
                  </div>
                  <Refusal answer={actionData} intent={`entry-${r.id}`} inRow />
                </>
              ),
            },
          ]}
        />
      )}
      <Pagination page={count.page} pages={count.pages} more={count.more} linkTo={(page) => `${list}?${filtersQuery({ ...filters, page })}`} />
    </main>
  );
}
