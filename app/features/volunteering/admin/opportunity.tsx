/**
 * One opportunity (any staff): its details, and its shifts: add one, or repeat it weekly
 * or every day (a fair over several days); change places; delete a shift nobody took.
 * "new" makes a new opportunity.
 */
import { data, Form, Link, redirect } from "react-router";
import { Card } from "../../../components/admin/kit/card.tsx";
import { buttonClasses } from "../../../components/ui/button.ts";
import { formatShortDate, formatTime } from "../../../components/site/format.ts";
import { currentActor } from "../../../auth/guards.server.ts";
import { redirectWithToast } from "../../../lib/toast.server.ts";
import { addShifts, deleteOpportunity, deleteShift, getOpportunity, roleChoices, saveOpportunity, setShiftPlaces, shiftsOfOpportunity } from "../opportunities.server.ts";
import { OpportunitySchema, ShiftSchema } from "../volunteering.schema.ts";
import { parseForm, refusedForm } from "../../../lib/form-submission.ts";
import { replyFor } from "../../../lib/form-reply.ts";
import type { Route } from "./+types/opportunity";

const LIST = "/admin/volunteering";
const OPPORTUNITY_FIELDS = ["role_id", "title", "description", "location", "is_published"] as const;
const SHIFT_FIELDS = ["date", "start_time", "end_time", "places", "repeat", "until"] as const;

function idOf(params: { id?: string }): number | null {
  return /^\d{1,9}$/.test(params.id ?? "") ? Number(params.id) : null;
}

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: `${loaderData?.opportunity?.title ?? "New opportunity"} | Millbrook Admin` }];

export async function loader({ params }: Route.LoaderArgs) {
  const roles = await roleChoices();
  if (params.id === "new") return { opportunity: null, shifts: [], roles };
  const id = idOf(params);
  const opportunity = id === null ? null : await getOpportunity(id);
  if (!opportunity) throw data("Opportunity not found", { status: 404 });
  return { opportunity, shifts: await shiftsOfOpportunity(opportunity.id), roles };
}

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const intent = form.get("intent");
  const actor = currentActor(args);
  const id = args.params.id === "new" ? null : idOf(args.params);
  if (intent === "save") {
    const submission = parseForm(form, OpportunitySchema, OPPORTUNITY_FIELDS);
    if (submission.status !== "success") return data({ intent: "save", reply: submission.reply() }, { status: 400 });
    const saved = await saveOpportunity(id, submission.value, actor);
    return redirectWithToast(`${LIST}/${saved}`, { type: "success", message: id === null ? "Opportunity created: now add its shifts" : "Opportunity saved" });
  }
  if (id === null || !(await getOpportunity(id))) throw data("Opportunity not found", { status: 404 });
  const here = `${LIST}/${id}`;
  if (intent === "add-shifts") {
    const submission = parseForm(form, ShiftSchema, SHIFT_FIELDS);
    if (submission.status !== "success") return data({ intent: "shift", reply: submission.reply() }, { status: 400 });
    const added = await addShifts(id, submission.value, actor);
    return redirectWithToast(here, { type: "success", message: added === 1 ? "Shift added" : `${added} shifts added` });
  }
  if (intent === "places") {
    const shiftId = Number(form.get("shift"));
    const places = Number(form.get("places"));
    if (!Number.isInteger(places) || places < 1 || places > 500) return data({ intent: "places", reply: refusedForm({ places: "Places must be between 1 and 500" }) }, { status: 400 });
    const ok = await setShiftPlaces(shiftId, places, actor);
    if (!ok) return data({ intent: "places", reply: refusedForm({ places: "More people are signed up than that: move or remove someone first" }) }, { status: 409 });
    return redirectWithToast(here, { type: "success", message: "Places changed" });
  }
  if (intent === "delete-shift") {
    const ok = await deleteShift(Number(form.get("shift")), actor);
    if (!ok) return data({ intent: "places", reply: refusedForm({ places: "That shift has sign-ups (past or present) and is kept for the hours" }) }, { status: 409 });
    return redirectWithToast(here, { type: "success", message: "Shift deleted" });
  }
  if (intent === "delete") {
    const ok = await deleteOpportunity(id, actor);
    if (!ok) return data({ intent: "save", reply: refusedForm({ _form: "People have signed up to this opportunity: hide it instead (untick Show on the Volunteer page)" }) }, { status: 409 });
    return redirect(LIST);
  }
  return data({ intent: "save", reply: refusedForm({ _form: "Unknown action." }) }, { status: 400 });
}

const input = "w-full rounded-lg border border-slate-300 px-3 py-2";
const label = "block text-sm font-semibold text-ink";

function FieldError({ error }: { error?: string }) {
  return error ? <p className="mt-1 text-sm font-medium text-red-800">{error}</p> : null;
}

export default function Opportunity({ loaderData, actionData }: Route.ComponentProps) {
  const { opportunity, shifts, roles } = loaderData;
  const save = replyFor(actionData, "save");
  const shift = replyFor(actionData, "shift");
  const places = replyFor(actionData, "places");
  return (
    <main className="mx-auto max-w-5xl px-4 py-6 sm:px-6 lg:py-8">
      <p className="text-sm">
        <Link to={LIST} className="text-brand-700 underline">
          Volunteering
        </Link>
      </p>
      <h1 className="mt-1 font-display text-3xl font-semibold text-brand-900">{opportunity ? opportunity.title : "New opportunity"}</h1>
      <Card className="p-4 sm:p-5 mt-4">
        <Form method="post" className="space-y-4">
          {save.formError && <p className="rounded-lg bg-red-50 p-3 text-sm text-red-900">{save.formError}</p>}
          <div>
            <label htmlFor="role_id" className={label}>
              Role
            </label>
            <select id="role_id" name="role_id" defaultValue={opportunity?.role_id ?? ""} className={input}>
              <option value="">Choose a role</option>
              {roles.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.title}
                  {r.needsCheck ? " (background check)" : ""}
                </option>
              ))}
            </select>
            <FieldError error={save.error("role_id")} />
          </div>
          <div>
            <label htmlFor="title" className={label}>
              Title
            </label>
            <input id="title" name="title" defaultValue={opportunity?.title ?? ""} maxLength={100} className={input} placeholder="Christmas Craft Fair set-up" />
            <FieldError error={save.error("title")} />
          </div>
          <div>
            <label htmlFor="description" className={label}>
              Description
            </label>
            <textarea id="description" name="description" rows={3} defaultValue={opportunity?.description ?? ""} maxLength={1000} className={input} />
            <FieldError error={save.error("description")} />
          </div>
          <div>
            <label htmlFor="location" className={label}>
              Where
            </label>
            <input id="location" name="location" defaultValue={opportunity?.location ?? ""} maxLength={160} className={input} />
            <FieldError error={save.error("location")} />
          </div>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="is_published" defaultChecked={opportunity?.is_published ?? true} className="size-4 accent-brand-600" />
            Show on the Volunteer page
          </label>
          <div className="flex flex-wrap gap-2">
            <button type="submit" name="intent" value="save" className={buttonClasses("primary", "sm")}>
              {opportunity ? "Save" : "Create opportunity"}
            </button>
            {opportunity && shifts.every((s) => s.taken === 0) && (
              <button type="submit" name="intent" value="delete" className={buttonClasses("secondary", "sm")}>
                Delete opportunity
              </button>
            )}
          </div>
        </Form>
      </Card>

      {opportunity && (
        <>
          <h2 className="mt-8 font-display text-2xl font-semibold text-brand-900">Shifts</h2>
          <p className="text-sm">
            <Link to={`${LIST}/rota?opportunity=${opportunity.id}`} className="font-semibold text-brand-700 underline">
              Rota for this opportunity
            </Link>
          </p>
          {places.error("places") && <p className="mt-2 rounded-lg bg-red-50 p-3 text-sm text-red-900">{places.error("places")}</p>}
          {shifts.length === 0 ? (
            <p className="mt-3 text-slate-700">No shifts yet. Add the first below.</p>
          ) : (
            <ul className="mt-3 space-y-2" data-testid="admin-shifts">
              {shifts.map((s) => (
                <li key={s.id}>
                  <Card className="p-4 sm:p-5 flex flex-wrap items-center justify-between gap-3" data-testid="admin-shift">
                    <div>
                      <p className="font-semibold text-ink">
                        {formatShortDate(s.date)}, {formatTime(s.start_time)} to {formatTime(s.end_time)}
                      </p>
                      <p className={`text-sm ${s.taken < s.places ? "font-semibold text-amber-800" : "text-slate-700"}`}>
                        {s.taken} of {s.places} places filled
                      </p>
                    </div>
                    <div className="flex flex-wrap items-end gap-2">
                      <Form method="post" className="flex items-end gap-2">
                        <input type="hidden" name="shift" value={s.id} />
                        <label className="text-sm">
                          <span className="block text-slate-600">Places</span>
                          <input name="places" type="number" min={1} max={500} defaultValue={s.places} className="w-20 rounded-lg border border-slate-300 px-2 py-1" />
                        </label>
                        <button type="submit" name="intent" value="places" className={buttonClasses("secondary", "sm")}>
                          Change
                        </button>
                      </Form>
                      {s.taken === 0 && (
                        <Form method="post">
                          <input type="hidden" name="shift" value={s.id} />
                          <button type="submit" name="intent" value="delete-shift" className={buttonClasses("secondary", "sm")}>
                            Delete
                          </button>
                        </Form>
                      )}
                    </div>
                  </Card>
                </li>
              ))}
            </ul>
          )}
          <Card className="p-4 sm:p-5 mt-6">
            <h3 className="font-display text-xl font-semibold text-brand-900">Add shifts</h3>
            <Form method="post" className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              <div>
                <label htmlFor="date" className={label}>
                  Date (first date when repeating)
                </label>
                <input id="date" name="date" type="date" className={input} />
                <FieldError error={shift.error("date")} />
              </div>
              <div>
                <label htmlFor="start_time" className={label}>
                  Starts
                </label>
                <input id="start_time" name="start_time" type="time" className={input} />
                <FieldError error={shift.error("start_time")} />
              </div>
              <div>
                <label htmlFor="end_time" className={label}>
                  Ends
                </label>
                <input id="end_time" name="end_time" type="time" className={input} />
                <FieldError error={shift.error("end_time")} />
              </div>
              <div>
                <label htmlFor="places" className={label}>
                  Places needed
                </label>
                <input id="places" name="places" type="number" min={1} max={500} defaultValue={2} className={input} />
                <FieldError error={shift.error("places")} />
              </div>
              <fieldset className="sm:col-span-2">
                <legend className={label}>Repeat</legend>
                <div className="mt-1 flex flex-wrap gap-4 text-sm">
                  {[
                    ["none", "Just this date"],
                    ["day", "Every day (a fair)"],
                    ["week", "Every week"],
                  ].map(([value, text]) => (
                    <label key={value} className="flex items-center gap-2">
                      <input type="radio" name="repeat" value={value} defaultChecked={value === "none"} className="accent-brand-600" />
                      {text}
                    </label>
                  ))}
                </div>
              </fieldset>
              <div>
                <label htmlFor="until" className={label}>
                  Last date (when repeating)
                </label>
                <input id="until" name="until" type="date" className={input} />
                <FieldError error={shift.error("until")} />
              </div>
              <div className="flex items-end">
                <button type="submit" name="intent" value="add-shifts" className={buttonClasses("primary", "sm")}>
                  Add shifts
                </button>
              </div>
            </Form>
          </Card>
        </>
      )}
    </main>
  );
}
