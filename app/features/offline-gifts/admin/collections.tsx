/**
 * Collections of small gifts (a bucket at the craft fair, the contactless reader at the
 * library): recorded as one total per date and place, each gift £30 or less. They join the
 * ledger and the totals, and the Small Donations Scheme claim counts them.
 */
import { data, Form, Link, useActionData } from "react-router";
import { parseForm } from "../../../lib/form-submission.ts";
import { replyFor } from "../../../lib/form-reply.ts";
import { currentActor, currentStaff } from "../../../auth/guards.server.ts";

import { donationCauses } from "../../giving/index.ts";
import { redirectWithToast } from "../../../lib/toast.server.ts";
import { recentOfflineGifts, recordCollection } from "../offline-gifts.server.ts";
import { COLLECTION_FIELDS, collectionSchema } from "../offline-gifts.schema.ts";
import type { Route } from "./+types/collections";
import { formatPenceExact } from "../../../lib/money.ts";
import { ukDate } from "../../../lib/uk-time.ts";

export const meta = () => [{ title: "Collections | Millbrook Admin" }];

export async function loader() {
  const [causes, recent] = await Promise.all([donationCauses(), recentOfflineGifts(100)]);
  return {
    today: ukDate(),
    causes,
    collections: recent
      .filter((g) => g.method === "collection")
      .map((g) => ({
        id: g.id,
        reference: g.reference,
        amount: formatPenceExact(g.amount_pence),
        place: g.place,
        collectedAs: g.collected_as === "contactless" ? "Contactless" : "Cash",
        collectedOn: g.received_on,
        cause: g.cause_title ?? "Where it is needed most",
        by: g.recorded_by,
      })),
  };
}

export async function action(args: Route.ActionArgs) {
  const staff = currentStaff(args);
  const form = await args.request.formData();
  const submission = parseForm(form, collectionSchema(ukDate()), COLLECTION_FIELDS);
  if (submission.status !== "success") return data({ intent: "collection", reply: submission.reply() }, { status: 400 });
  const { amount, cause, ...collection } = submission.value;
  const input = { ...collection, amountPence: amount, causeId: cause };
  const result = await recordCollection(input, { ...currentActor(args), email: staff.user.email });
  if (!result.ok) return data({ intent: "collection", reply: submission.reply({ formErrors: [result.error] }) }, { status: 400 });
  return redirectWithToast("/admin/donations/collections", { type: "success", message: `Collection recorded: ${formatPenceExact(input.amountPence)} at ${input.place}.` });
}

const control = "mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base";
const label = "block text-sm font-semibold text-slate-800";
const card = "mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200";

export default function Collections({ loaderData }: Route.ComponentProps) {
  const { today, causes, collections } = loaderData;
  const { errors, values: v } = replyFor(useActionData<typeof action>(), "collection");
  const err = (name: string) => (errors[name] ? { "aria-invalid": true, "aria-describedby": `${name}-error` } : {});
  const message = (name: string) =>
    errors[name] ? (
      <span id={`${name}-error`} className="mt-1 block text-sm font-medium text-red-800">
        {errors[name]}
      </span>
    ) : null;
  return (
    <main className="px-4 py-6 sm:px-6 sm:py-8">
      <Link to="/admin/donations" className="text-sm font-semibold text-brand-700 underline">
        Back to donations
      </Link>
      <h1 className="mt-2 font-display text-3xl font-semibold text-brand-900">Collections</h1>
      <p className="mt-1 max-w-3xl text-slate-600">
        Small cash or contactless gifts of £30 or less each, counted together: one total per date and place. They can be claimed under the{" "}
        <Link to="/admin/donations/small-donations" className="font-semibold text-brand-700 underline">
          Small Donations Scheme
        </Link>{" "}
        without declarations.
      </p>

      {/* A new key after each recorded collection: the form starts empty again, never inviting a second record of the same money. */}
      <Form key={collections[0]?.id ?? "none"} method="post" className={card} aria-labelledby="collection-title" noValidate>
        <h2 id="collection-title" className="font-display text-xl font-semibold text-brand-900">
          Record a collection
        </h2>
        {errors._form && (
          <p role="alert" className="mt-2 font-medium text-red-800">
            {errors._form}
          </p>
        )}
        {Object.keys(errors).length > 0 && !errors._form && (
          <p role="alert" className="mt-2 font-medium text-red-800">
            Nothing was recorded: put right what is marked below.
          </p>
        )}
        <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <label className={label}>
            Collected on
            <input name="collectedOn" type="date" max={today} defaultValue={v.collectedOn ?? today} className={control} {...err("collectedOn")} />
            {message("collectedOn")}
          </label>
          <label className={label}>
            Place
            <input name="place" defaultValue={v.place} placeholder="Craft fair, Market Square" className={control} {...err("place")} />
            {message("place")}
          </label>
          <label className={label}>
            Total (£)
            <input name="amount" inputMode="decimal" defaultValue={v.amount} className={control} {...err("amount")} />
            {message("amount")}
          </label>
          <label className={label}>
            Collected as
            <select name="collectedAs" defaultValue={v.collectedAs ?? "cash"} className={control} {...err("collectedAs")}>
              <option value="cash">Cash (notes and coins)</option>
              <option value="contactless">Contactless</option>
            </select>
            {message("collectedAs")}
          </label>
          <label className={label}>
            Cause
            <select name="cause" defaultValue={v.cause ?? "general"} className={control} {...err("cause")}>
              <option value="general">Where it is needed most</option>
              {causes.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.title}
                </option>
              ))}
            </select>
            {message("cause")}
          </label>
        </div>
        <label className="mt-4 flex items-start gap-2">
          <input type="checkbox" name="small" defaultChecked={v.small === "on"} className="mt-1.5" {...err("small")} />
          <span>Every gift in this collection was £30 or less, and none came with a Gift Aid declaration</span>
        </label>
        {message("small")}
        <button type="submit" className="mt-5 rounded-full bg-brand-600 px-5 py-2 font-semibold text-white hover:bg-brand-700">
          Record collection
        </button>
      </Form>

      <section className={card} aria-labelledby="collections-title">
        <h2 id="collections-title" className="font-display text-xl font-semibold text-brand-900">
          Latest collections
        </h2>
        {collections.length === 0 ? (
          <p className="mt-2 text-slate-600">None recorded yet.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200" aria-label="Latest collections">
            {collections.map((c) => (
              <li key={c.id} className="py-3">
                <p>
                  <span className="font-semibold">{c.amount}</span> at {c.place}, {c.collectedOn} ({c.collectedAs.toLowerCase()})
                </p>
                <p className="text-sm text-slate-600">
                  {c.cause} · recorded by {c.by} · <span className="font-mono text-xs">{c.reference}</span>
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}
