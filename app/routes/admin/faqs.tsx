/**
 * FAQ: the questions and answers on the Support page. Staff add, edit, reorder (Move up /
 * Move down, plain form posts that work without JavaScript), show or hide, and delete them.
 */
import { Form, Link } from "react-router";
import { DeleteDialog } from "../../components/admin/content-list.tsx";
import { buttonClasses } from "../../components/ui/button.ts";
import { deleteFaq, listFaqsForAdmin, moveFaq, setFaqVisible } from "../../domain/faqs/faqs.server.ts";
import { handleOrderedListAction } from "./ordered-list.server.ts";
import type { Route } from "./+types/faqs";
import type { MenuHandle } from "../../lib/admin-menu.ts";

export const handle: MenuHandle = { menu: { group: "Website", label: "FAQ", order: 90 } };

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

const small = "rounded-full border px-3 py-1 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-40";

export default function Faqs({ loaderData }: Route.ComponentProps) {
  const { faqs } = loaderData;
  return (
    <main className="mx-auto max-w-5xl px-4 py-6 sm:px-6 lg:py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="font-display text-3xl font-semibold text-brand-900">FAQ</h1>
          <p className="mt-1 text-slate-600">The questions and answers on the Support page, in this order.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <a href="/support#faq" className={buttonClasses("secondary", "sm")}>
            View on site
          </a>
          <Link to={`${LIST}/new`} className={buttonClasses("primary", "sm")}>
            Add a question
          </Link>
        </div>
      </div>

      {faqs.length === 0 ? (
        <div className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <h2 className="text-lg font-semibold text-ink">No questions yet</h2>
          <p className="mt-1 text-slate-600">Add the first question. The Support page leaves the FAQ out until then.</p>
        </div>
      ) : (
        <ol className="mt-6 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm" aria-label="Questions in page order">
          {faqs.map((f, index) => (
            <li key={f.id} className="flex flex-wrap items-center gap-4 p-4" data-testid="admin-faq">
              <div className="min-w-40 flex-1">
                <p className="font-semibold break-words text-ink">{f.question}</p>
                {!f.is_visible && <p className="mt-1 inline-block rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">Hidden</p>}
              </div>
              <div className="flex flex-wrap gap-2">
                <Form method="post" className="contents">
                  <input type="hidden" name="id" value={f.id} />
                  <button type="submit" name="intent" value="up" disabled={index === 0} aria-label={`Move "${f.question}" up`} className={`${small} border-slate-300 text-slate-700 hover:bg-slate-100`}>
                    Move up
                  </button>
                  <button type="submit" name="intent" value="down" disabled={index === faqs.length - 1} aria-label={`Move "${f.question}" down`} className={`${small} border-slate-300 text-slate-700 hover:bg-slate-100`}>
                    Move down
                  </button>
                  <button type="submit" name="intent" value={f.is_visible ? "hide" : "show"} aria-label={`${f.is_visible ? "Hide" : "Show"} "${f.question}"`} className={`${small} border-slate-300 text-slate-700 hover:bg-slate-100`}>
                    {f.is_visible ? "Hide" : "Show"}
                  </button>
                </Form>
                <Link to={`${LIST}/edit/${f.id}`} aria-label={`Edit "${f.question}"`} className={`${small} border-brand-600 text-brand-700 hover:bg-brand-50`}>
                  Edit
                </Link>
                <Link to={`?delete=${f.id}`} preventScrollReset aria-label={`Delete "${f.question}"`} className={`${small} border-red-700 text-red-800 hover:bg-red-50`}>
                  Delete
                </Link>
              </div>
            </li>
          ))}
        </ol>
      )}
      {loaderData.deleteCandidate && <DeleteDialog item={loaderData.deleteCandidate} noun="question" cancelTo={LIST} />}
    </main>
  );
}
