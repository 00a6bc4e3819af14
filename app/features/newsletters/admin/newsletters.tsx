/** Newsletters: drafts, scheduled, sending and sent, newest first. */
import { Link } from "react-router";
import { EmptyState } from "../../../components/admin/kit/card.tsx";
import { ListHeader } from "../../../components/admin/kit/page-header.tsx";
import { Table } from "../../../components/admin/kit/table.tsx";
import type { MenuHandle } from "../../../lib/admin-menu.ts";
import { contentMenu } from "../../../lib/content-types.ts";
import { listNewsletters } from "../newsletters.server.ts";
import { STATUS_LABELS } from "./labels.ts";
import type { Route } from "./+types/newsletters";
import { formatUk } from "../../../lib/uk-time.ts";

export const handle: MenuHandle = contentMenu("newsletters");

export const meta = () => [{ title: "Newsletters | Millbrook Admin" }];

export async function loader() {
  const rows = await listNewsletters();
  return {
    items: rows.map((r) => ({
      id: r.id,
      subject: r.subject,
      status: STATUS_LABELS[r.status],
      when: r.sent_at ? `Sent ${formatUk(r.sent_at, "date-time")}` : r.send_at && r.status === "scheduled" ? `For ${formatUk(r.send_at, "date-time")}` : `Changed ${formatUk(r.updated_at, "date-time")}`,
      archived: r.published_at !== null,
    })),
  };
}

export default function Newsletters({ loaderData }: Route.ComponentProps) {
  const { items } = loaderData;
  return (
    <main className="px-4 py-6 sm:px-6 sm:py-8">
      <ListHeader
        title="Newsletters"
        intro="Email news to everyone subscribed, or to some of them. Each one carries an unsubscribe link and the charity's details."
        add={{ to: "/admin/newsletters/new", label: "Write a newsletter" }}
      />
      {items.length === 0 ? (
        <EmptyState title="No newsletters yet">Write one, preview it, send yourself a test, then choose who gets it.</EmptyState>
      ) : (
        <Table
          caption="Newsletters"
          framed
          minWidth="min-w-[36rem]"
          items={items}
          columns={[
            {
              header: "Subject",
              cell: (item) => (
                <Link to={`/admin/newsletters/${item.id}`} className="font-semibold break-words text-brand-700 underline">
                  {item.subject}
                </Link>
              ),
            },
            { header: "State", cell: (item) => `${item.status}${item.archived ? " · in the archive" : ""}` },
            { header: "When", className: "whitespace-nowrap", cell: (item) => item.when },
          ]}
        />
      )}
    </main>
  );
}
