/** The page texts' History: a restore goes through the same checks as the page's form (required texts, limits). */
import type { HistorySubjectOf } from "../../domain/revisions/history-subject.server.ts";
import { isPageKey, PAGE_TEXTS, type PageDefinition } from "./page-texts.ts";
import { getPageTextsForAdmin, savePageTexts } from "./page-texts.server.ts";

export const historySubjects: { page: HistorySubjectOf } = {
  page: async (id) => {
    if (!isPageKey(id)) return null;
    return {
      name: PAGE_TEXTS[id].title,
      editPath: `/admin/pages/${id}`,
      current: await getPageTextsForAdmin(id),
      labels: Object.fromEntries((PAGE_TEXTS[id] as PageDefinition).sections.flatMap((s) => s.fields.map((f) => [f.key, `${s.heading}: ${f.label}`]))),
      restore: async (data, actor) => (await savePageTexts(id, data, actor)).ok,
    };
  },
};
