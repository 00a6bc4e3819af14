/** The sample news posts a new site starts with (first start); the posts are in ./sample-news.ts. */
import type { SampleSection } from "../../db/seed.server.ts";
import { SAMPLE_NEWS } from "./sample-news.ts";
import { newsPosts } from "./table.ts";

export default [
  {
    section: "sample-news",
    seed: "first-start",
    after: ["sample-craft-fairs"],
    async write(tx) {
      await tx
        .insert(newsPosts)
        .values(SAMPLE_NEWS.map(({ daysAgo, ...post }) => ({ ...post, status: "published", published_at: new Date(Date.now() - daysAgo * 86_400_000) })));
    },
  },
] satisfies readonly SampleSection[];
