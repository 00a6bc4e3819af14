/**
 * The staff form of an offline gift, read on the server (collections: offline-gifts.schema.ts). Amounts are typed
 * in pounds and pence and kept in pence; nothing is rounded (parseAmount).
 */
import { parseAmount } from "../giving/ui.ts";
import { OFFLINE_METHODS, type OfflineMethod } from "./rules.ts";
import type { OfflineGiftInput } from "./offline-gifts.server.ts";
import { LARGEST_OFFLINE_PENCE } from "./offline-gifts.schema.ts";

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const field = (form: FormData, name: string) => String(form.get(name) ?? "").trim();
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type Errors = Record<string, string>;

function day(form: FormData, name: string, errors: Errors, message: string, today: string): string {
  const value = field(form, name);
  if (!DATE.test(value) || Number.isNaN(Date.parse(`${value}T12:00:00Z`))) errors[name] = message;
  else if (value > today) errors[name] = "The date cannot be in the future.";
  return value;
}

function cause(form: FormData, errors: Errors): number | null {
  const value = field(form, "cause");
  if (value === "" || value === "general") return null;
  if (!/^\d{1,9}$/.test(value)) errors.cause = "Choose a cause.";
  return Number(value);
}

export function readOfflineGift(form: FormData, today: string): { input: OfflineGiftInput | null; errors: Errors } {
  const errors: Errors = {};
  const who = field(form, "donor");
  let donor: OfflineGiftInput["donor"] = { kind: "anonymous" };
  if (who === "supporter") {
    const id = field(form, "supporterId");
    if (!/^[0-9a-f-]{36}$/i.test(id)) errors.donor = "Find the supporter again.";
    donor = { kind: "supporter", id };
  } else if (who === "new") {
    const name = field(form, "name").slice(0, 200);
    const email = field(form, "email").slice(0, 254);
    if (!name) errors.name = "Enter the donor's name.";
    if (!EMAIL.test(email)) errors.email = "Enter the donor's email address, like name@example.org.";
    donor = { kind: "new", name, email };
  } else if (who !== "anonymous") errors.donor = "Say who gave: a supporter, a new supporter or anonymous.";

  const amount = parseAmount(field(form, "amount"), LARGEST_OFFLINE_PENCE);
  if (!amount.ok) errors.amount = amount.error;
  const receivedOn = day(form, "receivedOn", errors, "Enter the date the gift was received.", today);
  const method = field(form, "method") as OfflineMethod;
  if (!(OFFLINE_METHODS as readonly string[]).includes(method)) errors.method = "Choose how the gift was paid.";
  const causeId = cause(form, errors);
  const benefitText = field(form, "benefit");
  let benefitPence = 0;
  if (benefitText !== "" && benefitText !== "0") {
    const benefit = parseAmount(benefitText, LARGEST_OFFLINE_PENCE);
    if (!benefit.ok) errors.benefit = "Enter the value in pounds and pence, or leave it empty.";
    else benefitPence = benefit.pence;
  }

  let declaration: OfflineGiftInput["declaration"] = null;
  if (field(form, "giftAid") === "on") {
    const how = field(form, "how");
    const d = {
      title: field(form, "title").slice(0, 20),
      firstName: field(form, "firstName").slice(0, 100),
      lastName: field(form, "lastName").slice(0, 100),
      house: field(form, "house").slice(0, 100),
      postcode: field(form, "postcode").slice(0, 10),
      madeOn: day(form, "madeOn", errors, "Enter the date the declaration was made.", today),
      how: how as "paper" | "spoken",
      recordSentOn: field(form, "recordSentOn") || null,
    };
    if (!d.firstName) errors.firstName = "Enter the donor's first name or initial, as on the declaration.";
    if (!d.lastName) errors.lastName = "Enter the donor's last name.";
    if (!d.house) errors.house = "Enter the house name or number.";
    if (!/^[A-Za-z]{1,2}\d[A-Za-z\d]?\s*\d[A-Za-z]{2}$/.test(d.postcode)) errors.postcode = "Enter a UK postcode, like MB1 2AB.";
    if (how !== "paper" && how !== "spoken") errors.how = "Say how the declaration was made.";
    if (d.recordSentOn) day(form, "recordSentOn", errors, "Enter the date the written record was sent, or leave it empty.", today);
    if (how === "paper") d.recordSentOn = null;
    declaration = d;
  }
  if (Object.keys(errors).length > 0 || !amount.ok) return { input: null, errors };
  return { input: { donor, amountPence: amount.pence, receivedOn, causeId, method, benefitPence, declaration }, errors };
}
