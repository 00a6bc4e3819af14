/** The news posts' History: a restore goes through the post form's checks (the cover stays as it is now). */
import type { HistorySubjectOf } from "../../domain/revisions/history-subject.server.ts";
import { throughForm } from "../../domain/revisions/history-subject.server.ts";
import { coverAltProblem, NEWS_FORM_FIELDS, NewsFormSchema } from "./news.schema.ts";
import { getNewsPost, newsRevisionData, slugProblem, updateNewsPost } from "./news.server.ts";

const text = (value: unknown) => (typeof value === "string" ? value : "");

const LABELS = {
  title: "Title",
  slug: "Web address",
  summary: "Summary",
  body: "Story",
  author: "Author",
  image: "Cover image",
  image_alt: "Cover description",
  status: "Status",
  publish_at: "Publish time",
};

export const historySubjects: { news: HistorySubjectOf } = {
  news: async (_id, numeric) => {
    const row = await getNewsPost(numeric);
    if (!row) return null;
    return {
      name: row.title,
      editPath: `/admin/news/edit/${row.id}`,
      current: newsRevisionData(row),
      labels: LABELS,
      restore: (data, actor) =>
        throughForm(
          NewsFormSchema,
          NEWS_FORM_FIELDS,
          data,
          async ({ image_decorative: _, ...input }) => {
            // The same checks as the form: a cover keeps a description, and the address stays free.
            if (coverAltProblem({ ...input, image_decorative: _ }, row.image !== null) || (await slugProblem(input.slug, row.id))) return false;
            return updateNewsPost(row.id, input, actor);
          },
          { image_decorative: row.image !== null && text(data.image_alt) === "" },
        ),
    };
  },
};
