import { ContentListPage, StatusBadge, formatAdminDate, type Column } from "../../../components/admin/content-list.tsx";
import { handleAdminListAction, loadAdminList } from "../../../domain/listings/listing-list.server.ts";
import {
  deleteCraftFair,
  listCraftFairsForAdmin,
  toggleCraftFairActive,
} from "../craft-fairs-admin.server.ts";
import type { Route } from "./+types/craft-fairs";
import type { MenuHandle } from "../../../lib/admin-menu.ts";
import { contentMenu } from "../../../lib/content-types.ts";

export const handle: MenuHandle = contentMenu("craft-fairs");

export const meta = () => [{ title: "Craft Fairs | Millbrook Admin" }];

export const loader = (args: Route.LoaderArgs) => loadAdminList(args, listCraftFairsForAdmin);

export const action = (args: Route.ActionArgs) =>
  handleAdminListAction(args, {
    toggle: toggleCraftFairActive,
    remove: deleteCraftFair,
    messages: {
      activated: "Craft fair activated successfully",
      deactivated: "Craft fair deactivated successfully",
      statusFailed: "Failed to update craft fair status",
      deleted: "Craft fair deleted successfully",
      deleteFailed: "Failed to delete craft fair",
    },
  });

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
