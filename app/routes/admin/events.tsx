import { requireStaff } from "../../auth/guards.server.ts";
import { ContentListPage, StatusBadge, formatAdminDate, type Column } from "../../components/admin/content-list.tsx";
import { hasActiveFilters, parseListFilters } from "../../domain/content-form.schema.ts";
import { deleteEvent, listEventsForAdmin, toggleEventActive } from "../../domain/events-admin.server.ts";
import { listReturnUrl } from "../../lib/return-url.server.ts";
import { redirectWithToast } from "../../lib/toast.server.ts";
import { requestInfoContext } from "../../lib/request-context.ts";
import type { Route } from "./+types/events";

export const meta = () => [{ title: "Events | Millbrook Admin" }];

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "editor");
  const url = new URL(args.request.url);
  const filters = parseListFilters(url.searchParams);
  const items = await listEventsForAdmin(filters);
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
    const row = await toggleEventActive(id, actor).catch(() => null);
    if (!row) return redirectWithToast(to, { type: "error", message: "Failed to update event status" });
    return redirectWithToast(to, {
      type: "success",
      message: row.is_active ? "Event activated successfully" : "Event deactivated successfully",
    });
  }
  if (form.get("intent") === "delete") {
    const deleted = await deleteEvent(id, actor).catch(() => false);
    return deleted
      ? redirectWithToast(to, { type: "success", message: "Event deleted successfully" })
      : redirectWithToast(to, { type: "error", message: "Failed to delete event" });
  }
  return redirectWithToast(to, { type: "error", message: "Failed to update event status" });
}

type Row = Route.ComponentProps["loaderData"]["items"][number];
const columns: Column<Row>[] = [
  { header: "Title", cell: (e) => <span className="font-semibold text-ink">{e.title}</span> },
  { header: "Date", cell: (e) => <span className="whitespace-nowrap">{formatAdminDate(e.date)}</span> },
  { header: "Location", cell: (e) => e.location },
  { header: "Status", cell: (e) => <StatusBadge active={e.is_active} past={e.is_past} /> },
];

export default function AdminEvents({ loaderData }: Route.ComponentProps) {
  return (
    <ContentListPage
      title="Events"
      noun="event"
      basePath="/admin/events"
      newLabel="Add New Event"
      searchLabel="Search events"
      columns={columns}
      {...loaderData}
      empty={{
        title: "No events found",
        filteredHint: "Try adjusting your search or filters",
        firstHint: "Get started by creating your first event",
      }}
    />
  );
}
