/**
 * A page's content topics are what its loaders read, recorded per request: the database
 * tables of each query (mapped to topics by the content types' registry) and the content
 * cache's topics. The page cache keys on them, and the page carries them to the browser
 * (the root loader's `topics`), so open pages listen to what they read; routes declare
 * nothing. What can still go wrong is a table that public pages read but that maps to no
 * topic: a change to it would refresh nothing. So every public page's loaders are run as
 * the server runs them, and every table they read must be a content table (with a topic)
 * or one of the tables below, whose changes are published under a topic the page reads.
 */
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { noteQuery, otherTablesRead, recordTopics, TABLE_TOPICS, topicsRead, topicsWhenRead } from "../../app/live/read-topics.server.ts";
import { CONTENT_TOPICS } from "../../app/live/content-topics.ts";
import { requestInfoContext } from "../../app/lib/request-context.ts";
import routes from "../../app/routes.ts";
import { setupTestDatabase } from "../helpers/test-database.ts";

setupTestDatabase();

/** Tables public pages read without a topic of their own, each with the topic their changes are published under. */
const NOT_CONTENT: Record<string, string> = {
  media: "an edit to a picture (its description) is published as the topics of the content using it",
  retention_periods: "the privacy notice's periods: a change is published as settings",
  dp_settings: "the concern page's days to answer: a change is published as settings",
};

type Module = { loader?: (args: unknown) => unknown; handle?: unknown };
const load = (file: string) => import(path.resolve(import.meta.dirname, "../../app", file)) as Promise<Module>;

const publicLayout = routes.find((r) => r.file === "routes/public/layout.tsx") as RouteConfigEntry;
/** Pages a visitor reaches by address (a person's own booking or gift page has its secret in the address, and no content). */
const PRIVATE = /^(bookings|support\/monthly|support\/thank-you)\b|^\*$/;
const pages = (publicLayout.children ?? []).filter((r) => !PRIVATE.test(r.path ?? ""));

const concrete = (routePath = "") => "/" + routePath.replace(":id", "1").replace(":slug", "no-such-post");

/** Runs the layout's and the page's loaders in a request's record, as the root middleware does. */
async function run(file: string, routePath?: string) {
  const [layout, page] = await Promise.all([load(publicLayout.file), load(file)]);
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { ip: "127.0.0.1", nonce: "", secure: false });
  const args = { request: new Request(`http://localhost${concrete(routePath)}`), params: { id: "1", slug: "no-such-post" }, context, unstable_pattern: "" };
  let sent: Promise<string[]> | null = null;
  let settledEarly = false;
  const { read, other } = await recordTopics(async () => {
    // What the root loader sends with the page: a promise kept until every loader has run.
    sent = topicsWhenRead();
    void sent?.then(() => (settledEarly = true));
    // A loader may answer by throwing (a 404 page): what it read before counts all the same.
    await Promise.allSettled([layout.loader?.(args), page.loader?.(args)]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(settledEarly, "the record is sent before the loaders have all run").toBe(false);
    return { read: new Set(topicsRead()), other: new Set(otherTablesRead()) };
  });
  return { read, other, sent: await sent! };
}

describe("content topics recorded per request", () => {
  it("maps tables to topics: every topic has its tables, joins count, and other tables are noted apart", () => {
    for (const topic of CONTENT_TOPICS) expect(Object.values(TABLE_TOPICS), topic).toContain(topic);
    const seen = recordTopics(() => {
      noteQuery('select "id" from "causes" inner join "media" on true left join "page_texts" on true where "x" = $1');
      noteQuery('select "token_hash" from "sessions"');
      return { topics: [...(topicsRead() ?? [])], other: [...(otherTablesRead() ?? [])] };
    });
    expect(seen.topics.sort()).toEqual(["causes", "page-texts"]);
    expect(seen.other.sort()).toEqual(["media", "sessions"]);
  });

  it("/support reads the causes for its donation form, and sends them with the page, once its loaders have run", async () => {
    const { read, sent } = await run("features/giving/support-page.tsx", "support");
    expect(read.has("causes")).toBe(true);
    expect(sent).toContain("causes");
    expect(sent).toEqual([...read].sort());
  });

  for (const page of pages) {
    it(`${concrete(page.path)}: every table its loaders read has a content topic, or holds no content`, async () => {
      const { other, sent } = await run(page.file, page.path);
      const unmapped = [...other].filter((table) => !(table in NOT_CONTENT));
      expect(unmapped, `${page.file} reads ${unmapped.join(", ")}: give the table a topic in its content type (app/lib/content-types.ts), or list it here`).toEqual([]);
      expect(sent.length).toBeGreaterThan(0);
    });
  }
});
