import { randomUUID } from "node:crypto";
import { CheckboxField, ContentFormFrame, useContentForm } from "../../../components/admin/content-form.tsx";
import { MediaField } from "../../../components/admin/media-field.tsx";
import { TextAreaField, TextField } from "../../../components/ui/fields.tsx";
import { listingFormAction } from "../../../domain/listings/listing-form.server.ts";
import { mediaChoices } from "../../../domain/listings/media-field.server.ts";
import { formValues } from "../../../domain/listings/listing-fields.schema.ts";
import { createCraftFair, getCraftFairForAdmin, updateCraftFair } from "../craft-fairs-admin.server.ts";
import {
  CRAFT_FAIR_DEFAULT_STALLS,
  CRAFT_FAIR_DEFAULT_TIME,
  CRAFT_FAIR_FORM_FIELDS,
  CraftFairFormSchema,
} from "../craft-fairs.schema.ts";
import { redirectWithToast } from "../../../lib/toast.server.ts";
import type { Route } from "./+types/craft-fair-form";
import { BODY_LIMITS, type BodyLimitHandle } from "../../../lib/body-limits.ts";

/** Takes an image upload. */
export const handle: BodyLimitHandle = { bodyLimit: BODY_LIMITS.imageForm };

export const meta = ({ params }: Route.MetaArgs) => [{ title: `${params.id ? "Edit Craft Fair" : "New Craft Fair"} | Millbrook Admin` }];

export async function loader(args: Route.LoaderArgs) {
  const id = args.params.id;
  if (id === undefined) {
    return {
      id: null,
      image: null,
      media: await mediaChoices(null),
      live: false,
      values: {
        ...formValues(
          { time: CRAFT_FAIR_DEFAULT_TIME, stalls_available: CRAFT_FAIR_DEFAULT_STALLS, is_active: true, is_past: false },
          CRAFT_FAIR_FORM_FIELDS,
        ),
        submission_id: randomUUID(),
      },
    };
  }
  const fair = /^\d{1,10}$/.test(id) ? await getCraftFairForAdmin(Number(id)).catch(() => null) : null;
  if (!fair) throw await redirectWithToast("/admin/craft-fairs", { type: "error", message: "Failed to load craft fair data" });
  return { id: fair.id, image: fair.image, media: await mediaChoices(fair.image), live: Boolean(fair.is_active), values: formValues(fair, CRAFT_FAIR_FORM_FIELDS) };
}

export const action = (args: Route.ActionArgs) =>
  listingFormAction(args, {
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
  });

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
