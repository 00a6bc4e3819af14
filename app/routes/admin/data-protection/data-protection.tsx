import { useForm } from "@conform-to/react";
import { data, Form, Link, useNavigation } from "react-router";
import { currentActor, currentStaff } from "../../../auth/guards.server.ts";
import { requireRecentAuth } from "../../../auth/reauth.server.ts";
import { formatWhen, SubmissionBadges } from "../../../components/admin/submission-badges.tsx";
import { KIND_LABELS, RETENTION_MONTHS_MAX, SUBMISSION_KINDS } from "../../../domain/submissions/submission-labels.ts";
import {
  erasePersonalData,
  findPersonalData,
  getAuditRetentionMonths,
  getRetentionSettings,
  updateAuditRetention,
  updateRetentionSettings,
} from "../../../domain/data-protection/retention.server.ts";
import {
  AUDIT_RETENTION_MONTHS_MIN,
  EraseFormSchema,
  LookupFormSchema,
  RETENTION_FIELDS,
  RetentionFormSchema,
} from "../../../domain/data-protection/retention.schema.ts";
import { parseForm, refusedForm, type FormReply } from "../../../lib/form-submission.ts";
import { redirectWithToast, toastCookie } from "../../../lib/toast.server.ts";
import type { Route } from "./+types/data-protection";
import type { MenuHandle } from "../../../lib/admin-menu.ts";

export const handle: MenuHandle = { menu: { group: "Site", label: "Data protection", order: 20 } };

export const meta = () => [{ title: "Data protection | Millbrook Admin" }];

export async function loader() {
  const [retention, auditRetention] = await Promise.all([getRetentionSettings(), getAuditRetentionMonths()]);
  return { retention, auditRetention, auditRetentionMin: AUDIT_RETENTION_MONTHS_MIN };
}

/** What the Find form shows: looked up on a POST, so the address never travels in a URL. */
async function lookUp(email: string) {
  const found = await findPersonalData(email);
  return {
    submissions: found.submissions.map((s) => ({
      id: s.id,
      reference: s.reference,
      kind: s.kind,
      status: s.status,
      name: s.name,
      email: s.email,
      files: s.files.length,
      created_at: s.created_at.toISOString(),
      byAddress: s.email.toLowerCase() === email,
    })),
    accounts: found.accounts.map((a) => ({ id: a.id, email: a.email, role: a.role, sessions: a.sessions, created_at: a.created_at.toISOString() })),
    auditEntries: found.auditEntries.length,
    giving: {
      gifts: found.donor.gifts.length,
      claimedGifts: found.donor.gifts.filter((g) => g.claim_id !== null).length,
      declarations: found.donor.declarations.length,
      monthly: found.donor.monthly.length,
    },
    bookings: found.bookings.map((b) => ({ reference: b.reference, event: b.eventTitle, quantity: b.quantity, status: b.status })),
    supporter: found.supporter.record
      ? {
          notes: found.supporter.notes.length,
          tags: found.supporter.tags.length,
          consent: found.supporter.consent.length,
          otherAddresses: found.supporter.otherAddresses,
        }
      : null,
  };
}

/**
 * The answers: a refused Retention or Find form is Conform's reply; a look-up answers the
 * address and what is held (`lookup`), with the Erase form's reply when it was refused.
 */
export async function action(args: Route.ActionArgs) {
  const actor = currentActor(args);
  const form = await args.request.formData();
  const intent = form.get("intent");
  // Changing retention and erasing need the password or a code from the last 10 minutes.
  if (intent === "retention" || intent === "erase") await requireRecentAuth(args, currentStaff(args));
  if (intent === "find") {
    const submission = parseForm(form, LookupFormSchema, ["email"]);
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    const { email } = submission.value;
    return data({ lookup: { email, found: await lookUp(email) }, erase: null });
  }
  if (intent === "retention") {
    const submission = parseForm(form, RetentionFormSchema, RETENTION_FIELDS);
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    const { audit_log, ...periods } = submission.value;
    await updateRetentionSettings(periods, actor);
    await updateAuditRetention(audit_log, actor);
    return redirectWithToast("/admin/data-protection", { type: "success", message: "Retention periods saved" });
  }
  if (intent === "erase") {
    const submission = parseForm(form, EraseFormSchema, ["email", "confirm"]);
    if (submission.status !== "success") {
      const email = LookupFormSchema.safeParse({ email: form.get("email") });
      if (!email.success) return data(refusedForm({ _form: "Please enter a valid email address" }), { status: 400 });
      return data({ lookup: { email: email.data.email, found: await lookUp(email.data.email) }, erase: submission.reply() }, { status: 400 });
    }
    const { email } = submission.value;
    const message = erasureMessage(await erasePersonalData(email, actor));
    return data({ lookup: { email, found: await lookUp(email) }, erase: null }, { headers: { "Set-Cookie": await toastCookie({ type: "success", message }) } });
  }
  return data(refusedForm({ _form: "Unknown action." }), { status: 400 });
}

/** What an erasure removed, and what it kept for Gift Aid. */
function erasureMessage(result: Awaited<ReturnType<typeof erasePersonalData>>) {
  const n = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  const { giving } = result;
  const erasedGiving = giving.gifts + giving.declarations + giving.monthlyGifts;
  let message =
    result.submissions === 0 && erasedGiving === 0 && result.bookings === 0
      ? giving.keptGifts > 0
        ? "Nothing erased"
        : "Nothing to erase: no submissions or donations hold this address"
      : `Erased ${n(result.submissions, "submission", "submissions")} and ${n(result.files, "file", "files")}`;
  if (erasedGiving > 0) {
    message += `; ${n(giving.gifts, "gift", "gifts")}, ${n(giving.declarations, "Gift Aid declaration", "Gift Aid declarations")} and ${n(giving.monthlyGifts, "monthly gift", "monthly gifts")}`;
  }
  if (result.bookings > 0) message += `; name and email removed from ${n(result.bookings, "booking", "bookings")}`;
  if (giving.keptGifts > 0) {
    message += `. Kept ${n(giving.keptGifts, "gift", "gifts")} and ${n(giving.keptDeclarations, "Gift Aid declaration", "Gift Aid declarations")}: they were part of a Gift Aid claim, and HMRC requires them to be kept for 6 years after the claim`;
  }
  return message;
}

const card = "rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200";
const control = "mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base aria-invalid:border-red-700";
const button = "rounded-full bg-brand-600 px-5 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-60";

function Error({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-800">
      {message}
    </p>
  );
}

type Lookup = { email: string; found: Awaited<ReturnType<typeof lookUp>> };

export default function DataProtection({ loaderData, actionData }: Route.ComponentProps) {
  const { retention, auditRetention, auditRetentionMin } = loaderData;
  // A refused Retention or Find form (Conform's reply, which carries the posted values), or a look-up.
  const reply = actionData && "status" in actionData ? actionData : undefined;
  const answer = actionData && "lookup" in actionData ? actionData : undefined;
  const lookup: Lookup | undefined = answer?.lookup;
  const eraseReply = answer?.erase ?? undefined;
  const replyTo = (intent: string) => (reply?.initialValue?.intent === intent ? reply : undefined);
  const refusal = reply?.error?.[""]?.[0];
  const email = lookup?.email ?? "";
  const found = lookup?.found ?? null;
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const total = found ? found.submissions.length : 0;

  const [retentionForm, retentionFields] = useForm({
    lastResult: replyTo("retention"),
    defaultValue: { ...Object.fromEntries(SUBMISSION_KINDS.map((k) => [k, String(retention[k])])), audit_log: String(auditRetention) },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, RetentionFormSchema, RETENTION_FIELDS),
  });
  const [findForm, findFields] = useForm({
    lastResult: replyTo("find"),
    defaultValue: { email },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, LookupFormSchema, ["email"]),
  });
  const retentionError = (name: string) => retentionFields[name as keyof typeof retentionFields]?.errors?.[0];
  const lookupError = findFields.email.errors?.[0];

  return (
    <main className="px-4 py-6 sm:px-6 sm:py-8">
      <h1 className="font-display text-3xl font-semibold text-brand-900">Data protection</h1>
      <p className="mt-1 max-w-3xl text-slate-600">
        How long form submissions are kept, and the tools to answer a person who asks what we hold about them or asks us to erase it.
      </p>
      {refusal && (
        <p role="alert" className="mt-4 rounded-lg border-l-4 border-red-700 bg-red-50 px-4 py-3 text-sm font-medium text-red-900">
          {refusal}
        </p>
      )}

      <div className="mt-6 grid gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <section className={card} aria-labelledby="retention-heading">
          <h2 id="retention-heading" className="font-display text-xl font-semibold text-brand-900">
            Retention periods
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Submissions are deleted automatically, with their files, this many months after they were last changed. The check runs every hour.
          </p>
          <Form method="post" id={retentionForm.id} onSubmit={retentionForm.onSubmit} className="mt-4 space-y-4" noValidate>
            <input type="hidden" name="intent" value="retention" />
            {SUBMISSION_KINDS.map((kind) => (
              <div key={kind}>
                <label htmlFor={`retention-${kind}`} className="block text-sm font-semibold text-slate-800">
                  {KIND_LABELS[kind]} (months)
                </label>
                <input
                  id={`retention-${kind}`}
                  name={kind}
                  key={retentionFields[kind].key}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={RETENTION_MONTHS_MAX}
                  defaultValue={retentionFields[kind].initialValue}
                  aria-invalid={retentionError(kind) ? true : undefined}
                  aria-describedby={retentionError(kind) ? `retention-${kind}-error` : undefined}
                  className={`${control} max-w-40`}
                />
                <Error id={`retention-${kind}-error`} message={retentionError(kind)} />
              </div>
            ))}
            <div>
              <label htmlFor="retention-audit_log" className="block text-sm font-semibold text-slate-800">
                Audit log (months)
              </label>
              <input
                id="retention-audit_log"
                name="audit_log"
                key={retentionFields.audit_log.key}
                type="number"
                inputMode="numeric"
                min={auditRetentionMin}
                max={RETENTION_MONTHS_MAX}
                defaultValue={retentionFields.audit_log.initialValue}
                aria-invalid={retentionError("audit_log") ? true : undefined}
                aria-describedby={retentionError("audit_log") ? "retention-audit_log-error" : "retention-audit_log-hint"}
                className={`${control} max-w-40`}
              />
              <p id="retention-audit_log-hint" className="mt-1 text-sm text-slate-600">
                Entries older than this are deleted; at least {auditRetentionMin} months. Nothing else can change or delete them.
              </p>
              <Error id="retention-audit_log-error" message={retentionError("audit_log")} />
            </div>
            <button type="submit" className={button} disabled={busy("retention")}>
              {busy("retention") ? "Saving..." : "Save retention periods"}
            </button>
          </Form>
        </section>

        <section className={card} aria-labelledby="person-heading">
          <h2 id="person-heading" className="font-display text-xl font-semibold text-brand-900">
            Find a person's data
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Searches every kind of submission (made with the address, or naming it in any field), accounts and the audit log.
          </p>
          <Form method="post" id={findForm.id} onSubmit={findForm.onSubmit} className="mt-4 flex flex-wrap items-end gap-3" role="search" noValidate>
            <input type="hidden" name="intent" value="find" />
            <div className="min-w-0 flex-1 basis-64">
              <label htmlFor="lookup-email" className="block text-sm font-semibold text-slate-800">
                Email address
              </label>
              <input
                id="lookup-email"
                name="email"
                key={findFields.email.key}
                type="email"
                defaultValue={findFields.email.initialValue ?? email}
                autoComplete="off"
                aria-invalid={lookupError ? true : undefined}
                aria-describedby={lookupError ? "lookup-email-error" : undefined}
                className={control}
              />
              <Error id="lookup-email-error" message={lookupError} />
            </div>
            <button type="submit" className={button} disabled={busy("find")}>
              Find
            </button>
          </Form>

          {found && (
            <div className="mt-6 space-y-5" data-testid="personal-data">
              <h3 className="font-semibold text-ink">
                Held about <span className="break-all">{email}</span>
              </h3>
              <div>
                <h4 className="text-sm font-semibold text-slate-700">Submissions ({total})</h4>
                {total === 0 ? (
                  <p className="mt-1 text-slate-600">No submissions hold this address.</p>
                ) : (
                  <ul className="mt-2 divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200">
                    {found.submissions.map((s) => (
                      <li key={s.id} className="flex flex-wrap items-center gap-2 px-3 py-2 text-sm">
                        <Link to={`/admin/inbox/${s.id}`} className="font-semibold text-brand-700 underline">
                          {s.reference}
                        </Link>
                        <SubmissionBadges kind={s.kind} status={s.status} />
                        <span className="min-w-0 break-words">{s.name}</span>
                        {!s.byAddress && <span className="text-slate-600">(named in a field)</span>}
                        <span className="text-slate-600">
                          {s.files} {s.files === 1 ? "file" : "files"}, <time dateTime={s.created_at}>{formatWhen(s.created_at)}</time>
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
              <div>
                <h4 className="text-sm font-semibold text-slate-700">Accounts ({found.accounts.length})</h4>
                {found.accounts.length === 0 ? (
                  <p className="mt-1 text-slate-600">No account uses this address.</p>
                ) : (
                  <ul className="mt-1 list-inside list-disc text-sm text-slate-700">
                    {found.accounts.map((a) => (
                      <li key={a.id}>
                        {a.email}: {a.role === "administrator" ? "administrator" : a.role === "editor" ? "editor" : "no staff access"}, {a.sessions}{" "}
                        {a.sessions === 1 ? "session" : "sessions"}. Managed on the Users screen.
                      </li>
                    ))}
                  </ul>
                )}
              </div>
              <div>
                <h4 className="text-sm font-semibold text-slate-700">Donations</h4>
                <p className="mt-1 text-sm text-slate-700" data-testid="giving-data">
                  {found.giving.gifts === 1 ? "1 gift" : `${found.giving.gifts} gifts`} ({found.giving.claimedGifts} in a Gift Aid claim),{" "}
                  {found.giving.declarations === 1 ? "1 Gift Aid declaration" : `${found.giving.declarations} Gift Aid declarations`},{" "}
                  {found.giving.monthly === 1 ? "1 monthly gift" : `${found.giving.monthly} monthly gifts`}.
                  {found.giving.gifts > 0 && (
                    <>
                      {" "}
                      <Link to={`/admin/donations/donor?email=${encodeURIComponent(email)}`} className="font-semibold text-brand-700 underline">
                        See them on the Donations screen
                      </Link>
                      .
                    </>
                  )}{" "}
                  Gifts in a Gift Aid claim and their declarations are kept for 6 years after the claim, even after an erasure.
                </p>
              </div>
              <div>
                <h4 className="text-sm font-semibold text-slate-700">Bookings ({found.bookings.length})</h4>
                {found.bookings.length === 0 ? (
                  <p className="mt-1 text-sm text-slate-600">No bookings hold this address.</p>
                ) : (
                  <ul className="mt-1 space-y-1 text-sm text-slate-700" data-testid="bookings-data">
                    {found.bookings.map((b) => (
                      <li key={b.reference}>
                        <span className="font-mono text-xs">{b.reference}</span> · {b.event} · {b.quantity === 1 ? "1 ticket" : `${b.quantity} tickets`} ·{" "}
                        {b.status}
                      </li>
                    ))}
                  </ul>
                )}
                <p className="mt-1 text-sm text-slate-600">An erasure removes the name and email from bookings and keeps the tickets and amounts.</p>
              </div>
              <div>
                <h4 className="text-sm font-semibold text-slate-700">Supporter record</h4>
                <p className="mt-1 text-sm text-slate-700" data-testid="supporter-data">
                  {found.supporter
                    ? `A supporter record with ${found.supporter.notes} staff notes, ${found.supporter.tags} tags and ${found.supporter.consent} consent records.${found.supporter.otherAddresses.length ? ` It also holds the addresses ${found.supporter.otherAddresses.join(", ")} (merged in): an erasure covers them too.` : ""}`
                    : "No supporter record has this address."}
                </p>
              </div>
              <p className="text-sm text-slate-700">
                Audit log entries made by this address: {found.auditEntries}. The audit log is kept as the record of staff actions and is not erased.
              </p>
              <form method="post" action="/admin/data-protection/export">
                <input type="hidden" name="email" value={email} />
                <button
                  type="submit"
                  className="inline-block rounded-full border-2 border-brand-600 bg-white px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
                >
                  Export as JSON
                </button>
              </form>

              {(total > 0 || found.giving.gifts + found.giving.declarations + found.giving.monthly + found.bookings.length > 0 || found.supporter) && (
                <EraseForm email={email} total={total} reply={eraseReply} busy={busy("erase")} />
              )}
            </div>
          )}
        </section>
      </div>
    </main>
  );
}

/** Erasing everything held about the address looked up, once it is typed again. */
function EraseForm({ email, total, reply, busy }: { email: string; total: number; reply: FormReply | undefined; busy: boolean }) {
  const [form, fields] = useForm({
    lastResult: reply,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, EraseFormSchema, ["email", "confirm"]),
  });
  const error = fields.confirm.errors?.[0] ?? fields.email.errors?.[0];
  return (
    <Form method="post" id={form.id} onSubmit={form.onSubmit} className="rounded-xl bg-red-50 p-4 ring-1 ring-red-200" noValidate>
      <h4 className="font-semibold text-red-900">Erase submissions and donations</h4>
      <p className="mt-1 text-sm text-red-900">
        Permanently deletes the {total} {total === 1 ? "submission" : "submissions"} above and their files, and the donations, Gift Aid declarations
        and monthly gifts (stopped at our card payment provider) except those a Gift Aid claim needs, and removes the name and email from bookings.
        This cannot be undone. The audit log records
        only how many were erased.
      </p>
      <input type="hidden" name="intent" value="erase" />
      <input type="hidden" name="email" value={email} />
      <label htmlFor="erase-confirm" className="mt-3 block text-sm font-semibold text-slate-800">
        Type the email address to confirm
      </label>
      <input
        id="erase-confirm"
        name="confirm"
        key={fields.confirm.key}
        type="email"
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "erase-confirm-error" : undefined}
        className={`${control} max-w-md`}
      />
      <Error id="erase-confirm-error" message={error} />
      <button type="submit" className="mt-3 rounded-full bg-red-700 px-5 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-60" disabled={busy}>
        {busy ? "Erasing..." : "Erase permanently"}
      </button>
    </Form>
  );
}
