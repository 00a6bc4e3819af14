/**
 * Awards: the current round (opening, closing and ceremony dates, venue, categories) and the
 * past winners by year. Nominations open and close by themselves on the round's dates.
 */
import { Link } from "react-router";
import { currentActor } from "../../../auth/guards.server.ts";
import { ContentFormFrame, useContentForm } from "../../../components/admin/content-form.tsx";
import { DeleteDialog } from "../../../components/admin/kit/dialog.tsx";
import { buttonClasses } from "../../../components/ui/button.ts";
import { TextAreaField, TextField } from "../../../components/ui/fields.tsx";
import { AWARD_ROUND_FORM_FIELDS, AwardRoundFormSchema, categoriesText } from "../awards.schema.ts";
import { nominationsState } from "../nominations.ts";
import { deleteWinner, getAwardRound, listWinnersForAdmin, saveAwardRound } from "../awards.server.ts";
import { formValues } from "../../../domain/listings/listing-fields.schema.ts";
import { redirectWithToast } from "../../../lib/toast.server.ts";
import { simpleFormAction } from "../../../domain/listings/simple-form.server.ts";
import type { Route } from "./+types/awards";
import { HistoryLink } from "../../../components/admin/history-link.tsx";
import type { MenuHandle } from "../../../lib/admin-menu.ts";
import { contentMenu } from "../../../lib/content-types.ts";
import { ukDate } from "../../../lib/uk-time.ts";

export const handle: MenuHandle = contentMenu("award-rounds");

export const meta = () => [{ title: "Awards | Millbrook Admin" }];

const LIST = "/admin/awards";
const STATE_TEXT = { "not-yet-open": "Nominations have not opened yet", open: "Nominations are open", closed: "Nominations are closed" } as const;

export async function loader({ request }: Route.LoaderArgs) {
  const [round, winners] = await Promise.all([getAwardRound(), listWinnersForAdmin()]);
  const deleteId = Number(new URL(request.url).searchParams.get("delete"));
  const candidate = winners.find((w) => w.id === deleteId);
  return {
    values: formValues({ ...round, categories: categoriesText(round.categories) }, AWARD_ROUND_FORM_FIELDS),
    state: nominationsState(round, ukDate()),
    winners: winners.map((w) => ({ id: w.id, year: w.year, name: w.name, category: round.categories.find((c) => c.id === w.category)?.title ?? w.category })),
    deleteCandidate: candidate ? { id: candidate.id, title: `${candidate.name} (${candidate.year})` } : null,
  };
}

export async function action(args: Route.ActionArgs) {
  const actor = currentActor(args);
  const form = await args.request.formData();
  if (form.get("intent") === "delete") {
    const deleted = await deleteWinner(Number(form.get("id")), actor);
    return deleted
      ? redirectWithToast(LIST, { type: "success", message: "Winner deleted" })
      : redirectWithToast(LIST, { type: "error", message: "That winner could not be found" });
  }
  return simpleFormAction(form, {
    schema: AwardRoundFormSchema,
    fields: AWARD_ROUND_FORM_FIELDS,
    save: (input) => saveAwardRound(input, actor),
    redirectTo: LIST,
    saved: "Awards round saved",
  });
}

const small = "rounded-full border px-3 py-1 text-sm font-semibold";

export default function Awards({ loaderData, actionData }: Route.ComponentProps) {
  const form = useContentForm({
    schema: AwardRoundFormSchema,
    initial: loaderData.values,
    draftKey: "draft:award-round",
    actionData,
  });
  return (
    <>
      <ContentFormFrame form={form} heading="Awards: the current round" backTo="/admin/dashboard" backLabel="Back to Dashboard" viewOnSite="/awards" submitLabel="Save Round" connectionTest={false}>
      <HistoryLink type="award-round" id={"current"} />
        <p className="rounded-xl bg-brand-50 p-3 text-sm font-semibold text-brand-900 md:col-span-2" data-testid="nominations-state">
          {STATE_TEXT[loaderData.state]} (UK time). The form on the Awards page opens on the opening date and closes by itself after the closing date.
        </p>
        <TextField type="date" label="Nominations open" {...form.bind("nominations_open")} />
        <TextField type="date" label="Nominations close" hint="The last day nominations are taken." {...form.bind("nominations_close")} />
        <TextField type="date" label="Ceremony date" {...form.bind("ceremony_date")} />
        <TextField label="Ceremony time" optional hint='For example "7pm to midnight".' maxLength={60} {...form.bind("ceremony_time")} />
        <TextField label="Venue" maxLength={120} className="md:col-span-2" {...form.bind("venue")} />
        <TextAreaField
          label="Categories"
          hint='One per line, in page order: "Title: description", e.g. "Volunteer of the Year: Someone who gives their time generously".'
          rows={7}
          maxLength={5000}
          className="md:col-span-2"
          {...form.bind("categories")}
        />
      </ContentFormFrame>
      <section className="mx-auto max-w-5xl px-4 pb-10 sm:px-6" aria-labelledby="winners-heading">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="winners-heading" className="font-display text-2xl font-semibold text-brand-900">
            Past winners
          </h2>
          <Link to={`${LIST}/winners/new`} className={buttonClasses("primary", "sm")}>
            Add a winner
          </Link>
        </div>
        {loaderData.winners.length === 0 ? (
          <p className="mt-4 text-slate-600">No winners yet. The Awards page says the first winners will be announced at the ceremony.</p>
        ) : (
          <ul className="mt-4 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm">
            {loaderData.winners.map((w) => (
              <li key={w.id} className="flex flex-wrap items-center gap-4 p-4" data-testid="admin-winner">
                <div className="min-w-40 flex-1">
                  <p className="font-semibold text-ink">
                    {w.name} <span className="font-normal text-slate-600">({w.year})</span>
                  </p>
                  <p className="text-sm text-slate-600">{w.category}</p>
                </div>
                <Link to={`${LIST}/winners/edit/${w.id}`} aria-label={`Edit ${w.name}`} className={`${small} border-brand-600 text-brand-700 hover:bg-brand-50`}>
                  Edit
                </Link>
                <Link to={`?delete=${w.id}`} preventScrollReset aria-label={`Delete ${w.name}`} className={`${small} border-red-700 text-red-800 hover:bg-red-50`}>
                  Delete
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      {loaderData.deleteCandidate && <DeleteDialog item={loaderData.deleteCandidate} noun="winner" cancelTo={LIST} />}
    </>
  );
}
