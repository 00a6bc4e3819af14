import { describe, expect, it } from "vitest";
import { isValidKey } from "../../app/storage/store.ts";

describe("file store keys", () => {
  it("accept any content type's folder with a safe name, so a new type needs no list entry", () => {
    for (const key of ["events/abc_DEF-123.webp", "craft-fairs/x.png", "trustees/photo.jpg", "news-2/a.gif"]) expect(isValidKey(key), key).toBe(true);
  });

  it("refuse anything that could leave the store or be served as something else", () => {
    for (const key of ["../events/a.webp", "events/../a.webp", "events/a.svg", "events/a.html", "Events/a.webp", "events/sub/a.webp", "/events/a.webp", "events/.webp", "-x/a.webp"]) {
      expect(isValidKey(key), key).toBe(false);
    }
  });
});
