/** Requests about a person's data: the log with each deadline (overdue ones marked), and recording a new one. */
import { data, Form, Link, useNavigation } from "react-router";
import { currentActor } from "../../../auth/guards.server.ts";
import type { MenuHandle } from "../../../lib/admin-menu.ts";
import { parseForm, refusedForm } from "../../../lib/form-submission.ts";
import { redirectWithToast } from "../../../lib/toast.server.ts";
import { shortDate } from "../dates.ts";
import { REQUEST_CHANNEL_LABELS, REQUEST_FIELDS, REQUEST_KIND_LABELS, RequestFormSchema } from "../requests.schema.ts";
import { listRequests, recordRequest, RequestRuleError } from "../requests.server.ts";
import { REQUEST_CHANNELS, REQUEST_KINDS } from "../table.ts";
import { Alert, button, card, control, DueBadge, FieldError, labelClass } from "./kit.tsx";
import { replyFor } from "../../../lib/form-reply.ts";
import type { Route } from "./+types/requests";
import { ukDate } from "../../../lib/uk-time.ts";

export const handle: MenuHandle = { menu: { group: "People", label: "Data requests", order: 22 } };

export const meta = () => [{ title: "Data requests | Millbrook Admin" }];

export async function loader() {
  return { requests: await listRequests(), today: ukDate(new Date()) };
}

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const submission = parseForm(form, RequestFormSchema, REQUEST_FIELDS);
  if (submission.status !== "success") return data({ intent: "record", reply: submission.reply() }, { status: 400 });
  try {
    const row = await recordRequest(submission.value, currentActor(args));
    return redirectWithToast(`/admin/data-protection/requests/${row.id}`, { type: "success", message: `Request ${row.reference} recorded: answer it by ${shortDate(row.due_on)}` });
  } catch (error) {
    if (!(error instanceof RequestRuleError)) throw error;
    const reply = refusedForm({ [error.field]: error.message });
    return data({ intent: "record", reply: { ...reply, initialValue: Object.fromEntries(REQUEST_FIELDS.map((f) => [f, String(form.get(f) ?? "")])) } }, { status: 400 });
  }
}

export default function Requests({ loaderData, actionData }: Route.ComponentProps) {
  const { requests, today } = loaderData;
  const record = replyFor(actionData, "record");
  const busy = useNavigation().state === "submitting";
  const overdue = requests.filter((r) => r.due === "overdue").length;
  const field = (name: string) => ({
    id: `request-${name}`,
    name,
    "aria-invalid": record.error(name) ? true : undefined,
    "aria-describedby": record.error(name) ? `request-${name}-error` : undefined,
  });
  return (
    <main className="px-4 py-6 sm:px-6 sm:py-8">
      <h1 className="font-display text-3xl font-semibold text-brand-900">Data requests</h1>
      <p className="mt-1 max-w-3xl text-slate-600">
        Requests about a person's data that came by email, post, phone or in person. Each must be answered within one calendar month of the day it
        arrived; a complex one can be extended by two further months, with the reason, while the first month runs.
      </p>
      {overdue > 0 && (
        <p role="status" className="mt-4 rounded-lg border-l-4 border-red-700 bg-red-50 px-4 py-3 font-semibold text-red-900">
          {overdue === 1 ? "1 request is overdue." : `${overdue} requests are overdue.`}
        </p>
      )}
      <div className="mt-6 grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] [&>*]:min-w-0">
        <div>
          {requests.length === 0 ? (
            <p className={`${card} text-slate-700`}>No requests recorded yet.</p>
          ) : (
            <div className={`${card} overflow-x-auto p-0`}>
              <table className="w-full min-w-[36rem] text-left text-sm" data-testid="requests">
                <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
                  <tr>
                    <th scope="col" className="px-4 py-3 font-semibold">Reference</th>
                    <th scope="col" className="px-4 py-3 font-semibold">From</th>
                    <th scope="col" className="px-4 py-3 font-semibold">Asked for</th>
                    <th scope="col" className="px-4 py-3 font-semibold">Received</th>
                    <th scope="col" className="px-4 py-3 font-semibold">Deadline</th>
                    <th scope="col" className="px-4 py-3 font-semibold">Answered</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {requests.map((r) => (
                    <tr key={r.id} className={r.due === "overdue" ? "bg-red-50" : undefined}>
                      <td className="px-4 py-3">
                        <Link to={`/admin/data-protection/requests/${r.id}`} className="font-mono font-semibold text-brand-700 underline">
                          {r.reference}
                        </Link>
                      </td>
                      <td className="px-4 py-3 break-words">{r.requesterName}</td>
                      <td className="px-4 py-3">{REQUEST_KIND_LABELS[r.kind].split(" (")[0]}</td>
                      <td className="px-4 py-3 whitespace-nowrap">{shortDate(r.receivedOn)}</td>
                      <td className="px-4 py-3">
                        <DueBadge dueOn={r.deadline} state={r.due} />
                        {r.extended && <span className="ml-1 text-xs text-slate-600">(extended)</span>}
                      </td>
                      <td className="px-4 py-3 whitespace-nowrap">{r.answeredOn ? shortDate(r.answeredOn) : "Not yet"}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
        <section className={card} aria-labelledby="record-heading">
          <h2 id="record-heading" className="font-display text-xl font-semibold text-brand-900">
            Record a request
          </h2>
          {record.formError && <Alert>{record.formError}</Alert>}
          <Form method="post" className="mt-3 space-y-4" noValidate>
            <div>
              <label htmlFor="request-kind" className={labelClass}>
                What they asked for
              </label>
              <select {...field("kind")} defaultValue={record.value("kind") ?? ""} className={control}>
                <option value="">Please choose</option>
                {REQUEST_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {REQUEST_KIND_LABELS[k]}
                  </option>
                ))}
              </select>
              <FieldError id="request-kind-error" message={record.error("kind")} />
            </div>
            <div>
              <label htmlFor="request-channel" className={labelClass}>
                How it came
              </label>
              <select {...field("channel")} defaultValue={record.value("channel") ?? ""} className={control}>
                <option value="">Please choose</option>
                {REQUEST_CHANNELS.map((c) => (
                  <option key={c} value={c}>
                    {REQUEST_CHANNEL_LABELS[c]}
                  </option>
                ))}
              </select>
              <FieldError id="request-channel-error" message={record.error("channel")} />
            </div>
            <div>
              <label htmlFor="request-received_on" className={labelClass}>
                Date received
              </label>
              <input type="date" max={today} {...field("received_on")} defaultValue={record.value("received_on") ?? today} className={`${control} max-w-52`} />
              <FieldError id="request-received_on-error" message={record.error("received_on")} />
            </div>
            <div>
              <label htmlFor="request-requester_name" className={labelClass}>
                Their name
              </label>
              <input type="text" maxLength={120} {...field("requester_name")} defaultValue={record.value("requester_name") ?? ""} className={control} />
              <FieldError id="request-requester_name-error" message={record.error("requester_name")} />
            </div>
            <div>
              <label htmlFor="request-requester_email" className={labelClass}>
                Their email address
              </label>
              <input type="email" autoComplete="off" {...field("requester_email")} defaultValue={record.value("requester_email") ?? ""} className={control} />
              <FieldError id="request-requester_email-error" message={record.error("requester_email")} />
            </div>
            <div>
              <label htmlFor="request-details" className={labelClass}>
                Details (optional)
              </label>
              <textarea rows={4} {...field("details")} defaultValue={record.value("details") ?? ""} className={control} />
              <FieldError id="request-details-error" message={record.error("details")} />
            </div>
            <button type="submit" className={button} disabled={busy}>
              Record the request
            </button>
          </Form>
        </section>
      </div>
    </main>
  );
}
