/** The public archive (/newsletters) is paged: twenty published newsletters a page, newest first; no page past the last. */
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server.ts";
import { routeArgs } from "../../../tests/helpers/submissions.ts";
import { setupTestDatabase } from "../../../tests/helpers/test-database.ts";
import { ARCHIVE_PAGE_SIZE } from "./newsletters.server.ts";
import { loader } from "./public/archive.tsx";
import { newsletters } from "./table.ts";

setupTestDatabase();

async function status(run: () => Promise<unknown>): Promise<number> {
  try {
    await run();
    return 200;
  } catch (thrown) {
    return (thrown as { init?: { status?: number } }).init?.status ?? 500;
  }
}

describe("the newsletter archive", () => {
  it("lists the published newsletters twenty a page, newest first, and none that is not published", async () => {
    const day = 86_400_000;
    const start = Date.UTC(2030, 0, 1);
    const count = ARCHIVE_PAGE_SIZE + 5;
    await getDb()
      .insert(newsletters)
      .values(
        Array.from({ length: count }, (_, i) => ({
          subject: `Issue ${i + 1}`,
          body: "<p>News</p>",
          status: "sent" as const,
          sent_at: new Date(start + i * 30 * day),
          slug: `issue-${i + 1}`,
          published_at: new Date(start + i * 30 * day),
        })),
      );
    await getDb().insert(newsletters).values({ subject: "Not published", body: "<p>x</p>", status: "sent", sent_at: new Date(start + 1000 * day), slug: "not-published" });

    const first = await loader(routeArgs("/newsletters", {}));
    expect(first).toMatchObject({ page: 1, pages: 2 });
    expect(first.issues.map((i) => i.subject)).toEqual(Array.from({ length: ARCHIVE_PAGE_SIZE }, (_, i) => `Issue ${count - i}`));
    const second = await loader(routeArgs("/newsletters?page=2", {}));
    expect(second.issues.map((i) => i.subject)).toEqual(["Issue 5", "Issue 4", "Issue 3", "Issue 2", "Issue 1"]);
    expect(await status(() => loader(routeArgs("/newsletters?page=3", {})))).toBe(404);
    expect(await status(() => loader(routeArgs("/newsletters?page=0", {})))).toBe(404);
    expect(await status(() => loader(routeArgs("/newsletters?page=two", {})))).toBe(404);
  });
});
