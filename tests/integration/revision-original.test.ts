/**
 * History keeps the original: the first edit of a text that was never saved (a page's
 * built-in words, a legal page's starting text, the awards round) records the words
 * before it as the original, so they can be compared and restored; later edits add no
 * second original.
 */
import { describe, expect, it } from "vitest";
import { getLegalPage, updateLegalPage } from "../../app/features/legal-pages/legal-pages.server.ts";
import { getPageTextsForAdmin, savePageTexts } from "../../app/features/page-texts/page-texts.server.ts";
import { pageDefaults } from "../../app/features/page-texts/page-texts.ts";
import { listRevisions } from "../../app/domain/revisions/revisions.server.ts";
import { historySubject } from "../../app/routes/admin/history.server.ts";
import { setupTestDatabase } from "../helpers/test-database.ts";

setupTestDatabase();

const actor = { userId: null, email: "history@millbrook.test", ip: "127.0.0.1" };

describe("the first revision is the original", () => {
  it("a page's first edit keeps the built-in words as the original, which History restores", async () => {
    const original = await getPageTextsForAdmin("events");
    await savePageTexts("events", { ...original, hero_title: "What's happening in Millbrook" }, actor);
    const versions = await listRevisions("page", "events");
    expect(versions.map((v) => v.is_original)).toEqual([false, true]);
    expect(versions[1]!.data.hero_title).toBe(pageDefaults("events").hero_title);
    expect(versions[1]!.actor_email).toBeNull();

    await savePageTexts("events", { ...original, hero_title: "Events near you" }, actor);
    expect((await listRevisions("page", "events")).map((v) => v.is_original)).toEqual([false, false, true]);

    const subject = (await historySubject("page", "events"))!;
    expect(await subject.restore(versions[1]!.data, actor)).toBe(true);
    expect((await getPageTextsForAdmin("events")).hero_title).toBe(pageDefaults("events").hero_title);
  });

  it("a legal page's first edit keeps its starting text as the original", async () => {
    const before = await getLegalPage("accessibility");
    await updateLegalPage("accessibility", { title: before.title, body: `${before.body}\n\nLarge print on request.` }, actor);
    const [latest, original] = await listRevisions("legal-page", "accessibility");
    expect(original).toMatchObject({ is_original: true, data: { title: before.title, body: before.body } });
    expect(latest!.data.body).toContain("Large print");
  });
});
