/** Edit one legal page: its title and its text in simple markup. */
import { currentActor } from "../../../auth/guards.server.ts";
import { ContentFormFrame, useContentForm } from "../../../components/admin/content-form.tsx";
import { TextAreaField, TextField } from "../../../components/ui/fields.tsx";
import { LEGAL_PAGE_FORM_FIELDS, LegalPageFormSchema } from "../legal-pages.schema.ts";
import { isLegalSlug, listLegalPagesForAdmin, updateLegalPage } from "../legal-pages.server.ts";
import { formValues } from "../../../domain/listings/listing-fields.schema.ts";
import { redirectWithToast } from "../../../lib/toast.server.ts";
import { simpleFormAction } from "../../../domain/listings/simple-form.server.ts";
import type { Route } from "./+types/legal-page-form";
import { HistoryLink } from "../../../components/admin/history-link.tsx";

export const meta = () => [{ title: "Edit legal page | Millbrook Admin" }];

const LIST = "/admin/legal-pages";

export async function loader({ params }: Route.LoaderArgs) {
  const page = (await listLegalPagesForAdmin()).find((p) => p.slug === params.slug);
  if (!page) throw await redirectWithToast(LIST, { type: "error", message: "That page could not be found" });
  return { slug: page.slug, path: page.path, values: formValues({ title: page.title, body: page.body }, LEGAL_PAGE_FORM_FIELDS) };
}

export async function action(args: Route.ActionArgs) {
  const slug = args.params.slug;
  if (!isLegalSlug(slug)) return redirectWithToast(LIST, { type: "error", message: "That page could not be found" });
  const actor = currentActor(args);
  return simpleFormAction(args.request, {
    schema: LegalPageFormSchema,
    fields: LEGAL_PAGE_FORM_FIELDS,
    save: (input) => updateLegalPage(slug, input, actor),
    redirectTo: LIST,
    saved: "Page saved",
  });
}

export default function LegalPageForm({ loaderData, actionData }: Route.ComponentProps) {
  const form = useContentForm({
    schema: LegalPageFormSchema,
    initial: loaderData.values,
    draftKey: `draft:legal:${loaderData.slug}`,
    actionData,
  });
  return (
    <ContentFormFrame
      form={form}
      heading={`Edit ${loaderData.values.title}`}
      backTo={LIST}
      backLabel="Back to Legal pages"
      viewOnSite={loaderData.path}
      submitLabel="Save Page"
      connectionTest={false}
    >
      <HistoryLink type="legal-page" id={loaderData.slug} />
      <TextField label="Title" maxLength={120} className="md:col-span-2" {...form.bind("title")} />
      <TextAreaField
        label="Page text"
        hint={
          loaderData.slug === "privacy"
            ? 'Start a line with "## " for a heading and "- " for a list item; leave a blank line between paragraphs. Web and email addresses become links. {volunteer_retention}, {stall_application_retention} and {nomination_retention} show the periods set under Data protection. On the privacy notice, the section "## How long we keep it" is always made from the retention table under Data protection (added at the end if the text has no such heading).'
            : 'Start a line with "## " for a heading and "- " for a list item; leave a blank line between paragraphs. Web and email addresses become links.'
        }
        rows={24}
        maxLength={30000}
        className="md:col-span-2"
        {...form.bind("body")}
      />
    </ContentFormFrame>
  );
}
