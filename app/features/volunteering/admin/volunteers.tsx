/**
 * Volunteers (form submissions permission): each person with their contact details,
 * upcoming shifts and background check; staff record a check seen (the date seen and its
 * expiry, never the certificate).
 */
import { data, Form } from "react-router";
import { Card, EmptyState } from "../../../components/admin/kit/card.tsx";
import { FilterBar, FilterSelect } from "../../../components/admin/kit/filter-bar.tsx";
import { Pagination } from "../../../components/admin/pagination.tsx";
import { buttonClasses } from "../../../components/ui/button.ts";
import { formatShortDate } from "../../../components/site/format.ts";
import { currentActor } from "../../../auth/guards.server.ts";
import type { MenuHandle } from "../../../lib/admin-menu.ts";
import { countText } from "../../../lib/paging.ts";
import { redirectWithToast } from "../../../lib/toast.server.ts";
import { checkState } from "../shifts.ts";
import { CheckSchema } from "../volunteering.schema.ts";
import { parseForm, refusedForm } from "../../../lib/form-submission.ts";
import { replyFor, type IntentReply } from "../../../lib/form-reply.ts";
import { listVolunteers, recordCheck } from "../volunteers.server.ts";
import { parseVolunteerFilters, volunteerFiltersQuery } from "../list-filters.ts";
import type { Route } from "./+types/volunteers";
import { ukDate } from "../../../lib/uk-time.ts";

export const handle: MenuHandle = { menu: { group: "People", label: "Volunteers", order: 13 } };

export const meta = () => [{ title: "Volunteers | Millbrook Admin" }];

const LIST = "/admin/volunteering/volunteers";
const CHECK_FIELDS = ["check_seen_on", "check_expires_on"] as const;

export async function loader({ request }: Route.LoaderArgs) {
  const today = ukDate();
  const filters = parseVolunteerFilters(new URL(request.url).searchParams);
  const { items, ...count } = await listVolunteers(filters);
  return { filters, count, volunteers: items.map((v) => ({ ...v, check: checkState(v, today) })) };
}

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const id = Number(form.get("volunteer"));
  // A refusal names the volunteer's form (docs/decisions/287): `check-<id>`.
  const submission = parseForm(form, CheckSchema, CHECK_FIELDS);
  if (submission.status !== "success") return data<IntentReply>({ intent: `check-${id}`, reply: submission.reply() }, { status: 400 });
  const check = submission.value;
  const ok = await recordCheck(id, check.check_seen_on, check.check_expires_on || null, currentActor(args));
  if (!ok) return data<IntentReply>({ intent: `check-${id}`, reply: refusedForm({ check_seen_on: "That volunteer no longer exists" }) }, { status: 404 });
  // Back to the page and filters the check was recorded from.
  const back = volunteerFiltersQuery(parseVolunteerFilters(new URL(args.request.url).searchParams));
  return redirectWithToast(back ? `${LIST}?${back}` : LIST, { type: "success", message: "Background check recorded" });
}

export default function Volunteers({ loaderData, actionData }: Route.ComponentProps) {
  const { volunteers, filters, count } = loaderData;
  const filtered = Boolean(filters.q || filters.check);
  const one = count.total === 1 && !count.more;
  return (
    <main className="mx-auto max-w-5xl px-4 py-6 sm:px-6 lg:py-8">
      <h1 className="font-display text-3xl font-semibold text-brand-900">Volunteers</h1>
      <p className="mt-1 text-slate-600">Everyone who signed up for a shift or was added by staff. Record a background check as seen: its date and expiry, never the certificate.</p>
      <FilterBar label="Filter volunteers" q={filters.q} clearTo={LIST} filtered={filtered} className="sm:grid-cols-3" placeholder="Name or email">
        <FilterSelect label="Background check" name="check" defaultValue={filters.check}>
          <option value="">Any</option>
          <option value="missing">No check recorded</option>
          <option value="expired">Check expired</option>
          <option value="ok">Check seen and in date</option>
        </FilterSelect>
      </FilterBar>
      <p className="mt-5 text-sm text-slate-600" aria-live="polite" data-testid="volunteer-count">
        {one ? "1 volunteer" : `${countText(count)} volunteers`}
        {filtered ? (one ? " matches these filters" : " match these filters") : ""}
      </p>
      {volunteers.length === 0 ? (
        <div className="mt-4">
          {filtered ? (
            <EmptyState title="No volunteers match">Try fewer filters or other words.</EmptyState>
          ) : (
            <EmptyState title="No volunteers yet">They appear here when they sign up on the Volunteer page or are added to the rota.</EmptyState>
          )}
        </div>
      ) : (
        <ul className="mt-4 space-y-3">
          {volunteers.map((v) => {
            const { errors, value } = replyFor(actionData, `check-${v.id}`);
            return (
              <li key={v.id}>
                <Card className="p-4 sm:p-5" data-testid="volunteer" data-name={v.name}>
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="min-w-0">
                      <p className="font-semibold text-ink">{v.name}</p>
                      <p className="text-sm break-all text-slate-600">
                        {v.email} · {v.phone || "no phone"}
                      </p>
                      <p className="text-sm text-slate-700">{v.upcoming} upcoming {v.upcoming === 1 ? "shift" : "shifts"}</p>
                    </div>
                    <p
                      className={`rounded-full px-3 py-1 text-sm font-semibold ${v.check === "ok" ? "bg-brand-50 text-brand-800" : v.check === "expired" ? "bg-red-100 text-red-900" : "bg-slate-100 text-slate-700"}`}
                    >
                      {v.check === "ok"
                        ? `Check seen ${formatShortDate(v.check_seen_on ?? "")}${v.check_expires_on ? `, expires ${formatShortDate(v.check_expires_on)}` : ""}`
                        : v.check === "expired"
                          ? `Check expired ${formatShortDate(v.check_expires_on ?? "")}`
                          : "No check recorded"}
                    </p>
                  </div>
                  <details className="mt-2" open={Object.keys(errors).length > 0}>
                    <summary className="cursor-pointer text-sm font-semibold text-brand-700">Record a check seen</summary>
                    <Form method="post" className="mt-2 flex flex-wrap items-end gap-2">
                      <input type="hidden" name="volunteer" value={v.id} />
                      <label className="text-sm">
                        <span className="block font-semibold">Seen on</span>
                        <input type="date" name="check_seen_on" defaultValue={value("check_seen_on") ?? v.check_seen_on ?? ""} className="rounded-lg border border-slate-300 px-2 py-1" />
                        {errors.check_seen_on && <span className="block text-red-800">{errors.check_seen_on}</span>}
                      </label>
                      <label className="text-sm">
                        <span className="block font-semibold">Expires (optional)</span>
                        <input type="date" name="check_expires_on" defaultValue={value("check_expires_on") ?? v.check_expires_on ?? ""} className="rounded-lg border border-slate-300 px-2 py-1" />
                        {errors.check_expires_on && <span className="block text-red-800">{errors.check_expires_on}</span>}
                      </label>
                      <button type="submit" className={buttonClasses("primary", "sm")}>
                        Save check
                      </button>
                    </Form>
                  </details>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
      <Pagination page={count.page} pages={count.pages} more={count.more} linkTo={(page) => `${LIST}?${volunteerFiltersQuery({ ...filters, page })}`} />
    </main>
  );
}
