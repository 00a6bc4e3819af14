/** The offline gift form read as the action reads it: FormData through `parseForm` and the schema. */
import { describe, expect, it } from "vitest";
import { parseForm } from "../../lib/form-submission.ts";
import { OFFLINE_GIFT_FIELDS, offlineGiftSchema } from "./offline-gifts.schema.ts";

const TODAY = "2026-11-28";
const gift = { donor: "anonymous", amount: "25", receivedOn: "2026-11-20", method: "cash", cause: "general" };
const declaration = { giftAid: "on", firstName: "Ada", lastName: "Lovelace", house: "12", postcode: "MB1 2AB", madeOn: "2026-11-20", how: "paper" };

function read(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return parseForm(form, offlineGiftSchema(TODAY), OFFLINE_GIFT_FIELDS);
}

/** The messages of a refused form, one per field, as the screen shows them. */
function messages(fields: Record<string, string>) {
  const submission = read(fields);
  expect(submission.status).toBe("error");
  const reply = submission.reply();
  return Object.fromEntries(Object.entries(reply.error ?? {}).map(([name, list]) => [name, list?.[0]]));
}

describe("the offline gift schema", () => {
  it("reads an anonymous cash gift in pence, with no declaration", () => {
    const submission = read({ ...gift, amount: "£5" });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({
      donor: { kind: "anonymous" },
      amountPence: 500,
      receivedOn: "2026-11-20",
      causeId: null,
      method: "cash",
      benefitPence: 0,
      declaration: null,
    });
  });

  it("ignores the declaration's fields, junk and all, while its box is unticked", () => {
    const junk = { title: "x".repeat(50), firstName: "", lastName: "", house: "", postcode: "not a postcode", madeOn: "someday", how: "by pigeon", recordSentOn: "2999-01-01" };
    for (const giftAid of ["", "off", "yes"]) {
      const submission = read({ ...gift, giftAid, ...junk });
      expect(submission.status, giftAid).toBe("success");
      expect(submission.status === "success" && submission.value.declaration).toBeNull();
    }
  });

  it("refuses a ticked declaration with a missing name, with the same messages as before", () => {
    expect(messages({ ...gift, ...declaration, firstName: " ", lastName: "" })).toEqual({
      firstName: "Enter the donor's first name or initial, as on the declaration.",
      lastName: "Enter the donor's last name.",
    });
    expect(messages({ ...gift, giftAid: "on" })).toEqual({
      firstName: "Enter the donor's first name or initial, as on the declaration.",
      lastName: "Enter the donor's last name.",
      house: "Enter the house name or number.",
      postcode: "Enter a UK postcode, like MB1 2AB.",
      madeOn: "Enter the date the declaration was made.",
      how: "Say how the declaration was made.",
    });
  });

  it("keeps a spoken declaration's written-record day and drops it from a paper one", () => {
    const spoken = read({ ...gift, ...declaration, how: "spoken", recordSentOn: "2026-11-21", postcode: " mb12ab " });
    expect(spoken.status === "success" && spoken.value.declaration).toEqual({
      title: "",
      firstName: "Ada",
      lastName: "Lovelace",
      house: "12",
      postcode: "mb12ab",
      madeOn: "2026-11-20",
      how: "spoken",
      recordSentOn: "2026-11-21",
    });
    const notSent = read({ ...gift, ...declaration, how: "spoken", recordSentOn: "" });
    expect(notSent.status === "success" && notSent.value.declaration?.recordSentOn).toBeNull();
    const paper = read({ ...gift, ...declaration, recordSentOn: "2026-11-21" });
    expect(paper.status === "success" && paper.value.declaration?.recordSentOn).toBeNull();
    expect(messages({ ...gift, ...declaration, how: "spoken", recordSentOn: "2026-13-40" })).toEqual({ recordSentOn: "Enter the date the written record was sent, or leave it empty." });
    expect(messages({ ...gift, ...declaration, how: "spoken", recordSentOn: "2026-11-29" })).toEqual({ recordSentOn: "The date cannot be in the future." });
  });

  it("reads amounts as typed, never rounding: 12.345, -3 and 0 are refused, £5 is £5", () => {
    expect(messages({ ...gift, amount: "12.345" })).toEqual({ amount: "Enter the amount with no more than 2 digits after the point, for example 12.50" });
    expect(messages({ ...gift, amount: "-3" })).toEqual({ amount: "Enter the amount in pounds and pence, using numbers only, for example 12.50" });
    expect(messages({ ...gift, amount: "0" })).toEqual({ amount: "The smallest donation is £1" });
    expect(messages({ ...gift, amount: "" })).toEqual({ amount: "Enter an amount, for example 12.50" });
    const five = read({ ...gift, amount: "£5" });
    expect(five.status === "success" && five.value.amountPence).toBe(500);
    const exact = read({ ...gift, amount: "1,250.05" });
    expect(exact.status === "success" && exact.value.amountPence).toBe(125_005);
  });

  it("reads the donor by the choice made: a found supporter, a new one, or anonymous", () => {
    const id = "0b6f2a9e-3c1d-4e5f-8a7b-9c0d1e2f3a4b";
    const found = read({ ...gift, donor: "supporter", supporterId: id, name: "ignored", email: "ignored" });
    expect(found.status === "success" && found.value.donor).toEqual({ kind: "supporter", id });
    expect(messages({ ...gift, donor: "supporter", supporterId: "42" })).toEqual({ donor: "Find the supporter again." });
    const added = read({ ...gift, donor: "new", name: " Olive Green ", email: "olive@example.org" });
    expect(added.status === "success" && added.value.donor).toEqual({ kind: "new", name: "Olive Green", email: "olive@example.org" });
    expect(messages({ ...gift, donor: "new", name: "", email: "olive" })).toEqual({ name: "Enter the donor's name.", email: "Enter the donor's email address, like name@example.org." });
    expect(messages({ ...gift, donor: "" })).toEqual({ donor: "Say who gave: a supporter, a new supporter or anonymous." });
  });

  it("names every wrong field at once: the gift's, the donor's and the declaration's", () => {
    expect(messages({ donor: "new", amount: "abc", receivedOn: "2026-11-29", method: "barter", cause: "x", benefit: "lots", ...declaration, house: "" })).toEqual({
      name: "Enter the donor's name.",
      email: "Enter the donor's email address, like name@example.org.",
      amount: "Enter the amount in pounds and pence, using numbers only, for example 12.50",
      receivedOn: "The date cannot be in the future.",
      method: "Choose how the gift was paid.",
      cause: "Choose a cause.",
      benefit: "Enter the value in pounds and pence, or leave it empty.",
      house: "Enter the house name or number.",
    });
  });

  it("takes an empty or nought benefit as none, and a cause by its id", () => {
    for (const benefit of ["", "0"]) {
      const submission = read({ ...gift, benefit, cause: "7" });
      expect(submission.status === "success" && submission.value).toMatchObject({ benefitPence: 0, causeId: 7 });
    }
    const meal = read({ ...gift, benefit: "4.50" });
    expect(meal.status === "success" && meal.value.benefitPence).toBe(450);
  });
});
