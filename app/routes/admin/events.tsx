import { ContentListPage, StatusBadge, formatAdminDate, type Column } from "../../components/admin/content-list.tsx";
import { handleAdminListAction, loadAdminList } from "./listing-list.server.ts";
import { deleteEvent, listEventsForAdmin, toggleEventActive } from "../../domain/events/events-admin.server.ts";
import type { Route } from "./+types/events";

export const meta = () => [{ title: "Events | Millbrook Admin" }];

export const loader = (args: Route.LoaderArgs) => loadAdminList(args, listEventsForAdmin);

export const action = (args: Route.ActionArgs) =>
  handleAdminListAction(args, {
    toggle: toggleEventActive,
    remove: deleteEvent,
    messages: {
      activated: "Event activated successfully",
      deactivated: "Event deactivated successfully",
      statusFailed: "Failed to update event status",
      deleted: "Event deleted successfully",
      deleteFailed: "Failed to delete event",
    },
  });

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
