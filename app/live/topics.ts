/**
 * Content topics: the names of what can change ("events changed"), in one browser-safe
 * place. The change feed publishes them, the content and page caches drop what depends
 * on them, and open pages revalidate when one they show arrives.
 *
 * A public route declares what it shows in its `handle`:
 *
 *   export const handle: ContentHandle = { topics: ["events"] };
 *
 * A page depends on the topics of every route it matched (the public layout adds
 * "settings" for the header and footer). A page whose own route declares nothing depends
 * on every topic, so a new page is never left stale. The page cache also adds what the
 * page's loaders actually read (read-topics.server.ts), and a test runs every public
 * page's loaders to check that each topic read is declared (open pages revalidate on the
 * declared ones).
 *
 * The topics come from the content types' registry (app/lib/content-types.ts): a new
 * type's entry names its topic and its tables.
 */
import type { RegisteredTopic } from "../lib/content-types.ts";

export type ContentTopic = RegisteredTopic;

export interface ContentHandle {
  topics: readonly ContentTopic[];
}

/**
 * What the routes a page matched declare (outermost first): the union of their topics,
 * or null when the innermost route declares none (the page depends on every topic).
 * Browser-safe and free of the registry, so the public pages' shared script does not
 * carry the registry (live/content-topics.ts has the full list, for the server).
 */
export function declaredTopics(handles: readonly unknown[]): readonly ContentTopic[] | null {
  const declared = (handle: unknown) =>
    handle && typeof handle === "object" && Array.isArray((handle as Partial<ContentHandle>).topics) ? (handle as ContentHandle).topics : null;
  if (handles.length === 0 || declared(handles[handles.length - 1]) === null) return null;
  return [...new Set(handles.flatMap((handle) => declared(handle) ?? []))];
}

/** The response header by which a rendered page tells the page cache its topics. */
export const TOPICS_HEADER = "X-Content-Topics";
