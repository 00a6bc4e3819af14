/** Giving settings staff edit in Settings: the largest online gift and the other ways to give. */
import { and, asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "../../db/client.server.ts";
import { donations, givingSettings } from "./table.ts";
import { causes } from "../../features/causes/table.ts";
import { DEFAULT_MAX_DONATION_PENCE, parseAmount } from "./donation.ts";
import { formatPence, readPence } from "../../lib/money.ts";

export const DEFAULT_OTHER_WAYS_TEXT =
  "You can give by bank transfer or by cheque made payable to Millbrook Community Foundation. Email info@millbrookfoundation.org.uk and we will send you our bank details or the address for cheques.";

const DEFAULT_OFFLINE_RAISED_PENCE = 650_000;

export interface GivingSettings {
  maxDonationPence: number;
  otherWaysText: string;
  /** Money raised off the site, entered by staff. */
  offlineRaisedPence: number;
  /** Tickets one client (an address, or an email) may hold or book for one event. */
  maxTicketsPerClient: number;
  /** How long a waitlist offer holds its places (hours). */
  waitlistOfferHours: number;
  /** How long before an event its bookings get their reminder (hours). */
  reminderHoursBefore: number;
}

export const DEFAULT_MAX_TICKETS_PER_CLIENT = 10;

export async function readGivingSettings(): Promise<GivingSettings> {
  const [row] = await getDb().select().from(givingSettings).limit(1);
  return {
    maxDonationPence: row?.max_donation_pence ?? DEFAULT_MAX_DONATION_PENCE,
    otherWaysText: row?.other_ways_text || DEFAULT_OTHER_WAYS_TEXT,
    offlineRaisedPence: row?.offline_raised_pence ?? DEFAULT_OFFLINE_RAISED_PENCE,
    maxTicketsPerClient: row?.max_tickets_per_client ?? DEFAULT_MAX_TICKETS_PER_CLIENT,
    waitlistOfferHours: row?.waitlist_offer_hours ?? 12,
    reminderHoursBefore: row?.reminder_hours_before ?? 24,
  };
}

export type GivingSettingsErrors = Partial<Record<"maxDonation" | "otherWaysText" | "offlineRaised" | "maxTicketsPerClient" | "waitlistOfferHours" | "reminderHoursBefore", string>>;

export async function saveGivingSettings(
  input: Record<string, unknown>,
): Promise<{ ok: true; settings: GivingSettings } | { ok: false; errors: GivingSettingsErrors }> {
  const errors: GivingSettingsErrors = {};
  const max = parseAmount(String(input.maxDonation ?? ""), 100_000_000);
  if (!max.ok) errors.maxDonation = max.error.replace(`${formatPence(100_000_000)}`, "£1,000,000");
  const text = z.string().trim().max(2000, "Other ways to give must be at most 2000 characters").safeParse(String(input.otherWaysText ?? ""));
  if (!text.success) errors.otherWaysText = text.error.issues[0]?.message;
  const offlineRead = readPence(String(input.offlineRaised ?? "0").trim() || "0");
  const offline = offlineRead.ok ? offlineRead.pence : null;
  if (offline === null || offline > 2_000_000_000) errors.offlineRaised = "Enter the amount raised off the site in pounds and pence, for example 6500";
  const ticketsText = String(input.maxTicketsPerClient ?? DEFAULT_MAX_TICKETS_PER_CLIENT).trim();
  const tickets = /^\d{1,4}$/.test(ticketsText) ? Number(ticketsText) : 0;
  if (tickets < 1 || tickets > 1000) errors.maxTicketsPerClient = "Enter the most tickets one person may book for an event, a whole number from 1 to 1000";
  const hours = (name: "waitlistOfferHours" | "reminderHoursBefore", fallback: number, what: string) => {
    const raw = String(input[name] ?? fallback).trim();
    const n = /^\d{1,3}$/.test(raw) ? Number(raw) : 0;
    if (n < 1 || n > 168) errors[name] = `Enter ${what} in hours, a whole number from 1 to 168`;
    return n;
  };
  const offerHours = hours("waitlistOfferHours", 12, "how long waitlist offers are held");
  const reminderHours = hours("reminderHoursBefore", 24, "when booking reminders are sent");
  if (!max.ok || !text.success || offline === null || errors.offlineRaised || errors.maxTicketsPerClient || errors.waitlistOfferHours || errors.reminderHoursBefore) {
    return { ok: false, errors };
  }
  const values = {
    max_donation_pence: max.pence,
    other_ways_text: text.data,
    offline_raised_pence: offline,
    max_tickets_per_client: tickets,
    waitlist_offer_hours: offerHours,
    reminder_hours_before: reminderHours,
    updated_at: new Date(),
  };
  await getDb().insert(givingSettings).values({ id: 1, ...values }).onConflictDoUpdate({ target: givingSettings.id, set: values });
  return { ok: true, settings: await readGivingSettings() };
}

/** The causes a donor may choose (id and title): those shown on the website. */
export async function donationCauses(): Promise<{ id: number; title: string }[]> {
  return getDb().select({ id: causes.id, title: causes.title }).from(causes).where(eq(causes.is_visible, true)).orderBy(asc(causes.sort_order), asc(causes.id));
}

/** Everything raised: the amount staff enter for money raised off the site, plus paid gifts. */
export async function raisedTotalPence(): Promise<number> {
  const [settings, [row]] = await Promise.all([
    readGivingSettings(),
    getDb()
      .select({ pence: sql<string>`coalesce(sum(${donations.amount_pence}), 0)` })
      .from(donations)
      .where(and(eq(donations.status, "paid"))),
  ]);
  return settings.offlineRaisedPence + Number(row.pence);
}

/** "£6.5k+" for the home page's figures (whole pounds under £1,000). */
export const formatRaised = (pence: number) => formatPence(pence, "at-least");
