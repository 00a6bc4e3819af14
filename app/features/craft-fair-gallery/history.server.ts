/** The craft fair gallery's History: a restore goes through the image form's checks (the image stays as it is now). */
import type { HistorySubjectOf } from "../../domain/revisions/history-subject.server.ts";
import { throughForm } from "../../domain/revisions/history-subject.server.ts";
import { GALLERY_IMAGE_FORM_FIELDS, GalleryImageFormSchema } from "./gallery.schema.ts";
import { galleryImageRevisionData, getGalleryImage, updateGalleryImage } from "./gallery.server.ts";

export const historySubjects: { "gallery-image": HistorySubjectOf } = {
  "gallery-image": async (_id, numeric) => {
    const row = await getGalleryImage(numeric);
    if (!row) return null;
    return {
      name: row.image_alt || "Gallery image (decorative)",
      editPath: `/admin/craft-fair-gallery/edit/${row.id}`,
      current: galleryImageRevisionData(row),
      labels: { image: "Image", image_alt: "Image description", is_visible: "Shown on the website" },
      restore: (data, actor) =>
        throughForm(GalleryImageFormSchema, GALLERY_IMAGE_FORM_FIELDS, data, ({ image_decorative: _, ...input }) => updateGalleryImage(row.id, input, actor), {
          image_decorative: typeof data.image_alt !== "string" || data.image_alt === "",
        }),
    };
  },
};
