/** The volunteer role form, shared by the server action and the browser's inline checks. */
import { z } from "zod";
import { checkbox, requiredText } from "../../domain/listings/listing-fields.schema.ts";

export const VolunteerRoleFormSchema = z.object({
  title: requiredText(3, "Title must be at least 3 characters", 60),
  description: requiredText(10, "Description must be at least 10 characters", 400),
  commitment: requiredText(3, "Say how much time the role takes", 120),
  skills: requiredText(3, "Say what helps in this role", 160),
  is_visible: checkbox,
});

export type VolunteerRoleFormData = z.output<typeof VolunteerRoleFormSchema>;
export const VOLUNTEER_ROLE_FORM_FIELDS = ["title", "description", "commitment", "skills", "is_visible"] as const;

/** The id a new role is sent and stored with by the volunteer form: its title in lower case, with dashes. */
export function roleSlug(title: string): string {
  return (
    title
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 50) || "role"
  );
}
