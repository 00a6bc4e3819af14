/**
 * Add or edit a past winner of the Community Awards: year, category, name, achievement and
 * a photo. The photo sits beside the winner's name and achievement, so it is shown as
 * decorative (screen readers skip it; the text says everything).
 */
import { ContentFormFrame, useContentForm } from "../../../components/admin/content-form.tsx";
import { MediaField } from "../../../components/admin/media-field.tsx";
import { SelectField, TextAreaField, TextField } from "../../../components/ui/fields.tsx";
import { AWARD_WINNER_FORM_FIELDS, AwardWinnerFormSchema } from "../awards.schema.ts";
import { createWinner, getAwardRound, getWinner, updateWinner } from "../awards.server.ts";
import { formValues } from "../../../domain/listings/listing-fields.schema.ts";
import { BODY_LIMITS, type BodyLimitHandle } from "../../../lib/body-limits.ts";
import { redirectWithToast } from "../../../lib/toast.server.ts";
import { listingFormAction } from "../../../domain/listings/listing-form.server.ts";
import { mediaChoices } from "../../../domain/listings/media-field.server.ts";
import type { Route } from "./+types/award-winner-form";
import { HistoryLink } from "../../../components/admin/history-link.tsx";

/** Takes an image upload. */
export const handle: BodyLimitHandle = { bodyLimit: BODY_LIMITS.imageForm };

export const meta = ({ params }: Route.MetaArgs) => [{ title: `${params.id ? "Edit Winner" : "Add a Winner"} | Millbrook Admin` }];

const LIST = "/admin/awards";
const NOT_FOUND = "That winner could not be found. They may have been removed.";

export async function loader({ params }: Route.LoaderArgs) {
  const round = await getAwardRound();
  const categories = round.categories.map((c) => ({ id: c.id, label: c.title }));
  if (params.id === undefined) return { id: null, image: null, media: await mediaChoices(null), categories, values: formValues({ year: Number(round.ceremony_date.slice(0, 4)) }, AWARD_WINNER_FORM_FIELDS) };
  const winner = /^\d{1,10}$/.test(params.id) ? await getWinner(Number(params.id)) : null;
  if (!winner) throw await redirectWithToast(LIST, { type: "error", message: NOT_FOUND });
  // A winner of a category the current round no longer has keeps it as an option.
  const options = categories.some((c) => c.id === winner.category) ? categories : [...categories, { id: winner.category, label: winner.category }];
  return { id: winner.id, image: winner.image, media: await mediaChoices(winner.image), categories: options, values: formValues(winner, AWARD_WINNER_FORM_FIELDS) };
}

export const action = (args: Route.ActionArgs) =>
  listingFormAction(args, {
    schema: AwardWinnerFormSchema,
    fields: AWARD_WINNER_FORM_FIELDS,
    folder: "awards",
    listPath: LIST,
    texts: {
      created: "Winner added",
      updated: "Winner updated",
      createFailed: "Failed to add the winner",
      updateFailed: "Failed to update the winner",
      loadFailed: NOT_FOUND,
    },
    create: (input, image, actor) => createWinner({ ...input, image }, actor),
    update: (id, input, image, actor) => updateWinner(id, { ...input, image }, actor),
  });

export default function AwardWinnerForm({ loaderData, actionData }: Route.ComponentProps) {
  const editing = loaderData.id !== null;
  const form = useContentForm({
    schema: AwardWinnerFormSchema,
    initial: loaderData.values,
    draftKey: `draft:award-winner:${loaderData.id ?? "new"}`,
    actionData,
  });
  return (
    <ContentFormFrame form={form} heading={editing ? "Edit winner" : "Add a winner"} backTo={LIST} backLabel="Back to Awards" submitLabel={editing ? "Update Winner" : "Add Winner"} connectionTest={false}>
      {editing && <HistoryLink type="award-winner" id={loaderData.id} />}
      <TextField label="Year" inputMode="numeric" maxLength={4} {...form.bind("year")} />
      <SelectField label="Category" options={loaderData.categories} {...form.bind("category")} />
      <TextField label="Name" hint="The person or group who won." maxLength={120} className="md:col-span-2" {...form.bind("name")} />
      <TextAreaField label="Achievement" hint="One sentence: what they did." rows={3} maxLength={300} className="md:col-span-2" {...form.bind("achievement")} />
      <MediaField form={form} current={loaderData.image} choices={loaderData.media} label="Photo" />
    </ContentFormFrame>
  );
}
