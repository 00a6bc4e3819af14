import { useForm } from "@conform-to/react";
import { data, Form, Link, useNavigation } from "react-router";
import { currentActor, currentStaff } from "../../../auth/guards.server.ts";
import { requireRecentAuth } from "../../../auth/reauth.server.ts";
import { SubmissionBadges } from "../../../features/submissions/admin/submission-badges.tsx";
import { KIND_LABELS, RETENTION_MONTHS_MAX, SUBMISSION_KINDS } from "../../../features/submissions/submission-labels.ts";
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
import { getComplaint, getRequest, getRetentionPeriods, updateRetentionPeriods } from "../../../features/data-protection/index.ts";
import { RETENTION_KIND_FIELDS, RETENTION_KINDS, retentionField, RetentionKindsSchema } from "../../../features/data-protection/retention-kinds.ts";
import { parseForm, refusedForm, type FormReply } from "../../../lib/form-submission.ts";
import { redirectWithToast, toastCookie } from "../../../lib/toast.server.ts";
import type { Route } from "./+types/data-protection";
import type { MenuHandle } from "../../../lib/admin-menu.ts";
import { formatUk } from "../../../lib/uk-time.ts";

/** The whole retention table: the submission kinds, the registry's kinds and the audit log. */
const RetentionTableSchema = RetentionFormSchema.extend(RetentionKindsSchema.shape);
const RETENTION_TABLE_FIELDS = [...RETENTION_FIELDS, ...RETENTION_KIND_FIELDS];

export const handle: MenuHandle = { menu: { group: "People", label: "Data protection", order: 20 } };

export const meta = () => [{ title: "Data protection | Millbrook Admin" }];

/**
 * A look-up started from a logged request or a complaint (`?request=<id>`, `?complaint=<id>`:
 * ids, never the address, in the URL): the person's address is looked up at once, and an
 * export or erasure made from here names the request in the audit log.
 */
async function startedFrom(url: URL) {
  const requestId = url.searchParams.get("request");
  if (requestId) {
    const request = await getRequest(requestId);
    if (request) return { kind: "request" as const, id: request.id, reference: request.reference, email: request.requester_email.toLowerCase() };
  }
  const complaintId = url.searchParams.get("complaint");
  if (complaintId) {
    const found = await getComplaint(complaintId);
    if (found) return { kind: "complaint" as const, id: found.complaint.id, reference: found.complaint.reference, email: found.complaint.email.toLowerCase() };
  }
  return null;
}

export async function loader({ request }: Route.LoaderArgs) {
  const [retention, auditRetention, periods, from] = await Promise.all([
    getRetentionSettings(),
    getAuditRetentionMonths(),
    getRetentionPeriods(),
    startedFrom(new URL(request.url)),
  ]);
  const start = from ? { from: { kind: from.kind, id: from.id, reference: from.reference }, lookup: { email: from.email, found: await lookUp(from.email) } } : null;
  return { retention, auditRetention, periods, auditRetentionMin: AUDIT_RETENTION_MONTHS_MIN, start };
}

/** The logged request an action was taken from (the form's hidden field), when it exists. */
async function requestIdOf(form: FormData): Promise<string | null> {
  const id = form.get("request");
  if (typeof id !== "string" || id === "") return null;
  return (await getRequest(id))?.id ?? null;
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
    complaints: found.complaints.map((c) => ({ id: c.id, reference: c.reference, status: c.status })),
    requests: found.requests.map((r) => ({ id: r.id, reference: r.reference, kind: r.kind })),
    volunteering: {
      volunteer: found.volunteering.volunteer !== null,
      shifts: found.volunteering.signups.map((s) => ({ id: s.id, opportunity: s.opportunity, date: s.date, status: s.status })),
    },
    supporter: found.supporter.record
      ? {
          notes: found.supporter.notes.length,
          tags: found.supporter.tags.length,
          consent: found.supporter.consent.length,
          otherAddresses: found.supporter.otherAddresses,
        }
      : null,
    newsletters: found.newsletters.length,
    waitlists: found.waitlists.map((e) => ({ id: e.id, event: e.eventTitle, places: e.places, status: e.status })),
    donorAccess: found.donorAccess.links + found.donorAccess.sessions,
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
  if (intent === "retention" || intent === "erase") await requireRecentAuth(args, currentStaff(args), form);
  if (intent === "find") {
    const submission = parseForm(form, LookupFormSchema, ["email"]);
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    const { email } = submission.value;
    return data({ lookup: { email, found: await lookUp(email) }, erase: null });
  }
  if (intent === "retention") {
    // A kind the form did not send (a page opened before it was added) keeps its period.
    const periods = await getRetentionPeriods();
    for (const k of RETENTION_KINDS) if (!form.has(retentionField(k.kind))) form.set(retentionField(k.kind), String(periods[k.kind]));
    const submission = parseForm(form, RetentionTableSchema, RETENTION_TABLE_FIELDS);
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    const { audit_log, volunteer, stall_application, nomination, ...kinds } = submission.value;
    await updateRetentionSettings({ volunteer, stall_application, nomination }, actor);
    await updateAuditRetention(audit_log, actor);
    await updateRetentionPeriods(kinds, actor);
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
    const message = erasureMessage(await erasePersonalData(email, actor, { requestId: await requestIdOf(form) }));
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
    result.submissions === 0 && erasedGiving === 0 && result.bookings === 0 && result.waitlists === 0 && result.volunteering.signups + result.volunteering.volunteers === 0
      ? giving.keptGifts > 0
        ? "Nothing erased"
        : "Nothing to erase: no submissions or donations hold this address"
      : `Erased ${n(result.submissions, "submission", "submissions")} and ${n(result.files, "file", "files")}`;
  if (erasedGiving > 0) {
    message += `; ${n(giving.gifts, "gift", "gifts")}, ${n(giving.declarations, "Gift Aid declaration", "Gift Aid declarations")} and ${n(giving.monthlyGifts, "monthly gift", "monthly gifts")}`;
  }
  if (result.bookings > 0) message += `; name and email removed from ${n(result.bookings, "booking", "bookings")}`;
  if (result.waitlists > 0) message += `; name and email removed from ${n(result.waitlists, "waitlist entry", "waitlist entries")}`;
  if (result.donorAccess.links + result.donorAccess.sessions > 0) message += "; giving sign-in links and sessions ended";
  if (result.mail > 0) message += `; ${n(result.mail, "message", "messages")} removed from the mail queue`;
  if (result.volunteering.signups + result.volunteering.volunteers > 0) {
    message += `; volunteer record erased and name removed from ${n(result.volunteering.signups, "shift", "shifts")} (hours kept without the person)`;
  }
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
  const { retention, auditRetention, auditRetentionMin, start, periods } = loaderData;
  // A refused Retention or Find form (Conform's reply, which carries the posted values), or a look-up.
  const reply = actionData && "status" in actionData ? actionData : undefined;
  const answer = actionData && "lookup" in actionData ? actionData : undefined;
  const lookup: Lookup | undefined = answer?.lookup ?? (reply ? undefined : start?.lookup);
  const from = start?.from ?? null;
  // Actions on the request's own person are tied to it in the audit log.
  const requestId = from?.kind === "request" && lookup?.email === start?.lookup.email ? from.id : "";
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
    defaultValue: {
      ...Object.fromEntries(SUBMISSION_KINDS.map((k) => [k, String(retention[k])])),
      ...Object.fromEntries(RETENTION_KINDS.map((k) => [retentionField(k.kind), String(periods[k.kind])])),
      audit_log: String(auditRetention),
    },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, RetentionTableSchema, RETENTION_TABLE_FIELDS),
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
        The tools to answer a person who asks what we hold about them or asks us to erase it, and how long each kind of personal record is kept.
      </p>
      {refusal && (
        <p role="alert" className="mt-4 rounded-lg border-l-4 border-red-700 bg-red-50 px-4 py-3 text-sm font-medium text-red-900">
          {refusal}
        </p>
      )}

      {from && (
        <p className="mt-4 rounded-lg border-l-4 border-brand-600 bg-brand-50 px-4 py-3 text-sm text-brand-900" data-testid="started-from">
          Looking up the person of {from.kind === "request" ? "request" : "complaint"}{" "}
          <Link to={`/admin/data-protection/${from.kind === "request" ? "requests" : "complaints"}/${from.id}`} className="font-mono font-semibold underline">
            {from.reference}
          </Link>
          {from.kind === "request" ? ". An export or erasure made here is recorded against the request." : "."}
        </p>
      )}
      <div className="mt-6 flex flex-col gap-6">


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
                          {s.files} {s.files === 1 ? "file" : "files"}, <time dateTime={s.created_at}>{formatUk(s.created_at, "date-time")}</time>
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
                <h4 className="text-sm font-semibold text-slate-700">Waitlists ({found.waitlists.length})</h4>
                {found.waitlists.length === 0 ? (
                  <p className="mt-1 text-sm text-slate-600">No event waitlists hold this address.</p>
                ) : (
                  <ul className="mt-1 space-y-1 text-sm text-slate-700" data-testid="waitlists-data">
                    {found.waitlists.map((e) => (
                      <li key={e.id}>
                        {e.event} · {e.places === 1 ? "1 place" : `${e.places} places`} · {e.status}
                      </li>
                    ))}
                  </ul>
                )}
                <p className="mt-1 text-sm text-slate-600">
                  An erasure removes the name and email from waitlists and takes the person out of any line they are in (places held for them go to the next person).
                </p>
              </div>
              <div>
                <h4 className="text-sm font-semibold text-slate-700">Complaints and requests</h4>
                {found.complaints.length + found.requests.length === 0 ? (
                  <p className="mt-1 text-sm text-slate-600">No data protection complaints or requests from this address.</p>
                ) : (
                  <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm" data-testid="dp-records">
                    {found.complaints.map((c) => (
                      <li key={c.id}>
                        <Link to={`/admin/data-protection/complaints/${c.id}`} className="font-mono font-semibold text-brand-700 underline">
                          {c.reference}
                        </Link>{" "}
                        (complaint, {c.status})
                      </li>
                    ))}
                    {found.requests.map((r) => (
                      <li key={r.id}>
                        <Link to={`/admin/data-protection/requests/${r.id}`} className="font-mono font-semibold text-brand-700 underline">
                          {r.reference}
                        </Link>{" "}
                        ({r.kind} request)
                      </li>
                    ))}
                  </ul>
                )}
                <p className="mt-1 text-sm text-slate-600">Kept as the record of how we handled them, for the period in the retention table; an erasure does not remove them.</p>
              </div>
              <div>
                <h4 className="text-sm font-semibold text-slate-700">Volunteering ({found.volunteering.shifts.length} {found.volunteering.shifts.length === 1 ? "shift" : "shifts"})</h4>
                {!found.volunteering.volunteer && found.volunteering.shifts.length === 0 ? (
                  <p className="mt-1 text-sm text-slate-600">No volunteer record holds this address.</p>
                ) : (
                  <ul className="mt-1 space-y-1 text-sm text-slate-700" data-testid="volunteering-data">
                    {found.volunteering.volunteer && <li>A volunteer record (name, phone, background check dates)</li>}
                    {found.volunteering.shifts.map((s) => (
                      <li key={s.id}>
                        {s.opportunity} · {s.date} · {s.status}
                      </li>
                    ))}
                  </ul>
                )}
                <p className="mt-1 text-sm text-slate-600">An erasure deletes the volunteer record and removes the name, email and phone from their shifts; the hours stay in the totals, anonymous.</p>
              </div>
              <div>
                <h4 className="text-sm font-semibold text-slate-700">Supporter record</h4>
                <p className="mt-1 text-sm text-slate-700" data-testid="supporter-data">
                  {found.supporter
                    ? `A supporter record with ${found.supporter.notes} staff notes, ${found.supporter.tags} tags and ${found.supporter.consent} consent records.${found.supporter.otherAddresses.length ? ` It also holds the addresses ${found.supporter.otherAddresses.join(", ")} (merged in): an erasure covers them too.` : ""}`
                    : "No supporter record has this address."}
                </p>
                <p className="mt-1 text-sm text-slate-700" data-testid="newsletter-data">
                  {found.newsletters === 0
                    ? "No newsletter was sent to this address."
                    : `${found.newsletters} ${found.newsletters === 1 ? "newsletter was" : "newsletters were"} sent (or tried) to this address: an erasure deletes that record.`}
                </p>
              </div>
              <p className="text-sm text-slate-700">
                Audit log entries made by this address: {found.auditEntries}. The audit log is kept as the record of staff actions and is not erased.
              </p>
              <form method="post" action="/admin/data-protection/export">
                {requestId && <input type="hidden" name="request" value={requestId} />}
                <input type="hidden" name="email" value={email} />
                <button
                  type="submit"
                  className="inline-block rounded-full border-2 border-brand-600 bg-white px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
                >
                  Download their data
                </button>
              </form>

              {(total > 0 || found.giving.gifts + found.giving.declarations + found.giving.monthly + found.bookings.length + found.waitlists.length + found.donorAccess + found.volunteering.shifts.length + (found.volunteering.volunteer ? 1 : 0) > 0 || found.supporter) && (
                <EraseForm email={email} total={total} reply={eraseReply} busy={busy("erase")} requestId={requestId} />
              )}
            </div>
          )}
        </section>

        <section className={card} aria-labelledby="retention-heading" id="retention">
          <h2 id="retention-heading" className="font-display text-xl font-semibold text-brand-900">
            Retention periods
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            How long each kind of personal record is kept. Every night the site deletes, or removes the person from, the records past their period,
            and the audit log records what each run did. The privacy notice's &ldquo;How long we keep it&rdquo; section is made from this table.
          </p>
          <Form method="post" id={retentionForm.id} onSubmit={retentionForm.onSubmit} className="mt-4" noValidate>
            <input type="hidden" name="intent" value="retention" />
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm" data-testid="retention-table">
                <thead className="border-b border-slate-200 text-slate-700">
                  <tr>
                    <th scope="col" className="py-2 pr-3 font-semibold">Kind of record</th>
                    <th scope="col" className="py-2 pr-3 font-semibold">Kept for (months)</th>
                    <th scope="col" className="hidden py-2 font-semibold sm:table-cell">What happens then</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {SUBMISSION_KINDS.map((kind) => (
                    <RetentionRow
                      key={kind}
                      name={kind}
                      label={`${KIND_LABELS[kind]} forms`}
                      inputLabel={`${KIND_LABELS[kind]} (months)`}
                      fieldKey={retentionFields[kind].key}
                      value={retentionFields[kind].initialValue}
                      min={1}
                      max={RETENTION_MONTHS_MAX}
                      error={retentionError(kind)}
                      effect="Deleted with their files, counted from the last change."
                    />
                  ))}
                  {RETENTION_KINDS.map((k) => {
                    const name = retentionField(k.kind);
                    return (
                      <RetentionRow
                        key={k.kind}
                        name={name}
                        label={k.label}
                        inputLabel={`${k.label} (months)`}
                        fieldKey={retentionFields[name]?.key}
                        value={retentionFields[name]?.initialValue as string | undefined}
                        min={k.minMonths}
                        max={k.maxMonths}
                        error={retentionError(name)}
                        effect={k.kept ? k.effect : `${k.effect} Not kept by this site yet: applies once it keeps them.`}
                        pending={!k.kept}
                      />
                    );
                  })}
                  <RetentionRow
                    name="audit_log"
                    label="Audit log"
                    inputLabel="Audit log (months)"
                    fieldKey={retentionFields.audit_log.key}
                    value={retentionFields.audit_log.initialValue}
                    min={auditRetentionMin}
                    max={RETENTION_MONTHS_MAX}
                    error={retentionError("audit_log")}
                    effect={`Entries older than this are deleted; at least ${auditRetentionMin} months. Nothing else can change or delete them.`}
                  />
                </tbody>
              </table>
            </div>
            <button type="submit" className={`${button} mt-4`} disabled={busy("retention")}>
              {busy("retention") ? "Saving..." : "Save retention periods"}
            </button>
          </Form>
        </section>
      </div>
    </main>
  );
}

/** One row of the retention table: the kind, its months (labelled for screen readers), what happens. */
function RetentionRow(props: {
  name: string;
  label: string;
  inputLabel: string;
  fieldKey: string | undefined;
  value: string | undefined;
  min: number;
  max: number;
  error: string | undefined;
  effect: string;
  pending?: boolean;
}) {
  const id = `retention-${props.name}`;
  return (
    <tr className={props.pending ? "text-slate-500" : undefined}>
      <th scope="row" className="py-2 pr-3 align-top font-semibold text-slate-800">
        {props.label}
        {/* On a phone the effect goes under the kind, not in a third column. */}
        <span className="mt-0.5 block text-xs font-normal text-slate-600 sm:hidden">{props.effect}</span>
      </th>
      <td className="py-2 pr-3 align-top">
        <label htmlFor={id} className="sr-only">
          {props.inputLabel}
        </label>
        <input
          id={id}
          name={props.name}
          key={props.fieldKey}
          type="number"
          inputMode="numeric"
          min={props.min}
          max={props.max}
          defaultValue={props.value}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? `${id}-error` : undefined}
          className={`${control} mt-0 w-28`}
        />
        <Error id={`${id}-error`} message={props.error} />
      </td>
      <td className="hidden py-2 align-top text-slate-600 sm:table-cell">{props.effect}</td>
    </tr>
  );
}

/** Erasing everything held about the address looked up, once it is typed again. */
function EraseForm({ email, total, reply, busy, requestId }: { email: string; total: number; reply: FormReply | undefined; busy: boolean; requestId: string }) {
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
        and monthly gifts (stopped at our card payment provider) except those a Gift Aid claim needs, removes the name and email from bookings and waitlists, and ends giving sign-in links and sessions.
        This cannot be undone. The audit log records
        only how many were erased.
      </p>
      <input type="hidden" name="intent" value="erase" />
      {requestId && <input type="hidden" name="request" value={requestId} />}
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
