/** One cause's appeal (staff): its goal, dates and matched giving, and its updates. */
import { data, Form, Link, useActionData } from "react-router";
import { currentActor } from "../../../auth/guards.server.ts";

import { redirectWithToast } from "../../../lib/toast.server.ts";
import { appealOfCause, causeForAppeal, postAppealUpdate, saveAppeal } from "../appeals.server.ts";
import { APPEAL_FIELDS, APPEAL_UPDATE_FIELDS, appealSchema, appealUpdateSchema } from "../appeals.schema.ts";
import { parseForm } from "../../../lib/form-submission.ts";
import { replyFor } from "../../../lib/form-reply.ts";
import type { Route } from "./+types/appeal";
import { formatPence, penceAsPounds } from "../../../lib/money.ts";
import { ukDate } from "../../../lib/uk-time.ts";

export const meta = () => [{ title: "Appeal | Millbrook Admin" }];

export async function loader({ params }: Route.LoaderArgs) {
  const cause = await causeForAppeal(Number(params.causeId));
  if (!cause) throw data("Cause not found", { status: 404 });
  const appeal = await appealOfCause(cause.id, ukDate());
  return { cause, appeal, today: ukDate() };
}

export async function action(args: Route.ActionArgs) {
  const cause = await causeForAppeal(Number(args.params.causeId));
  if (!cause) throw data("Cause not found", { status: 404 });
  const form = await args.request.formData();
  const back = `/admin/appeals/${cause.id}`;
  if (form.get("intent") === "update") {
    const appeal = await appealOfCause(cause.id, ukDate());
    if (!appeal) return redirectWithToast(back, { type: "error", message: "Start the appeal first. Nothing was posted." });
    const submission = parseForm(form, appealUpdateSchema, APPEAL_UPDATE_FIELDS);
    if (submission.status !== "success") return data({ intent: "update", reply: submission.reply() }, { status: 400 });
    await postAppealUpdate(appeal.id, submission.value.body, currentActor(args));
    return redirectWithToast(back, { type: "success", message: "Update posted on the appeal." });
  }
  const submission = parseForm(form, appealSchema, APPEAL_FIELDS);
  if (submission.status !== "success") return data({ intent: "save", reply: submission.reply() }, { status: 400 });
  await saveAppeal(cause.id, submission.value, currentActor(args));
  return redirectWithToast(back, { type: "success", message: "Appeal saved." });
}

const control = "mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base";
const label = "block text-sm font-semibold text-slate-800";
const card = "mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200";
const pounds = (pence: number | null | undefined) => (pence ? penceAsPounds(pence) : "");

export default function AppealForm({ loaderData }: Route.ComponentProps) {
  const { cause, appeal, today } = loaderData;
  const answer = useActionData<typeof action>();
  const { errors: detailErrors, values: v } = replyFor(answer, "save");
  const update = replyFor(answer, "update");
  // The two forms' fields have different names: one list of messages serves both.
  const errors = { ...detailErrors, ...update.errors };
  const value = (name: string, fallback: string) => v[name] ?? fallback;
  const msg = (name: string) =>
    errors[name] ? (
      <span id={`${name}-error`} className="mt-1 block text-sm font-medium text-red-800">
        {errors[name]}
      </span>
    ) : null;
  const err = (name: string) => (errors[name] ? { "aria-invalid": true, "aria-describedby": `${name}-error` } : {});
  return (
    <main className="px-4 py-6 sm:px-6 sm:py-8">
      <Link to="/admin/appeals" className="text-sm font-semibold text-brand-700 underline">
        Back to appeals
      </Link>
      <h1 className="mt-2 font-display text-3xl font-semibold text-brand-900">Appeal: {cause.title}</h1>
      {appeal && (
        <p className="mt-1 text-slate-700">
          Raised {formatPence(appeal.raisedPence)} from {appeal.gifts === 1 ? "1 gift" : `${appeal.gifts} gifts`}
          {appeal.match ? `, matched ${formatPence(appeal.match.matchedPence)} by ${appeal.match.matcherName}` : ""}.{" "}
          <a href={`/appeals/${appeal.id}`} className="font-semibold text-brand-700 underline">
            View the appeal
          </a>
        </p>
      )}
      <Form method="post" className={card} aria-label="Appeal details" noValidate>
        {Object.keys(detailErrors).length > 0 && (
          <p role="alert" className="font-medium text-red-800">
            Nothing was saved: put right what is marked below.
          </p>
        )}
        <div className="grid gap-3 sm:grid-cols-3">
          <label className={label}>
            Goal (£)
            <input name="goal" inputMode="decimal" defaultValue={value("goal", pounds(appeal?.goalPence))} className={control} {...err("goal")} />
            {msg("goal")}
          </label>
          <label className={label}>
            First day
            <input name="startsOn" type="date" defaultValue={value("startsOn", appeal?.startsOn ?? today)} className={control} {...err("startsOn")} />
            {msg("startsOn")}
          </label>
          <label className={label}>
            Last day
            <input name="endsOn" type="date" defaultValue={value("endsOn", appeal?.endsOn ?? "")} className={control} {...err("endsOn")} />
            {msg("endsOn")}
          </label>
        </div>
        <fieldset className="mt-5 rounded-xl border border-slate-300 p-4">
          <legend className="px-1 font-semibold text-slate-900">Matched giving</legend>
          <label className="flex items-start gap-2">
            <input type="checkbox" name="matched" defaultChecked={v.matched ? v.matched === "on" : Boolean(appeal?.match)} className="mt-1.5" />
            <span>A sponsor matches gifts made between two dates, up to a cap</span>
          </label>
          <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <label className={label}>
              Matched by
              <input name="matcherName" defaultValue={value("matcherName", appeal?.match?.matcherName ?? "")} className={control} {...err("matcherName")} />
              {msg("matcherName")}
            </label>
            <label className={label}>
              Matched from
              <input name="matchFrom" type="date" defaultValue={value("matchFrom", appeal?.match?.from ?? "")} className={control} {...err("matchFrom")} />
              {msg("matchFrom")}
            </label>
            <label className={label}>
              Matched to
              <input name="matchTo" type="date" defaultValue={value("matchTo", appeal?.match?.to ?? "")} className={control} {...err("matchTo")} />
              {msg("matchTo")}
            </label>
            <label className={label}>
              Cap (£)
              <input name="matchCap" inputMode="decimal" defaultValue={value("matchCap", pounds(appeal?.match?.capPence))} className={control} {...err("matchCap")} />
              {msg("matchCap")}
            </label>
          </div>
        </fieldset>
        <button type="submit" name="intent" value="save" className="mt-5 rounded-full bg-brand-600 px-5 py-2 font-semibold text-white hover:bg-brand-700">
          Save appeal
        </button>
      </Form>

      {appeal && (
        <section className={card} aria-labelledby="updates-title">
          <h2 id="updates-title" className="font-display text-xl font-semibold text-brand-900">
            Updates
          </h2>
          <Form method="post" className="mt-3" noValidate>
            <label className={label}>
              New update (shown on the appeal, up to 500 characters)
              <textarea name="body" rows={3} maxLength={500} defaultValue={update.values.body} className={control} {...err("body")} />
              {msg("body")}
            </label>
            <button type="submit" name="intent" value="update" className="mt-3 rounded-full border-2 border-brand-600 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50">
              Post update
            </button>
          </Form>
          <ol className="mt-4 space-y-2">
            {appeal.updates.map((u) => (
              <li key={u.id} className="rounded-lg bg-slate-50 p-3 text-sm">
                <span className="text-slate-600">{u.postedAt.slice(0, 10)}</span> {u.body}
              </li>
            ))}
          </ol>
        </section>
      )}
    </main>
  );
}
