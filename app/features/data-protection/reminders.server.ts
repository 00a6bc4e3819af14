/**
 * The "data-protection-reminders" job: emails the responsible staff a week before a
 * complaint's or request's due date, and once more when it has passed. Each reminder is
 * claimed by one UPDATE that sets its column only where it is still empty, so two
 * instances running the job at once send it once.
 */
import { sql } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { recordAudit } from "../../domain/audit/audit.server.ts";
import { siteOrigin } from "../../lib/config.server.ts";
import { logger } from "../../lib/logger.server.ts";
import { queueMail } from "../../mail/mailer.server.ts";
import { reminderMail } from "./complaint-mail.server.ts";
import { addDays } from "./dates.ts";
import { dataProtectionStaff } from "./staff.server.ts";
import { dpComplaints, dpRequests } from "./table.ts";
import { ukDate } from "../../lib/uk-time.ts";

export const REMINDERS_JOB = "data-protection-reminders";

type Due = {
  id: string;
  reference: string;
  due_on: string;
  responsible: string | null;
};

export async function runDataProtectionReminders(now = new Date()): Promise<{ soon: number; overdue: number }> {
  const today = ukDate(now);
  const weekAhead = addDays(today, 7);
  const db = getDb();
  const claim = async (query: ReturnType<typeof sql>) => (await db.execute<Due>(query)).rows;

  const complaintsSoon = await claim(sql`
    update ${dpComplaints} set reminded_soon_at = now()
    where status not in ('answered', 'closed') and reminded_soon_at is null and reminded_overdue_at is null
      and due_on <= ${weekAhead}::date and due_on >= ${today}::date
    returning id, reference, due_on::text as due_on, responsible_user_id as responsible`);
  const complaintsOverdue = await claim(sql`
    update ${dpComplaints} set reminded_overdue_at = now()
    where status not in ('answered', 'closed') and reminded_overdue_at is null and due_on < ${today}::date
    returning id, reference, due_on::text as due_on, responsible_user_id as responsible`);
  const requestsSoon = await claim(sql`
    update ${dpRequests} set reminded_soon_at = now()
    where answered_on is null and reminded_soon_at is null and reminded_overdue_at is null
      and coalesce(extended_to, due_on) <= ${weekAhead}::date and coalesce(extended_to, due_on) >= ${today}::date
    returning id, reference, coalesce(extended_to, due_on)::text as due_on, null::uuid as responsible`);
  const requestsOverdue = await claim(sql`
    update ${dpRequests} set reminded_overdue_at = now()
    where answered_on is null and reminded_overdue_at is null and coalesce(extended_to, due_on) < ${today}::date
    returning id, reference, coalesce(extended_to, due_on)::text as due_on, null::uuid as responsible`);

  const origin = siteOrigin().replace(/\/+$/, "");
  const send = async (items: Due[], kind: "complaint" | "request", when: "soon" | "overdue") => {
    for (const item of items) {
      const path = kind === "complaint" ? `/admin/data-protection/complaints/${item.id}` : `/admin/data-protection/requests/${item.id}`;
      for (const member of await dataProtectionStaff(item.responsible)) {
        await queueMail(reminderMail(member.email, { kind, reference: item.reference, dueOn: item.due_on, path }, when, origin));
      }
    }
  };
  await send(complaintsSoon, "complaint", "soon");
  await send(complaintsOverdue, "complaint", "overdue");
  await send(requestsSoon, "request", "soon");
  await send(requestsOverdue, "request", "overdue");
  const soon = complaintsSoon.length + requestsSoon.length;
  const overdue = complaintsOverdue.length + requestsOverdue.length;
  if (soon + overdue > 0) {
    await recordAudit({ email: "system" }, "data_protection.reminders", {
      details: { soon: [...complaintsSoon, ...requestsSoon].map((d) => d.reference), overdue: [...complaintsOverdue, ...requestsOverdue].map((d) => d.reference) },
    });
    logger.info({ soon, overdue }, "data protection reminders sent");
  }
  return { soon, overdue };
}
