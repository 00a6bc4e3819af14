import { CheckboxField, ContentFormFrame, useContentForm } from "../../../components/admin/content-form.tsx";
import { TextAreaField, TextField } from "../../../components/ui/fields.tsx";
import { formValues } from "../../../domain/listings/listing-fields.schema.ts";
import { VOLUNTEER_ROLE_FORM_FIELDS, VolunteerRoleFormSchema } from "../volunteer-roles.schema.ts";
import { createVolunteerRole, getVolunteerRole, updateVolunteerRole } from "../volunteer-roles.server.ts";
import { redirectWithToast } from "../../../lib/toast.server.ts";
import { listingFormAction } from "../../../domain/listings/listing-form.server.ts";
import type { Route } from "./+types/volunteer-role-form";
import { HistoryLink } from "../../../components/admin/history-link.tsx";

export const meta = ({ params }: Route.MetaArgs) => [{ title: `${params.id ? "Edit Volunteer Role" : "Add a Volunteer Role"} | Millbrook Admin` }];

const NOT_FOUND = "That role could not be found. It may have been removed.";

export async function loader({ params }: Route.LoaderArgs) {
  if (params.id === undefined) return { id: null, values: formValues({ is_visible: true }, VOLUNTEER_ROLE_FORM_FIELDS) };
  const row = /^\d{1,10}$/.test(params.id) ? await getVolunteerRole(Number(params.id)).catch(() => null) : null;
  if (!row) throw await redirectWithToast("/admin/volunteer-roles", { type: "error", message: NOT_FOUND });
  return { id: row.id, values: formValues(row, VOLUNTEER_ROLE_FORM_FIELDS) };
}

export const action = (args: Route.ActionArgs) =>
  listingFormAction(args, {
    schema: VolunteerRoleFormSchema,
    fields: VOLUNTEER_ROLE_FORM_FIELDS,
    folder: "volunteer-roles",
    listPath: "/admin/volunteer-roles",
    texts: { created: "Role added", updated: "Role updated", createFailed: "Failed to add the role", updateFailed: "Failed to update the role", loadFailed: NOT_FOUND },
    create: (input, _image, actor) => createVolunteerRole(input, actor),
    update: (id, input, _image, actor) => updateVolunteerRole(id, input, actor),
  });

export default function VolunteerRoleForm({ loaderData, actionData }: Route.ComponentProps) {
  const editing = loaderData.id !== null;
  const form = useContentForm({
    schema: VolunteerRoleFormSchema,
    initial: loaderData.values,
    draftKey: `draft:volunteer-role:${loaderData.id ?? "new"}`,
    actionData,
  });
  return (
    <ContentFormFrame
      form={form}
      heading={editing ? "Edit volunteer role" : "Add a volunteer role"}
      backTo="/admin/volunteer-roles"
      backLabel="Back to Volunteer roles"
      viewOnSite={editing ? "/support#volunteer" : undefined}
      submitLabel={editing ? "Update Role" : "Add Role"}
      connectionTest={false}
    >
      {editing && <HistoryLink type="volunteer-role" id={loaderData.id} />}
      <TextField label="Title" maxLength={60} autoComplete="off" className="md:col-span-2" {...form.bind("title")} />
      <TextAreaField label="Description" hint="What the volunteer does." rows={3} maxLength={400} className="md:col-span-2" {...form.bind("description")} />
      <TextField label="Time commitment" hint='For example "2 to 4 hours a month".' maxLength={120} {...form.bind("commitment")} />
      <TextField label="Skills" hint='For example "Friendly, reliable".' maxLength={160} {...form.bind("skills")} />
      <CheckboxField form={form} name="is_visible" label="Shown on the website" hint="Untick to hide this role from the Support page and the volunteer form." />
    </ContentFormFrame>
  );
}
