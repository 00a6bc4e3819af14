import { CheckboxField, ContentFormFrame, useContentForm } from "../../../components/admin/content-form.tsx";
import { MediaField } from "../../../components/admin/media-field.tsx";
import { TextAreaField, TextField } from "../../../components/ui/fields.tsx";
import { listingFormAction, listingFormLoader, type ListingFormScreen } from "../../../domain/listings/listing-form.server.ts";
import { createCraftFair, getCraftFairForAdmin, updateCraftFair } from "../craft-fairs-admin.server.ts";
import {
  CRAFT_FAIR_DEFAULT_STALLS,
  CRAFT_FAIR_DEFAULT_TIME,
  CRAFT_FAIR_FORM_FIELDS,
  CraftFairFormSchema,
} from "../craft-fairs.schema.ts";
import type { Route } from "./+types/craft-fair-form";
import { BODY_LIMITS, type BodyLimitHandle } from "../../../lib/body-limits.ts";

/** Takes an image upload. */
export const handle: BodyLimitHandle = { bodyLimit: BODY_LIMITS.imageForm };

export const meta = ({ params }: Route.MetaArgs) => [{ title: `${params.id ? "Edit Craft Fair" : "New Craft Fair"} | Millbrook Admin` }];

const screen = {
  schema: CraftFairFormSchema,
  fields: CRAFT_FAIR_FORM_FIELDS,
  folder: "craft-fairs",
  listPath: "/admin/craft-fairs",
  texts: {
    created: "Craft fair created successfully",
    updated: "Craft fair updated successfully",
    createFailed: "Failed to create craft fair",
    updateFailed: "Failed to update craft fair",
    loadFailed: "Failed to load craft fair data",
  },
  create: (input, image, actor, submissionId) => createCraftFair({ ...input, image }, actor, submissionId),
  update: (id, input, image, actor) => updateCraftFair(id, { ...input, image }, actor),
} satisfies ListingFormScreen<typeof CraftFairFormSchema>;

export const loader = ({ params }: Route.LoaderArgs) =>
  listingFormLoader(params, {
    ...screen,
    read: getCraftFairForAdmin,
    blank: { time: CRAFT_FAIR_DEFAULT_TIME, stalls_available: CRAFT_FAIR_DEFAULT_STALLS, is_active: true, is_past: false },
  });

export const action = (args: Route.ActionArgs) => listingFormAction(args, screen);

export default function CraftFairForm({ loaderData, actionData }: Route.ComponentProps) {
  const editing = loaderData.id !== null;
  const form = useContentForm({
    schema: CraftFairFormSchema,
    initial: loaderData.values,
    draftKey: `draft:craft-fair:${loaderData.id ?? "new"}`,
    actionData,
  });
  return (
    <ContentFormFrame
      form={form}
      heading={editing ? "Edit Craft Fair" : "Create Craft Fair"}
      backTo="/admin/craft-fairs"
      backLabel="Back to Craft Fairs"
      viewOnSite={loaderData.live ? "/craft-fairs" : undefined}
      submitLabel={editing ? "Update Craft Fair" : "Create Craft Fair"}
    >
      <TextField label="Title" maxLength={120} className="md:col-span-2" {...form.bind("title")} />
      <TextField label="Date" type="date" {...form.bind("date")} />
      <TextField label="Time" type="time" {...form.bind("time")} />
      <TextAreaField
        label="Description"
        hint="We recommend at most 200 characters."
        rows={3}
        maxLength={500}
        className="md:col-span-2"
        {...form.bind("description")}
      />
      <TextField label="Location" maxLength={200} {...form.bind("location")} />
      <TextField label="Stalls available" inputMode="numeric" {...form.bind("stalls_available")} />
      <TextField label="Application deadline" type="date" {...form.bind("application_deadline")} />
      <div />
      <TextField label="Attendance" optional hint='For past fairs, e.g. "About 1,200 visitors".' maxLength={120} {...form.bind("attendance")} />
      <TextField label="Stallholders" optional hint='For past fairs, e.g. "34 stallholders".' maxLength={120} {...form.bind("stallholders")} />
      <MediaField form={form} current={loaderData.image} choices={loaderData.media} />
      <CheckboxField form={form} name="is_active" label="Active" hint="Shown on the public website." />
      <CheckboxField form={form} name="is_past" label="Past fair" hint="Listed with past fairs." />
    </ContentFormFrame>
  );
}
