/**
 * What an admin screen needs, and who has it (browser-safe: the admin menu shows only
 * what the signed-in staff member may use; the server checks it again on every request).
 *
 * - `staff`: any staff member (editor or administrator);
 * - `submissions`: may read form submissions: administrators, and editors an
 *   administrator has allowed;
 * - `administrator`: administrators only.
 */
import type { StaffRole } from "../db/schema.ts";

export type Access = "staff" | "submissions" | "administrator";

export interface StaffAccess {
  role: StaffRole;
  canSeeSubmissions: boolean;
}

export function allows(staff: StaffAccess, access: Access): boolean {
  if (access === "administrator") return staff.role === "administrator";
  if (access === "submissions") return staff.canSeeSubmissions;
  return true;
}
