/** The sponsors' History: a restore goes through the sponsor form's checks (the logo stays as it is now). */
import type { HistorySubjectOf } from "../../domain/revisions/history-subject.server.ts";
import { throughForm } from "../../domain/revisions/history-subject.server.ts";
import { SPONSOR_FORM_FIELDS, SponsorFormSchema } from "./sponsors.schema.ts";
import { getSponsor, sponsorRevisionData, updateSponsor } from "./sponsors.server.ts";

const LABELS = { name: "Name", url: "Website", image: "Logo", image_alt: "Logo description", is_visible: "Shown on the website" };

export const historySubjects: { sponsor: HistorySubjectOf } = {
  sponsor: async (_id, numeric) => {
    const row = await getSponsor(numeric);
    if (!row) return null;
    return {
      name: row.name,
      editPath: `/admin/sponsors/edit/${row.id}`,
      current: sponsorRevisionData(row),
      labels: LABELS,
      restore: (data, actor) =>
        throughForm(SponsorFormSchema, SPONSOR_FORM_FIELDS, data, ({ image_decorative: _, ...input }) => updateSponsor(row.id, input, actor), {
          image_decorative: row.image !== null && typeof data.image_alt === "string" && data.image_alt === "",
        }),
    };
  },
};
