/**
 * Volunteer roles: the roles listed on /support and offered as interests on the
 * volunteer form, edited by staff (order, show/hide). A role's slug is fixed when it is
 * created, so applications keep pointing at it when its title changes. Every write is
 * audited, keeps a revision (not moves) and is announced on the "volunteer-roles" topic. When the read fails, the
 * built-in roles are shown (app/content/sample-fallback.server.ts).
 */
import type { AuditAction } from "../../domain/audit/describe.ts";
import { asc, eq, like, max, or } from "drizzle-orm";
import { VOLUNTEER_ROLES } from "../../content/sample-content.ts";
import { withSampleFallback } from "../../content/sample-fallback.server.ts";
import { getDb } from "../../db/client.server.ts";
import { volunteerRoles, type VolunteerRoleRow } from "./table.ts";
import { publishChange } from "../../live/change-feed.server.ts";
import { cachedRead } from "../../live/content-cache.server.ts";
import { recordAudit, type AuditActor } from "../../domain/audit/audit.server.ts";
import { moveInOrder } from "../../domain/listings/reorder.server.ts";
import { validId } from "../../domain/listings/listings.server.ts";
import { recordRevision } from "../../domain/revisions/revisions.server.ts";
import { roleSlug, type VolunteerRoleFormData } from "./volunteer-roles.schema.ts";

export interface PublicVolunteerRole {
  slug: string;
  title: string;
  description: string;
  commitment: string;
  skills: string;
}

/** The visible roles in their order, for the Support page and its volunteer form. */
export function listVolunteerRoles() {
  return withSampleFallback<PublicVolunteerRole>(
    "volunteer roles",
    () =>
      cachedRead("volunteer-roles", "visible", () =>
        getDb()
          .select({ slug: volunteerRoles.slug, title: volunteerRoles.title, description: volunteerRoles.description, commitment: volunteerRoles.commitment, skills: volunteerRoles.skills })
          .from(volunteerRoles)
          .where(eq(volunteerRoles.is_visible, true))
          .orderBy(asc(volunteerRoles.sort_order), asc(volunteerRoles.id)),
      ),
    () => VOLUNTEER_ROLES.map(({ id, ...role }) => ({ slug: id, ...role })),
  );
}

export function listVolunteerRolesForAdmin(): Promise<VolunteerRoleRow[]> {
  return getDb().select().from(volunteerRoles).orderBy(asc(volunteerRoles.sort_order), asc(volunteerRoles.id));
}

export async function getVolunteerRole(id: number): Promise<VolunteerRoleRow | null> {
  if (!validId(id)) return null;
  const [row] = await getDb().select().from(volunteerRoles).where(eq(volunteerRoles.id, id)).limit(1);
  return row ?? null;
}

/** What a revision of a role keeps: everything staff edit. */
export const volunteerRoleRevisionData = (row: VolunteerRoleRow) => ({
  title: row.title,
  description: row.description,
  commitment: row.commitment,
  skills: row.skills,
  is_visible: row.is_visible,
});

async function changed(actor: AuditActor, action: AuditAction, row: VolunteerRoleRow, details: Record<string, unknown> = {}) {
  publishChange("volunteer-roles");
  if (!action.endsWith(".moved") && !action.endsWith(".deleted")) await recordRevision("volunteer-role", row.id, volunteerRoleRevisionData(row), actor);
  await recordAudit(actor, action, { entity: "volunteer_role", entityId: row.id, details: { title: row.title, ...details } });
}

/** Adds a role at the end, with a slug no other role has. */
export async function createVolunteerRole(input: VolunteerRoleFormData, actor: AuditActor) {
  const base = roleSlug(input.title);
  const row = await getDb().transaction(async (tx) => {
    const taken = new Set(
      (await tx.select({ slug: volunteerRoles.slug }).from(volunteerRoles).where(or(eq(volunteerRoles.slug, base), like(volunteerRoles.slug, `${base}-%`)))).map((r) => r.slug),
    );
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
    const [{ last }] = await tx.select({ last: max(volunteerRoles.sort_order) }).from(volunteerRoles);
    const [created] = await tx
      .insert(volunteerRoles)
      .values({ ...input, slug, sort_order: (last ?? -1) + 1 })
      .returning();
    return created;
  });
  await changed(actor, "volunteer_role.created", row);
  return row;
}

export async function updateVolunteerRole(id: number, input: VolunteerRoleFormData, actor: AuditActor) {
  const before = await getVolunteerRole(id);
  if (!before) return null;
  const [row] = await getDb().update(volunteerRoles).set(input).where(eq(volunteerRoles.id, id)).returning();
  if (!row) return null;
  const fields = (["title", "description", "commitment", "skills", "is_visible"] as const).filter((f) => before[f] !== row[f]);
  await changed(actor, "volunteer_role.updated", row, { changed: fields });
  return row;
}

export async function setVolunteerRoleVisible(id: number, visible: boolean, actor: AuditActor) {
  if (!validId(id)) return null;
  const [row] = await getDb().update(volunteerRoles).set({ is_visible: visible }).where(eq(volunteerRoles.id, id)).returning();
  if (!row) return null;
  await changed(actor, visible ? "volunteer_role.shown" : "volunteer_role.hidden", row);
  return row;
}

export async function moveVolunteerRole(id: number, direction: "up" | "down", actor: AuditActor): Promise<boolean> {
  const row = await getVolunteerRole(id);
  if (!row || !(await moveInOrder("volunteer_roles", id, direction))) return false;
  await changed(actor, "volunteer_role.moved", row, { direction });
  return true;
}

export async function deleteVolunteerRole(id: number, actor: AuditActor): Promise<boolean> {
  if (!validId(id)) return false;
  const [row] = await getDb().delete(volunteerRoles).where(eq(volunteerRoles.id, id)).returning();
  if (!row) return false;
  await changed(actor, "volunteer_role.deleted", row);
  return true;
}
