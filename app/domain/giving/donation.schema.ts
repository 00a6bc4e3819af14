/**
 * The donation form: one-time or monthly, a preset (10, 25, 50, 100; 25 by default) or a
 * custom amount in whole pounds (digits only, at least £1). Shared by the browser (the
 * alert and the disabled Donate button) and the server (the form without JavaScript).
 */
import { z } from "zod";
import { DEFAULT_DONATION, donationAmount } from "./donation.ts";

export * from "./donation.ts";

export const DonationSchema = z
  .object({
    frequency: z.enum(["one-time", "monthly"], { message: "Choose one-time or monthly" }),
    amount: z.string().default(String(DEFAULT_DONATION)),
    customAmount: z.string().trim().default(""),
  })
  .transform((value, ctx) => {
    const amount = donationAmount(value.amount, value.customAmount);
    if (amount === null) {
      ctx.addIssue({
        code: "custom",
        path: [value.amount === "custom" ? "customAmount" : "amount"],
        message: value.amount === "custom" ? "Enter a whole number of pounds, at least £1" : "Choose an amount",
      });
      return z.NEVER;
    }
    return { frequency: value.frequency, amount };
  });
