/**
 * Failed mail (administrators only): messages the site could not send after its last
 * retry (receipts, booking confirmations, notices), with the last error; each can be
 * sent again or discarded. Reached from Diagnostics' job queue panel.
 */
import { Form, Link } from "react-router";
import { currentActor } from "../../../auth/guards.server.ts";
import { discardFailedMail, listFailedMail, resendFailedMail } from "../failed-mail.server.ts";
import { redirectWithToast } from "../../../lib/toast.server.ts";
import { formatUk } from "../../../lib/uk-time.ts";
import { Table } from "../../../components/admin/kit/table.tsx";
import type { Route } from "./+types/failed-mail";

export const meta = () => [{ title: "Failed mail | Millbrook Admin" }];

export async function loader() {
  const mail = await listFailedMail();
  return { mail: mail.map((m) => ({ ...m, failedAt: formatUk(m.failedAt, "date-time") })) };
}

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const id = String(form.get("id") ?? "");
  const actor = currentActor(args);
  switch (form.get("intent")) {
    case "resend":
      return (await resendFailedMail(id, actor))
        ? redirectWithToast("/admin/failed-mail", { type: "success", message: "The message will be sent again now." })
        : redirectWithToast("/admin/failed-mail", { type: "error", message: "That message is no longer waiting: it may have been sent or discarded." });
    case "discard":
      return (await discardFailedMail(id, actor))
        ? redirectWithToast("/admin/failed-mail", { type: "success", message: "Message discarded." })
        : redirectWithToast("/admin/failed-mail", { type: "error", message: "That message is no longer waiting: it may have been sent or discarded." });
    default:
      return redirectWithToast("/admin/failed-mail", { type: "error", message: "Unknown action." });
  }
}

const button = "rounded-full px-3 py-1 text-sm font-semibold";

export default function FailedMail({ loaderData }: Route.ComponentProps) {
  const { mail } = loaderData;
  return (
    <main className="px-4 py-6 sm:px-6 sm:py-8">
      <Link to="/admin/users" className="text-sm font-semibold text-brand-700 underline">
        Back to users and diagnostics
      </Link>
      <h1 className="mt-2 font-display text-3xl font-semibold text-brand-900">Failed mail</h1>
      <p className="mt-1 max-w-3xl text-slate-600">
        Messages the site could not send after trying for about a day, usually because the mail server refused them. Fix the cause first (see
        Diagnostics), then send them again. Failed messages are kept for three days.
      </p>
      {mail.length === 0 ? (
        <p className="mt-6 rounded-2xl bg-white p-5 text-slate-700 shadow-sm ring-1 ring-slate-200">No failed mail. Every message was sent.</p>
      ) : (
        <Table
          framed
          caption="Failed mail, newest first"
          minWidth="min-w-[56rem]"
          items={mail}
          columns={[
            { header: "To", cell: (m) => <span data-testid="failed-mail-to">{m.to}</span>, className: "whitespace-nowrap" },
            { header: "Subject", cell: (m) => m.subject },
            {
              header: "Failed",
              cell: (m) => (
                <>
                  {m.failedAt}
                  <span className="block text-slate-600">
                    after {m.attempts} {m.attempts === 1 ? "attempt" : "attempts"}
                  </span>
                </>
              ),
              className: "whitespace-nowrap",
            },
            { header: "Last error", cell: (m) => m.error, className: "text-slate-700" },
            {
              header: "Actions",
              cell: (m) => (
                <Form method="post" className="flex gap-2 whitespace-nowrap">
                  <input type="hidden" name="id" value={m.id} />
                  <button type="submit" name="intent" value="resend" className={`${button} bg-brand-600 text-white hover:bg-brand-700`} aria-label={`Send again to ${m.to}`}>
                    Send again
                  </button>
                  <button type="submit" name="intent" value="discard" className={`${button} border-2 border-slate-400 text-slate-800 hover:bg-slate-50`} aria-label={`Discard the message to ${m.to}`}>
                    Discard
                  </button>
                </Form>
              ),
            },
          ]}
        />
      )}
    </main>
  );
}
