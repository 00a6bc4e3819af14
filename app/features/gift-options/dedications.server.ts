/**
 * Dedicated gifts: recorded with the gift when Stripe confirms it (from what the donor
 * entered at checkout), and the notification to the person the donor named, queued once
 * with the gift's first payment: the row is marked in the same transaction as the payment
 * is recorded, so a repeated or concurrent event cannot queue it twice.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { donations } from "../giving/table.ts";

import { queueMail } from "../../mail/mailer.server.ts";
import type { AfterCommit, Transaction } from "../../payments/webhooks.server.ts";
import { charityDetails, registeredCharityLine } from "./charity.server.ts";
import { DEDICATION_LABELS } from "./dedication.ts";
import { parseDedication } from "./dedication.schema.ts";
import { giftDedications } from "./table.ts";
import { formatPenceExact } from "../../lib/money.ts";

type Target = { donationId: string } | { monthlyGiftId: string };

/** Records the dedication the checkout's values hold (checked again: they were checked at the form). */
export async function recordDedication(tx: Transaction, values: Record<string, string>, target: Target): Promise<void> {
  const dedication = parseDedication(values, {});
  if (!dedication || !dedication.honoreeName || dedication.honoreeName.length > 100) return;
  await tx
    .insert(giftDedications)
    .values({
      ...("donationId" in target ? { donation_id: target.donationId } : { monthly_gift_id: target.monthlyGiftId }),
      kind: dedication.kind === "honour" ? "honour" : "memory",
      honoree_name: dedication.honoreeName,
      message: dedication.message.slice(0, 500),
      notify_name: dedication.notify?.name || null,
      notify_email: dedication.notify?.email || null,
      show_amount: dedication.notify?.showAmount ?? false,
    })
    .onConflictDoNothing();
}

/**
 * For a just-recorded payment: when its gift is dedicated with someone to tell and the
 * notice was never queued, marks it queued and returns what queues it after the commit.
 */
export async function dedicationNoticeAfter(tx: Transaction, donationId: string): Promise<AfterCommit | null> {
  const [gift] = await tx.select({ id: donations.id, monthly: donations.monthly_gift_id, amount: donations.amount_pence, fee: donations.fee_covered_pence, email: donations.email }).from(donations).where(eq(donations.id, donationId));
  if (!gift) return null;
  const [claimed] = await tx
    .update(giftDedications)
    .set({ notice_queued_at: sql`now()` })
    .where(
      and(
        gift.monthly ? eq(giftDedications.monthly_gift_id, gift.monthly) : eq(giftDedications.donation_id, gift.id),
        isNull(giftDedications.notice_queued_at),
        sql`${giftDedications.notify_email} is not null`,
      ),
    )
    .returning();
  if (!claimed?.notify_email) return null;
  const to = claimed.notify_email;
  const amount = gift.amount;
  const monthly = Boolean(gift.monthly);
  return async () => {
    const charity = await charityDetails();
    const what = monthly ? "a monthly gift" : "a gift";
    const lines = [
      `Dear ${claimed.notify_name ?? ""},`,
      "",
      `${DEDICATION_LABELS[claimed.kind]} ${claimed.honoree_name}, someone has made ${what} to ${charity.name}${claimed.show_amount ? ` of ${formatPenceExact(amount)}${monthly ? " a month" : ""}` : ""}.`,
      "They asked us to let you know.",
    ];
    if (claimed.message) lines.push("", "Their message:", claimed.message);
    lines.push("", "With thanks from everyone at", registeredCharityLine(charity), charity.email);
    await queueMail({ to, subject: `A gift ${claimed.kind === "memory" ? "in memory" : "in honour"} of ${claimed.honoree_name}`, text: lines.join("\n"), about: [gift.email] });
  };
}

export interface DedicationView {
  kind: "memory" | "honour";
  honoreeName: string;
  message: string;
  notifyName: string | null;
  notifyEmail: string | null;
  showAmount: boolean;
  noticeQueuedAt: Date | null;
}

/** The dedication of a gift (its own, or its monthly gift's), for the admin. */
export async function dedicationOf(donation: { id: string; monthly_gift_id: string | null }): Promise<DedicationView | null> {
  const [row] = await getDb()
    .select()
    .from(giftDedications)
    .where(donation.monthly_gift_id ? eq(giftDedications.monthly_gift_id, donation.monthly_gift_id) : eq(giftDedications.donation_id, donation.id));
  if (!row) return null;
  return {
    kind: row.kind,
    honoreeName: row.honoree_name,
    message: row.message,
    notifyName: row.notify_name,
    notifyEmail: row.notify_email,
    showAmount: row.show_amount,
    noticeQueuedAt: row.notice_queued_at,
  };
}
