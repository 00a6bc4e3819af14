/** Staff forms of event tickets: a ticket type, and a discount code (server side, Zod). */
import { z } from "zod";
import { readPence } from "../../lib/money.ts";

const pounds = (label: string) =>
  z
    .string()
    .trim()
    .transform((v, ctx) => {
      if (v === "") return 0;
      const read = readPence(v);
      if (read.ok && read.pence < 10_000_000) return read.pence;
      ctx.addIssue({ code: "custom", message: `${label}: enter pounds and pence, like 7.50` });
      return z.NEVER;
    });

const optionalWhole = (message: string, max: number) =>
  z
    .string()
    .trim()
    .refine((v) => v === "" || (/^\d{1,6}$/.test(v) && Number(v) >= 1 && Number(v) <= max), message)
    .transform((v) => (v === "" ? null : Number(v)));

export const TicketTypeSchema = z.object({
  name: z.string().trim().min(1, "Enter the ticket's name, like Adult").max(60, "Keep the name under 60 characters"),
  description: z
    .string()
    .trim()
    .max(200, "Keep the description under 200 characters")
    .transform((v) => v || null),
  price: pounds("Price"),
  places: z
    .string()
    .trim()
    .refine((v) => /^\d{1,2}$/.test(v) && Number(v) >= 1 && Number(v) <= 10, "Places per ticket: a number from 1 to 10")
    .transform(Number),
  limit: optionalWhole("Limit: leave empty, or a number of tickets from 1", 100_000),
  position: z
    .string()
    .trim()
    .transform((v) => (/^\d{1,4}$/.test(v) ? Number(v) : 0)),
});
export type TicketTypeInput = z.infer<typeof TicketTypeSchema>;

const isoDate = z
  .string()
  .trim()
  .refine((v) => v === "" || /^\d{4}-\d{2}-\d{2}$/.test(v), "Enter a date")
  .transform((v) => v || null);

export const DiscountCodeSchema = z
  .object({
    code: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9-]{3,30}$/, "A code is 3 to 30 letters, numbers or dashes"),
    kind: z.enum(["percent", "fixed"], { message: "Choose a percentage or an amount off" }),
    amount: z.string().trim(),
    event: z
      .string()
      .trim()
      .transform((v) => (/^\d{1,10}$/.test(v) ? Number(v) : null)),
    starts_on: isoDate,
    ends_on: isoDate,
    max_uses: optionalWhole("Uses: leave empty, or a number from 1", 100_000),
    max_uses_per_email: optionalWhole("Uses per email: leave empty, or a number from 1", 1_000),
  })
  .transform((v, ctx) => {
    let amount: number;
    if (v.kind === "percent") {
      amount = /^\d{1,3}$/.test(v.amount) ? Number(v.amount) : NaN;
      if (!(amount >= 1 && amount <= 100)) ctx.addIssue({ code: "custom", path: ["amount"], message: "A percentage from 1 to 100" });
    } else {
      const read = readPence(v.amount);
      amount = read.ok && read.pence < 10_000_000 ? read.pence : NaN;
      if (!(amount >= 1)) ctx.addIssue({ code: "custom", path: ["amount"], message: "An amount in pounds, like 5 or 2.50" });
    }
    if (v.starts_on && v.ends_on && v.starts_on > v.ends_on) ctx.addIssue({ code: "custom", path: ["ends_on"], message: "The end date comes after the start date" });
    return { ...v, amount };
  });
export type DiscountCodeInput = z.infer<typeof DiscountCodeSchema>;
