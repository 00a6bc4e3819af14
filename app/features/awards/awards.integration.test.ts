/**
 * The awards round against a real database: the round form's date order, and the
 * nominations form (the public page's action) refusing a category the round does not
 * have and any nomination outside the round's dates, storing nothing.
 */
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server.ts";
import { formSubmissions } from "../submissions/table.ts";
import { readReply, type PublicReply } from "../../components/site/form-kit.tsx";
import { setupTestDatabase } from "../../../tests/helpers/test-database.ts";
import { action as awardsAction } from "./awards-page.tsx";
import { AwardRoundFormSchema } from "./awards.schema.ts";
import { getAwardRound, saveAwardRound } from "./awards.server.ts";
import { nominationsState } from "./nominations.ts";
import { dataOf, publicPost as post, statusOf } from "../../../tests/helpers/public-post.ts";

setupTestDatabase();

const actor = { userId: null, email: "editor@millbrook.test", ip: "127.0.0.1" };
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);


async function roundWith(dates: { open: string; close: string; ceremony: string }) {
  const round = await getAwardRound();
  const parsed = AwardRoundFormSchema.parse({
    nominations_open: dates.open,
    nominations_close: dates.close,
    ceremony_date: dates.ceremony,
    ceremony_time: "7pm",
    venue: round.venue,
    categories: round.categories.map((c) => `${c.title}: ${c.description}`).join("\n"),
  });
  await saveAwardRound(parsed, actor);
}

describe("awards round", () => {
  it("refuses a closing date before the opening date and a ceremony before the closing date", () => {
    const result = AwardRoundFormSchema.safeParse({
      nominations_open: "2027-05-01",
      nominations_close: "2027-04-01",
      ceremony_date: "2027-03-01",
      ceremony_time: "",
      venue: "Town Hall",
      categories: "Volunteer of the Year: Someone who gives time generously",
    });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((i) => i.path[0]);
    expect(paths).toEqual(expect.arrayContaining(["nominations_close", "ceremony_date"]));
  });

  it("refuses a category the current round does not have", async () => {
    const result = await awardsAction(post("/awards?tab=nominate", { nominatorName: "Ann", email: "ann@example.org", category: "best-dog", consent: "on" }));
    expect(statusOf(result)).toBe(400);
    expect(dataOf(result)).toMatchObject({ status: "refused" });
    expect(readReply(dataOf(result).reply as PublicReply).errors).toEqual({ category: "Please choose an award category" });
  });

  it("refuses a nomination after the closing date and stores nothing", async () => {
    await roundWith({ open: day(-60), close: day(-1), ceremony: day(30) });
    const before = await getDb().select().from(formSubmissions);
    const result = await awardsAction(post("/awards?tab=nominate", { nominatorName: "Ann", email: "ann@example.org", category: "volunteer-year", consent: "on" }));
    expect(statusOf(result)).toBe(403);
    expect(dataOf(result)).toMatchObject({ status: "closed" });
    expect(await getDb().select().from(formSubmissions)).toHaveLength(before.length);
  });

  it("takes nominations from the opening day to the closing day included (UK dates)", () => {
    const round = { nominations_open: "2027-01-10", nominations_close: "2027-01-20" };
    expect(nominationsState(round, "2027-01-09")).toBe("not-yet-open");
    expect(nominationsState(round, "2027-01-10")).toBe("open");
    expect(nominationsState(round, "2027-01-20")).toBe("open");
    expect(nominationsState(round, "2027-01-21")).toBe("closed");
  });
});
