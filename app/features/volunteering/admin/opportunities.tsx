/**
 * Volunteering opportunities (any staff): each with its role, place and upcoming shifts
 * (places needed and taken); the setting of when sign-up closes; which roles need a
 * background check. People's names are on the rota (form submissions permission).
 */
import { data, Form, Link } from "react-router";
import { Card, EmptyState } from "../../../components/admin/kit/card.tsx";
import { FilterBar, FilterSelect } from "../../../components/admin/kit/filter-bar.tsx";
import { Pagination } from "../../../components/admin/pagination.tsx";
import { ListHeader } from "../../../components/admin/kit/page-header.tsx";
import { buttonClasses } from "../../../components/ui/button.ts";
import { currentActor } from "../../../auth/guards.server.ts";
import type { MenuHandle } from "../../../lib/admin-menu.ts";
import { contentMenu } from "../../../lib/content-types.ts";
import { countText } from "../../../lib/paging.ts";
import { redirectWithToast } from "../../../lib/toast.server.ts";
import { listOpportunitiesForStaff, roleChoices, setRolesNeedingCheck } from "../opportunities.server.ts";
import { closeHoursBefore, setCloseHoursBefore } from "../signups.server.ts";
import { CloseHoursSchema } from "../volunteering.schema.ts";
import { parseForm, refusedForm } from "../../../lib/form-submission.ts";
import { replyFor, type IntentReply } from "../../../lib/form-reply.ts";
import { z } from "zod";
import { opportunityFiltersQuery, parseOpportunityFilters } from "../list-filters.ts";
import type { Route } from "./+types/opportunities";

export const handle: MenuHandle = contentMenu("volunteering");

export const meta = () => [{ title: "Volunteering | Millbrook Admin" }];

const LIST = "/admin/volunteering";

export async function loader({ request }: Route.LoaderArgs) {
  const filters = parseOpportunityFilters(new URL(request.url).searchParams);
  const [{ items: opportunities, ...count }, closeHours, roles] = await Promise.all([listOpportunitiesForStaff(filters), closeHoursBefore(), roleChoices()]);
  return { filters, count, opportunities, closeHours, roles };
}

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const intent = form.get("intent");
  if (intent === "close-hours") {
    const submission = parseForm(form, CloseHoursForm, ["close_hours"]);
    if (submission.status !== "success") return data<IntentReply>({ intent, reply: submission.reply() }, { status: 400 });
    const hours = submission.value.close_hours;
    await setCloseHoursBefore(hours, currentActor(args));
    return redirectWithToast(LIST, { type: "success", message: `Sign-up now closes ${hours} hours before a shift` });
  }
  if (intent === "role-checks") {
    const ids = form.getAll("role").map(Number).filter((n) => Number.isInteger(n) && n > 0);
    await setRolesNeedingCheck(ids, currentActor(args));
    return redirectWithToast(LIST, { type: "success", message: "Background check roles saved" });
  }
  return data<IntentReply>({ intent: String(intent ?? ""), reply: refusedForm({ _form: "Unknown action." }) }, { status: 400 });
}

/** The "When sign-up closes" form. */
const CloseHoursForm = z.object({ close_hours: CloseHoursSchema });

export default function Opportunities({ loaderData, actionData }: Route.ComponentProps) {
  const { opportunities, closeHours, roles, filters, count } = loaderData;
  const filtered = Boolean(filters.q || filters.when);
  const one = count.total === 1 && !count.more;
  const closeHoursError = replyFor(actionData, "close-hours").error("close_hours");
  return (
    <main className="mx-auto max-w-5xl px-4 py-6 sm:px-6 lg:py-8">
      <ListHeader
        title="Volunteering"
        intro="Opportunities and their shifts, shown on the Volunteer page while they have shifts open."
        viewOnSite="/volunteer"
        add={{ to: `${LIST}/new`, label: "New opportunity" }}
      />
      <p className="mt-3 flex flex-wrap gap-3 text-sm">
        <Link to={`${LIST}/rota`} className="font-semibold text-brand-700 underline">
          Rota
        </Link>
        <Link to={`${LIST}/volunteers`} className="font-semibold text-brand-700 underline">
          Volunteers and checks
        </Link>
        <Link to={`${LIST}/hours`} className="font-semibold text-brand-700 underline">
          Hours
        </Link>
      </p>
      <FilterBar label="Filter opportunities" q={filters.q} clearTo={LIST} filtered={filtered} className="sm:grid-cols-3" placeholder="Title or place">
        <FilterSelect label="Shifts" name="when" defaultValue={filters.when}>
          <option value="">Any</option>
          <option value="upcoming">With shifts to come</option>
        </FilterSelect>
      </FilterBar>
      <p className="mt-5 text-sm text-slate-600" aria-live="polite" data-testid="opportunity-count">
        {one ? "1 opportunity" : `${countText(count)} opportunities`}
        {filtered ? (one ? " matches these filters" : " match these filters") : ""}
      </p>
      {opportunities.length === 0 ? (
        <div className="mt-4">
          {filtered ? (
            <EmptyState title="No opportunities match">Try fewer filters or other words.</EmptyState>
          ) : (
            <EmptyState title="No opportunities yet">Create one for a volunteer role, then add its shifts.</EmptyState>
          )}
        </div>
      ) : (
        <ul className="mt-4 space-y-3">
          {opportunities.map((o) => (
            <li key={o.id}>
              <Card className="p-4 sm:p-5 flex flex-wrap items-center justify-between gap-3" data-testid="admin-opportunity">
                <div className="min-w-0">
                  <p className="font-semibold break-words text-ink">
                    <Link to={`${LIST}/${o.id}`} className="underline-offset-2 hover:underline">
                      {o.title}
                    </Link>
                    {!o.is_published && <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">Hidden</span>}
                  </p>
                  <p className="text-sm text-slate-600">
                    {o.role} · {o.location}
                  </p>
                  <p className="text-sm text-slate-700">
                    {o.upcomingShifts} upcoming {o.upcomingShifts === 1 ? "shift" : "shifts"} · {o.placesTaken} of {o.placesNeeded} places filled
                  </p>
                </div>
                <Link to={`${LIST}/${o.id}`} className={buttonClasses("secondary", "sm")}>
                  Shifts
                </Link>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={count.page} pages={count.pages} more={count.more} linkTo={(page) => `${LIST}?${opportunityFiltersQuery({ ...filters, page })}`} />
      <div className="mt-8 grid gap-6 md:grid-cols-2">
        <Card className="p-4 sm:p-5">
          <h2 className="font-display text-xl font-semibold text-brand-900">When sign-up closes</h2>
          <Form method="post" className="mt-3 space-y-3">
            <label htmlFor="close_hours" className="block text-sm font-semibold text-ink">
              Hours before a shift starts (Millbrook time)
            </label>
            <input id="close_hours" name="close_hours" type="number" min={0} max={336} defaultValue={closeHours} className="w-28 rounded-lg border border-slate-300 px-3 py-2"
              aria-invalid={closeHoursError ? true : undefined} aria-describedby={closeHoursError ? "close_hours-error" : undefined} />
            {closeHoursError && <p id="close_hours-error" className="text-sm font-medium text-red-800">{closeHoursError}</p>}
            <button type="submit" name="intent" value="close-hours" className={buttonClasses("primary", "sm")}>
              Save
            </button>
          </Form>
        </Card>
        <Card className="p-4 sm:p-5">
          <h2 className="font-display text-xl font-semibold text-brand-900">Roles that need a background check</h2>
          <Form method="post" className="mt-3 space-y-2">
            {roles.map((r) => (
              <label key={r.id} className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="role" value={r.id} defaultChecked={r.needsCheck} className="size-4 accent-brand-600" />
                {r.title}
              </label>
            ))}
            <p className="text-sm text-slate-600">The rota flags volunteers on these roles whose check is missing or expired.</p>
            <button type="submit" name="intent" value="role-checks" className={buttonClasses("primary", "sm")}>
              Save
            </button>
          </Form>
        </Card>
      </div>
    </main>
  );
}
