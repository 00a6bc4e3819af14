/**
 * Every content topic, from the content types' registry (app/lib/content-types.ts): for the
 * server (the change feed, /live, the page cache). Browser code uses live/topics.ts, which
 * does not load the registry.
 */
import { REGISTERED_TOPICS } from "../lib/content-types.ts";
import { declaredTopics, type ContentTopic } from "./topics.ts";

export const CONTENT_TOPICS: readonly ContentTopic[] = REGISTERED_TOPICS;

export const isContentTopic = (value: unknown): value is ContentTopic => CONTENT_TOPICS.includes(value as ContentTopic);

/**
 * What a page shows, from the handles of the routes it matched (outermost first): the
 * union of their topics, or every topic when the innermost route declares none.
 */
export function pageTopics(handles: readonly unknown[]): readonly ContentTopic[] {
  const declared = declaredTopics(handles);
  return declared === null ? CONTENT_TOPICS : CONTENT_TOPICS.filter((topic) => declared.includes(topic));
}
