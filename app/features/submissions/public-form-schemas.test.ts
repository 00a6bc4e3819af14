import { describe, expect, it } from "vitest";
import { firstIssues as fieldErrors } from "../../lib/form-submission.ts";
import {
  formDataToObject,
  NominationSchema,
  StallApplicationSchema,
  VolunteerSchema,
} from "./submissions.schema.ts";
import { sniffFileType } from "../../storage/file-types.ts";

const volunteer = {
  fullName: "Ann Example",
  email: "ann@example.org",
  phone: "01632 960 111",
  town: "Millbrook",
  postcode: "mb4 2qt",
  interests: ["event-support"],
  availability: ["weekends"],
  skills: "",
  motivation: "I love this town.",
  terms: "on",
};

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])], "p.png", { type: "image/png" });

describe("volunteer form", () => {
  it("accepts a complete application and tidies the postcode", () => {
    const parsed = VolunteerSchema.parse(volunteer);
    expect(parsed.postcode).toBe("MB4 2QT");
  });

  it("requires name, email, phone, availability, motivation and terms (interests optional)", () => {
    const result = VolunteerSchema.safeParse({ interests: [], availability: [] });
    expect(result.success).toBe(false);
    const errors = fieldErrors(result.error!);
    expect(Object.keys(errors).sort()).toEqual(["availability", "email", "fullName", "motivation", "phone", "terms"]);
    expect(errors.availability).toBe("Please tell us when you are available");
  });

  it("rejects a bad email and a role that is not a role's id (which roles exist is checked on submission)", () => {
    const result = VolunteerSchema.safeParse({ ...volunteer, email: "not-an-email", interests: ["<Astronaut>"] });
    const errors = fieldErrors(result.error!);
    expect(errors.email).toMatch(/valid email/);
    expect(errors.interests).toBeDefined();
  });
});

describe("stall application form", () => {
  const stall = {
    fullName: "Helen Marsh",
    businessName: "Marsh Pottery",
    email: "helen@example.org",
    phone: "01632 960 222",
    craftCategory: "ceramics",
    productDescription: "Mugs and bowls",
    fairs: ["Christmas Craft Fair"],
    stallSize: "standard",
    photos: [png(), png(), png()],
    terms: "on",
  };

  it("accepts 3 to 5 photos", () => {
    expect(StallApplicationSchema.safeParse(stall).success).toBe(true);
    expect(StallApplicationSchema.safeParse({ ...stall, photos: [png(), png(), png(), png(), png()] }).success).toBe(true);
  });

  it("refuses fewer than 3 or more than 5 photos and photos over 5MB", () => {
    expect(fieldErrors(StallApplicationSchema.safeParse({ ...stall, photos: [png()] }).error!).photos).toMatch(/3 to 5/);
    expect(StallApplicationSchema.safeParse({ ...stall, photos: Array.from({ length: 6 }, png) }).success).toBe(false);
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], "big.png");
    expect(fieldErrors(StallApplicationSchema.safeParse({ ...stall, photos: [png(), png(), big] }).error!).photos).toMatch(/5MB/);
  });

  it("needs at least one fair and a stall size", () => {
    const errors = fieldErrors(StallApplicationSchema.safeParse({ ...stall, fairs: [], stallSize: "" }).error!);
    expect(errors.fairs).toBe("Please choose at least one fair");
    expect(errors.stallSize).toBe("Please choose a stall size");
  });
});

describe("nomination form", () => {
  const nomination = {
    nominatorName: "Sam",
    email: "sam@example.org",
    relationship: "friend",
    nomineeName: "Eileen",
    nomineeContact: "01632 960 333",
    category: "volunteer-year",
    reason: "Drives neighbours to hospital.",
    impact: "Hundreds of appointments kept.",
    consent: "on",
  };

  it("accepts a nomination without phone, address or documents", () => {
    expect(NominationSchema.safeParse(nomination).success).toBe(true);
  });

  it("allows at most 3 documents and requires consent and a category (the awards page checks it against the current round)", () => {
    const result = NominationSchema.safeParse({ ...nomination, documents: [png(), png(), png(), png()], consent: undefined, category: "" });
    const errors = fieldErrors(result.error!);
    expect(errors.documents).toMatch(/no more than 3/);
    expect(errors.consent).toBeDefined();
    expect(errors.category).toBe("Please choose an award category");
  });
});

describe("form data and file contents", () => {
  it("turns form data into schema input: arrays, dropped empty files", () => {
    const fd = new FormData();
    fd.append("fullName", "Ann");
    fd.append("availability", "weekdays");
    fd.append("availability", "evenings");
    fd.append("photos", new File([], ""));
    const obj = formDataToObject(fd, { arrays: ["availability", "interests"], files: ["photos"] });
    expect(obj).toEqual({ fullName: "Ann", availability: ["weekdays", "evenings"], interests: [], photos: [] });
  });

  it("recognises images and PDFs by their bytes, not their names", () => {
    const bytes = (...b: number[]) => new Uint8Array(b);
    const ascii = (s: string) => new TextEncoder().encode(s);
    expect(sniffFileType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe("image/jpeg");
    expect(sniffFileType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe("image/png");
    expect(sniffFileType(ascii("GIF89a"))).toBe("image/gif");
    expect(sniffFileType(ascii("RIFF\0\0\0\0WEBPVP8 "))).toBe("image/webp");
    expect(sniffFileType(ascii("%PDF-1.7"))).toBe("application/pdf");
    expect(sniffFileType(ascii('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
    expect(sniffFileType(ascii("<!doctype html><script>"))).toBeNull();
  });
});
