/**
 * Content topics: the names of what can change ("events changed"), in one browser-safe
 * place. The change feed publishes them, the content and page caches drop what depends
 * on them, and open pages revalidate when one they show arrives.
 *
 * A page's topics are what its loaders actually read, recorded per request
 * (read-topics.server.ts): the page cache keys on them, and the page carries them (the
 * root loader's `topics`), so an open page listens to exactly those. Nothing needs
 * declaring. A route may still declare topics in its `handle` (`{ topics: ["settings"] }`),
 * which are added to the recorded ones; none does now. The public layout's middleware
 * records its header's and footer's topics on every request instead, since a client
 * navigation does not run its loader again.
 *
 * The topics come from the content types' registry (app/lib/content-types.ts): a new
 * type's entry names its topic and its tables.
 */
import type { RegisteredTopic } from "../lib/content-types.ts";

export type ContentTopic = RegisteredTopic;

interface ContentHandle {
  topics: readonly ContentTopic[];
}

const declared = (handle: unknown) =>
  handle && typeof handle === "object" && Array.isArray((handle as Partial<ContentHandle>).topics) ? (handle as ContentHandle).topics : null;

/**
 * What the routes a page matched declare (outermost first): the union of their topics,
 * or null when the innermost route declares none (the page depends on every topic).
 * Browser-safe and free of the registry, so the public pages' shared script does not
 * carry the registry (live/content-topics.ts has the full list, for the server).
 */
export function declaredTopics(handles: readonly unknown[]): readonly ContentTopic[] | null {
  return handles.length === 0 || declared(handles[handles.length - 1]) === null ? null : handleTopics(handles);
}

/** The topics the matched routes declare (outermost first), without the "every topic" default. */
export function handleTopics(handles: readonly unknown[]): ContentTopic[] {
  return [...new Set(handles.flatMap((handle) => declared(handle) ?? []))];
}

/** The response header by which a rendered page tells the page cache its topics. */
export const TOPICS_HEADER = "X-Content-Topics";
