/** The legal pages' History: a restore goes through the legal page form's checks. */
import type { HistorySubjectOf } from "../../domain/revisions/history-subject.server.ts";
import { throughForm } from "../../domain/revisions/history-subject.server.ts";
import { LEGAL_PAGE_FORM_FIELDS, LegalPageFormSchema } from "./legal-pages.schema.ts";
import { getLegalPage, isLegalSlug, updateLegalPage } from "./legal-pages.server.ts";

export const historySubjects: { "legal-page": HistorySubjectOf } = {
  "legal-page": async (id) => {
    if (!isLegalSlug(id)) return null;
    const page = await getLegalPage(id);
    return {
      name: page.title,
      editPath: `/admin/legal-pages/${id}`,
      current: { title: page.title, body: page.body },
      labels: { title: "Title", body: "Text" },
      restore: (data, actor) => throughForm(LegalPageFormSchema, LEGAL_PAGE_FORM_FIELDS, data, (input) => updateLegalPage(id, input, actor).then(() => true)),
    };
  },
};
