/** The volunteer roles' History: a restore goes through the role form's checks. */
import type { HistorySubjectOf } from "../../domain/revisions/history-subject.server.ts";
import { throughForm } from "../../domain/revisions/history-subject.server.ts";
import { VOLUNTEER_ROLE_FORM_FIELDS, VolunteerRoleFormSchema } from "./volunteer-roles.schema.ts";
import { getVolunteerRole, updateVolunteerRole, volunteerRoleRevisionData } from "./volunteer-roles.server.ts";

export const historySubjects: { "volunteer-role": HistorySubjectOf } = {
  "volunteer-role": async (_id, numeric) => {
    const row = await getVolunteerRole(numeric);
    if (!row) return null;
    return {
      name: row.title,
      editPath: `/admin/volunteer-roles/edit/${row.id}`,
      current: volunteerRoleRevisionData(row),
      labels: { title: "Title", description: "Description", commitment: "Time", skills: "Skills", is_visible: "Shown on the website" },
      restore: (data, actor) => throughForm(VolunteerRoleFormSchema, VOLUNTEER_ROLE_FORM_FIELDS, data, (input) => updateVolunteerRole(row.id, input, actor)),
    };
  },
};
