import { data, Form, Link, useNavigation } from "react-router";
import { currentActor } from "../../../auth/guards.server.ts";
import { SubmissionBadges } from "./submission-badges.tsx";
import { getSubmission, InboxError, staffChoices, setSubmissionNote, setSubmissionStatus } from "../inbox.server.ts";
import { KIND_LABELS, NOTE_MAX, STATUS_LABELS, submissionFields, SUBMISSION_STATUSES } from "../submission-labels.ts";
import { MAKE_VOLUNTEER_FIELDS, MakeVolunteerSchema, SUBMISSION_NOTE_FIELDS, SUBMISSION_STATUS_FIELDS, SubmissionNoteSchema, SubmissionStatusSchema } from "../inbox.schema.ts";
import { parseForm, refusedForm } from "../../../lib/form-submission.ts";
import { replyFor, type IntentReply } from "../../../lib/form-reply.ts";
import { Refusal } from "../../../components/admin/kit/row-status.tsx";
import { volunteerFromSubmission } from "../../volunteering/index.ts";
import { redirectWithToast } from "../../../lib/toast.server.ts";
import { isImageType } from "../../../storage/file-types.ts";
import type { Route } from "./+types/submission";
import { formatUk } from "../../../lib/uk-time.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.submission.reference ?? "Submission"} | Inbox | Millbrook Admin` }];

function notFound(): never {
  throw data(null, { status: 404, statusText: "Not Found" });
}

export async function loader(args: Route.LoaderArgs) {
  const [row, choices] = await Promise.all([getSubmission(args.params.id), staffChoices()]);
  if (!row) notFound();
  return {
    submission: {
      id: row.id,
      reference: row.reference,
      kind: row.kind,
      status: row.status,
      name: row.name,
      email: row.email,
      note: row.note,
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
      fields: submissionFields(row.kind, row.data, choices),
      files: row.files.map((f, index) => ({ index, name: f.name, type: f.type, size: f.size, image: isImageType(f.type) })),
    },
  };
}

/**
 * A refusal names the form it answers (docs/decisions/287): `status`, `note` or
 * `make-volunteer`, shown in that form's box; `submission` for the page (an unknown action).
 */
const refuse = (intent: string, message: string) => data<IntentReply>({ intent, reply: refusedForm({ _form: message }) }, { status: 400 });

export async function action(args: Route.ActionArgs) {
  const id = args.params.id;
  const form = await args.request.formData();
  const intent = form.get("intent");
  const actor = currentActor(args);
  const here = `/admin/inbox/${id}`;
  if (intent !== "status" && intent !== "make-volunteer" && intent !== "note") return refuse("submission", "Unknown action.");
  try {
    if (intent === "status") {
      const submission = parseForm(form, SubmissionStatusSchema, SUBMISSION_STATUS_FIELDS);
      if (submission.status !== "success") return data<IntentReply>({ intent, reply: submission.reply() }, { status: 400 });
      const { status } = submission.value;
      await setSubmissionStatus(id, status, actor);
      return redirectWithToast(here, { type: "success", message: `Status changed to ${STATUS_LABELS[status]}` });
    }
    if (intent === "make-volunteer") {
      const submission = parseForm(form, MakeVolunteerSchema, MAKE_VOLUNTEER_FIELDS);
      if (submission.status !== "success") return data<IntentReply>({ intent, reply: submission.reply() }, { status: 400 });
      // A volunteer offer becomes a volunteer (name, email, phone), ready for the rota.
      const made = await volunteerFromSubmission(id, actor);
      if (!made) return refuse(intent, "Only a volunteer offer can be made into a volunteer.");
      const { name } = submission.value;
      return redirectWithToast("/admin/volunteering/volunteers", { type: "success", message: made.created ? `${name} is now a volunteer` : `${name} was already a volunteer` });
    }
    const submission = parseForm(form, SubmissionNoteSchema, SUBMISSION_NOTE_FIELDS);
    if (submission.status !== "success") return data<IntentReply>({ intent, reply: submission.reply() }, { status: 400 });
    await setSubmissionNote(id, submission.value.note, actor);
    return redirectWithToast(here, { type: "success", message: "Note saved" });
  } catch (error) {
    if (error instanceof InboxError) return refuse(intent, error.message);
    throw error;
  }
}

function fileSize(bytes: number) {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** A form's refusal, beside the form (the words the server answered). */
function FormError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} role="alert" className="mt-3 rounded-xl bg-red-50 p-3 text-sm font-medium text-red-900 ring-1 ring-red-200">
      {message}
    </p>
  ) : null;
}

const card = "rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200";
const button = "rounded-full bg-brand-600 px-5 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-60";

export default function Submission({ loaderData, actionData }: Route.ComponentProps) {
  const s = loaderData.submission;
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const status = replyFor(actionData, "status");
  const volunteer = replyFor(actionData, "make-volunteer");
  const note = replyFor(actionData, "note");
  const statusError = status.formError ?? status.error("status");
  const noteError = note.formError ?? note.error("note");

  return (
    <main className="px-4 py-6 sm:px-6 sm:py-8">
      <p>
        <Link to="/admin/inbox" className="text-sm font-semibold text-brand-700 underline">
          ← Back to the inbox
        </Link>
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <h1 className="min-w-0 break-words font-display text-3xl font-semibold text-brand-900">{s.name}</h1>
        <SubmissionBadges kind={s.kind} status={s.status} />
      </div>
      <p className="mt-1 text-slate-600">
        {KIND_LABELS[s.kind]} <span className="font-mono text-sm">{s.reference}</span>, received <time dateTime={s.created_at}>{formatUk(s.created_at, "date-time")}</time>
        {s.updated_at !== s.created_at && (
          <>
            , last changed <time dateTime={s.updated_at}>{formatUk(s.updated_at, "date-time")}</time>
          </>
        )}
      </p>

      <Refusal answer={actionData} intent="submission" />

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="space-y-6">
          <section className={card} aria-labelledby="fields-heading">
            <h2 id="fields-heading" className="font-display text-xl font-semibold text-brand-900">
              As submitted
            </h2>
            <dl className="mt-3 divide-y divide-slate-100">
              {s.fields.map((f) => (
                <div key={f.key} className="grid gap-1 py-2.5 sm:grid-cols-[12rem_1fr] sm:gap-4">
                  <dt className="text-sm font-semibold text-slate-700">{f.label}</dt>
                  <dd className="whitespace-pre-wrap break-words text-ink">{f.value || <span className="text-slate-400">(blank)</span>}</dd>
                </div>
              ))}
            </dl>
          </section>

          {s.files.length > 0 && (
            <section className={card} aria-labelledby="files-heading">
              <h2 id="files-heading" className="font-display text-xl font-semibold text-brand-900">
                Files ({s.files.length})
              </h2>
              <ul className="mt-3 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
                {s.files.map((f) => {
                  const href = `/admin/inbox/${s.id}/files/${f.index}`;
                  return (
                    <li key={f.index} className="overflow-hidden rounded-xl ring-1 ring-slate-200">
                      {f.image ? (
                        <a href={href} target="_blank" rel="noopener noreferrer" className="block bg-slate-100">
                          <img src={href} alt={`Uploaded file ${f.name}`} className="aspect-[4/3] w-full object-cover" loading="lazy" />
                        </a>
                      ) : (
                        <div className="flex aspect-[4/3] items-center justify-center bg-slate-100 text-2xl font-semibold text-slate-500" aria-hidden="true">
                          PDF
                        </div>
                      )}
                      <div className="p-3 text-sm">
                        <p className="truncate font-medium text-ink" title={f.name}>
                          {f.name}
                        </p>
                        <p className="text-slate-600">
                          {f.type}, {fileSize(f.size)}
                        </p>
                        <a href={`${href}?download=1`} download className="mt-1 inline-block font-semibold text-brand-700 underline">
                          Download<span className="sr-only"> {f.name}</span>
                        </a>
                      </div>
                    </li>
                  );
                })}
              </ul>
            </section>
          )}
        </div>

        <div className="space-y-6">
          <section className={card} aria-labelledby="status-heading">
            <h2 id="status-heading" className="font-display text-xl font-semibold text-brand-900">
              Status
            </h2>
            <Form method="post" className="mt-3 space-y-3">
              <input type="hidden" name="intent" value="status" />
              <label className="block text-sm font-semibold text-slate-800">
                Change status
                <select
                  name="status"
                  defaultValue={s.status}
                  key={s.status}
                  aria-invalid={statusError ? true : undefined}
                  aria-describedby={statusError ? "status-error" : undefined}
                  className="mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base"
                >
                  {SUBMISSION_STATUSES.map((status) => (
                    <option key={status} value={status}>
                      {STATUS_LABELS[status]}
                    </option>
                  ))}
                </select>
              </label>
              <FormError id="status-error" message={statusError} />
              <button type="submit" className={button} disabled={busy("status")}>
                {busy("status") ? "Saving..." : "Save status"}
              </button>
            </Form>
          </section>

          {s.kind === "volunteer" && (
            <section className={card} aria-labelledby="make-volunteer-heading">
              <h2 id="make-volunteer-heading" className="font-display text-xl font-semibold text-brand-900">
                Volunteer
              </h2>
              <p className="mt-1 text-sm text-slate-600">Add them to the volunteers (name, email and phone), so staff can put them on the rota.</p>
              <FormError id="make-volunteer-error" message={volunteer.formError ?? volunteer.error("name")} />
              <Form method="post" className="mt-3">
                <input type="hidden" name="intent" value="make-volunteer" />
                <input type="hidden" name="name" value={s.name} />
                <button type="submit" className={button} disabled={busy("make-volunteer")}>
                  {busy("make-volunteer") ? "Adding..." : "Make a volunteer"}
                </button>
              </Form>
            </section>
          )}

          <section className={card} aria-labelledby="note-heading">
            <h2 id="note-heading" className="font-display text-xl font-semibold text-brand-900">
              Internal note
            </h2>
            <p className="mt-1 text-sm text-slate-600">Seen by staff only, never by the applicant.</p>
            <Form method="post" className="mt-3 space-y-3">
              <input type="hidden" name="intent" value="note" />
              <label htmlFor="note" className="sr-only">
                Internal note
              </label>
              <textarea
                id="note"
                name="note"
                rows={5}
                maxLength={NOTE_MAX}
                defaultValue={note.value("note") ?? s.note}
                key={`${s.note}${note.value("note") ?? ""}`}
                aria-invalid={noteError ? true : undefined}
                aria-describedby={noteError ? "note-error" : undefined}
                className="block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base"
              />
              <FormError id="note-error" message={noteError} />
              <button type="submit" className={button} disabled={busy("note")}>
                {busy("note") ? "Saving..." : "Save note"}
              </button>
            </Form>
          </section>

          <section className={card} aria-labelledby="contact-heading">
            <h2 id="contact-heading" className="font-display text-xl font-semibold text-brand-900">
              Contact
            </h2>
            <p className="mt-2 break-words">
              <a href={`mailto:${s.email}`} className="font-semibold text-brand-700 underline">
                {s.email}
              </a>
            </p>
          </section>
        </div>
      </div>
    </main>
  );
}
