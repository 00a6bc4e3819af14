/**
 * Write or change a newsletter: subject, preview text (what inboxes show after the
 * subject) and the body in the news editor (the same module, loaded by this route only;
 * without JavaScript a plain HTML field). Only drafts and scheduled newsletters change.
 */
import { useState } from "react";
import { data, Form, Link, redirect } from "react-router";
import { currentActor } from "../../../auth/guards.server.ts";
import { RichTextField } from "../../../components/admin/rich-text-field.tsx";
import { TextField } from "../../../components/ui/fields.tsx";
import { redirectWithToast } from "../../../lib/toast.server.ts";
import { createNewsletter, getNewsletter, updateNewsletter } from "../newsletters.server.ts";
import { NEWSLETTER_FIELDS, NewsletterFormSchema } from "../newsletters.schema.ts";
import type { Route } from "./+types/newsletter-form";
import { parseForm } from "../../../lib/form-submission.ts";
import { replyFor } from "../../../lib/form-reply.ts";

export const meta = ({ params }: Route.MetaArgs) => [{ title: `${params.id ? "Edit Newsletter" : "Write a Newsletter"} | Millbrook Admin` }];

export async function loader({ params }: Route.LoaderArgs) {
  if (params.id === undefined) return { id: null, values: { subject: "", preview_text: "", body: "" } };
  const newsletter = await getNewsletter(Number(params.id));
  if (!newsletter) throw await redirectWithToast("/admin/newsletters", { type: "error", message: "That newsletter could not be found." });
  if (newsletter.status !== "draft" && newsletter.status !== "scheduled") throw redirect(`/admin/newsletters/${newsletter.id}`);
  return { id: newsletter.id, values: { subject: newsletter.subject, preview_text: newsletter.preview_text, body: newsletter.body } };
}

export async function action(args: Route.ActionArgs) {
  const submission = parseForm(await args.request.formData(), NewsletterFormSchema, NEWSLETTER_FIELDS);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const actor = currentActor(args);
  if (args.params.id === undefined) {
    const id = await createNewsletter(submission.value, actor);
    return redirectWithToast(`/admin/newsletters/${id}`, { type: "success", message: "Newsletter saved. Preview it, send yourself a test, then choose who gets it." });
  }
  const id = Number(args.params.id);
  if (!(await updateNewsletter(id, submission.value, actor))) {
    return redirectWithToast(`/admin/newsletters/${id}`, { type: "error", message: "This newsletter has been sent, so it can no longer be changed. Nothing was saved." });
  }
  return redirectWithToast(`/admin/newsletters/${id}`, { type: "success", message: "Newsletter updated." });
}

export default function NewsletterForm({ loaderData, actionData }: Route.ComponentProps) {
  // Conform's reply, read without the form library (this screen already carries the editor's weight).
  const refused = replyFor(actionData && { intent: "newsletter", reply: actionData }, "newsletter");
  const values = actionData ? { subject: refused.value("subject") ?? "", preview_text: refused.value("preview_text") ?? "", body: refused.value("body") ?? "" } : loaderData.values;
  const errors: Record<string, string | undefined> = refused.errors;
  const [body, setBody] = useState(values.body);
  const back = loaderData.id ? `/admin/newsletters/${loaderData.id}` : "/admin/newsletters";
  return (
    <main className="px-4 py-6 sm:px-6 sm:py-8">
      <Link to={back} className="text-sm font-semibold text-brand-700 underline">
        {loaderData.id ? "Back to the newsletter" : "Back to newsletters"}
      </Link>
      <h1 className="mt-2 font-display text-3xl font-semibold text-brand-900">{loaderData.id ? "Edit the newsletter" : "Write a newsletter"}</h1>
      {Object.keys(errors).length > 0 && (
        <p role="alert" className="mt-4 rounded-xl bg-red-50 p-3 text-red-900">
          Please correct the fields below. Nothing was saved.
        </p>
      )}
      <Form method="post" className="mt-6 grid max-w-3xl gap-5 md:grid-cols-2">
        <TextField label="Subject" name="subject" maxLength={150} autoComplete="off" defaultValue={values.subject} error={errors.subject} className="md:col-span-2" />
        <TextField
          label="Preview text"
          name="preview_text"
          optional
          maxLength={200}
          autoComplete="off"
          hint="Shown after the subject in most inboxes. One sentence."
          defaultValue={values.preview_text}
          error={errors.preview_text}
          className="md:col-span-2"
        />
        <RichTextField
          name="body"
          label="Newsletter"
          hint="Headings, lists, links and images (uploaded to the media library). Every newsletter ends with an unsubscribe link and the charity's name, address and number: you need not add them."
          value={body}
          error={errors.body}
          onChange={setBody}
        />
        <div className="flex flex-wrap gap-3 md:col-span-2">
          <button type="submit" className="rounded-full bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700">
            Save newsletter
          </button>
          <Link to={back} className="rounded-full border-2 border-brand-600 px-5 py-2 font-semibold text-brand-700">
            Cancel
          </Link>
        </div>
      </Form>
    </main>
  );
}
