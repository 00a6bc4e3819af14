/**
 * Discount codes (any staff, like events): a percentage or an amount off the tickets of
 * one event or of every event, between two Millbrook dates, with a limit on uses in all
 * and per email. A code never used can be deleted; a used one stays with its bookings.
 */
import { data, Form } from "react-router";
import { Card, EmptyState } from "../../../components/admin/kit/card.tsx";
import { ListHeader } from "../../../components/admin/kit/page-header.tsx";
import { buttonClasses } from "../../../components/ui/button.ts";
import { currentActor } from "../../../auth/guards.server.ts";
import type { MenuHandle } from "../../../lib/admin-menu.ts";
import { redirectWithToast } from "../../../lib/toast.server.ts";

import { createDiscountCode, deleteDiscountCode, listDiscountCodes, ticketedEvents } from "../tickets.server.ts";
import { DiscountCodeSchema } from "../tickets.schema.ts";
import type { Route } from "./+types/discount-codes";
import { formatPenceExact } from "../../../lib/money.ts";
import { parseForm, refusedForm } from "../../../lib/form-submission.ts";
import { replyFor, type IntentReply } from "../../../lib/form-reply.ts";

export const handle: MenuHandle = { menu: { group: "What's on", label: "Discount codes", order: 15 } };

export const meta = () => [{ title: "Discount codes | Millbrook Admin" }];

const LIST = "/admin/discount-codes";
const FIELDS = ["code", "kind", "amount", "event", "starts_on", "ends_on", "max_uses", "max_uses_per_email"] as const;

export async function loader() {
  const [codes, events] = await Promise.all([listDiscountCodes(), ticketedEvents()]);
  return { codes, events };
}

/**
 * A refusal names its form (docs/decisions/287): `create` for the new code's form,
 * `delete-<id>` for a code's delete button.
 */
export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  if (form.get("intent") === "delete") {
    const id = Number(form.get("id"));
    const outcome = Number.isInteger(id) && id > 0 ? await deleteDiscountCode(id, currentActor(args)) : "not-found";
    if (outcome === "used") {
      return data<IntentReply>({ intent: `delete-${id}`, reply: refusedForm({ _form: "This code has been used, so it stays with its bookings. Set its end date to stop it." }) }, { status: 409 });
    }
    return redirectWithToast(LIST, { type: outcome === "deleted" ? "success" : "error", message: outcome === "deleted" ? "Discount code deleted" : "Code not found" });
  }
  const submission = parseForm(form, DiscountCodeSchema, FIELDS);
  if (submission.status !== "success") return data<IntentReply>({ intent: "create", reply: submission.reply({ formErrors: ["Please check the code's details."] }) }, { status: 400 });
  const outcome = await createDiscountCode(submission.value, currentActor(args));
  if (outcome === "taken") {
    const reply = submission.reply({ formErrors: [`There is already a code ${submission.value.code}.`], fieldErrors: { code: ["Choose another code"] } });
    return data<IntentReply>({ intent: "create", reply }, { status: 409 });
  }
  return redirectWithToast(LIST, { type: "success", message: `Discount code ${submission.value.code} created` });
}

const input = "mt-1 block w-full rounded-xl border border-slate-400 bg-white px-3 py-2";

function Field({ name, label, hint, error, children }: { name: string; label: string; hint?: string; error?: string; children: React.ReactNode }) {
  return (
    <div>
      <label htmlFor={name} className="block font-semibold text-ink">
        {label}
      </label>
      {hint ? <p className="text-sm text-slate-600">{hint}</p> : null}
      {children}
      {error ? <p className="mt-1 text-sm font-semibold text-red-800">{error}</p> : null}
    </div>
  );
}

export default function DiscountCodes({ loaderData, actionData }: Route.ComponentProps) {
  const { codes, events } = loaderData;
  const { errors, values, formError } = replyFor(actionData, "create");
  return (
    <main className="mx-auto max-w-5xl px-4 py-6 sm:px-6 lg:py-8">
      <ListHeader title="Discount codes" intro="Codes buyers type on an event's page: they take a percentage or an amount off the tickets (never off a donation)." />
      {formError ? (
        <p role="alert" className="mt-4 rounded-xl border-2 border-red-700 bg-red-50 p-3 font-semibold text-red-900">
          {formError}
        </p>
      ) : null}
      {codes.length === 0 ? (
        <EmptyState title="No discount codes yet">Add one below.</EmptyState>
      ) : (
        <Card as="ul" className="mt-6 divide-y divide-slate-200" aria-label="Discount codes">
          {codes.map((c) => {
            const refused = replyFor(actionData, `delete-${c.id}`).formError;
            return (
            <li key={c.id} className="flex flex-wrap items-center justify-between gap-3 p-4" data-testid="discount-code">
              <div className="min-w-0">
                <p className="font-mono text-lg font-semibold text-ink">{c.code}</p>
                <p className="text-sm text-slate-700">
                  {c.kind === "percent" ? `${c.amount}% off` : `${formatPenceExact(c.amount)} off`} the tickets · {c.events ? c.events.join(", ") : "every event"}
                </p>
                <p className="text-sm text-slate-600">
                  {c.starts_on || c.ends_on ? `${c.starts_on ? `From ${c.starts_on}` : ""}${c.starts_on && c.ends_on ? " " : ""}${c.ends_on ? `until ${c.ends_on}` : ""} · ` : ""}
                  Used {c.uses}
                  {c.max_uses !== null ? ` of ${c.max_uses}` : ""} times{c.max_uses_per_email !== null ? ` · ${c.max_uses_per_email} per email` : ""}
                </p>
                {refused ? (
                  <p role="alert" className="mt-2 rounded-xl border-2 border-red-700 bg-red-50 p-3 font-semibold text-red-900">
                    {refused}
                  </p>
                ) : null}
              </div>
              <Form method="post">
                <input type="hidden" name="id" value={c.id} />
                <button type="submit" name="intent" value="delete" className={buttonClasses("ghost", "sm")} aria-label={`Delete ${c.code}`}>
                  Delete
                </button>
              </Form>
            </li>
            );
          })}
        </Card>
      )}
      <Card as="section" className="mt-8 p-5" aria-labelledby="new-code">
        <h2 id="new-code" className="text-xl font-semibold text-ink">
          New code
        </h2>
        <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2">
          <Field name="code" label="Code" hint="Letters, numbers and dashes; buyers can type it in any case." error={errors.code}>
            <input id="code" name="code" required maxLength={30} defaultValue={values.code} className={`${input} font-mono uppercase`} />
          </Field>
          <Field name="event" label="For" error={errors.event}>
            <select id="event" name="event" defaultValue={values.event ?? ""} className={input}>
              <option value="">Every event</option>
              {events.map((e) => (
                <option key={e.id} value={e.id}>
                  {e.title} ({e.date})
                </option>
              ))}
            </select>
          </Field>
          <Field name="kind" label="Kind" error={errors.kind}>
            <select id="kind" name="kind" defaultValue={values.kind ?? "percent"} className={input}>
              <option value="percent">Percentage off</option>
              <option value="fixed">Amount off (£)</option>
            </select>
          </Field>
          <Field name="amount" label="How much" hint="A percentage (10) or pounds (5.00)." error={errors.amount}>
            <input id="amount" name="amount" required inputMode="decimal" defaultValue={values.amount} className={input} />
          </Field>
          <Field name="starts_on" label="From (optional)" hint="Millbrook time, from the start of the day." error={errors.starts_on}>
            <input id="starts_on" name="starts_on" type="date" defaultValue={values.starts_on} className={input} />
          </Field>
          <Field name="ends_on" label="Until (optional)" hint="To the end of the day." error={errors.ends_on}>
            <input id="ends_on" name="ends_on" type="date" defaultValue={values.ends_on} className={input} />
          </Field>
          <Field name="max_uses" label="Uses in all (optional)" error={errors.max_uses}>
            <input id="max_uses" name="max_uses" inputMode="numeric" defaultValue={values.max_uses} className={input} />
          </Field>
          <Field name="max_uses_per_email" label="Uses per email (optional)" error={errors.max_uses_per_email}>
            <input id="max_uses_per_email" name="max_uses_per_email" inputMode="numeric" defaultValue={values.max_uses_per_email} className={input} />
          </Field>
          <div className="sm:col-span-2">
            <button type="submit" name="intent" value="create" className={buttonClasses("primary", "md")}>
              Create code
            </button>
          </div>
        </Form>
      </Card>
    </main>
  );
}
