/** The FAQ's History: a restore goes through the question form's checks. */
import { throughForm, type HistorySubjectOf } from "../../domain/revisions/history-subject.server.ts";
import { FAQ_FORM_FIELDS, FaqFormSchema } from "./faqs.schema.ts";
import { faqRevisionData, getFaq, updateFaq } from "./faqs.server.ts";

export const historySubjects: { faq: HistorySubjectOf } = {
  faq: async (_id, numeric) => {
    const row = await getFaq(numeric);
    if (!row) return null;
    return {
      name: row.question,
      editPath: `/admin/faqs/edit/${row.id}`,
      current: faqRevisionData(row),
      labels: { question: "Question", answer: "Answer", is_visible: "Shown on the website" },
      restore: (data, actor) => throughForm(FaqFormSchema, FAQ_FORM_FIELDS, data, (input) => updateFaq(row.id, input, actor)),
    };
  },
};
