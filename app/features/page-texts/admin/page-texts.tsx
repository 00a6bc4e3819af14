/**
 * One page's texts: every field of the page, grouped as the page shows them, checked as
 * staff type and again by the server; long texts keep a draft while typing. Saving
 * records a revision (History) and refreshes the public page.
 */
import { data, Link } from "react-router";
import { currentActor } from "../../../auth/guards.server.ts";
import { ContentFormFrame, useContentForm } from "../../../components/admin/content-form.tsx";
import { TextAreaField, TextField } from "../../../components/ui/fields.tsx";
import { isPageKey, PAGE_TEXTS, pageTextsSchema, type PageDefinition, type PageKey } from "../page-texts.ts";
import { getPageTextsForAdmin, savePageTexts } from "../page-texts.server.ts";
import { formValues } from "../../../domain/listings/listing-fields.schema.ts";
import { pageFields } from "../page-texts.ts";
import { parseForm, replyErrors } from "../../../lib/form-submission.ts";
import { redirectWithToast } from "../../../lib/toast.server.ts";
import type { Route } from "./+types/page-texts";

export const meta = ({ params }: Route.MetaArgs) => [
  { title: `${isPageKey(params.page) ? PAGE_TEXTS[params.page].title : "Page texts"} | Millbrook Admin` },
];

function pageOf(param: string): PageKey {
  if (!isPageKey(param)) throw data("There is no such page", { status: 404 });
  return param;
}

export async function loader({ params }: Route.LoaderArgs) {
  const page = pageOf(params.page);
  return { page, values: (await getPageTextsForAdmin(page)) as Record<string, string> };
}

export async function action(args: Route.ActionArgs) {
  const page = pageOf(args.params.page);
  const form = await args.request.formData();
  const keys = pageFields(page).map((f) => f.key);
  const submission = parseForm(form, pageTextsSchema(page), keys);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = await savePageTexts(page, formValues(form, keys), currentActor(args));
  if (!result.ok) return data(submission.reply(replyErrors(result.errors)), { status: 400 });
  return redirectWithToast(`/admin/pages/${page}`, {
    type: "success",
    message: result.changed.length === 0 ? "Nothing to save: the texts are unchanged" : `${PAGE_TEXTS[page].title} saved`,
  });
}

export default function PageTextsScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { page, values } = loaderData;
  const definition: PageDefinition = PAGE_TEXTS[page];
  const form = useContentForm({
    schema: pageTextsSchema(page),
    initial: values,
    draftKey: `draft:page:${page}`,
    actionData,
  });
  return (
    <ContentFormFrame
      key={page}
      form={form}
      heading={definition.title}
      backTo="/admin/pages"
      backLabel="Back to Page texts"
      viewOnSite={definition.path}
      submitLabel="Save Texts"
      connectionTest={false}
    >
      <div className="flex flex-wrap items-center justify-between gap-3 md:col-span-2">
        <p className="text-slate-600">{definition.intro}</p>
        <Link to={`/admin/history/page/${page}`} className="text-sm font-semibold text-brand-700 underline underline-offset-2">
          History
        </Link>
      </div>
      {page === "home" && (
        <p className="text-sm text-slate-600 md:col-span-2">
          The tagline above the main heading and the big picture are in Settings (administrators), with the site&apos;s name and description.
        </p>
      )}
      {definition.sections.map((section) => (
        <fieldset key={section.heading} className="grid gap-5 border-t border-slate-200 pt-4 md:col-span-2 md:grid-cols-2">
          <legend className="font-display text-xl font-semibold text-brand-900">{section.heading}</legend>
          {section.fields.map((field) =>
            field.long ? (
              <TextAreaField
                key={field.key}
                label={field.label}
                hint={field.hint}
                optional={field.optional}
                maxLength={field.max}
                rows={4}
                className="md:col-span-2"
                {...form.bind(field.key)}
              />
            ) : (
              <TextField key={field.key} label={field.label} hint={field.hint} optional={field.optional} maxLength={field.max} autoComplete="off" {...form.bind(field.key)} />
            ),
          )}
        </fieldset>
      ))}
    </ContentFormFrame>
  );
}
