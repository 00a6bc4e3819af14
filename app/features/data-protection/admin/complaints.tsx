/** Complaints: every data-protection complaint with its due date, the overdue ones marked; the response time setting. */
import { data, Form, Link, useNavigation } from "react-router";
import { currentActor } from "../../../auth/guards.server.ts";
import type { MenuHandle } from "../../../lib/admin-menu.ts";
import { parseForm } from "../../../lib/form-submission.ts";
import { redirectWithToast } from "../../../lib/toast.server.ts";
import { COMPLAINT_STATUS_LABELS, ComplaintSettingsSchema } from "../complaints.schema.ts";
import { COMPLAINT_CATEGORIES } from "../complaint-choices.ts";
import { getComplaintResponseDays, listComplaints, updateComplaintResponseDays } from "../complaints.server.ts";
import { shortDate } from "../dates.ts";
import { button, card, control, DueBadge, FieldError, labelClass } from "./kit.tsx";
import { replyFor } from "../../../lib/form-reply.ts";
import type { Route } from "./+types/complaints";

export const handle: MenuHandle = { menu: { group: "People", label: "Complaints", order: 21 } };

export const meta = () => [{ title: "Complaints | Millbrook Admin" }];

export async function loader() {
  const [complaints, days] = await Promise.all([listComplaints(), getComplaintResponseDays()]);
  return { complaints, days };
}

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const submission = parseForm(form, ComplaintSettingsSchema, ["complaint_response_days"]);
  if (submission.status !== "success") return data({ intent: "settings", reply: submission.reply() }, { status: 400 });
  await updateComplaintResponseDays(submission.value.complaint_response_days, currentActor(args));
  return redirectWithToast("/admin/data-protection/complaints", { type: "success", message: "Response time saved" });
}

const categoryLabel = (id: string | null) => COMPLAINT_CATEGORIES.find((c) => c.id === id)?.label ?? "Not given";

export default function Complaints({ loaderData, actionData }: Route.ComponentProps) {
  const { complaints, days } = loaderData;
  const settings = replyFor(actionData, "settings");
  const busy = useNavigation().state === "submitting";
  const overdue = complaints.filter((c) => c.due === "overdue").length;
  return (
    <main className="px-4 py-6 sm:px-6 sm:py-8">
      <h1 className="font-display text-3xl font-semibold text-brand-900">Complaints</h1>
      <p className="mt-1 max-w-3xl text-slate-600">
        Data protection concerns people raised on the website. Each one is acknowledged at once and must be answered by its due date.{" "}
        <a href="/privacy/concern" className="font-semibold text-brand-700 underline">
          The public form
        </a>
        .
      </p>
      {overdue > 0 && (
        <p role="status" className="mt-4 rounded-lg border-l-4 border-red-700 bg-red-50 px-4 py-3 font-semibold text-red-900">
          {overdue === 1 ? "1 complaint is overdue." : `${overdue} complaints are overdue.`}
        </p>
      )}
      {complaints.length === 0 ? (
        <p className={`${card} mt-6 text-slate-700`}>No complaints yet.</p>
      ) : (
        <div className={`${card} mt-6 overflow-x-auto p-0`}>
          <table className="w-full min-w-[40rem] text-left text-sm" data-testid="complaints">
            <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">Reference</th>
                <th scope="col" className="px-4 py-3 font-semibold">From</th>
                <th scope="col" className="px-4 py-3 font-semibold">About</th>
                <th scope="col" className="px-4 py-3 font-semibold">Received</th>
                <th scope="col" className="px-4 py-3 font-semibold">Due</th>
                <th scope="col" className="px-4 py-3 font-semibold">Status</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {complaints.map((c) => (
                <tr key={c.id} className={c.due === "overdue" ? "bg-red-50" : undefined}>
                  <td className="px-4 py-3">
                    <Link to={`/admin/data-protection/complaints/${c.id}`} className="font-mono font-semibold text-brand-700 underline">
                      {c.reference}
                    </Link>
                  </td>
                  <td className="px-4 py-3 break-words">{c.name}</td>
                  <td className="px-4 py-3">{categoryLabel(c.category)}</td>
                  <td className="px-4 py-3 whitespace-nowrap">{shortDate(c.receivedOn)}</td>
                  <td className="px-4 py-3">
                    <DueBadge dueOn={c.dueOn} state={c.due} />
                  </td>
                  <td className="px-4 py-3">{COMPLAINT_STATUS_LABELS[c.status]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <section className={`${card} mt-6 max-w-xl`} aria-labelledby="response-heading">
        <h2 id="response-heading" className="font-display text-xl font-semibold text-brand-900">
          Response time
        </h2>
        <p className="mt-1 text-sm text-slate-600">How many days after a complaint arrives its answer is due (30 at most). Complaints already made keep their due dates.</p>
        <Form method="post" className="mt-3 flex flex-wrap items-end gap-3" noValidate>
          <div>
            <label htmlFor="complaint_response_days" className={labelClass}>
              Days to answer
            </label>
            <input
              id="complaint_response_days"
              name="complaint_response_days"
              type="number"
              inputMode="numeric"
              min={1}
              max={30}
              defaultValue={settings.value("complaint_response_days") ?? String(days)}
              aria-invalid={settings.error("complaint_response_days") ? true : undefined}
              aria-describedby={settings.error("complaint_response_days") ? "days-error" : undefined}
              className={`${control} max-w-32`}
            />
          </div>
          <button type="submit" className={button} disabled={busy}>
            Save
          </button>
          <FieldError id="days-error" message={settings.error("complaint_response_days")} />
        </Form>
      </section>
    </main>
  );
}
