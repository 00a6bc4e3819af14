import { describe, expect, it } from "vitest";
import { CONTENT_TOPICS, pageTopics } from "../../app/live/content-topics.ts";
import { handleTopics } from "../../app/live/topics.ts";

describe("content topics of a page", () => {
  it("is the union of what its matched routes declare", () => {
    expect(pageTopics([undefined, { topics: ["settings"] }, { topics: ["events"] }])).toEqual(["events", "settings"]);
    expect(pageTopics([undefined, { topics: ["settings"] }, { topics: [] }])).toEqual(["settings"]);
  });

  it("is every topic when the page's own route declares nothing, so a new page is never left stale", () => {
    expect(pageTopics([undefined, { topics: ["settings"] }, undefined])).toEqual(CONTENT_TOPICS);
    expect(pageTopics([{ topics: ["settings"] }, { other: true }])).toEqual(CONTENT_TOPICS);
    expect(pageTopics([])).toEqual(CONTENT_TOPICS);
  });

  it("ignores names that are not topics", () => {
    expect(pageTopics([{ topics: ["events", "nonsense"] }])).toEqual(["events"]);
  });
});

describe("what the handles add to the topics a page's loaders read", () => {
  it("is the union of the topics declared, and nothing when none declares any", () => {
    expect(handleTopics([undefined, { topics: ["settings", "contact"] }, { query: ["page"] }])).toEqual(["settings", "contact"]);
    expect(handleTopics([undefined, { query: ["page"] }])).toEqual([]);
  });
});
