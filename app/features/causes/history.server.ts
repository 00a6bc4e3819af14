/** The causes' History: a restore brings back the texts, amounts and show/hide (the image stays as it is now). */
import type { HistorySubjectOf } from "../../domain/revisions/history-subject.server.ts";
import { causeRevisionData, getCause, updateCause } from "./causes.server.ts";

const LABELS = { title: "Title", description: "Text", goal_pence: "Goal", raised_pence: "Raised off the site", image: "Image", image_alt: "Image description", is_visible: "Shown on the website" };
const text = (value: unknown) => (typeof value === "string" ? value : "");
const whole = (value: unknown) => (typeof value === "number" && Number.isSafeInteger(value) ? value : 0);

export const historySubjects: { cause: HistorySubjectOf } = {
  cause: async (_id, numeric) => {
    const row = await getCause(numeric);
    if (!row) return null;
    return {
      name: row.title,
      editPath: `/admin/causes/edit/${row.id}`,
      current: causeRevisionData(row),
      labels: LABELS,
      restore: async (data, actor) =>
        (await updateCause(
          row.id,
          {
            title: text(data.title),
            description: text(data.description),
            goal_pence: whole(data.goal_pence),
            raised_pence: whole(data.raised_pence),
            image_alt: row.image === null ? "" : text(data.image_alt),
            is_visible: data.is_visible === true,
          },
          actor,
        )) !== null,
    };
  },
};
