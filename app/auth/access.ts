/**
 * What an admin screen needs, and who has it (browser-safe: the admin menu shows only
 * what the signed-in staff member may use; the server checks it again on every request).
 *
 * - `staff`: any staff member (editor or administrator);
 * - a permission (`submissions`, `check-in`, `supporters`, `donations`,
 *   `data-protection`): administrators, and the editors an administrator has granted it
 *   (each is personal or financial data, or a job some volunteers do);
 * - `administrator`: administrators only.
 */
import type { StaffRole } from "../db/schema.ts";

/** What an administrator can grant an editor, one by one (the admin_users check constraint lists the same). */
export const STAFF_PERMISSIONS = ["submissions", "check-in", "supporters", "donations", "data-protection"] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

export type Access = "staff" | StaffPermission | "administrator";

export interface StaffAccess {
  role: StaffRole;
  /** The permissions granted to an editor (administrators have every permission). */
  permissions: readonly StaffPermission[];
}

export function allows(staff: StaffAccess, access: Access): boolean {
  if (staff.role === "administrator") return true;
  if (access === "administrator") return false;
  if (access === "staff") return true;
  return staff.permissions.includes(access);
}

/** What each permission lets a staff member do, as the Users screen and the 403 page say it. */
export const PERMISSION_LABELS: Record<StaffPermission, { name: string; doing: string; why: string }> = {
  submissions: { name: "Form submissions", doing: "see form submissions", why: "Form submissions hold people's personal data. An administrator can allow you to see them." },
  "check-in": { name: "Door check-in", doing: "check people in at the door", why: "Door check-in is given to the staff who welcome people at events. An administrator can allow you to use it." },
  supporters: { name: "Supporters and newsletters", doing: "see supporters and send newsletters", why: "Supporter records hold people's personal data. An administrator can allow you to see them." },
  donations: { name: "Donations and Gift Aid", doing: "see donations and Gift Aid", why: "Donations are financial records. An administrator can allow you to see them." },
  "data-protection": { name: "Data protection", doing: "handle data protection", why: "Data-protection requests and complaints hold people's personal data. An administrator can allow you to handle them." },
};
