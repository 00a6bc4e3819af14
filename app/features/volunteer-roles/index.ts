/**
 * What the rest of the site uses of volunteer roles: the visible roles for /support (its
 * list and the volunteer form's choices) and every role for the submissions inbox. The list
 * itself is roles-list.tsx; volunteering's opportunities point at a role through table.ts.
 */
export { listVolunteerRoles, listVolunteerRolesForAdmin, type PublicVolunteerRole } from "./volunteer-roles.server.ts";
