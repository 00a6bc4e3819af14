/** Contact details: the footer's address, phone and social links, and the email addresses the pages show. */
import { currentActor } from "../../../auth/guards.server.ts";
import { ContentFormFrame, useContentForm } from "../../../components/admin/content-form.tsx";
import { TextAreaField, TextField } from "../../../components/ui/fields.tsx";
import { CONTACT_FORM_FIELDS, ContactFormSchema } from "../contact.schema.ts";
import { readContactForEditing, saveContactDetails } from "../contact.server.ts";
import { formValues } from "../../../domain/listings/listing-fields.schema.ts";
import { simpleFormAction } from "../../../domain/listings/simple-form.server.ts";
import type { Route } from "./+types/contact";
import type { MenuHandle } from "../../../lib/admin-menu.ts";
import { contentMenu } from "../../../lib/content-types.ts";

export const handle: MenuHandle = contentMenu("contact");

export const meta = () => [{ title: "Contact details | Millbrook Admin" }];

export async function loader() {
  return { values: formValues(await readContactForEditing(), CONTACT_FORM_FIELDS) };
}

export async function action(args: Route.ActionArgs) {
  const actor = currentActor(args);
  return simpleFormAction(args.request, {
    schema: ContactFormSchema,
    fields: CONTACT_FORM_FIELDS,
    save: (input) => saveContactDetails(input, actor),
    redirectTo: "/admin/contact",
    saved: "Contact details saved",
  });
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const form = useContentForm({
    schema: ContactFormSchema,
    initial: loaderData.values,
    draftKey: "draft:contact",
    actionData,
  });
  const email = (name: string, label: string, hint: string) => <TextField type="email" label={label} hint={hint} maxLength={254} {...form.bind(name)} />;
  return (
    <ContentFormFrame form={form} heading="Contact details" backTo="/admin/dashboard" backLabel="Back to Dashboard" submitLabel="Save Contact Details" connectionTest={false}>
      <TextAreaField label="Address" hint="One line per row, as it appears in the footer." rows={4} maxLength={400} {...form.bind("address")} />
      <TextField type="tel" label="Phone number" hint="Shown in the footer." maxLength={40} {...form.bind("phone")} />
      {email("contact_email", "General email", "The footer and the forms' messages.")}
      {email("events_email", "Events email", "On the Events page, for people who would like to host an event.")}
      {email("craft_fairs_email", "Craft fairs email", "On the Craft Fairs page.")}
      {email("awards_email", "Awards email", "On the Awards page.")}
      {email("fund_email", "Community Fund email", "On the Community Fund page.")}
      {email("trustees_email", "Trustees email", "On the Trustees page.")}
      <TextField type="url" label="Facebook link" optional hint="Leave empty to hide the Facebook link." maxLength={500} {...form.bind("facebook_url")} />
      <TextField type="url" label="Twitter link" optional hint="Leave empty to hide the Twitter link." maxLength={500} {...form.bind("twitter_url")} />
      <TextField type="url" label="Instagram link" optional hint="Leave empty to hide the Instagram link." maxLength={500} {...form.bind("instagram_url")} />
    </ContentFormFrame>
  );
}
