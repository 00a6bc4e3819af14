import { describe, expect, it } from "vitest";
import { uploadedImageSrcSet } from "../../app/components/ui/responsive-image.ts";

describe("uploaded image srcset", () => {
  it("lists the 400 and 800 px variants and the 1600 px main image", () => {
    expect(uploadedImageSrcSet("/uploads/events/abc_DEF-1.webp")).toBe(
      "/uploads/events/abc_DEF-1-400.webp 400w, /uploads/events/abc_DEF-1-800.webp 800w, /uploads/events/abc_DEF-1.webp 1600w",
    );
  });

  it("leaves artwork and other URLs alone", () => {
    for (const src of ["/images/events/gala.svg", "/uploads/events/a.png", "https://example.org/uploads/a.webp", "", null, undefined]) {
      expect(uploadedImageSrcSet(src), String(src)).toBeUndefined();
    }
  });
});
