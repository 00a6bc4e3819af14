/** Add or edit a question of the FAQ. */
import { currentActor } from "../../../auth/guards.server.ts";
import { CheckboxField, ContentFormFrame, useContentForm } from "../../../components/admin/content-form.tsx";
import { TextAreaField, TextField } from "../../../components/ui/fields.tsx";
import { FAQ_FORM_FIELDS, FaqFormSchema } from "../faqs.schema.ts";
import { createFaq, getFaq, updateFaq } from "../faqs.server.ts";
import { formValues } from "../../../domain/listings/listing-fields.schema.ts";
import { redirectWithToast } from "../../../lib/toast.server.ts";
import { simpleFormAction } from "../../../domain/listings/simple-form.server.ts";
import type { Route } from "./+types/faq-form";
import { HistoryLink } from "../../../components/admin/history-link.tsx";

export const meta = ({ params }: Route.MetaArgs) => [{ title: `${params.id ? "Edit Question" : "Add a Question"} | Millbrook Admin` }];

const LIST = "/admin/faqs";
const NOT_FOUND = "That question could not be found. It may have been removed.";

export async function loader({ params }: Route.LoaderArgs) {
  if (params.id === undefined) return { id: null, values: formValues({ is_visible: true }, FAQ_FORM_FIELDS) };
  const faq = /^\d{1,10}$/.test(params.id) ? await getFaq(Number(params.id)) : null;
  if (!faq) throw await redirectWithToast(LIST, { type: "error", message: NOT_FOUND });
  return { id: faq.id, values: formValues(faq, FAQ_FORM_FIELDS) };
}

export async function action(args: Route.ActionArgs) {
  const actor = currentActor(args);
  const id = args.params.id === undefined ? null : Number(args.params.id);
  return simpleFormAction(args.request, {
    schema: FaqFormSchema,
    fields: FAQ_FORM_FIELDS,
    save: (input) => (id === null ? createFaq(input, actor) : updateFaq(id, input, actor)),
    redirectTo: LIST,
    saved: id === null ? "Question added" : "Question updated",
  });
}

export default function FaqForm({ loaderData, actionData }: Route.ComponentProps) {
  const editing = loaderData.id !== null;
  const form = useContentForm({
    schema: FaqFormSchema,
    initial: loaderData.values,
    draftKey: `draft:faq:${loaderData.id ?? "new"}`,
    actionData,
  });
  return (
    <ContentFormFrame
      form={form}
      heading={editing ? "Edit question" : "Add a question"}
      backTo={LIST}
      backLabel="Back to FAQ"
      submitLabel={editing ? "Update Question" : "Add Question"}
      connectionTest={false}
    >
      {editing && <HistoryLink type="faq" id={loaderData.id} />}
      <TextField label="Question" maxLength={200} className="md:col-span-2" {...form.bind("question")} />
      <TextAreaField label="Answer" rows={5} maxLength={2000} className="md:col-span-2" {...form.bind("answer")} />
      <CheckboxField form={form} name="is_visible" label="Shown on the website" hint="Untick to hide this question from the Support page without deleting it." />
    </ContentFormFrame>
  );
}
