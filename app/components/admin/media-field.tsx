/**
 * The image field of every staff form: pick an image from the media library (a grid of
 * radio buttons: the newest images, the current one first, and "No image"), or upload a
 * new one with its description (it goes into the library). The alt text shown on the
 * website is always the library item's. Works without JavaScript (radios and a file
 * input); with it, the chosen file is checked and previewed before it is sent.
 * The server half is app/domain/listings/media-field.server.ts.
 */
import { useEffect, useState } from "react";
import { IMAGE_TYPES, MAX_IMAGE_BYTES } from "../../storage/file-types.ts";
import { FieldError } from "../ui/fields.tsx";
import { uploadedImageSrcSet } from "../ui/responsive-image.ts";
import type { ContentFormState } from "./content-form.tsx";

export interface MediaFieldChoices {
  items: { id: number; url: string; description: string; needsAlt: boolean; focal?: string }[];
  currentId: number | null;
}

const TOO_LARGE = "Image upload failed: The image is larger than 10 MB. Please choose a smaller image.";
const WRONG_TYPE = "Image upload failed: Only JPEG, PNG, WebP or GIF images can be uploaded.";

const tile =
  "relative block cursor-pointer overflow-hidden rounded-xl border-2 border-slate-200 bg-white has-[:checked]:border-brand-600 has-[:checked]:ring-2 has-[:checked]:ring-brand-600 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-sun-500";

export function MediaField({
  form,
  current,
  choices,
  label = "Image",
}: {
  form: ContentFormState;
  /** The saved image's address (null: none). */
  current: string | null;
  choices: MediaFieldChoices;
  label?: string;
}) {
  const [preview, setPreview] = useState<string | null>(null);
  // A new file picked: it is the choice, so no library tile stays ticked beside it.
  const [uploading, setUploading] = useState(false);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  const keepCurrent = current !== null && choices.currentId === null;
  const initial = choices.currentId !== null ? String(choices.currentId) : keepCurrent ? "" : "none";
  const chosen = form.values.media_id ?? initial;
  const errors = [form.imageError, form.bind("image_alt").error].filter(Boolean).join(" ") || undefined;
  const { error: altError, ...alt } = form.bind("media_alt");

  function onFile(event: React.ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    form.markImageChanged();
    setPreview(null);
    setUploading(false);
    form.setImageError(null);
    if (!file) return;
    if (file.size > MAX_IMAGE_BYTES || !(IMAGE_TYPES as readonly string[]).includes(file.type)) {
      form.setImageError(file.size > MAX_IMAGE_BYTES ? TOO_LARGE : WRONG_TYPE);
      event.currentTarget.value = "";
      return;
    }
    setPreview(URL.createObjectURL(file));
    setUploading(true);
  }

  /** Choosing a library image or "No image" after picking a file drops the file: what is ticked is what is saved. */
  function choose(event: React.ChangeEvent<HTMLInputElement>) {
    form.setValue("media_id", event.currentTarget.value);
    setUploading(false);
    const file = event.currentTarget.form?.elements.namedItem("image");
    if (file instanceof HTMLInputElement && file.value) {
      file.value = "";
      setPreview(null);
      form.setImageError(null);
    }
  }

  const radio = (value: string) => ({
    type: "radio" as const,
    name: "media_id",
    value,
    checked: !uploading && chosen === value,
    onChange: choose,
    className: "peer absolute top-2 left-2 size-4 accent-brand-600",
  });

  return (
    <fieldset className="min-w-0 md:col-span-2" aria-describedby={errors ? "image-error" : undefined}>
      <legend className="font-semibold text-ink">
        {label} <span className="font-normal text-slate-600">(optional)</span>
      </legend>
      <p className="mt-1 text-sm text-slate-600">
        Choose one from the media library, or upload a new one below (it is added to the library). Its description (alt text) and focal point are
        kept in the{" "}
        <a href="/admin/media" target="_blank" rel="noopener" className="font-semibold text-brand-700 underline underline-offset-2">
          Media library<span className="sr-only"> (opens in a new tab)</span>
        </a>
        .
      </p>
      <div className="mt-3 grid max-h-96 grid-cols-3 gap-2 overflow-y-auto rounded-xl border border-slate-200 bg-slate-50 p-2 sm:grid-cols-4 lg:grid-cols-6" data-testid="media-choices">
        <label className={`${tile} flex aspect-square flex-col items-center justify-center text-center text-sm font-semibold text-slate-700`}>
          <input {...radio("none")} />
          No image
        </label>
        {keepCurrent && (
          <label className={tile}>
            <input {...radio("")} />
            <img src={current} alt="" className="aspect-square w-full object-cover" />
            <span className="block truncate px-1.5 py-1 text-xs text-slate-700">The current image</span>
          </label>
        )}
        {choices.items.map((item) => (
          <label key={item.id} className={tile} title={item.description}>
            <input {...radio(String(item.id))} aria-label={`${item.description}${item.needsAlt ? " (needs alt text)" : ""}`} />
            <img
              src={item.url}
              srcSet={uploadedImageSrcSet(item.url)}
              sizes="8rem"
              alt=""
              loading="lazy"
              className="aspect-square w-full bg-brand-50 object-cover"
              style={item.focal ? { objectPosition: item.focal } : undefined}
            />
            <span className="block truncate px-1.5 py-1 text-xs text-slate-700">{item.description}</span>
            {item.needsAlt && <span className="absolute top-1.5 right-1.5 rounded-full bg-sun-100 px-1.5 text-[0.65rem] font-semibold text-ink">Needs alt text</span>}
          </label>
        ))}
      </div>

      <div className="mt-4 grid grid-cols-1 gap-4 rounded-xl border border-slate-200 p-4">
        <div>
          <label htmlFor="image" className="block font-semibold text-ink">
            {label}: upload a new one
          </label>
          <p id="image-hint" className="mt-1 text-sm text-slate-600">
            JPEG, PNG, WebP or GIF, up to 10MB. Large photos are resized for the website. A new image replaces the choice above.
          </p>
          <div className="mt-2 flex flex-wrap items-center gap-3">
            {preview && <img src={preview} alt="Preview of the selected image" className="h-24 w-auto rounded-lg border border-slate-200" />}
            <input
              id="image"
              name="image"
              type="file"
              accept={IMAGE_TYPES.join(",")}
              onChange={onFile}
              aria-describedby="image-hint"
              className="block min-w-0 flex-1 text-sm file:mr-3 file:rounded-full file:border-0 file:bg-brand-600 file:px-4 file:py-2 file:font-semibold file:text-white hover:file:bg-brand-700"
            />
          </div>
        </div>
        <div>
          <label htmlFor="media_alt" className="block font-semibold text-ink">
            {label} description (alt text)
          </label>
          <p id="media_alt-hint" className="mt-1 text-sm text-slate-600">
            For a new upload: what it shows, for people who cannot see it. Needed unless it is decorative. An image from the library keeps its own.
          </p>
          <input
            {...alt}
            maxLength={200}
            aria-describedby={altError ? "media_alt-hint media_alt-error" : "media_alt-hint"}
            aria-invalid={altError ? true : undefined}
            className="mt-1.5 block w-full rounded-xl border border-slate-400 px-3.5 py-2.5 aria-invalid:border-red-700"
          />
          <FieldError id="media_alt" error={altError} />
        </div>
        <div className="flex items-start gap-3">
          <input type="checkbox" {...form.bindCheckbox("media_decorative")} className="mt-1 size-5 accent-brand-600" />
          <label htmlFor="media_decorative" className="text-ink">
            The {label.toLowerCase()} is decorative (screen readers skip it)
          </label>
        </div>
      </div>
      <FieldError id="image" error={errors} />
    </fieldset>
  );
}
