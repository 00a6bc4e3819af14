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
import { firstIssues } from "../../../lib/form-submission.ts";

export const handle: MenuHandle = { menu: { group: "What's on", label: "Discount codes", order: 15 } };

export const meta = () => [{ title: "Discount codes | Millbrook Admin" }];

const LIST = "/admin/discount-codes";
const FIELDS = ["code", "kind", "amount", "event", "starts_on", "ends_on", "max_uses", "max_uses_per_email"] as const;

export async function loader() {
  const [codes, events] = await Promise.all([listDiscountCodes(), ticketedEvents()]);
  return { codes, events };
}

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  if (form.get("intent") === "delete") {
    const id = Number(form.get("id"));
    const outcome = Number.isInteger(id) && id > 0 ? await deleteDiscountCode(id, currentActor(args)) : "not-found";
    if (outcome === "used") return data({ error: "This code has been used, so it stays with its bookings. Set its end date to stop it.", values: {}, errors: {} }, { status: 409 });
    return redirectWithToast(LIST, { type: outcome === "deleted" ? "success" : "error", message: outcome === "deleted" ? "Discount code deleted" : "Code not found" });
  }
  const values = Object.fromEntries(FIELDS.map((f) => [f, String(form.get(f) ?? "")]));
  const parsed = DiscountCodeSchema.safeParse(values);
  if (!parsed.success) {
    const errors = firstIssues(parsed.error);
    return data({ error: "Please check the code's details.", values, errors }, { status: 400 });
  }
  const outcome = await createDiscountCode(parsed.data, currentActor(args));
  if (outcome === "taken") return data({ error: `There is already a code ${parsed.data.code}.`, values, errors: { code: "Choose another code" } }, { status: 409 });
  return redirectWithToast(LIST, { type: "success", message: `Discount code ${parsed.data.code} created` });
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
  const values: Record<string, string> = actionData?.values ?? {};
  const errors: Record<string, string> = actionData?.errors ?? {};
  return (
    <main className="mx-auto max-w-5xl px-4 py-6 sm:px-6 lg:py-8">
      <ListHeader title="Discount codes" intro="Codes buyers type on an event's page: they take a percentage or an amount off the tickets (never off a donation)." />
      {actionData?.error ? (
        <p role="alert" className="mt-4 rounded-xl border-2 border-red-700 bg-red-50 p-3 font-semibold text-red-900">
          {actionData.error}
        </p>
      ) : null}
      {codes.length === 0 ? (
        <EmptyState title="No discount codes yet">Add one below.</EmptyState>
      ) : (
        <Card as="ul" className="mt-6 divide-y divide-slate-200" aria-label="Discount codes">
          {codes.map((c) => (
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
              </div>
              <Form method="post">
                <input type="hidden" name="id" value={c.id} />
                <button type="submit" name="intent" value="delete" className={buttonClasses("ghost", "sm")} aria-label={`Delete ${c.code}`}>
                  Delete
                </button>
              </Form>
            </li>
          ))}
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
