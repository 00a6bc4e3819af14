/**
 * The action of the staff create/edit forms with an image (events, craft fairs, trustees,
 * causes, news, gallery, award winners): reads the multipart request with Conform and the
 * form's schema and the media field's choice (media-field.server.ts: the image's alt text
 * is the library item's), saves through the listings domain, and answers: refused fields
 * come back as `submission.reply()` with the values as typed (400, or 500 for an
 * unexpected failure), a
 * saved item goes back to the list with the spec's toast, a repeated submission to the
 * item it created. Events and craft fairs also share the loader (`listingFormLoader`).
 */
import { randomUUID } from "node:crypto";
import { data } from "react-router";
import type { z } from "zod";
import { currentActor, type GuardArgs } from "../../auth/guards.server.ts";
import type { AuditActor } from "../audit/audit.server.ts";
import { formValues } from "./listing-fields.schema.ts";
import { FORM_META_FIELDS, saveListing } from "./save-listing.server.ts";
import { parseForm, refusedForm, replyErrors } from "../../lib/form-submission.ts";
import { redirectWithToast } from "../../lib/toast.server.ts";
import type { StoreFolder } from "../../storage/file-store.server.ts";
import { readFormWithImage } from "../../storage/upload.server.ts";
import { mediaChoices, readMediaField } from "./media-field.server.ts";

/** One form screen (events, craft fairs): its schema, list address, save functions and the spec's texts. */
export interface ListingFormScreen<S extends z.ZodType> {
  schema: S;
  fields: readonly string[];
  folder: StoreFolder;
  /** "/admin/events"; an item is edited at `${listPath}/edit/:id`. */
  listPath: string;
  texts: { created: string; updated: string; createFailed: string; updateFailed: string; loadFailed: string };
  create: (input: z.output<S>, image: string | null, actor: AuditActor, submissionId: string) => Promise<{ id: number; duplicate?: boolean }>;
  update: (id: number, input: z.output<S>, image: string | null | undefined, actor: AuditActor) => Promise<{ id: number } | null>;
  /** Rules across fields and the image, checked before anything is stored (id: null when creating). */
  check?: (input: z.output<S>, image: { uploading: boolean; removing: boolean }, id: number | null) => Promise<Record<string, string> | null>;
}

export async function listingFormAction<S extends z.ZodType>(args: GuardArgs & { params: { id?: string } }, screen: ListingFormScreen<S>) {
  const actor = currentActor(args);
  const id = args.params.id === undefined ? null : Number(args.params.id);
  const { listPath, texts } = screen;
  const failure = id === null ? texts.createFailed : texts.updateFailed;

  const read = await readFormWithImage(args.request);
  if (!read.ok) return data(refusedForm({ image: `Image upload failed: ${read.error}` }), { status: 400 });
  const submission = parseForm(read.formData, screen.schema, screen.fields);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const values = formValues(read.formData, [...screen.fields, ...FORM_META_FIELDS]);
  const media = await readMediaField(read.formData, read.image && { bytes: read.image, filename: read.filename }, screen.folder, actor);
  if (!media.ok) return data(submission.reply(replyErrors(media.errors)), { status: 400 });
  // The image's alt text is the library item's (or the new upload's), whatever the form says.
  if (media.alt) Object.assign(values, { image_alt: media.alt.alt, image_decorative: media.alt.decorative ? "on" : "" });
  const outcome = await saveListing(
    { values, image: media.image },
    {
      schema: screen.schema,
      failure,
      check: screen.check && ((input, image) => screen.check!(input, image, id)),
      save: (input, image, submissionId) =>
        id === null ? screen.create(input, image ?? null, actor, submissionId) : screen.update(id, input, image, actor),
    },
  );
  switch (outcome.status) {
    case "invalid":
      return data(submission.reply(replyErrors(outcome.errors, outcome.formError)), { status: outcome.formError ? 500 : 400 });
    case "not-found":
      return redirectWithToast(listPath, { type: "error", message: texts.loadFailed });
    case "duplicate":
      return redirectWithToast(`${listPath}/edit/${outcome.id}`, { type: "success", message: texts.created });
    case "saved":
      return redirectWithToast(listPath, { type: "success", message: id === null ? texts.created : texts.updated });
  }
}

/** What the loader of an event's or a craft fair's form needs beyond what its action has. */
export interface ListingFormLoad<Row extends { id: number; image: string | null; is_active: boolean }> {
  fields: readonly string[];
  listPath: string;
  texts: { loadFailed: string };
  /** The item to edit (null when there is none). */
  read: (id: number) => Promise<Row | null>;
  /** A new item's starting values (the time, the number of stalls ...). */
  blank: Record<string, unknown>;
  /** An item's values on the form, where they are not its columns as they are. */
  values?: (row: Row) => Record<string, unknown>;
}

/**
 * The loader of an event's or a craft fair's form: a new item gets the blank values and a
 * fresh submission key (so a repeated submission creates it once); an item being edited
 * is read, and an unknown or malformed id goes back to the list with the spec's toast.
 */
export async function listingFormLoader<Row extends { id: number; image: string | null; is_active: boolean }>(
  params: { id?: string },
  screen: ListingFormLoad<Row>,
) {
  if (params.id === undefined) {
    return {
      id: null,
      image: null,
      media: await mediaChoices(null),
      live: false,
      values: { ...formValues(screen.blank, screen.fields), submission_id: randomUUID() },
    };
  }
  const row = /^\d{1,10}$/.test(params.id) ? await screen.read(Number(params.id)).catch(() => null) : null;
  if (!row) throw await redirectWithToast(screen.listPath, { type: "error", message: screen.texts.loadFailed });
  return {
    id: row.id,
    image: row.image,
    media: await mediaChoices(row.image),
    live: Boolean(row.is_active),
    values: formValues(screen.values ? screen.values(row) : row, screen.fields),
  };
}
