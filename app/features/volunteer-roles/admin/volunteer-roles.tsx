/**
 * Volunteer roles: the roles on the Support page, also offered on its volunteer form.
 * Staff add, edit, reorder (Move up / Move down, plain form posts that work without
 * JavaScript), show or hide, and delete them.
 */
import { EmptyState } from "../../../components/admin/kit/card.tsx";
import { DeleteDialog } from "../../../components/admin/kit/dialog.tsx";
import { OrderedList } from "../../../components/admin/kit/ordered-list.tsx";
import { ListHeader } from "../../../components/admin/kit/page-header.tsx";
import { deleteVolunteerRole, listVolunteerRolesForAdmin, moveVolunteerRole, setVolunteerRoleVisible } from "../volunteer-roles.server.ts";
import { handleOrderedListAction } from "../../../domain/listings/ordered-list.server.ts";
import type { Route } from "./+types/volunteer-roles";
import type { MenuHandle } from "../../../lib/admin-menu.ts";
import { contentMenu } from "../../../lib/content-types.ts";

export const handle: MenuHandle = contentMenu("volunteer-roles");

export const meta = () => [{ title: "Volunteer roles | Millbrook Admin" }];

const LIST = "/admin/volunteer-roles";

export async function loader({ request }: Route.LoaderArgs) {
  const causes = await listVolunteerRolesForAdmin();
  const deleteId = Number(new URL(request.url).searchParams.get("delete"));
  const candidate = causes.find((c) => c.id === deleteId);
  return {
    causes: causes.map((c) => ({ id: c.id, title: c.title, commitment: c.commitment, is_visible: c.is_visible })),
    deleteCandidate: candidate ? { id: candidate.id, title: candidate.title } : null,
  };
}

export const action = (args: Route.ActionArgs) =>
  handleOrderedListAction(args, {
    list: LIST,
    noun: "role",
    deleted: "Role deleted",
    name: (row) => row.title,
    move: moveVolunteerRole,
    setVisible: setVolunteerRoleVisible,
    remove: deleteVolunteerRole,
  });

export default function VolunteerRoles({ loaderData }: Route.ComponentProps) {
  const { causes } = loaderData;
  return (
    <main className="mx-auto max-w-5xl px-4 py-6 sm:px-6 lg:py-8">
      <ListHeader
        title="Volunteer roles"
        intro="The roles on the Support page, in this order. The volunteer form offers the shown roles as interests."
        viewOnSite="/support#volunteer"
        add={{ to: `${LIST}/new`, label: "Add a role" }}
      />
      {causes.length === 0 ? (
        <EmptyState title="No volunteer roles yet">Add the first role. The Support page lists none until then, and the volunteer form still works.</EmptyState>
      ) : (
        <OrderedList
          items={causes}
          list={LIST}
          label="Volunteer roles in page order"
          name={(c) => c.title}
          row={(c) => ({ "data-testid": "admin-volunteer-role", "data-title": c.title })}
          details={(c) => (
            <>
              <p className="font-semibold break-words text-ink">{c.title}</p>
              <p className="text-sm text-slate-600">{c.commitment}</p>
            </>
          )}
        />
      )}
      {loaderData.deleteCandidate && <DeleteDialog item={loaderData.deleteCandidate} noun="role" cancelTo={LIST} />}
    </main>
  );
}
