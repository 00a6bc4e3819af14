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
import { REGISTERED_TOPICS, type RegisteredTopic } from "../lib/content-types.ts";

export const CONTENT_TOPICS = REGISTERED_TOPICS;
export type ContentTopic = RegisteredTopic;

export interface ContentHandle {
  topics: readonly ContentTopic[];
}

export const isContentTopic = (value: unknown): value is ContentTopic => CONTENT_TOPICS.includes(value as ContentTopic);

/**
 * What a page shows, from the handles of the routes it matched (outermost first):
 * the union of their topics, or every topic when the innermost route declares none.
 */
export function pageTopics(handles: readonly unknown[]): readonly ContentTopic[] {
  const declared = (handle: unknown) =>
    handle && typeof handle === "object" && Array.isArray((handle as Partial<ContentHandle>).topics)
      ? (handle as ContentHandle).topics.filter(isContentTopic)
      : null;
  if (handles.length === 0 || declared(handles[handles.length - 1]) === null) return CONTENT_TOPICS;
  return CONTENT_TOPICS.filter((topic) => handles.some((handle) => declared(handle)?.includes(topic)));
}

/** The response header by which a rendered page tells the page cache its topics. */
export const TOPICS_HEADER = "X-Content-Topics";
