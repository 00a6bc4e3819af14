/**
 * Data protection for form submissions: retention periods per kind (site settings),
 * automatic deletion of expired submissions and their files, and the administrator's
 * tools for one email address (find everything held, export it, erase it).
 */
import { createHash } from "node:crypto";
import { and, eq, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { adminUsers, auditLog, sessions, siteSettings, users } from "../../db/schema.ts";
import { formSubmissions, type SubmissionKind } from "../../features/submissions/table.ts";
import { logger } from "../../lib/logger.server.ts";
import { publishChange } from "../../live/change-feed.server.ts";
import { eraseQueuedMail } from "../../mail/mailer.server.ts";
import { recordAudit, type AuditActor } from "../audit/audit.server.ts";
import { privateStore } from "../../storage/file-store.server.ts";
import { KIND_LABELS, submissionFields, type SubmissionRow } from "../../features/submissions/index.ts";
import { AuditRetentionSchema, EmailLookupSchema, RetentionSchema } from "./retention.schema.ts";
import { bookingsDataExport, eraseFromBookings, findBookingsByEmail, type BookingWithTitle } from "../../features/bookings/index.ts";
import { applyRetentionRules, complaintsByEmail, getRetentionPeriods, keptKinds, periodText, requestsByEmail } from "../../features/data-protection/index.ts";
import { eraseVolunteerData, findVolunteerData, volunteerDataExport, type VolunteerData } from "../../features/volunteering/index.ts";
import { donorDataExport, eraseDonorData, findDonorData, stopErasedSubscriptions, type DonorData, type DonorErasure } from "../../features/giving/index.ts";
import { eraseRecipientRows, findRecipientRows, recipientRowsExport } from "../../features/newsletters/index.ts";
import { addressesOfPerson, eraseSupporter, findSupporterData, supporterDataExport, type SupporterData } from "../../features/supporters/index.ts";
import { eraseWaitlistEntries, findWaitlistEntries, refillAfterErasure, waitlistDataExport, type WaitlistEntryWithEvent } from "../../features/waitlist/index.ts";
import { donorAccessOf, eraseDonorAccess } from "../../features/donor-account/index.ts";

const DEFAULT_RETENTION_MONTHS = 12;
const DEFAULT_AUDIT_RETENTION_MONTHS = 24;

export type RetentionSettings = Record<SubmissionKind, number>;


export async function getRetentionSettings(): Promise<RetentionSettings> {
  const [row] = await getDb()
    .select({
      volunteer: siteSettings.retention_months_volunteer,
      stall_application: siteSettings.retention_months_stall_application,
      nomination: siteSettings.retention_months_nomination,
    })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1))
    .limit(1);
  return row ?? { volunteer: DEFAULT_RETENTION_MONTHS, stall_application: DEFAULT_RETENTION_MONTHS, nomination: DEFAULT_RETENTION_MONTHS };
}

export async function updateRetentionSettings(input: RetentionSettings, actor: AuditActor): Promise<RetentionSettings> {
  const value = RetentionSchema.parse(input);
  const before = await getRetentionSettings();
  await getDb().transaction(async (tx) => {
    await tx
      .update(siteSettings)
      .set({
        retention_months_volunteer: value.volunteer,
        retention_months_stall_application: value.stall_application,
        retention_months_nomination: value.nomination,
        updated_at: new Date(),
      })
      .where(eq(siteSettings.id, 1));
    await recordAudit(actor, "settings.retention", { entity: "site_settings", entityId: 1, details: { from: before, to: value } }, tx);
  });
  // The privacy notice shows the periods: its cached page is refreshed.
  publishChange("settings");
  return value;
}


export async function getAuditRetentionMonths(): Promise<number> {
  const [row] = await getDb().select({ months: siteSettings.retention_months_audit_log }).from(siteSettings).where(eq(siteSettings.id, 1));
  return row?.months ?? DEFAULT_AUDIT_RETENTION_MONTHS;
}

/** Sets how long audit entries are kept (12 to 120 months); audited. */
export async function updateAuditRetention(input: number, actor: AuditActor): Promise<number> {
  const months = AuditRetentionSchema.parse(input);
  const before = await getAuditRetentionMonths();
  if (before === months) return months;
  await getDb().transaction(async (tx) => {
    await tx.update(siteSettings).set({ retention_months_audit_log: months, updated_at: new Date() }).where(eq(siteSettings.id, 1));
    await recordAudit(actor, "settings.audit_retention", { entity: "site_settings", entityId: 1, details: { from: before, to: months } }, tx);
  });
  return months;
}

/** Deletes the files of submissions from the private store (missing files are fine). */
async function deleteFiles(rows: Pick<SubmissionRow, "files">[]): Promise<number> {
  let deleted = 0;
  for (const row of rows) {
    for (const file of row.files) {
      try {
        await privateStore().delete(file.key);
        deleted++;
      } catch (error) {
        logger.error({ err: error }, "could not delete a submission file");
      }
    }
  }
  return deleted;
}

/**
 * Deletes every submission whose last change is older than its kind's retention period
 * at `now`, with its files. Returns what was deleted (counts only). Audited as one entry.
 */
export async function deleteExpiredSubmissions(now: Date = new Date()): Promise<{ submissions: number; files: number; byKind: Partial<Record<SubmissionKind, number>> }> {
  const retention = await getRetentionSettings();
  const expired = or(
    ...(Object.entries(retention) as [SubmissionKind, number][]).map(([kind, m]) =>
      and(eq(formSubmissions.kind, kind), lt(formSubmissions.updated_at, sql`${now.toISOString()}::timestamptz - make_interval(months => ${m})`)),
    ),
  ) as SQL;
  const rows = await getDb()
    .delete(formSubmissions)
    .where(expired)
    .returning({ id: formSubmissions.id, kind: formSubmissions.kind, files: formSubmissions.files });
  if (rows.length === 0) return { submissions: 0, files: 0, byKind: {} };
  const files = await deleteFiles(rows);
  const byKind: Partial<Record<SubmissionKind, number>> = {};
  for (const r of rows) byKind[r.kind] = (byKind[r.kind] ?? 0) + 1;
  await recordAudit({ email: "system" }, "submissions.retention_delete", { entity: "form_submission", details: { count: rows.length, files, byKind, retention } });
  logger.info({ count: rows.length, files, byKind }, "expired submissions deleted");
  return { submissions: rows.length, files, byKind };
}

// ---------------------------------------------------------------------------------------
// One person's data


/** A hash of an address, so an erasure can be recorded without keeping the address. */
export function emailHash(email: string): string {
  return createHash("sha256").update(email.trim().toLowerCase()).digest("hex");
}

/** Submissions made with this address or naming it in any field (e.g. a nominee's contact). */
function submissionsOf(email: string): SQL {
  return or(
    sql`lower(${formSubmissions.email}) = ${email}`,
    // Any field naming the address (a nominee's email, say); submission_field_values and its
    // index are defined in the migrations.
    sql`submission_field_values(${formSubmissions.data}) @> array[${email}::text]`,
  ) as SQL;
}

export interface PersonalData {
  email: string;
  submissions: SubmissionRow[];
  accounts: { id: string; email: string; role: string | null; created_at: Date; last_login_at: Date | null; sessions: number }[];
  auditEntries: (typeof auditLog.$inferSelect)[];
  donor: DonorData;
  bookings: BookingWithTitle[];
  complaints: Awaited<ReturnType<typeof complaintsByEmail>>;
  requests: Awaited<ReturnType<typeof requestsByEmail>>;
  volunteering: VolunteerData;
  /** The supporter record, notes, tags, consent events and timeline entries. */
  supporter: SupporterData;
  /** The newsletters sent (or tried) to the address. */
  newsletters: Awaited<ReturnType<typeof findRecipientRows>>;
  /** The event waitlists the address joined. */
  waitlists: WaitlistEntryWithEvent[];
  /** The donor's sign-in links and sessions (only hashes of their tokens are kept). */
  donorAccess: { links: number; sessions: number };
}

/** Everything held about one email address: submissions of every kind, accounts, audit entries. */
export async function findPersonalData(rawEmail: string): Promise<PersonalData> {
  const email = EmailLookupSchema.parse(rawEmail);
  const db = getDb();
  const submissions = await db.select().from(formSubmissions).where(submissionsOf(email)).orderBy(formSubmissions.created_at);
  const accountRows = await db
    .select({ id: users.id, email: users.email, role: adminUsers.role, created_at: users.created_at, last_login_at: users.last_login_at })
    .from(users)
    .leftJoin(adminUsers, eq(adminUsers.user_id, users.id))
    .where(sql`lower(${users.email}) = ${email}`);
  const accounts = [];
  for (const a of accountRows) {
    const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(sessions).where(eq(sessions.user_id, a.id));
    accounts.push({ ...a, sessions: n });
  }
  const ids = accounts.map((a) => a.id);
  const auditEntries = await db
    .select()
    .from(auditLog)
    .where(ids.length ? or(sql`lower(${auditLog.actor_email}) = ${email}`, inArray(auditLog.actor_user_id, ids)) : sql`lower(${auditLog.actor_email}) = ${email}`)
    .orderBy(auditLog.at)
    .limit(5000);
  return {
    email,
    submissions,
    accounts,
    auditEntries,
    donor: await findDonorData(email),
    bookings: await findBookingsByEmail(db, email),
    volunteering: await findVolunteerData(email),
    complaints: await complaintsByEmail(email),
    requests: await requestsByEmail(email),
    supporter: await findSupporterData(email, db),
    newsletters: await findRecipientRows(email, db),
    waitlists: await findWaitlistEntries(email, db),
    donorAccess: await donorAccessOf(email, db),
  };
}

/** The subject-access export: a JSON document of everything found, with readable field labels. */
export function personalDataExport(found: PersonalData, now = new Date()) {
  return {
    exported_at: now.toISOString(),
    email: found.email,
    controller: "Millbrook Community Foundation",
    submissions: found.submissions.map((s) => ({
      reference: s.reference,
      kind: KIND_LABELS[s.kind],
      status: s.status,
      received: s.created_at.toISOString(),
      last_changed: s.updated_at.toISOString(),
      name: s.name,
      email: s.email,
      fields: Object.fromEntries(submissionFields(s.kind, s.data).map((f) => [f.label, f.value])),
      data: s.data,
      files: s.files.map((f) => ({ name: f.name, type: f.type, size: f.size })),
      internal_note: s.note,
      ip_address: s.ip,
    })),
    accounts: found.accounts.map((a) => ({
      email: a.email,
      staff_role: a.role,
      created: a.created_at.toISOString(),
      last_login: a.last_login_at?.toISOString() ?? null,
      active_sessions: a.sessions,
    })),
    giving: donorDataExport(found.donor),
    bookings: bookingsDataExport(found.bookings),
    waitlists: waitlistDataExport(found.waitlists),
    giving_sign_in: { sign_in_links: found.donorAccess.links, sessions: found.donorAccess.sessions },
    data_protection_complaints: found.complaints.map((c) => ({
      reference: c.reference,
      received: c.received_at.toISOString(),
      name: c.name,
      email: c.email,
      category: c.category,
      concern: c.about,
      contact_by: c.contact_by,
      contact_detail: c.contact_detail,
      status: c.status,
      due_on: c.due_on,
      outcome: c.outcome_sent_at ? c.outcome : null,
    })),
    data_protection_requests: found.requests.map((r) => ({
      reference: r.reference,
      kind: r.kind,
      came_by: r.channel,
      received_on: r.received_on,
      deadline: r.extended_to ?? r.due_on,
      extension_reason: r.extension_reason,
      answered_on: r.answered_on,
      answered_how: r.answered_how,
    })),
    volunteering: volunteerDataExport(found.volunteering),
    supporter: supporterDataExport(found.supporter),
    newsletters_sent_to_you: recipientRowsExport(found.newsletters),
    audit_log: found.auditEntries.map((e) => ({
      at: e.at.toISOString(),
      action: e.action,
      entity: e.entity,
      entity_id: e.entity_id,
      ip_address: e.ip,
    })),
  };
}

/**
 * Erases the submissions held about an address (rows and files), its donations (except
 * what a Gift Aid claim needs), its name and address in bookings and waitlists (taking it
 * out of any line it is in), and the donor's sign-in links and sessions. The audit entry keeps
 * only counts, kinds and a hash of the address, never the erased data. Accounts are not
 * touched here (they are managed on the Users screen). The supporter record goes too, with
 * its notes, tags and consent; the other addresses of the same supporter (merged in) are
 * erased with it, since they are the same person.
 */
export async function erasePersonalData(
  rawEmail: string,
  actor: AuditActor,
  options: { requestId?: string | null } = {},
): Promise<{
  submissions: number;
  files: number;
  byKind: Partial<Record<SubmissionKind, number>>;
  giving: Omit<DonorErasure, "subscriptionsToStop">;
  bookings: number;
  mail: number;
  volunteering: { volunteers: number; signups: number };
  waitlists: number;
  donorAccess: { links: number; sessions: number };
}> {
  const email = EmailLookupSchema.parse(rawEmail);
  // An erasure made from a logged request names it in every audit entry (its page lists them).
  const request = options.requestId ? { request_id: options.requestId } : {};
  const { rows, byKind, giving, bookings, volunteering, waitlists, donorAccess } = await getDb().transaction(async (tx) => {
    const addresses = await addressesOfPerson(tx, email);
    const deleted = await tx
      .delete(formSubmissions)
      .where(or(...addresses.map(submissionsOf)))
      .returning({ id: formSubmissions.id, kind: formSubmissions.kind, files: formSubmissions.files });
    const kinds: Partial<Record<SubmissionKind, number>> = {};
    for (const r of deleted) kinds[r.kind] = (kinds[r.kind] ?? 0) + 1;
    const fileCount = deleted.reduce((n, r) => n + r.files.length, 0);
    await recordAudit(
      actor,
      "submissions.erase",
      { entity: "form_submission", details: { count: deleted.length, files: fileCount, byKind: kinds, email_sha256: emailHash(email), ...request } },
      tx,
    );
    // Giving: claimed gifts of the last 6 years and their declarations are kept (Gift Aid).
    const erasedGiving = await eraseDonorData(tx, email);
    for (const other of addresses.slice(1)) {
      const more = await eraseDonorData(tx, other);
      erasedGiving.gifts += more.gifts;
      erasedGiving.declarations += more.declarations;
      erasedGiving.monthlyGifts += more.monthlyGifts;
      erasedGiving.keptGifts += more.keptGifts;
      erasedGiving.keptDeclarations += more.keptDeclarations;
      erasedGiving.subscriptionsToStop.push(...more.subscriptionsToStop);
    }
    if (erasedGiving.gifts + erasedGiving.declarations + erasedGiving.monthlyGifts + erasedGiving.keptGifts > 0) {
      const { subscriptionsToStop, ...counts } = erasedGiving;
      await recordAudit(actor, "donations.erase", { entity: "donation", details: { ...counts, stopped: subscriptionsToStop.length, email_sha256: emailHash(email), ...request } }, tx);
    }
    // Bookings keep their tickets and amounts; the name and address go.
    let erasedBookings = 0;
    for (const address of addresses) erasedBookings += await eraseFromBookings(tx, address);
    if (erasedBookings > 0) {
      await recordAudit(actor, "booking.erase", { entity: "booking", details: { count: erasedBookings, email_sha256: emailHash(email), ...request } }, tx);
    }
    // Waitlist entries keep their event, places and times; the name and address go, and whoever is still in line leaves it.
    const erasedWaitlists = await eraseWaitlistEntries(tx, addresses);
    if (erasedWaitlists.entries > 0) {
      await recordAudit(actor, "waitlist.erase", { entity: "waitlist_entry", details: { count: erasedWaitlists.entries, email_sha256: emailHash(email), ...request } }, tx);
    }
    // The donor's sign-in links and sessions go now rather than when they expire.
    const erasedAccess = await eraseDonorAccess(tx, addresses);
    // The newsletters sent to each address, then the supporter record, its notes, tags, consent and timeline entries.
    const erasedNewsletters = await eraseRecipientRows(tx, addresses);
    const erasedSupporter = { ...(await eraseSupporter(tx, addresses)), newsletterRecipients: erasedNewsletters };
    if (erasedSupporter.supporters > 0) {
      await recordAudit(actor, "supporters.erase", { entity: "supporter", details: { ...erasedSupporter, addresses: addresses.length, email_sha256: emailHash(email) } }, tx);
    }
    // Volunteering: the person goes; their shifts and hours stay in the totals, anonymous.
    const erasedVolunteering = { volunteers: 0, signups: 0 };
    for (const address of addresses) {
      const more = await eraseVolunteerData(tx, address);
      erasedVolunteering.volunteers += more.volunteers;
      erasedVolunteering.signups += more.signups;
    }
    if (erasedVolunteering.volunteers + erasedVolunteering.signups > 0) {
      await recordAudit(actor, "volunteering.erase", { entity: "volunteer", details: { ...erasedVolunteering, email_sha256: emailHash(email), ...request } }, tx);
    }
    return {
      rows: deleted,
      byKind: kinds,
      giving: erasedGiving,
      bookings: erasedBookings,
      volunteering: erasedVolunteering,
      waitlists: erasedWaitlists,
      donorAccess: erasedAccess,
    };
  });
  // Places held for an erased person's offer go to the next in line.
  await refillAfterErasure(waitlists.events);
  const files = await deleteFiles(rows);
  // Mail to or about the person still in the queue (waiting, retrying, failed or kept after sending).
  const mail = await eraseQueuedMail(email);
  await recordAudit(actor, "mail.erase", { entity: "mail", details: { count: mail, email_sha256: emailHash(email), ...request } });
  const { subscriptionsToStop, ...givingCounts } = giving;
  await stopErasedSubscriptions(subscriptionsToStop);
  return { submissions: rows.length, files, byKind, giving: givingCounts, bookings, mail, volunteering, waitlists: waitlists.entries, donorAccess };
}

// ---------------------------------------------------------------------------------------
// The daily job (app/jobs/jobs.server.ts)

/**
 * Deletes audit entries older than the audit log's retention (site settings, 12 to 120
 * months). The table refuses every other UPDATE and DELETE (a database trigger); this
 * purge is the one path it lets through: it sets app.audit_purge for its own transaction
 * only, and the trigger still refuses entries younger than 12 months.
 */
export async function purgeExpiredAuditEntries(now: Date = new Date()): Promise<number> {
  const months = await getAuditRetentionMonths();
  const deleted = await getDb().transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.audit_purge', 'on', true)`);
    return tx
      .delete(auditLog)
      .where(lt(auditLog.at, sql`${now.toISOString()}::timestamptz - make_interval(months => ${months})`))
      .returning({ id: auditLog.id });
  });
  if (deleted.length > 0) {
    await recordAudit({ email: "system" }, "audit_log.retention_delete", { entity: "audit_log", details: { count: deleted.length, months } });
    logger.info({ count: deleted.length, months }, "expired audit entries deleted");
  }
  return deleted.length;
}

/**
 * The retention clean-up (the daily "retention" job): expired submissions, old audit
 * entries, then every kind of the retention registry (bookings, gifts, complaints,
 * requests...). One audit entry per run says what each kind removed, zeros included.
 */
export async function runRetention(now: Date = new Date()) {
  const submissions = await deleteExpiredSubmissions(now);
  const auditEntries = await purgeExpiredAuditEntries(now);
  const kinds = await applyRetentionRules(now);
  await recordAudit({ email: "system" }, "retention.run", {
    entity: "retention",
    details: { submissions: submissions.byKind, files: submissions.files, audit_entries: auditEntries, ...kinds },
  });
  return { submissions: submissions.submissions, files: submissions.files, auditEntries, kinds };
}

/**
 * The privacy notice's "How long we keep it" list, made from the same settings the job
 * applies: the submission kinds' periods and every kept kind of the registry.
 */
async function retentionNoticeLines(): Promise<string[]> {
  const [submissions, periods] = await Promise.all([getRetentionSettings(), getRetentionPeriods()]);
  const after = (months: number) => `${periodText(months)} after the last change.`;
  return [
    `- Volunteer forms: ${after(submissions.volunteer)}`,
    `- Stall applications: ${after(submissions.stall_application)}`,
    `- Nominations: ${after(submissions.nomination)}`,
    ...keptKinds().map((k) => `- ${k.notice.replaceAll("{period}", periodText(periods[k.kind]))}`),
  ];
}

const RETENTION_HEADING = "## How long we keep it";

/**
 * The privacy notice with its retention section made from the retention settings the
 * daily job applies (so the notice cannot disagree with it): it replaces the section under
 * the heading, or is added at the end when staff removed the heading.
 */
export async function withRetentionSection(body: string): Promise<string> {
  const lines = await retentionNoticeLines();
  const section = `${RETENTION_HEADING}\n\n${lines.join("\n")}\n\nAfter that the information is deleted, or kept without your name and contact details where our accounts need it.`;
  const start = body.search(/^## How long we keep it[^\S\n]*$/m);
  if (start === -1) return `${body.trimEnd()}\n\n${section}`;
  const afterHeading = body.indexOf("\n", start);
  const next = afterHeading === -1 ? -1 : body.slice(afterHeading).search(/^## /m);
  const end = next === -1 ? body.length : afterHeading + next;
  return `${body.slice(0, start)}${section}${end < body.length ? `\n\n${body.slice(end)}` : ""}`;
}
