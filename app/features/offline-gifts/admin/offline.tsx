/**
 * Record a gift made off the site (cash, cheque, bank transfer): find the donor among the
 * supporters by name or email, add a new one, or leave it anonymous; with a paper or
 * spoken Gift Aid declaration when the donor made one. Below: the latest offline gifts,
 * and spoken declarations whose written record has not been sent yet.
 */
import { data, Form, Link, useActionData } from "react-router";
import { parseForm } from "../../../lib/form-submission.ts";
import { replyFor } from "../../../lib/form-reply.ts";
import { currentActor, currentStaff } from "../../../auth/guards.server.ts";

import { donationCauses } from "../../giving/index.ts";
import { redirectWithToast } from "../../../lib/toast.server.ts";
import type { MenuHandle } from "../../../lib/admin-menu.ts";
import { findSupporters, markRecordSent, recentOfflineGifts, recordOfflineGift, supporterForGift } from "../offline-gifts.server.ts";
import { OFFLINE_GIFT_FIELDS, offlineGiftSchema } from "../offline-gifts.schema.ts";
import { claimableFrom, METHOD_LABELS, OFFLINE_METHODS } from "../rules.ts";
import type { Route } from "./+types/offline";
import { formatPenceExact } from "../../../lib/money.ts";
import { ukDate } from "../../../lib/uk-time.ts";

export const handle: MenuHandle = { menu: { group: "Money", label: "Offline gifts", order: 25 } };

export const meta = () => [{ title: "Record an offline gift | Millbrook Admin" }];

export async function loader(args: Route.LoaderArgs) {
  const params = new URL(args.request.url).searchParams;
  const q = (params.get("q") ?? "").trim().slice(0, 100);
  const chosenId = params.get("supporter") ?? "";
  const [causes, found, chosen, recent] = await Promise.all([donationCauses(), findSupporters(q), chosenId ? supporterForGift(chosenId) : null, recentOfflineGifts(30)]);
  const today = ukDate();
  return {
    today,
    q,
    causes,
    found,
    chosen,
    recent: recent
      .filter((g) => g.method !== "collection")
      .map((g) => ({
        id: g.id,
        reference: g.reference,
        amount: formatPenceExact(g.amount_pence),
        donor: g.donor || "Anonymous",
        method: METHOD_LABELS[g.method],
        cause: g.cause_title ?? "Where it is needed most",
        receivedOn: g.received_on,
        giftAid: g.declared ? (g.made_how === "spoken" ? "Spoken declaration" : "Paper declaration") : "No",
        declarationId: g.declaration_id,
        awaitingRecord: g.made_how === "spoken" && !g.record_sent_on,
        claimableFrom: g.made_how === "spoken" ? claimableFrom({ how: "spoken", madeOn: g.received_on, recordSentOn: g.record_sent_on }) : null,
      })),
  };
}

export async function action(args: Route.ActionArgs) {
  const staff = currentStaff(args);
  const actor = { ...currentActor(args), email: staff.user.email };
  const form = await args.request.formData();
  const today = ukDate();
  if (form.get("intent") === "record-sent") {
    const sentOn = String(form.get("sentOn") ?? "");
    if (!/^\d{4}-\d{2}-\d{2}$/.test(sentOn) || sentOn > today) return redirectWithToast("/admin/donations/offline", { type: "error", message: "Enter the date the written record was sent (not in the future). Nothing was changed." });
    const done = await markRecordSent(String(form.get("declaration") ?? ""), sentOn, actor);
    return redirectWithToast("/admin/donations/offline", done ? { type: "success", message: "Written record recorded as sent. Its gifts can be claimed once the donor's 30 days to cancel have passed." } : { type: "error", message: "That declaration is not waiting for its written record. Nothing was changed." });
  }
  const submission = parseForm(form, offlineGiftSchema(today), OFFLINE_GIFT_FIELDS);
  if (submission.status !== "success") return data({ intent: "gift", reply: submission.reply() }, { status: 400 });
  const gift = submission.value;
  const result = await recordOfflineGift(gift, actor);
  if (!result.ok) return data({ intent: "gift", reply: submission.reply({ formErrors: [result.error] }) }, { status: 400 });
  return redirectWithToast("/admin/donations/offline", { type: "success", message: `Gift recorded: ${formatPenceExact(gift.amountPence)}, reference ${result.reference}.` });
}

const control = "mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base";
const label = "block text-sm font-semibold text-slate-800";
const card = "mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200";

function FieldError({ errors, name }: { errors: Record<string, string>; name: string }) {
  return errors[name] ? (
    <span id={`${name}-error`} className="mt-1 block text-sm font-medium text-red-800">
      {errors[name]}
    </span>
  ) : null;
}

export default function OfflineGifts({ loaderData }: Route.ComponentProps) {
  const { today, q, causes, found, chosen, recent } = loaderData;
  const { errors, values: v } = replyFor(useActionData<typeof action>(), "gift");
  const err = (name: string) => (errors[name] ? { "aria-invalid": true, "aria-describedby": `${name}-error` } : {});
  const donorDefault = v.donor ?? (chosen ? "supporter" : "anonymous");
  return (
    <main className="px-4 py-6 sm:px-6 sm:py-8">
      <Link to="/admin/donations" className="text-sm font-semibold text-brand-700 underline">
        Back to donations
      </Link>
      <h1 className="mt-2 font-display text-3xl font-semibold text-brand-900">Record an offline gift</h1>
      <p className="mt-1 max-w-3xl text-slate-600">
        A cash, cheque or bank-transfer gift joins the ledger, the totals and its cause's progress. Buckets and contactless readers are{" "}
        <Link to="/admin/donations/collections" className="font-semibold text-brand-700 underline">
          collections
        </Link>
        .
      </p>

      <section className={card} aria-labelledby="find-title">
        <h2 id="find-title" className="font-display text-xl font-semibold text-brand-900">
          Who gave
        </h2>
        <Form method="get" className="mt-3 flex flex-wrap items-end gap-3" role="search" aria-label="Find a supporter">
          <label className={label}>
            Find a supporter by name or email
            <input type="search" name="q" defaultValue={q} className={control} />
          </label>
          <button type="submit" className="rounded-full border-2 border-brand-600 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50">
            Find
          </button>
        </Form>
        {q && (
          <ul className="mt-3 divide-y divide-slate-200" aria-label="Supporters found">
            {found.length === 0 && <li className="py-2 text-slate-600">No supporter matches “{q}”. Add them as a new supporter below, or record the gift as anonymous.</li>}
            {found.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <span className="font-semibold">{s.name || s.email}</span> <span className="text-sm break-all text-slate-600">{s.email}</span>
                </span>
                <Link to={`/admin/donations/offline?supporter=${s.id}`} className="font-semibold text-brand-700 underline" aria-label={`Choose ${s.name || s.email}`}>
                  Choose
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      {/* A new key after each recorded gift (and each donor chosen): the form starts afresh. */}
      <Form key={`${recent[0]?.id ?? "none"}-${chosen?.id ?? ""}`} method="post" className={card} aria-labelledby="gift-title" noValidate>
        <h2 id="gift-title" className="font-display text-xl font-semibold text-brand-900">
          The gift
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
        <fieldset className="mt-3">
          <legend className={label}>Donor</legend>
          <FieldError errors={errors} name="donor" />
          <div className="mt-2 space-y-2">
            {chosen && (
              <label className="flex items-start gap-2">
                <input type="radio" name="donor" value="supporter" defaultChecked={donorDefault === "supporter"} className="mt-1.5" />
                <span>
                  {chosen.name || chosen.email} <span className="text-sm break-all text-slate-600">({chosen.email})</span>
                  <input type="hidden" name="supporterId" value={chosen.id} />
                </span>
              </label>
            )}
            <label className="flex items-start gap-2">
              <input type="radio" name="donor" value="new" defaultChecked={donorDefault === "new"} className="mt-1.5" />
              <span>A new supporter (name and email below)</span>
            </label>
            <div className="grid gap-3 pl-6 sm:grid-cols-2">
              <label className={label}>
                Name
                <input name="name" defaultValue={v.name} autoComplete="off" className={control} {...err("name")} />
                <FieldError errors={errors} name="name" />
              </label>
              <label className={label}>
                Email
                <input name="email" type="email" defaultValue={v.email} autoComplete="off" className={control} {...err("email")} />
                <FieldError errors={errors} name="email" />
              </label>
            </div>
            <label className="flex items-start gap-2">
              <input type="radio" name="donor" value="anonymous" defaultChecked={donorDefault === "anonymous"} className="mt-1.5" />
              <span>Anonymous</span>
            </label>
          </div>
        </fieldset>

        <div className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <label className={label}>
            Amount (£)
            <input name="amount" inputMode="decimal" defaultValue={v.amount} className={control} {...err("amount")} />
            <FieldError errors={errors} name="amount" />
          </label>
          <label className={label}>
            Received on
            <input name="receivedOn" type="date" max={today} defaultValue={v.receivedOn ?? today} className={control} {...err("receivedOn")} />
            <FieldError errors={errors} name="receivedOn" />
          </label>
          <label className={label}>
            Paid by
            <select name="method" defaultValue={v.method ?? "cash"} className={control} {...err("method")}>
              {OFFLINE_METHODS.map((m) => (
                <option key={m} value={m}>
                  {METHOD_LABELS[m]}
                </option>
              ))}
            </select>
            <FieldError errors={errors} name="method" />
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
            <FieldError errors={errors} name="cause" />
          </label>
        </div>
        <label className={`${label} mt-3 max-w-md`}>
          Value of anything the donor got back (£, optional)
          <input name="benefit" inputMode="decimal" defaultValue={v.benefit} className={control} aria-describedby="benefit-hint" {...err("benefit")} />
          <span id="benefit-hint" className="mt-1 block text-sm font-normal text-slate-600">
            A meal, a ticket, a gift in return. Over HMRC's limits (a quarter of a gift up to £100) Gift Aid cannot be claimed.
          </span>
          <FieldError errors={errors} name="benefit" />
        </label>

        <fieldset className="mt-5 rounded-xl border border-slate-300 p-4">
          <legend className="px-1 font-semibold text-slate-900">Gift Aid</legend>
          <label className="flex items-start gap-2">
            <input type="checkbox" name="giftAid" defaultChecked={v.giftAid === "on"} className="mt-1.5" />
            <span>The donor made a Gift Aid declaration</span>
          </label>
          <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            <label className={label}>
              Title (optional)
              <input name="title" defaultValue={v.title} className={control} />
            </label>
            <label className={label}>
              First name or initial
              <input name="firstName" defaultValue={v.firstName} className={control} {...err("firstName")} />
              <FieldError errors={errors} name="firstName" />
            </label>
            <label className={label}>
              Last name
              <input name="lastName" defaultValue={v.lastName} className={control} {...err("lastName")} />
              <FieldError errors={errors} name="lastName" />
            </label>
            <label className={label}>
              House name or number
              <input name="house" defaultValue={v.house} className={control} {...err("house")} />
              <FieldError errors={errors} name="house" />
            </label>
            <label className={label}>
              Postcode
              <input name="postcode" defaultValue={v.postcode} className={control} {...err("postcode")} />
              <FieldError errors={errors} name="postcode" />
            </label>
            <label className={label}>
              Declaration made on
              <input name="madeOn" type="date" max={today} defaultValue={v.madeOn ?? today} className={control} {...err("madeOn")} />
              <FieldError errors={errors} name="madeOn" />
            </label>
          </div>
          <fieldset className="mt-3">
            <legend className={label}>How it was made</legend>
            <FieldError errors={errors} name="how" />
            <label className="mt-1 flex items-start gap-2">
              <input type="radio" name="how" value="paper" defaultChecked={(v.how ?? "paper") === "paper"} className="mt-1.5" />
              <span>On paper, signed by the donor</span>
            </label>
            <label className="mt-1 flex items-start gap-2">
              <input type="radio" name="how" value="spoken" defaultChecked={v.how === "spoken"} className="mt-1.5" />
              <span>Spoken (by phone or in person)</span>
            </label>
          </fieldset>
          <label className={`${label} mt-3 max-w-md`}>
            Spoken: written record sent on (leave empty if not sent yet)
            <input name="recordSentOn" type="date" max={today} defaultValue={v.recordSentOn} className={control} aria-describedby="record-hint" {...err("recordSentOn")} />
            <span id="record-hint" className="mt-1 block text-sm font-normal text-slate-600">
              HMRC's rules: send the donor a written record of a spoken declaration. They have 30 days from then to cancel, so its gifts can be claimed only after that.
            </span>
            <FieldError errors={errors} name="recordSentOn" />
          </label>
        </fieldset>

        <button type="submit" className="mt-5 rounded-full bg-brand-600 px-5 py-2 font-semibold text-white hover:bg-brand-700">
          Record gift
        </button>
      </Form>

      <section className={card} aria-labelledby="recent-title">
        <h2 id="recent-title" className="font-display text-xl font-semibold text-brand-900">
          Latest offline gifts
        </h2>
        {recent.length === 0 ? (
          <p className="mt-2 text-slate-600">None recorded yet.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200" aria-label="Latest offline gifts">
            {recent.map((g) => (
              <li key={g.id} className="py-3">
                <p>
                  <span className="font-semibold">{g.amount}</span> from {g.donor}, {g.method.toLowerCase()}, {g.receivedOn} · {g.cause}
                </p>
                <p className="text-sm text-slate-600">
                  Gift Aid: {g.giftAid}
                  {g.claimableFrom && !g.awaitingRecord && ` (claimable from ${g.claimableFrom})`} · <span className="font-mono text-xs">{g.reference}</span>
                </p>
                {g.awaitingRecord && g.declarationId && (
                  <Form method="post" className="mt-2 flex flex-wrap items-end gap-2">
                    <input type="hidden" name="intent" value="record-sent" />
                    <input type="hidden" name="declaration" value={g.declarationId} />
                    <label className="text-sm font-semibold text-slate-800">
                      Written record sent on
                      <input type="date" name="sentOn" max={today} defaultValue={today} required className={control} />
                    </label>
                    <button type="submit" className="rounded-full border-2 border-brand-600 px-4 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50">
                      Record as sent
                    </button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}
