/**
 * The thank-you receipt mailed for each gift Stripe confirms: amount, date, reference,
 * cause, the Gift Aid declaration when one was made, for a monthly gift the link
 * that stops it, the "Manage my giving" link and the charity's registration number.
 */
import { eq } from "drizzle-orm";
import { getDb } from "../../db/client.server.ts";
import { donations, giftAidDeclarations, monthlyGifts } from "../../db/schema.ts";
import { siteOrigin } from "../../lib/config.server.ts";
import { getSiteSettings } from "../settings/settings.server.ts";
import { queueMail } from "../../mail/mailer.server.ts";
import { CHARITY_NAME, formatPenceExact } from "./donation.ts";
import { londonDate } from "./references.server.ts";

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
    `Date: ${londonDate(donation.paid_at)}`,
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
  if (gift) {
    lines.push("", "To stop your monthly gift at any time, open this link:", `${origin()}/support/monthly/${gift.stop_token}`);
  }
  lines.push("", "See your gifts, receipts and yearly statements, or change your monthly gift or Gift Aid declaration:", `Manage my giving: ${origin()}/manage-giving`);
  const number = (await getSiteSettings()).charity_number.trim();
  lines.push("", "With thanks from everyone at", CHARITY_NAME, number ? `${CHARITY_NAME} is a registered charity, number ${number}.` : `${CHARITY_NAME} is a registered charity.`);
  return { to: donation.email, subject: RECEIPT_SUBJECT, text: lines.join("\n") };
}

/** Queues the receipt of a gift (the "mail" job sends it, retrying on failure). */
export async function sendReceipt(donationId: string): Promise<void> {
  const receipt = await receiptFor(donationId);
  if (receipt) await queueMail(receipt);
}
