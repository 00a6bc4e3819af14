/**
 * Money that never touches a card. An offline gift (cash, cheque, bank transfer) and a
 * collection of small gifts (a bucket at the fair, a contactless reader) are each a row
 * in `donations`, so the ledger, its totals trigger, cause progress, the CSV export and the
 * Gift Aid claim count them as they count card gifts; `offline_gifts` says how the money
 * came and who recorded it. `declaration_records` says how a Gift Aid declaration taken by
 * staff was made (on paper or spoken), and for a spoken one when its written record was
 * sent. `small_donation_claims` are the Gift Aid Small Donations Scheme top-ups claimed, by tax
 * year (what is left to claim is the year's collections less its claims).
 */
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, uuid, date } from "drizzle-orm/pg-core";
import { donations, giftAidDeclarations } from "../giving/table.ts";

export const offlineGifts = pgTable(
  "offline_gifts",
  {
    donation_id: uuid("donation_id")
      .primaryKey()
      .references(() => donations.id, { onDelete: "cascade" }),
    /** cash, cheque, bank-transfer: one donor's gift; collection: small cash or contactless gifts counted together. */
    method: text("method").$type<"cash" | "cheque" | "bank-transfer" | "collection">().notNull(),
    /** A collection's place (the craft fair, the library counter). */
    place: text("place").notNull().default(""),
    /** A collection: cash (notes and coins) or contactless. */
    collected_as: text("collected_as").$type<"cash" | "contactless" | null>(),
    /** The day the money was received or collected (Europe/London). */
    received_on: date("received_on", { mode: "string" }).notNull(),
    recorded_by: text("recorded_by").notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("offline_gifts_method", sql`${t.method} in ('cash', 'cheque', 'bank-transfer', 'collection')`),
    check("offline_gifts_collected_as", sql`(${t.method} = 'collection') = (${t.collected_as} is not null)`),
    index("offline_gifts_received_idx").on(t.method, t.received_on),
  ],
);

export const declarationRecords = pgTable(
  "declaration_records",
  {
    declaration_id: uuid("declaration_id")
      .primaryKey()
      .references(() => giftAidDeclarations.id, { onDelete: "cascade" }),
    made_how: text("made_how").$type<"paper" | "spoken">().notNull(),
    /** A spoken declaration: the day its written record was sent to the donor (null: not yet sent). */
    record_sent_on: date("record_sent_on", { mode: "string" }),
    recorded_by: text("recorded_by").notNull(),
  },
  (t) => [check("declaration_records_how", sql`${t.made_how} in ('paper', 'spoken')`)],
);

export const smallDonationClaims = pgTable("small_donation_claims", {
  id: serial("id").primaryKey(),
  /** The tax year's first calendar year: 2026 is 6 April 2026 to 5 April 2027. */
  tax_year: integer("tax_year").notNull(),
  donations_pence: integer("donations_pence").notNull(),
  top_up_pence: integer("top_up_pence").notNull(),
  claimed_by: text("claimed_by").notNull(),
  created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
