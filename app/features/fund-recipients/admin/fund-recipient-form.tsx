import { CheckboxField, ContentFormFrame, useContentForm } from "../../../components/admin/content-form.tsx";
import { SelectField, TextField } from "../../../components/ui/fields.tsx";
import { FUND_RECIPIENT_FORM_FIELDS, FundRecipientFormSchema, fundRecipientFormAmount } from "../fund-recipients.schema.ts";
import { FUND_STATUS_LABELS } from "../fund-status.ts";
import { createFundRecipient, getFundRecipient, updateFundRecipient } from "../fund-recipients.server.ts";
import { formValues } from "../../../domain/listings/listing-fields.schema.ts";
import { redirectWithToast } from "../../../lib/toast.server.ts";
import { listingFormAction } from "../../../domain/listings/listing-form.server.ts";
import type { Route } from "./+types/fund-recipient-form";
import { HistoryLink } from "../../../components/admin/history-link.tsx";

export const meta = ({ params }: Route.MetaArgs) => [{ title: `${params.id ? "Edit Recipient" : "Add a Recipient"} | Millbrook Admin` }];

const NOT_FOUND = "That recipient could not be found. They may have been removed.";
const STATUS_OPTIONS = Object.entries(FUND_STATUS_LABELS).map(([id, label]) => ({ id, label }));

export async function loader({ params }: Route.LoaderArgs) {
  if (params.id === undefined) {
    return { id: null, values: formValues({ is_visible: true, status: "awarded", year: String(new Date().getFullYear()) }, FUND_RECIPIENT_FORM_FIELDS) };
  }
  const row = /^\d{1,10}$/.test(params.id) ? await getFundRecipient(Number(params.id)).catch(() => null) : null;
  if (!row) throw await redirectWithToast("/admin/fund-recipients", { type: "error", message: NOT_FOUND });
  return { id: row.id, values: formValues({ ...row, ...fundRecipientFormAmount(row) }, FUND_RECIPIENT_FORM_FIELDS) };
}

export const action = (args: Route.ActionArgs) =>
  listingFormAction(args, {
    schema: FundRecipientFormSchema,
    fields: FUND_RECIPIENT_FORM_FIELDS,
    folder: "fund-recipients",
    listPath: "/admin/fund-recipients",
    texts: {
      created: "Recipient added",
      updated: "Recipient updated",
      createFailed: "Failed to add the recipient",
      updateFailed: "Failed to update the recipient",
      loadFailed: NOT_FOUND,
    },
    create: (input, _image, actor) => createFundRecipient(input, actor),
    update: (id, input, _image, actor) => updateFundRecipient(id, input, actor),
  });

export default function FundRecipientForm({ loaderData, actionData }: Route.ComponentProps) {
  const editing = loaderData.id !== null;
  const form = useContentForm({
    schema: FundRecipientFormSchema,
    initial: loaderData.values,
    draftKey: `draft:fund-recipient:${loaderData.id ?? "new"}`,
    actionData,
  });
  return (
    <ContentFormFrame
      form={form}
      heading={editing ? "Edit recipient" : "Add a recipient"}
      backTo="/admin/fund-recipients"
      backLabel="Back to Fund recipients"
      submitLabel={editing ? "Update Recipient" : "Add Recipient"}
      connectionTest={false}
    >
      {editing && <HistoryLink type="fund-recipient" id={loaderData.id} />}
      <TextField label="Name" hint="The group or project that received the grant." maxLength={120} autoComplete="off" className="md:col-span-2" {...form.bind("name")} />
      <TextField label="What the grant is for" maxLength={300} className="md:col-span-2" {...form.bind("purpose")} />
      <TextField label="Year" inputMode="numeric" maxLength={4} {...form.bind("year")} />
      <TextField label="Amount (£)" inputMode="decimal" maxLength={14} hint="Pounds and pence, for example 650 or 650.50." {...form.bind("amount")} />
      <SelectField label="Status" hint="Awarded: promised. Funded: paid." options={STATUS_OPTIONS} {...form.bind("status")} />
      <CheckboxField form={form} name="is_visible" label="Shown on the website" hint="Untick to hide this recipient without deleting them." />
    </ContentFormFrame>
  );
}
