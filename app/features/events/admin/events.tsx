import { allows } from "../../../auth/access.ts";
import { Link } from "react-router";
import { currentStaff } from "../../../auth/guards.server.ts";
import { ContentListPage, StatusBadge, formatAdminDate, type Column } from "../../../components/admin/content-list.tsx";
import { handleAdminListAction, loadAdminList } from "../../../domain/listings/listing-list.server.ts";
import { deleteEvent, listEventsForAdmin, toggleEventActive } from "../events-admin.server.ts";
import type { Route } from "./+types/events";
import type { MenuHandle } from "../../../lib/admin-menu.ts";
import { contentMenu } from "../../../lib/content-types.ts";

export const handle: MenuHandle = contentMenu("events");

export const meta = () => [{ title: "Events | Millbrook Admin" }];

export async function loader(args: Route.LoaderArgs) {
  const list = await loadAdminList(args, listEventsForAdmin);
  // Bookings are personal data: the link shows only to staff who may open them.
  return { ...list, canSeeBookings: allows(currentStaff(args), "submissions") };
}

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
const baseColumns: Column<Row>[] = [
  { header: "Title", cell: (e) => <span className="font-semibold text-ink">{e.title}</span> },
  {
    header: "Date",
    cell: (e) => (
      <span className="whitespace-nowrap">
        {formatAdminDate(e.date)}{" "}
        <Link to={`/admin/events/${e.id}/dates`} className="ml-1 text-sm font-semibold text-brand-700 underline" aria-label={`${e.series_id === null ? "Repeat" : "Dates of"} ${e.title}`}>
          {e.series_id === null ? "Repeat" : "Series"}
        </Link>
      </span>
    ),
  },
  { header: "Location", cell: (e) => e.location },
  { header: "Status", cell: (e) => <StatusBadge active={e.is_active} past={e.is_past} /> },
];

const bookingsColumn: Column<Row> = {
  header: "Bookings",
  cell: (e) =>
    e.booking_mode === "free" || e.booking_mode === "paid" ? (
      <Link to={`/admin/events/${e.id}/bookings`} className="font-semibold whitespace-nowrap text-brand-700 underline" aria-label={`Bookings for ${e.title}`}>
        Bookings
      </Link>
    ) : null,
};

export default function AdminEvents({ loaderData }: Route.ComponentProps) {
  const { canSeeBookings, ...list } = loaderData;
  const columns = canSeeBookings ? [...baseColumns, bookingsColumn] : baseColumns;
  return (
    <ContentListPage
      title="Events"
      noun="event"
      basePath="/admin/events"
      newLabel="Add New Event"
      searchLabel="Search events"
      columns={columns}
      {...list}
      empty={{
        title: "No events found",
        filteredHint: "Try adjusting your search or filters",
        firstHint: "Get started by creating your first event",
      }}
    />
  );
}
