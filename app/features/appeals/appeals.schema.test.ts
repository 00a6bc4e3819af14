/** The appeal forms read as the action reads them: FormData through `parseForm` and the schemas. */
import { describe, expect, it } from "vitest";
import { parseForm } from "../../lib/form-submission.ts";
import { APPEAL_FIELDS, APPEAL_UPDATE_FIELDS, appealSchema, appealUpdateSchema } from "./appeals.schema.ts";

const appeal = { goal: "2000", startsOn: "2026-11-01", endsOn: "2026-11-30" };
const match = { matched: "on", matcherName: "Millbrook Garage", matchFrom: "2026-11-10", matchTo: "2026-11-12", matchCap: "500" };

function read(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return parseForm(form, appealSchema, APPEAL_FIELDS);
}

function messages(fields: Record<string, string>) {
  const submission = read(fields);
  expect(submission.status).toBe("error");
  return Object.fromEntries(Object.entries(submission.reply().error ?? {}).map(([name, list]) => [name, list?.[0]]));
}

describe("the appeal schema", () => {
  it("reads the goal in pence and the matched giving only when its box is ticked", () => {
    const plain = read({ ...appeal, goal: "£1,250.50", matcherName: "", matchFrom: "junk", matchCap: "lots" });
    expect(plain.status === "success" && plain.value).toEqual({ goalPence: 125_050, startsOn: "2026-11-01", endsOn: "2026-11-30", match: null });
    const matched = read({ ...appeal, ...match });
    expect(matched.status === "success" && matched.value.match).toEqual({ matcherName: "Millbrook Garage", from: "2026-11-10", to: "2026-11-12", capPence: 50_000 });
  });

  it("refuses each wrong field with its own message, as before", () => {
    expect(messages({ goal: "12.345", startsOn: "", endsOn: "soon", matched: "on", matcherName: " ", matchFrom: "", matchTo: "", matchCap: "" })).toEqual({
      goal: "Enter the amount with no more than 2 digits after the point, for example 12.50",
      startsOn: "Enter the day the appeal starts.",
      endsOn: "Enter the appeal's last day.",
      matcherName: "Enter who matches the gifts.",
      matchFrom: "Enter the first day gifts are matched.",
      matchTo: "Enter the last day gifts are matched.",
      matchCap: "Enter the most the matcher will give, in pounds, like 1000.",
    });
    expect(messages({ ...appeal, goal: "0" })).toEqual({ goal: "The smallest goal is £1" });
  });

  it("checks the days' order once both days are read, beside any other fault", () => {
    expect(messages({ ...appeal, goal: "", endsOn: "2026-10-31" })).toEqual({ goal: "Enter an amount, for example 12.50", endsOn: "The last day must be on or after the first." });
    expect(messages({ ...appeal, ...match, matcherName: "", matchFrom: "2026-11-12", matchTo: "2026-11-10" })).toEqual({
      matcherName: "Enter who matches the gifts.",
      matchTo: "The last matched day must be on or after the first.",
    });
  });

  it("keeps the matched days within the appeal's, and says nothing of it while a day is wrong", () => {
    expect(messages({ ...appeal, ...match, matchTo: "2026-12-01" })).toEqual({ matchTo: "The matched days must fall within the appeal." });
    expect(messages({ ...appeal, ...match, matchFrom: "2026-10-31" })).toEqual({ matchTo: "The matched days must fall within the appeal." });
    expect(messages({ ...appeal, ...match, endsOn: "2026-10-01", matchFrom: "2026-10-31" })).toEqual({ endsOn: "The last day must be on or after the first." });
    expect(read({ ...appeal, ...match, matchFrom: "2026-11-01", matchTo: "2026-11-30" }).status).toBe("success");
  });
});

describe("an appeal's update", () => {
  const post = (body: string) => {
    const form = new FormData();
    form.set("body", body);
    return parseForm(form, appealUpdateSchema, APPEAL_UPDATE_FIELDS);
  };
  it("takes 1 to 500 characters, trimmed", () => {
    const ok = post("  Planning permission granted!  ");
    expect(ok.status === "success" && ok.value.body).toBe("Planning permission granted!");
    expect(post("x".repeat(500)).status).toBe("success");
    for (const body of ["   ", "x".repeat(501)]) expect(post(body).reply().error).toEqual({ body: ["Write the update in 1 to 500 characters."] });
  });
});
