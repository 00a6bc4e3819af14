/**
 * FAQ: the questions and answers on the Support page. Staff add, edit, reorder (Move up /
 * Move down, plain form posts that work without JavaScript), show or hide, and delete them.
 */
import { EmptyState } from "../../../components/admin/kit/card.tsx";
import { DeleteDialog } from "../../../components/admin/kit/dialog.tsx";
import { OrderedList } from "../../../components/admin/kit/ordered-list.tsx";
import { ListHeader } from "../../../components/admin/kit/page-header.tsx";
import { deleteFaq, listFaqsForAdmin, moveFaq, setFaqVisible } from "../faqs.server.ts";
import { handleOrderedListAction } from "../../../domain/listings/ordered-list.server.ts";
import type { Route } from "./+types/faqs";
import type { MenuHandle } from "../../../lib/admin-menu.ts";
import { contentMenu } from "../../../lib/content-types.ts";

export const handle: MenuHandle = contentMenu("faqs");

export const meta = () => [{ title: "FAQ | Millbrook Admin" }];

const LIST = "/admin/faqs";

export async function loader({ request }: Route.LoaderArgs) {
  const faqs = await listFaqsForAdmin();
  const deleteId = Number(new URL(request.url).searchParams.get("delete"));
  const candidate = faqs.find((f) => f.id === deleteId);
  return {
    faqs: faqs.map((f) => ({ id: f.id, question: f.question, is_visible: f.is_visible })),
    deleteCandidate: candidate ? { id: candidate.id, title: candidate.question } : null,
  };
}

export const action = (args: Route.ActionArgs) =>
  handleOrderedListAction(args, {
    list: LIST,
    noun: "question",
    deleted: "Question deleted",
    name: () => "The question",
    move: moveFaq,
    setVisible: setFaqVisible,
    remove: deleteFaq,
  });

export default function Faqs({ loaderData }: Route.ComponentProps) {
  const { faqs } = loaderData;
  return (
    <main className="mx-auto max-w-5xl px-4 py-6 sm:px-6 lg:py-8">
      <ListHeader title="FAQ" intro="The questions and answers on the Support page, in this order." viewOnSite="/support#faq" add={{ to: `${LIST}/new`, label: "Add a question" }} />
      {faqs.length === 0 ? (
        <EmptyState title="No questions yet">Add the first question. The Support page leaves the FAQ out until then.</EmptyState>
      ) : (
        <OrderedList
          items={faqs}
          list={LIST}
          label="Questions in page order"
          name={(f) => `"${f.question}"`}
          row={() => ({ "data-testid": "admin-faq" })}
          details={(f) => <p className="font-semibold break-words text-ink">{f.question}</p>}
        />
      )}
      {loaderData.deleteCandidate && <DeleteDialog item={loaderData.deleteCandidate} noun="question" cancelTo={LIST} />}
    </main>
  );
}
