import { useEffect } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { currentActor, currentStaff } from "../../../auth/guards.server.ts";
import { requireRecentAuth } from "../../../auth/reauth.server.ts";
import { formatWhen, SubmissionBadges } from "../../../components/admin/submission-badges.tsx";
import { KIND_LABELS, RETENTION_MONTHS_MAX, SUBMISSION_KINDS } from "../../../domain/submissions/submission-labels.ts";
import {
  EmailLookupSchema,
  erasePersonalData,
  findPersonalData,
  AUDIT_RETENTION_MONTHS_MIN,
  AuditRetentionSchema,
  getAuditRetentionMonths,
  getRetentionSettings,
  RetentionSchema,
  updateAuditRetention,
  updateRetentionSettings,
} from "../../../domain/data-protection/retention.server.ts";
import { toast } from "../../../components/ui/toast.tsx";
import { redirectWithToast } from "../../../lib/toast.server.ts";
import type { Route } from "./+types/data-protection";
import type { MenuHandle } from "../../../lib/admin-menu.ts";

export const handle: MenuHandle = { menu: { group: "Site", label: "Data protection", order: 20 } };

export const meta = () => [{ title: "Data protection | Millbrook Admin" }];

export async function loader() {
  return { retention: await getRetentionSettings(), auditRetention: await getAuditRetentionMonths(), auditRetentionMin: AUDIT_RETENTION_MONTHS_MIN };
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
  };
}

type Found = Awaited<ReturnType<typeof lookUp>>;
type ActionData = { intent: string | null; errors: Record<string, string>; email?: string; found?: Found | null; message?: string };

export async function action(args: Route.ActionArgs) {
  const actor = currentActor(args);
  const form = await args.request.formData();
  const intent = form.get("intent");
  // Changing retention and erasing need the password or a code from the last 10 minutes.
  if (intent === "retention" || intent === "erase") await requireRecentAuth(args, currentStaff(args));
  if (intent === "find") {
    const raw = String(form.get("email") ?? "");
    const email = EmailLookupSchema.safeParse(raw);
    if (!email.success) {
      return data<ActionData>({ intent, email: raw, found: null, errors: { lookup: email.error.issues[0]?.message ?? "Please enter a valid email address" } }, { status: 400 });
    }
    return data<ActionData>({ intent, email: email.data, found: await lookUp(email.data), errors: {} });
  }
  if (intent === "retention") {
    const parsed = RetentionSchema.safeParse(Object.fromEntries(SUBMISSION_KINDS.map((k) => [k, form.get(k)])));
    const audit = AuditRetentionSchema.safeParse(form.get("audit_log"));
    if (!parsed.success || !audit.success) {
      const errors: Record<string, string> = {};
      for (const issue of parsed.error?.issues ?? []) errors[String(issue.path[0])] ??= issue.message;
      if (!audit.success) errors.audit_log = audit.error.issues[0]?.message ?? "Please enter a number of months";
      return data<ActionData>({ intent, errors }, { status: 400 });
    }
    await updateRetentionSettings(parsed.data, actor);
    await updateAuditRetention(audit.data, actor);
    return redirectWithToast("/admin/data-protection", { type: "success", message: "Retention periods saved" });
  }
  if (intent === "erase") {
    const email = EmailLookupSchema.safeParse(form.get("email"));
    if (!email.success) return data<ActionData>({ intent, errors: { email: "Please enter a valid email address" } }, { status: 400 });
    const confirm = String(form.get("confirm") ?? "").trim().toLowerCase();
    if (confirm !== email.data) {
      return data<ActionData>(
        { intent, email: email.data, found: await lookUp(email.data), errors: { confirm: "Type the email address again to confirm the erasure" } },
        { status: 400 },
      );
    }
    const result = await erasePersonalData(email.data, actor);
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
    return data<ActionData>({ intent, email: email.data, found: await lookUp(email.data), errors: {}, message });
  }
  return data<ActionData>({ intent: null, errors: { form: "Unknown action." } }, { status: 400 });
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

export default function DataProtection({ loaderData, actionData }: Route.ComponentProps) {
  const { retention, auditRetention, auditRetentionMin } = loaderData;
  const result = actionData;
  const email = result?.email ?? "";
  const found = result?.found ?? null;
  const lookupError = result?.errors.lookup ?? null;
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const errors: Record<string, string> = result?.errors ?? {};
  const retentionErrors = result?.intent === "retention" ? errors : {};
  const eraseErrors = result?.intent === "erase" ? errors : {};
  useEffect(() => {
    if (result?.message) toast.success(result.message);
  }, [result]);
  const total = found ? found.submissions.length : 0;

  return (
    <main className="px-4 py-6 sm:px-6 sm:py-8">
      <h1 className="font-display text-3xl font-semibold text-brand-900">Data protection</h1>
      <p className="mt-1 max-w-3xl text-slate-600">
        How long form submissions are kept, and the tools to answer a person who asks what we hold about them or asks us to erase it.
      </p>

      <div className="mt-6 grid gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <section className={card} aria-labelledby="retention-heading">
          <h2 id="retention-heading" className="font-display text-xl font-semibold text-brand-900">
            Retention periods
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Submissions are deleted automatically, with their files, this many months after they were last changed. The check runs every hour.
          </p>
          <Form method="post" className="mt-4 space-y-4" noValidate>
            <input type="hidden" name="intent" value="retention" />
            {SUBMISSION_KINDS.map((kind) => (
              <div key={kind}>
                <label htmlFor={`retention-${kind}`} className="block text-sm font-semibold text-slate-800">
                  {KIND_LABELS[kind]} (months)
                </label>
                <input
                  id={`retention-${kind}`}
                  name={kind}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={RETENTION_MONTHS_MAX}
                  defaultValue={retention[kind]}
                  aria-invalid={retentionErrors[kind] ? true : undefined}
                  aria-describedby={retentionErrors[kind] ? `retention-${kind}-error` : undefined}
                  className={`${control} max-w-40`}
                />
                <Error id={`retention-${kind}-error`} message={retentionErrors[kind]} />
              </div>
            ))}
            <div>
              <label htmlFor="retention-audit_log" className="block text-sm font-semibold text-slate-800">
                Audit log (months)
              </label>
              <input
                id="retention-audit_log"
                name="audit_log"
                type="number"
                inputMode="numeric"
                min={auditRetentionMin}
                max={RETENTION_MONTHS_MAX}
                defaultValue={auditRetention}
                aria-invalid={retentionErrors.audit_log ? true : undefined}
                aria-describedby={retentionErrors.audit_log ? "retention-audit_log-error" : "retention-audit_log-hint"}
                className={`${control} max-w-40`}
              />
              <p id="retention-audit_log-hint" className="mt-1 text-sm text-slate-600">
                Entries older than this are deleted; at least {auditRetentionMin} months. Nothing else can change or delete them.
              </p>
              <Error id="retention-audit_log-error" message={retentionErrors.audit_log} />
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
          <Form method="post" className="mt-4 flex flex-wrap items-end gap-3" role="search">
            <input type="hidden" name="intent" value="find" />
            <div className="min-w-0 flex-1 basis-64">
              <label htmlFor="lookup-email" className="block text-sm font-semibold text-slate-800">
                Email address
              </label>
              <input
                id="lookup-email"
                name="email"
                type="email"
                defaultValue={email}
                autoComplete="off"
                aria-invalid={lookupError ? true : undefined}
                aria-describedby={lookupError ? "lookup-email-error" : undefined}
                className={control}
              />
              <Error id="lookup-email-error" message={lookupError ?? undefined} />
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

              {(total > 0 || found.giving.gifts + found.giving.declarations + found.giving.monthly + found.bookings.length > 0) && (
                <Form method="post" className="rounded-xl bg-red-50 p-4 ring-1 ring-red-200" noValidate>
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
                    type="email"
                    autoComplete="off"
                    aria-invalid={eraseErrors.confirm ? true : undefined}
                    aria-describedby={eraseErrors.confirm ? "erase-confirm-error" : undefined}
                    className={`${control} max-w-md`}
                  />
                  <Error id="erase-confirm-error" message={eraseErrors.confirm ?? eraseErrors.email} />
                  <button type="submit" className="mt-3 rounded-full bg-red-700 px-5 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-60" disabled={busy("erase")}>
                    {busy("erase") ? "Erasing..." : "Erase permanently"}
                  </button>
                </Form>
              )}
            </div>
          )}
        </section>
      </div>
    </main>
  );
}
