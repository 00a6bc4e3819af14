/** The trustees' History: a restore brings back the texts and show/hide (the photo stays as it is now). */
import type { HistorySubjectOf } from "../../domain/revisions/history-subject.server.ts";
import { getTrustee, trusteeRevisionData, updateTrustee } from "./trustees.server.ts";

const LABELS = { name: "Name", role: "Role", bio: "Bio", image: "Photo", image_alt: "Photo description", is_visible: "Shown on the website" };
const text = (value: unknown) => (typeof value === "string" ? value : "");

export const historySubjects: { trustee: HistorySubjectOf } = {
  trustee: async (_id, numeric) => {
    const row = await getTrustee(numeric);
    if (!row) return null;
    return {
      name: row.name,
      editPath: `/admin/trustees/edit/${row.id}`,
      current: trusteeRevisionData(row),
      labels: LABELS,
      restore: async (data, actor) =>
        (await updateTrustee(
          row.id,
          { name: text(data.name), role: text(data.role), bio: text(data.bio), image_alt: row.image === null ? "" : text(data.image_alt), is_visible: data.is_visible === true },
          actor,
        )) !== null,
    };
  },
};
