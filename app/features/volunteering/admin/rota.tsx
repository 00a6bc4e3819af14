/**
 * The rota (form submissions permission: it shows volunteers' names and contacts): every
 * shift of a week, or of one opportunity, with who is on it and the places unfilled
 * (highlighted), a flag for a missing or expired background check where the role needs
 * one, and on each person: came (with hours, the shift's length by default) or no-show,
 * move to another shift, remove. Staff add someone by hand. Plain form posts, one column
 * on a phone.
 */
import { data, Form, Link } from "react-router";
import { Card, EmptyState } from "../../../components/admin/kit/card.tsx";
import { buttonClasses } from "../../../components/ui/button.ts";
import { formatLongDate, formatShortDate, formatTime } from "../../../components/site/format.ts";
import { currentActor } from "../../../auth/guards.server.ts";
import type { MenuHandle } from "../../../lib/admin-menu.ts";
import { redirectWithToast } from "../../../lib/toast.server.ts";
import { getOpportunity, rotaChoices } from "../opportunities.server.ts";
import { addDays, formatHours, shiftMinutes, weekStart } from "../shifts.ts";
import { HoursSchema, PersonSchema } from "../volunteering.schema.ts";
import { parseForm, refusedForm } from "../../../lib/form-submission.ts";
import { replyFor, type IntentReply } from "../../../lib/form-reply.ts";
import { moveAndTell, removeAndTell, signUpAndConfirm } from "../volunteering.server.ts";
import { markAttendance, rota } from "../volunteers.server.ts";
import type { Route } from "./+types/rota";
import { ukDate } from "../../../lib/uk-time.ts";

export const handle: MenuHandle = { menu: { group: "People", label: "Volunteer rota", order: 12 } };

export const meta = () => [{ title: "Volunteer rota | Millbrook Admin" }];

const ROTA = "/admin/volunteering/rota";
const ISO = /^\d{4}-\d{2}-\d{2}$/;

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const opportunityId = Number(url.searchParams.get("opportunity"));
  // The menu: opportunities with shifts from four weeks ago on, and the one shown.
  const since = addDays(ukDate(), -28);
  if (Number.isInteger(opportunityId) && opportunityId > 0) {
    const [opportunity, opportunities, shifts] = await Promise.all([getOpportunity(opportunityId), rotaChoices(since, opportunityId), rota({ opportunityId })]);
    if (!opportunity) throw data("Opportunity not found", { status: 404 });
    return { view: { kind: "opportunity" as const, title: opportunity.title, id: opportunity.id }, shifts, opportunities };
  }
  const opportunities = await rotaChoices(since);
  const asked = url.searchParams.get("week") ?? "";
  const from = weekStart(ISO.test(asked) ? asked : ukDate());
  const to = addDays(from, 6);
  return { view: { kind: "week" as const, from, to, previous: addDays(from, -7), next: addDays(from, 7) }, shifts: await rota({ from, to }), opportunities };
}

/**
 * A refusal names the form it answers (docs/decisions/287): `add-<shift>` for the add form of
 * a shift, `signup-<id>` for a person's attendance, move and remove forms, `rota` for the page.
 */
const refuse = (intent: string, errors: Record<string, string>, status: number, values: Record<string, string> = {}) =>
  data<IntentReply>({ intent, reply: refusedForm(errors, values) }, { status });

const PERSON_FIELDS = ["fullName", "email", "phone"] as const;

const MOVE_REFUSALS = {
  "not-found": "That person is no longer on the shift.",
  unknown: "That shift no longer exists.",
  closed: "That shift has ended.",
  full: "That shift is full: change its places first.",
  overlap: "They are on another shift at that time.",
  already: "They are already on that shift.",
} as const;

const ADD_REFUSALS = {
  unknown: "That shift no longer exists.",
  closed: "That shift has ended.",
  full: "The shift is full: change its places first.",
  overlap: "They are on another shift at that time.",
  already: "They are already on this shift.",
} as const;

export async function action(args: Route.ActionArgs) {
  const url = new URL(args.request.url);
  const back = `${ROTA}${url.search}`;
  const form = await args.request.formData();
  const intent = form.get("intent");
  const actor = currentActor(args);
  const signup = Number(form.get("signup"));
  if (intent === "add") {
    const shift = Number(form.get("shift"));
    const submission = parseForm(form, PersonSchema, PERSON_FIELDS);
    if (submission.status !== "success") return data<IntentReply>({ intent: `add-${shift}`, reply: submission.reply({ formErrors: ["Check the details"] }) }, { status: 400 });
    const result = await signUpAndConfirm(submission.value, [shift], { source: "staff", actor });
    if (!result.ok) return refuse(`add-${shift}`, { _form: ADD_REFUSALS[result.reason] }, 409);
    return redirectWithToast(back, { type: "success", message: `${submission.value.fullName} added and emailed` });
  }
  if (intent === "attendance") {
    const came = form.get("attendance") === "came";
    const hours = HoursSchema.safeParse(form.get("hours") ?? "");
    if (!hours.success) return refuse(`signup-${signup}`, { hours: hours.error.issues[0]?.message ?? "Enter hours" }, 400, { hours: String(form.get("hours") ?? "") });
    const minutes = came && hours.data !== undefined ? Math.round(hours.data * 60) : null;
    const ok = await markAttendance(signup, came ? "came" : "no_show", minutes, actor);
    if (!ok) return refuse(`signup-${signup}`, { _form: "That person is no longer on the shift." }, 409);
    return redirectWithToast(back, { type: "success", message: came ? "Attendance saved" : "Recorded as a no-show" });
  }
  if (intent === "move") {
    const result = await moveAndTell(signup, Number(form.get("to")), actor);
    if (!result.ok) return refuse(`signup-${signup}`, { _form: MOVE_REFUSALS[result.reason] }, 409);
    return redirectWithToast(back, { type: "success", message: "Moved, and emailed" });
  }
  if (intent === "remove") {
    const ok = await removeAndTell(signup, actor);
    if (!ok) return refuse(`signup-${signup}`, { _form: "That person is no longer on the shift." }, 409);
    return redirectWithToast(back, { type: "success", message: "Removed from the shift, and emailed" });
  }
  return refuse("rota", { _form: "Unknown action." }, 400);
}

const small = "rounded-lg border border-slate-300 px-2 py-1 text-sm";

export default function Rota({ loaderData, actionData }: Route.ComponentProps) {
  const { view, shifts, opportunities } = loaderData;
  const page = replyFor(actionData, "rota");
  const gaps = shifts.reduce((n, s) => n + s.unfilled, 0);
  return (
    <main className="mx-auto max-w-5xl px-4 py-6 sm:px-6 lg:py-8">
      <h1 className="font-display text-3xl font-semibold text-brand-900">Volunteer rota</h1>
      <p className="mt-1 text-slate-600">
        {view.kind === "week" ? `Week of ${formatLongDate(view.from)}` : view.title} · {shifts.length} {shifts.length === 1 ? "shift" : "shifts"} ·{" "}
        <strong className={gaps > 0 ? "text-amber-800" : "text-brand-800"} data-testid="rota-gaps">
          {gaps === 0 ? "every place filled" : `${gaps} ${gaps === 1 ? "place" : "places"} unfilled`}
        </strong>
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-2">
        {view.kind === "week" ? (
          <>
            <Link to={`${ROTA}?week=${view.previous}`} className={buttonClasses("secondary", "sm")}>
              Previous week
            </Link>
            <Link to={ROTA} className={buttonClasses("secondary", "sm")}>
              This week
            </Link>
            <Link to={`${ROTA}?week=${view.next}`} className={buttonClasses("secondary", "sm")}>
              Next week
            </Link>
          </>
        ) : (
          <Link to={ROTA} className={buttonClasses("secondary", "sm")}>
            By week
          </Link>
        )}
        <Form method="get" className="flex flex-wrap items-center gap-2">
          <label htmlFor="rota-opportunity" className="text-sm font-semibold">
            By opportunity
          </label>
          <select id="rota-opportunity" name="opportunity" defaultValue={view.kind === "opportunity" ? view.id : ""} className={small}>
            {opportunities.map((o) => (
              <option key={o.id} value={o.id}>
                {o.title}
              </option>
            ))}
          </select>
          <button type="submit" className={buttonClasses("secondary", "sm")}>
            Show
          </button>
        </Form>
      </div>
      {page.formError && <p className="mt-4 rounded-lg bg-red-50 p-3 text-sm text-red-900">{page.formError}</p>}
      {shifts.length === 0 ? (
        <div className="mt-6">
          <EmptyState title="No shifts">No shifts {view.kind === "week" ? "this week" : "for this opportunity yet"}.</EmptyState>
        </div>
      ) : (
        <ol className="mt-6 space-y-4">
          {shifts.map((s) => {
            const add = replyFor(actionData, `add-${s.id}`);
            return (
            <li key={s.id}>
              <Card className={`p-4 sm:p-5 border-l-8 ${s.unfilled > 0 ? "border-l-amber-500" : "border-l-brand-600"}`} data-testid="rota-shift" data-shift={String(s.id)}>
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <h2 className="font-semibold text-ink">
                      {formatShortDate(s.date)}, {formatTime(s.start_time)} to {formatTime(s.end_time)}
                    </h2>
                    <p className="text-sm break-words text-slate-600">
                      {s.opportunity} · {s.role} · {s.location}
                    </p>
                  </div>
                  <p className={`rounded-full px-3 py-1 text-sm font-semibold ${s.unfilled > 0 ? "bg-amber-100 text-amber-900" : "bg-brand-50 text-brand-800"}`} data-testid="shift-fill">
                    {s.people.length} of {s.places} · {s.unfilled > 0 ? `${s.unfilled} unfilled` : "full"}
                  </p>
                </div>
                {s.people.length > 0 && (
                  <ul className="mt-3 divide-y divide-slate-100">
                    {s.people.map((p) => {
                      const person = replyFor(actionData, `signup-${p.signupId}`);
                      const refused = person.formError ?? person.error("hours");
                      return (
                      <li key={p.signupId} className="py-3" data-testid="rota-person" data-name={p.name}>
                        <div className="flex flex-wrap items-center gap-2">
                          <span className="font-semibold text-ink">{p.name}</span>
                          {p.check === "missing" && <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">Check missing</span>}
                          {p.check === "expired" && <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">Check expired</span>}
                          {p.check === "ok" && <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-800">Check seen</span>}
                          {p.attendance === "came" && <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-900">Came · {formatHours(p.minutes ?? 0)}</span>}
                          {p.attendance === "no_show" && <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800">No-show</span>}
                        </div>
                        <p className="text-sm break-all text-slate-600">
                          {p.phone && (
                            <a href={`tel:${p.phone.replace(/[^\d+]/g, "")}`} className="underline">
                              {p.phone}
                            </a>
                          )}{" "}
                          · {p.email}
                        </p>
                        {refused && <p className="mt-1 text-sm font-medium text-red-800">{refused}</p>}
                        <div className="mt-2 flex flex-wrap items-end gap-3">
                          <Form method="post" className="flex flex-wrap items-end gap-2">
                            <input type="hidden" name="signup" value={p.signupId} />
                            <label className="flex items-center gap-1 text-sm">
                              <input type="radio" name="attendance" value="came" defaultChecked={p.attendance !== "no_show"} className="accent-brand-600" /> Came
                            </label>
                            <label className="flex items-center gap-1 text-sm">
                              <input type="radio" name="attendance" value="no_show" defaultChecked={p.attendance === "no_show"} className="accent-brand-600" /> No-show
                            </label>
                            <label className="text-sm">
                              <span className="sr-only">Hours for {p.name}</span>
                              <input
                                name="hours"
                                inputMode="decimal"
                                placeholder={String(shiftMinutes(s) / 60)}
                                defaultValue={person.value("hours") ?? (p.minutes !== null ? String(p.minutes / 60) : "")}
                                className={`${small} w-20`}
                                aria-label={`Hours for ${p.name}`}
                              />
                            </label>
                            <button type="submit" name="intent" value="attendance" className={buttonClasses("secondary", "sm")}>
                              Save
                            </button>
                          </Form>
                          <details className="text-sm">
                            <summary className="cursor-pointer font-semibold text-brand-700">Move or remove</summary>
                            <div className="mt-2 flex flex-wrap items-end gap-2">
                              <Form method="post" className="flex flex-wrap items-end gap-2">
                                <input type="hidden" name="signup" value={p.signupId} />
                                <label className="text-sm">
                                  <span className="sr-only">Move {p.name} to</span>
                                  <select name="to" className={small} aria-label={`Move ${p.name} to`}>
                                    {shifts
                                      .filter((o) => o.id !== s.id)
                                      .map((o) => (
                                        <option key={o.id} value={o.id}>
                                          {formatShortDate(o.date)} {formatTime(o.start_time)}, {o.opportunity}
                                        </option>
                                      ))}
                                  </select>
                                </label>
                                <button type="submit" name="intent" value="move" className={buttonClasses("secondary", "sm")}>
                                  Move
                                </button>
                              </Form>
                              <Form method="post">
                                <input type="hidden" name="signup" value={p.signupId} />
                                <button type="submit" name="intent" value="remove" className={buttonClasses("secondary", "sm")}>
                                  Remove
                                </button>
                              </Form>
                            </div>
                          </details>
                        </div>
                      </li>
                      );
                    })}
                  </ul>
                )}
                <details className="mt-3" open={Boolean(add.formError)}>
                  <summary className="cursor-pointer text-sm font-semibold text-brand-700">Add someone to this shift</summary>
                  {add.formError && <p className="mt-2 text-sm font-medium text-red-800">{add.formError}</p>}
                  <Form method="post" className="mt-2 grid gap-2 sm:grid-cols-4 sm:items-end">
                    <input type="hidden" name="shift" value={s.id} />
                    {(
                      [
                        ["fullName", "Full name", "text"],
                        ["email", "Email", "email"],
                        ["phone", "Phone", "tel"],
                      ] as const
                    ).map(([name, text, type]) => (
                      <label key={name} className="text-sm">
                        <span className="block font-semibold">{text}</span>
                        <input name={name} type={type} defaultValue={add.value(name)} className={`${small} w-full`} />
                        {add.error(name) && <span className="block text-red-800">{add.error(name)}</span>}
                      </label>
                    ))}
                    <button type="submit" name="intent" value="add" className={buttonClasses("primary", "sm")}>
                      Add and email
                    </button>
                  </Form>
                </details>
              </Card>
            </li>
            );
          })}
        </ol>
      )}
    </main>
  );
}
