/** One complaint: what the person said, its status, notes, who answers it, and the outcome emailed from the site. */
import { data, Form, Link, useNavigation } from "react-router";
import { currentActor } from "../../../auth/guards.server.ts";
import { parseForm, refusedForm } from "../../../lib/form-submission.ts";
import { siteOrigin } from "../../../lib/config.server.ts";
import { redirectWithToast } from "../../../lib/toast.server.ts";
import { COMPLAINT_STATUSES } from "../table.ts";
import { COMPLAINT_STATUS_LABELS, ComplaintNoteSchema, ComplaintOutcomeSchema, ComplaintStatusSchema } from "../complaints.schema.ts";
import { COMPLAINT_CATEGORIES, CONTACT_METHODS } from "../complaint-choices.ts";
import { addComplaintNote, getComplaint, sendComplaintOutcome, setComplaintResponsible, setComplaintStatus } from "../complaints.server.ts";
import { dueState, longDate } from "../dates.ts";
import { dataProtectionStaff } from "../staff.server.ts";
import { Alert, button, card, control, DueBadge, FieldError, labelClass, secondary } from "./kit.tsx";
import { replyFor } from "../../../lib/form-reply.ts";
import type { Route } from "./+types/complaint";
import { formatUk, ukDate } from "../../../lib/uk-time.ts";

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: `${loaderData?.complaint.reference ?? "Complaint"} | Millbrook Admin` }];

const when = (at: Date | null) =>
  at ? formatUk(at, "date-time") : null;

export async function loader({ params }: Route.LoaderArgs) {
  const found = await getComplaint(params.id);
  if (!found) throw data("Not found", { status: 404 });
  const { complaint, notes } = found;
  const done = complaint.status === "answered" || complaint.status === "closed";
  return {
    complaint: {
      ...complaint,
      received: when(complaint.received_at),
      acknowledged: when(complaint.acknowledged_at),
      outcomeSent: when(complaint.outcome_sent_at),
      due: dueState(complaint.due_on, ukDate(new Date()), done),
    },
    notes: notes.map((n) => ({ id: n.id, author: n.author_email, text: n.text, at: when(n.created_at) })),
    staff: await dataProtectionStaff(),
  };
}

export async function action(args: Route.ActionArgs) {
  const { id } = args.params;
  const actor = currentActor(args);
  const form = await args.request.formData();
  const intent = String(form.get("intent") ?? "");
  const back = `/admin/data-protection/complaints/${id}`;
  if (intent === "status") {
    const submission = parseForm(form, ComplaintStatusSchema, ["status"]);
    if (submission.status !== "success") return data({ intent, reply: submission.reply() }, { status: 400 });
    if (!(await setComplaintStatus(id, submission.value.status, actor))) throw data("Not found", { status: 404 });
    return redirectWithToast(back, { type: "success", message: "Status saved" });
  }
  if (intent === "responsible") {
    const value = String(form.get("responsible") ?? "");
    if (!(await setComplaintResponsible(id, value || null, actor))) return data({ intent, reply: refusedForm({ responsible: "Please choose a member of staff who handles data protection" }) }, { status: 400 });
    return redirectWithToast(back, { type: "success", message: "Saved who answers it" });
  }
  if (intent === "note") {
    const submission = parseForm(form, ComplaintNoteSchema, ["text"]);
    if (submission.status !== "success") return data({ intent, reply: submission.reply() }, { status: 400 });
    if (!(await addComplaintNote(id, submission.value, actor))) throw data("Not found", { status: 404 });
    return redirectWithToast(`${back}#notes`, { type: "success", message: "Note added" });
  }
  if (intent === "outcome") {
    const submission = parseForm(form, ComplaintOutcomeSchema, ["outcome"]);
    if (submission.status !== "success") return data({ intent, reply: submission.reply() }, { status: 400 });
    const result = await sendComplaintOutcome(id, submission.value, actor, siteOrigin().replace(/\/+$/, ""));
    if (result.status === "not-found") throw data("Not found", { status: 404 });
    if (result.status === "sent") return redirectWithToast(back, { type: "success", message: "Outcome emailed to the person; the complaint is answered" });
    const message =
      result.reason === "not-configured"
        ? "The outcome is saved but NOT sent: this site has no mail server set up. Send it another way, then set the status to Answered."
        : "The outcome is saved but NOT sent: the mail server refused it. Try again later.";
    return data({ intent: "outcome-not-sent", message });
  }
  return data({ intent: "unknown", reply: refusedForm({ _form: "Unknown action." }) }, { status: 400 });
}

export default function Complaint({ loaderData, actionData }: Route.ComponentProps) {
  const { complaint, notes, staff } = loaderData;
  const busy = useNavigation().state === "submitting";
  const refused = actionData && "reply" in actionData ? actionData : undefined;
  const status = replyFor(refused, "status");
  const note = replyFor(refused, "note");
  const outcome = replyFor(refused, "outcome");
  const responsible = replyFor(refused, "responsible");
  const notSent = actionData && "message" in actionData ? actionData.message : undefined;
  const contact = CONTACT_METHODS.find((m) => m.id === complaint.contact_by)?.label ?? complaint.contact_by;
  return (
    <main className="px-4 py-6 sm:px-6 sm:py-8">
      <p className="text-sm">
        <Link to="/admin/data-protection/complaints" className="font-semibold text-brand-700 underline">
          Complaints
        </Link>
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 className="font-display text-3xl font-semibold text-brand-900">
          Complaint <span className="font-mono">{complaint.reference}</span>
        </h1>
        <DueBadge dueOn={complaint.due_on} state={complaint.due} />
        <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-sm font-semibold text-brand-900" data-testid="complaint-status">
          {COMPLAINT_STATUS_LABELS[complaint.status]}
        </span>
      </div>
      {notSent && <Alert>{notSent}</Alert>}

      <div className="mt-6 grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] [&>*]:min-w-0">
        <div className="space-y-6">
          <section className={card} aria-labelledby="concern-heading">
            <h2 id="concern-heading" className="font-display text-xl font-semibold text-brand-900">
              The concern
            </h2>
            <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
              <dt className="font-semibold text-slate-700">From</dt>
              <dd className="break-words">{complaint.name}</dd>
              <dt className="font-semibold text-slate-700">Email</dt>
              <dd className="break-all">{complaint.email}</dd>
              <dt className="font-semibold text-slate-700">Contact them</dt>
              <dd className="break-words whitespace-pre-wrap">
                {contact}
                {complaint.contact_detail ? `: ${complaint.contact_detail}` : ""}
              </dd>
              <dt className="font-semibold text-slate-700">Topic</dt>
              <dd>{COMPLAINT_CATEGORIES.find((c) => c.id === complaint.category)?.label ?? "Not given"}</dd>
              <dt className="font-semibold text-slate-700">Received</dt>
              <dd>{complaint.received}</dd>
              <dt className="font-semibold text-slate-700">Acknowledged</dt>
              <dd>{complaint.acknowledged ? `Email sent ${complaint.acknowledged}` : "No acknowledgement email was sent (mail was not available): contact them another way."}</dd>
              <dt className="font-semibold text-slate-700">Answer due by</dt>
              <dd>{longDate(complaint.due_on)}</dd>
            </dl>
            <p className="mt-4 rounded-xl bg-slate-50 p-4 break-words whitespace-pre-wrap text-slate-800" data-testid="complaint-about">
              {complaint.about}
            </p>
            <p className="mt-4">
              <Link to={`/admin/data-protection?complaint=${complaint.id}`} className={secondary}>
                Find this person's data
              </Link>
            </p>
          </section>

          <section className={card} aria-labelledby="outcome-heading">
            <h2 id="outcome-heading" className="font-display text-xl font-semibold text-brand-900">
              Outcome
            </h2>
            {complaint.outcomeSent ? (
              <>
                <p className="mt-1 text-sm text-slate-600" data-testid="outcome-sent">
                  Emailed to {complaint.email} on {complaint.outcomeSent}.
                </p>
                <p className="mt-3 rounded-xl bg-slate-50 p-4 break-words whitespace-pre-wrap">{complaint.outcome}</p>
              </>
            ) : (
              <Form method="post" className="mt-3 space-y-3" noValidate>
                <input type="hidden" name="intent" value="outcome" />
                <label htmlFor="outcome" className={labelClass}>
                  The answer to send to {complaint.name}
                </label>
                <p id="outcome-hint" className="text-sm text-slate-600">
                  What you found, what you have done and anything they can still do. It is emailed to {complaint.email} from the site, with their reference and
                  how to complain to the ICO.
                </p>
                <textarea
                  id="outcome"
                  name="outcome"
                  rows={8}
                  defaultValue={outcome.value("outcome") ?? complaint.outcome ?? ""}
                  aria-invalid={outcome.error("outcome") ? true : undefined}
                  aria-describedby={outcome.error("outcome") ? "outcome-hint outcome-error" : "outcome-hint"}
                  className={control}
                />
                <FieldError id="outcome-error" message={outcome.error("outcome")} />
                <button type="submit" className={button} disabled={busy}>
                  Email the outcome
                </button>
              </Form>
            )}
          </section>

          <section className={card} aria-labelledby="notes-heading" id="notes">
            <h2 id="notes-heading" className="font-display text-xl font-semibold text-brand-900">
              Notes
            </h2>
            {notes.length === 0 ? (
              <p className="mt-1 text-sm text-slate-600">No notes yet. Notes are for staff only.</p>
            ) : (
              <ol className="mt-3 space-y-3" data-testid="complaint-notes">
                {notes.map((n) => (
                  <li key={n.id} className="rounded-xl bg-slate-50 p-3 text-sm">
                    <p className="text-slate-600">
                      {n.at}, {n.author ?? "unknown"}
                    </p>
                    <p className="mt-1 break-words whitespace-pre-wrap text-slate-900">{n.text}</p>
                  </li>
                ))}
              </ol>
            )}
            <Form method="post" className="mt-4 space-y-2" noValidate>
              <input type="hidden" name="intent" value="note" />
              <label htmlFor="note-text" className={labelClass}>
                Add a note
              </label>
              <textarea
                id="note-text"
                name="text"
                rows={3}
                defaultValue={note.value("text") ?? ""}
                aria-invalid={note.error("text") ? true : undefined}
                aria-describedby={note.error("text") ? "note-error" : undefined}
                className={control}
              />
              <FieldError id="note-error" message={note.error("text")} />
              <button type="submit" className={button} disabled={busy}>
                Add note
              </button>
            </Form>
          </section>
        </div>

        <div className="space-y-6">
          <section className={card} aria-labelledby="status-heading">
            <h2 id="status-heading" className="font-display text-xl font-semibold text-brand-900">
              Status
            </h2>
            <Form method="post" className="mt-3 space-y-3" noValidate>
              <input type="hidden" name="intent" value="status" />
              <fieldset>
                <legend className="sr-only">Status</legend>
                {COMPLAINT_STATUSES.map((s) => (
                  <label key={s} className="flex items-center gap-2 py-1">
                    <input type="radio" name="status" value={s} defaultChecked={complaint.status === s} className="size-4 accent-brand-600" />
                    {COMPLAINT_STATUS_LABELS[s]}
                  </label>
                ))}
              </fieldset>
              <FieldError id="status-error" message={status.error("status")} />
              <button type="submit" className={button} disabled={busy}>
                Save status
              </button>
            </Form>
          </section>
          <section className={card} aria-labelledby="responsible-heading">
            <h2 id="responsible-heading" className="font-display text-xl font-semibold text-brand-900">
              Who answers it
            </h2>
            <p className="mt-1 text-sm text-slate-600">They get the reminders a week before the due date and when it passes. Nobody chosen: everyone who handles data protection.</p>
            <Form method="post" className="mt-3 flex flex-wrap items-end gap-3" noValidate>
              <input type="hidden" name="intent" value="responsible" />
              <div className="min-w-0 flex-1 basis-56">
                <label htmlFor="responsible" className={labelClass}>
                  Responsible
                </label>
                <select id="responsible" name="responsible" defaultValue={complaint.responsible_user_id ?? ""} className={control}>
                  <option value="">Everyone who handles data protection</option>
                  {staff.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.email}
                    </option>
                  ))}
                </select>
              </div>
              <button type="submit" className={button} disabled={busy}>
                Save
              </button>
            </Form>
            <FieldError id="responsible-error" message={responsible.error("responsible")} />
          </section>
        </div>
      </div>
    </main>
  );
}
