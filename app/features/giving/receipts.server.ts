/**
 * The thank-you receipt mailed for each gift Stripe confirms: amount, date, reference,
 * cause, the Gift Aid declaration when one was made, for a monthly gift the link
 * that stops it, the "Manage my giving" link and the charity's registration number.
 */
import { eq } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { donations, giftAidDeclarations, monthlyGifts } from "./table.ts";
import { siteOrigin } from "../../lib/config.server.ts";
import { queueMail } from "../../mail/mailer.server.ts";
import { CHARITY_NAME } from "./donation.ts";
import { charityDetails, dedicationOf, MANAGE_GIVING_PATH, registeredCharityLine } from "../gift-options/index.ts";
import { DEDICATION_LABELS } from "../gift-options/index.ts";
import { formatPenceExact } from "../../lib/money.ts";
import { formatUk } from "../../lib/uk-time.ts";

const RECEIPT_SUBJECT = `Thank you for your donation to ${CHARITY_NAME}`;

function origin(): string {
  return siteOrigin().replace(/\/+$/, "");
}

async function receiptFor(donationId: string): Promise<{ to: string; subject: string; text: string } | null> {
  const [row] = await getDb()
    .select({ donation: donations, declaration: giftAidDeclarations, gift: monthlyGifts })
    .from(donations)
    .leftJoin(giftAidDeclarations, eq(giftAidDeclarations.id, donations.declaration_id))
    .leftJoin(monthlyGifts, eq(monthlyGifts.id, donations.monthly_gift_id))
    .where(eq(donations.id, donationId));
  if (!row) return null;
  const { donation, declaration, gift } = row;
  const lines = [
    declaration ? `Dear ${declaration.title} ${declaration.last_name},` : "Hello,",
    "",
    `Thank you for your ${donation.mode === "monthly" ? "monthly donation" : "donation"} to ${CHARITY_NAME}.`,
    "",
    `Amount: ${formatPenceExact(donation.amount_pence)}${donation.mode === "monthly" ? " (monthly)" : ""}`,
    ...(donation.fee_covered_pence > 0 ? [`Of which you added ${formatPenceExact(donation.fee_covered_pence)} to cover the processing fee: thank you.`] : []),
    ...(gift?.payment_method === "bacs_debit" ? ["Paid by: Direct Debit"] : []),
    `Date: ${formatUk(donation.paid_at, "date")}`,
    `Reference: ${donation.reference}`,
    `Cause: ${donation.cause_title ?? "Where it is needed most"}`,
  ];
  if (declaration) {
    lines.push(
      "",
      "Gift Aid declaration",
      `${declaration.title} ${declaration.first_name} ${declaration.last_name}, ${declaration.house}, ${declaration.postcode}`,
      declaration.declaration_text,
      "Please tell us if you want to cancel this declaration, change your name or home address, or no longer pay enough tax on your income and/or capital gains.",
    );
  }
  const dedication = await dedicationOf(donation);
  if (dedication) lines.push(`Given: ${DEDICATION_LABELS[dedication.kind].toLowerCase()} ${dedication.honoreeName}`);
  if (gift) {
    lines.push("", "To stop your monthly gift at any time, open this link:", `${origin()}/support/monthly/${gift.stop_token}`);
  }
  lines.push("", "See your gifts, receipts and yearly statements, or change your monthly gift or Gift Aid declaration:", `Manage my giving: ${origin()}${MANAGE_GIVING_PATH}`);
  const charity = await charityDetails();
  lines.push("", "With thanks from everyone at", registeredCharityLine({ ...charity, name: CHARITY_NAME }));
  return { to: donation.email, subject: RECEIPT_SUBJECT, text: lines.join("\n") };
}

/** Queues the receipt of a gift (the "mail" job sends it, retrying on failure). */
export async function sendReceipt(donationId: string): Promise<void> {
  const receipt = await receiptFor(donationId);
  if (receipt) await queueMail(receipt);
}
