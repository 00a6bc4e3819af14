/**
 * A page's content topics are what its loaders read: every public page's loaders are run
 * as the server runs them, inside a record of the topics read (the database tables of each
 * query, and the content cache's topics). What a page reads must be declared in its
 * route's handle too, since open pages revalidate on the topics they declare; the page
 * cache takes both, so a page cached before an edit is dropped by it.
 */
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { noteQuery, recordTopics, TABLE_TOPICS, topicsRead } from "../../app/live/read-topics.server.ts";
import { CONTENT_TOPICS, pageTopics } from "../../app/live/content-topics.ts";
import { requestInfoContext } from "../../app/lib/request-context.ts";
import routes from "../../app/routes.ts";
import { setupTestDatabase } from "../helpers/test-database.ts";

setupTestDatabase();

type Module = { loader?: (args: unknown) => unknown; handle?: unknown };
const load = (file: string) => import(path.resolve(import.meta.dirname, "../../app", file)) as Promise<Module>;

const publicLayout = routes.find((r) => r.file === "routes/public/layout.tsx") as RouteConfigEntry;
/** Pages a visitor reaches by address (a person's own booking or gift page has its secret in the address, and no content). */
const PRIVATE = /^(bookings|support\/monthly|support\/thank-you)\b|^\*$/;
const pages = (publicLayout.children ?? []).filter((r) => !PRIVATE.test(r.path ?? ""));

const concrete = (routePath = "") => "/" + routePath.replace(":id", "1").replace(":slug", "no-such-post");

async function topicsOf(file: string, routePath?: string) {
  const [layout, page] = await Promise.all([load(publicLayout.file), load(file)]);
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { ip: "127.0.0.1", nonce: "", secure: false });
  const args = { request: new Request(`http://localhost${concrete(routePath)}`), params: { id: "1", slug: "no-such-post" }, context, unstable_pattern: "" };
  const read = await recordTopics(async () => {
    // A loader may answer by throwing (a 404 page): what it read before counts all the same.
    await Promise.allSettled([layout.loader?.(args), page.loader?.(args)]);
    return new Set(topicsRead());
  });
  return { read, declared: new Set(pageTopics([layout.handle, page.handle])) };
}

describe("content topics recorded per request", () => {
  it("maps tables to topics: every topic has its tables, and joins count", () => {
    for (const topic of CONTENT_TOPICS) expect(Object.values(TABLE_TOPICS), topic).toContain(topic);
    const seen = recordTopics(() => {
      noteQuery('select "id" from "causes" inner join "media" on true left join "page_texts" on true where "x" = $1');
      noteQuery('select "token_hash" from "sessions"');
      return [...(topicsRead() ?? [])];
    });
    expect(seen.sort()).toEqual(["causes", "page-texts"]);
  });

  it("/support reads the causes for its donation form, and declares them", async () => {
    const { read, declared } = await topicsOf("routes/public/support.tsx", "support");
    expect(read.has("causes")).toBe(true);
    expect(declared.has("causes")).toBe(true);
  });

  for (const page of pages) {
    it(`${concrete(page.path)} declares every topic its loaders read`, async () => {
      const { read, declared } = await topicsOf(page.file, page.path);
      const missing = [...read].filter((topic) => !declared.has(topic));
      expect(missing, `${page.file} reads ${missing.join(", ")} without declaring it in its handle`).toEqual([]);
    });
  }
});
