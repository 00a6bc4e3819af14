import { requireStaff } from "../../auth/guards.server.ts";
import { ContentListPage, StatusBadge, formatAdminDate, type Column } from "../../components/admin/content-list.tsx";
import { hasActiveFilters, parseListFilters } from "../../domain/content-form.schema.ts";
import {
  deleteCraftFair,
  listCraftFairsForAdmin,
  toggleCraftFairActive,
} from "../../domain/craft-fairs-admin.server.ts";
import { listReturnUrl } from "../../lib/return-url.server.ts";
import { redirectWithToast } from "../../lib/toast.server.ts";
import { requestInfoContext } from "../../lib/request-context.ts";
import type { Route } from "./+types/craft-fairs";

export const meta = () => [{ title: "Craft Fairs | Millbrook Admin" }];

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "editor");
  const url = new URL(args.request.url);
  const filters = parseListFilters(url.searchParams);
  const items = await listCraftFairsForAdmin(filters);
  const deleteId = Number(url.searchParams.get("delete"));
  return {
    items,
    filters,
    filtered: hasActiveFilters(filters),
    search: url.search,
    deleteCandidate: items.find((e) => e.id === deleteId) ?? null,
  };
}

export async function action(args: Route.ActionArgs) {
  const staff = await requireStaff(args, "editor");
  const actor = { userId: staff.user.id, email: staff.user.email, ip: args.context.get(requestInfoContext).ip };
  const form = await args.request.formData();
  const id = Number(form.get("id"));
  const to = listReturnUrl(args.request);
  if (form.get("intent") === "toggle") {
    const row = await toggleCraftFairActive(id, actor).catch(() => null);
    if (!row) return redirectWithToast(to, { type: "error", message: "Failed to update craft fair status" });
    return redirectWithToast(to, {
      type: "success",
      message: row.is_active ? "Craft fair activated successfully" : "Craft fair deactivated successfully",
    });
  }
  if (form.get("intent") === "delete") {
    const deleted = await deleteCraftFair(id, actor).catch(() => false);
    return deleted
      ? redirectWithToast(to, { type: "success", message: "Craft fair deleted successfully" })
      : redirectWithToast(to, { type: "error", message: "Failed to delete craft fair" });
  }
  return redirectWithToast(to, { type: "error", message: "Failed to update craft fair status" });
}

type Row = Route.ComponentProps["loaderData"]["items"][number];
const columns: Column<Row>[] = [
  { header: "Title", cell: (f) => <span className="font-semibold text-ink">{f.title}</span> },
  { header: "Date", cell: (f) => <span className="whitespace-nowrap">{formatAdminDate(f.date)}</span> },
  { header: "Location", cell: (f) => f.location },
  { header: "Stalls", cell: (f) => f.stalls_available },
  { header: "Status", cell: (f) => <StatusBadge active={f.is_active} past={f.is_past} /> },
];

export default function AdminCraftFairs({ loaderData }: Route.ComponentProps) {
  return (
    <ContentListPage
      title="Craft Fairs"
      noun="craft fair"
      basePath="/admin/craft-fairs"
      newLabel="Add New Craft Fair"
      searchLabel="Search craft fairs"
      columns={columns}
      {...loaderData}
      empty={{
        title: "No craft fairs found",
        filteredHint: "Try adjusting your search or filters",
        firstHint: "Get started by creating your first craft fair",
      }}
    />
  );
}
