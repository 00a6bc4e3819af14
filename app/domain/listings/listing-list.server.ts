/**
 * The admin list screens of events and craft fairs share one loader and one action:
 * filters from the URL, the delete confirmation, and the toggle/delete intents with the
 * spec's toasts (texts passed in by each screen, exactly as the spec words them).
 */
import { currentActor, type GuardArgs } from "../../auth/guards.server.ts";
import type { PageCount } from "../../lib/paging.ts";
import { listReturnUrl } from "../../lib/return-url.server.ts";
import { redirectWithToast } from "../../lib/toast.server.ts";
import type { AuditActor } from "../audit/audit.server.ts";
import { hasActiveFilters, parseListFilters, type AdminListFilters } from "./listing-fields.schema.ts";

export async function loadAdminList<T extends { id: number }>(
  args: GuardArgs,
  list: (filters: AdminListFilters) => Promise<{ items: T[] } & PageCount>,
) {
  const url = new URL(args.request.url);
  const filters = parseListFilters(url.searchParams);
  const { items, total, more, page, pages } = await list(filters);
  const deleteId = Number(url.searchParams.get("delete"));
  return {
    items,
    total,
    more,
    page,
    pages,
    filters,
    filtered: hasActiveFilters(filters),
    search: url.search,
    deleteCandidate: items.find((item) => item.id === deleteId) ?? null,
  };
}

export interface ListActions {
  toggle: (id: number, actor: AuditActor) => Promise<{ is_active: boolean } | null>;
  /** true when deleted; a string says why it was refused ("it has 3 bookings..."). */
  remove: (id: number, actor: AuditActor) => Promise<boolean | string>;
  messages: { activated: string; deactivated: string; statusFailed: string; deleted: string; deleteFailed: string };
}

export async function handleAdminListAction(args: GuardArgs, { toggle, remove, messages }: ListActions) {
  const actor = currentActor(args);
  const form = await args.request.formData();
  const id = Number(form.get("id"));
  const to = listReturnUrl(args.request);
  if (form.get("intent") === "delete") {
    const deleted = await remove(id, actor).catch(() => false);
    if (typeof deleted === "string") return redirectWithToast(to, { type: "error", message: `${messages.deleteFailed}: ${deleted}` });
    return deleted
      ? redirectWithToast(to, { type: "success", message: messages.deleted })
      : redirectWithToast(to, { type: "error", message: messages.deleteFailed });
  }
  const row = form.get("intent") === "toggle" ? await toggle(id, actor).catch(() => null) : null;
  if (!row) return redirectWithToast(to, { type: "error", message: messages.statusFailed });
  return redirectWithToast(to, { type: "success", message: row.is_active ? messages.activated : messages.deactivated });
}
