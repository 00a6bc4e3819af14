/** One request: its deadline, the extension, links to find/export/erase the data, the actions taken from it, and the answer. */
import { data, Form, Link, useNavigation } from "react-router";
import { currentActor } from "../../../auth/guards.server.ts";
import { parseForm, refusedForm } from "../../../lib/form-submission.ts";
import { redirectWithToast } from "../../../lib/toast.server.ts";
import { dueState, longDate, shortDate } from "../dates.ts";
import { AnswerSchema, ExtendSchema, REQUEST_CHANNEL_LABELS, REQUEST_KIND_LABELS } from "../requests.schema.ts";
import { answerRequest, deadlineOf, extendRequest, getRequest, requestActions, RequestRuleError } from "../requests.server.ts";
import { button, card, control, DueBadge, FieldError, labelClass, secondary } from "./kit.tsx";
import { replyFor } from "../../../lib/form-reply.ts";
import type { Route } from "./+types/request";
import { formatUk, ukDate } from "../../../lib/uk-time.ts";

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: `${loaderData?.request.reference ?? "Request"} | Millbrook Admin` }];

const ACTION_LABELS: Record<string, string> = {
  "personal_data.export": "Data exported",
  "submissions.erase": "Submissions erased",
  "donations.erase": "Donations erased",
  "booking.erase": "Bookings anonymised",
  "mail.erase": "Queued mail removed",
  "personal_data.erase": "Data erased",
};

export async function loader({ params }: Route.LoaderArgs) {
  const request = await getRequest(params.id);
  if (!request) throw data("Not found", { status: 404 });
  const today = ukDate(new Date());
  const actions = await requestActions(request.id);
  return {
    request,
    today,
    deadline: deadlineOf(request),
    due: dueState(deadlineOf(request), today, request.answered_on !== null),
    canExtend: !request.answered_on && !request.extended_to && request.due_on >= today,
    actions: actions
      .filter((a) => a.action in ACTION_LABELS)
      .map((a) => ({
        at: formatUk(a.at, "date-time"),
        label: ACTION_LABELS[a.action],
        actor: a.actor,
        count: typeof a.details.count === "number" ? a.details.count : null,
      })),
  };
}

export async function action(args: Route.ActionArgs) {
  const { id } = args.params;
  const form = await args.request.formData();
  const intent = String(form.get("intent") ?? "");
  const back = `/admin/data-protection/requests/${id}`;
  const fields = intent === "extend" ? ["reason"] : ["answered_on", "answered_how"];
  try {
    if (intent === "extend") {
      const submission = parseForm(form, ExtendSchema, fields);
      if (submission.status !== "success") return data({ intent, reply: submission.reply() }, { status: 400 });
      const row = await extendRequest(id, submission.value, currentActor(args));
      return redirectWithToast(back, { type: "success", message: `Deadline extended to ${shortDate(row.extended_to!)}. Tell the person, with the reason.` });
    }
    if (intent === "answer") {
      const submission = parseForm(form, AnswerSchema, fields);
      if (submission.status !== "success") return data({ intent, reply: submission.reply() }, { status: 400 });
      await answerRequest(id, submission.value, currentActor(args));
      return redirectWithToast(back, { type: "success", message: "Answer recorded" });
    }
  } catch (error) {
    if (!(error instanceof RequestRuleError)) throw error;
    const reply = refusedForm({ [error.field]: error.message });
    return data({ intent, reply: { ...reply, initialValue: Object.fromEntries(fields.map((f) => [f, String(form.get(f) ?? "")])) } }, { status: 400 });
  }
  return data({ intent: "unknown", reply: refusedForm({ _form: "Unknown action." }) }, { status: 400 });
}

export default function Request({ loaderData, actionData }: Route.ComponentProps) {
  const { request, deadline, due, canExtend, actions, today } = loaderData;
  const extend = replyFor(actionData, "extend");
  const answer = replyFor(actionData, "answer");
  const busy = useNavigation().state === "submitting";
  return (
    <main className="px-4 py-6 sm:px-6 sm:py-8">
      <p className="text-sm">
        <Link to="/admin/data-protection/requests" className="font-semibold text-brand-700 underline">
          Data requests
        </Link>
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 className="font-display text-3xl font-semibold text-brand-900">
          Request <span className="font-mono">{request.reference}</span>
        </h1>
        <DueBadge dueOn={deadline} state={due} />
      </div>
      <div className="mt-6 grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] [&>*]:min-w-0">
        <div className="space-y-6">
          <section className={card} aria-labelledby="details-heading">
            <h2 id="details-heading" className="font-display text-xl font-semibold text-brand-900">
              {REQUEST_KIND_LABELS[request.kind]}
            </h2>
            <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]" data-testid="request-details">
              <dt className="font-semibold text-slate-700">From</dt>
              <dd className="break-words">{request.requester_name}</dd>
              <dt className="font-semibold text-slate-700">Email</dt>
              <dd className="break-all">{request.requester_email}</dd>
              <dt className="font-semibold text-slate-700">Came by</dt>
              <dd>{REQUEST_CHANNEL_LABELS[request.channel]}</dd>
              <dt className="font-semibold text-slate-700">Received</dt>
              <dd>{longDate(request.received_on)}</dd>
              <dt className="font-semibold text-slate-700">Deadline</dt>
              <dd data-testid="request-deadline">
                {longDate(deadline)}
                {request.extended_to && ` (extended from ${longDate(request.due_on)}: ${request.extension_reason})`}
              </dd>
              {request.answered_on && (
                <>
                  <dt className="font-semibold text-slate-700">Answered</dt>
                  <dd className="break-words whitespace-pre-wrap" data-testid="request-answered">
                    {longDate(request.answered_on)}: {request.answered_how}
                  </dd>
                </>
              )}
            </dl>
            {request.details && <p className="mt-4 rounded-xl bg-slate-50 p-4 text-sm break-words whitespace-pre-wrap">{request.details}</p>}
            <p className="mt-4">
              <Link to={`/admin/data-protection?request=${request.id}`} className={secondary}>
                Find, export or erase their data
              </Link>
            </p>
          </section>
          <section className={card} aria-labelledby="actions-heading">
            <h2 id="actions-heading" className="font-display text-xl font-semibold text-brand-900">
              Actions taken from this request
            </h2>
            {actions.length === 0 ? (
              <p className="mt-1 text-sm text-slate-600">None yet. Exports and erasures made through the link above are listed here (from the audit log).</p>
            ) : (
              <ul className="mt-2 space-y-1 text-sm" data-testid="request-actions">
                {actions.map((a, i) => (
                  <li key={i}>
                    {a.at}: {a.label}
                    {a.count !== null ? ` (${a.count})` : ""} by {a.actor ?? "unknown"}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
        <div className="space-y-6">
          {canExtend && (
            <section className={card} aria-labelledby="extend-heading">
              <h2 id="extend-heading" className="font-display text-xl font-semibold text-brand-900">
                Extend the deadline
              </h2>
              <p className="mt-1 text-sm text-slate-600">
                When the request is complex, or one of several from this person, the deadline can move to three months from the day it arrived.
                Tell the person within the first month, with the reason.
              </p>
              <Form method="post" className="mt-3 space-y-2" noValidate>
                <input type="hidden" name="intent" value="extend" />
                <label htmlFor="extend-reason" className={labelClass}>
                  Reason
                </label>
                <textarea
                  id="extend-reason"
                  name="reason"
                  rows={3}
                  defaultValue={extend.value("reason") ?? ""}
                  aria-invalid={extend.error("reason") ? true : undefined}
                  aria-describedby={extend.error("reason") ? "extend-error" : undefined}
                  className={control}
                />
                <FieldError id="extend-error" message={extend.error("reason")} />
                <button type="submit" className={button} disabled={busy}>
                  Extend by two months
                </button>
              </Form>
            </section>
          )}
          {!canExtend && extend.error("reason") && <FieldError id="extend-error" message={extend.error("reason")} />}
          {!request.answered_on && (
            <section className={card} aria-labelledby="answer-heading">
              <h2 id="answer-heading" className="font-display text-xl font-semibold text-brand-900">
                Record the answer
              </h2>
              <Form method="post" className="mt-3 space-y-3" noValidate>
                <input type="hidden" name="intent" value="answer" />
                <div>
                  <label htmlFor="answered_on" className={labelClass}>
                    Date answered
                  </label>
                  <input
                    id="answered_on"
                    name="answered_on"
                    type="date"
                    max={today}
                    defaultValue={answer.value("answered_on") ?? today}
                    aria-invalid={answer.error("answered_on") ? true : undefined}
                    aria-describedby={answer.error("answered_on") ? "answered_on-error" : undefined}
                    className={`${control} max-w-52`}
                  />
                  <FieldError id="answered_on-error" message={answer.error("answered_on")} />
                </div>
                <div>
                  <label htmlFor="answered_how" className={labelClass}>
                    How it was answered
                  </label>
                  <textarea
                    id="answered_how"
                    name="answered_how"
                    rows={3}
                    placeholder="For example: export emailed as a JSON file; data erased and confirmed by letter"
                    defaultValue={answer.value("answered_how") ?? ""}
                    aria-invalid={answer.error("answered_how") ? true : undefined}
                    aria-describedby={answer.error("answered_how") ? "answered_how-error" : undefined}
                    className={control}
                  />
                  <FieldError id="answered_how-error" message={answer.error("answered_how")} />
                </div>
                <button type="submit" className={button} disabled={busy}>
                  Record the answer
                </button>
              </Form>
            </section>
          )}
        </div>
      </div>
    </main>
  );
}
