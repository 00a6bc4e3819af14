/**
 * The craft fair gallery against a real database: the built-in images, an image needing
 * alt text unless decorative, the shared move up/down, and hidden images leaving the page.
 */
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/helpers/test-database.ts";
import { GalleryImageFormSchema, galleryImageProblems } from "./gallery.schema.ts";
import { createGalleryImage, deleteGalleryImage, listGallery, listGalleryForAdmin, moveGalleryImage, setGalleryImageVisible } from "./gallery.server.ts";

setupTestDatabase();

const actor = { userId: null, email: "editor@millbrook.test", ip: "127.0.0.1" };

describe("craft fair gallery", () => {
  it("starts with the built-in images; needs an image and alt text unless decorative; order and hide follow", async () => {
    const start = (await listGallery()).items;
    expect(start).toHaveLength(6);
    expect(start[0]).toEqual({ image: "/images/craft-fairs/gallery-pottery.svg", image_alt: "Hand-thrown pottery in soft blues and greens on a stall table" });
    const form = GalleryImageFormSchema.parse({ image_alt: "", image_decorative: "", is_visible: "on" });
    expect(galleryImageProblems(form, false)).toEqual({ image: "Choose an image for the gallery" });
    expect(galleryImageProblems(form, true)?.image_alt).toMatch(/Describe the image/);
    expect(galleryImageProblems({ ...form, image_decorative: true }, true)).toBeNull();

    // (An address outside the media library: the row's own alt text is shown.)
    const added = await createGalleryImage({ image: "/images/placeholder.svg", image_alt: "Bunting over the hall", is_visible: true }, actor);
    expect(await moveGalleryImage(added.id, "up", actor)).toBe(true);
    expect((await listGallery()).items.at(-2)?.image_alt).toBe("Bunting over the hall");
    await setGalleryImageVisible(added.id, false, actor);
    expect((await listGallery()).items.map((g) => g.image_alt)).not.toContain("Bunting over the hall");
    expect(await deleteGalleryImage(added.id, actor)).toBe(true);
    // The built-in images are still there.
    expect((await listGalleryForAdmin()).length).toBe(6);
  });
});
