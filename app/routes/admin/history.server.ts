/**
 * What the history screen needs for each kind of content: the item's name, where it is
 * edited, its current version (as a revision would keep it), the labels of its fields,
 * and how to restore a revision through the owning domain (which records a new revision).
 * Restoring brings back texts, figures and show/hide; an image stays as it is now,
 * because a replaced image is not kept.
 */
import { causeRevisionData, getCause, updateCause } from "../../domain/causes/causes.server.ts";
import type { AuditActor } from "../../domain/audit/audit.server.ts";
import { isPageKey, PAGE_TEXTS, type PageDefinition } from "../../domain/page-texts/page-texts.ts";
import { getPageTextsForAdmin, savePageTexts } from "../../domain/page-texts/page-texts.server.ts";
import type { RevisionType } from "../../domain/revisions/revisions.server.ts";
import { getTrustee, trusteeRevisionData, updateTrustee } from "../../domain/trustees/trustees.server.ts";

export interface HistorySubject {
  name: string;
  editPath: string;
  current: Record<string, unknown>;
  labels: Record<string, string>;
  restore: (data: Record<string, unknown>, actor: AuditActor) => Promise<boolean>;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");
const whole = (value: unknown) => (typeof value === "number" && Number.isSafeInteger(value) ? value : 0);

const CAUSE_LABELS = { title: "Title", description: "Text", goal: "Goal (£)", raised: "Raised off the site (£)", image: "Image", image_alt: "Image description", is_visible: "Shown on the website" };
const TRUSTEE_LABELS = { name: "Name", role: "Role", bio: "Bio", image: "Photo", image_alt: "Photo description", is_visible: "Shown on the website" };

/** The item a history address names; null when there is no such item. */
export async function historySubject(type: RevisionType, id: string): Promise<HistorySubject | null> {
  if (type === "page") {
    if (!isPageKey(id)) return null;
    return {
      name: PAGE_TEXTS[id].title,
      editPath: `/admin/pages/${id}`,
      current: await getPageTextsForAdmin(id),
      labels: Object.fromEntries((PAGE_TEXTS[id] as PageDefinition).sections.flatMap((s) => s.fields.map((f) => [f.key, `${s.heading}: ${f.label}`]))),
      restore: async (data, actor) => (await savePageTexts(id, data, actor)).ok,
    };
  }
  const numeric = /^\d{1,10}$/.test(id) ? Number(id) : 0;
  if (type === "cause") {
    const row = await getCause(numeric);
    if (!row) return null;
    return {
      name: row.title,
      editPath: `/admin/causes/edit/${row.id}`,
      current: causeRevisionData(row),
      labels: CAUSE_LABELS,
      restore: async (data, actor) =>
        (await updateCause(
          row.id,
          {
            title: text(data.title),
            description: text(data.description),
            goal: whole(data.goal),
            raised: whole(data.raised),
            image_alt: row.image === null ? "" : text(data.image_alt),
            is_visible: data.is_visible === true,
          },
          actor,
        )) !== null,
    };
  }
  const row = await getTrustee(numeric);
  if (!row) return null;
  return {
    name: row.name,
    editPath: `/admin/trustees/edit/${row.id}`,
    current: trusteeRevisionData(row),
    labels: TRUSTEE_LABELS,
    restore: async (data, actor) =>
      (await updateTrustee(
        row.id,
        { name: text(data.name), role: text(data.role), bio: text(data.bio), image_alt: row.image === null ? "" : text(data.image_alt), is_visible: data.is_visible === true },
        actor,
      )) !== null,
  };
}
