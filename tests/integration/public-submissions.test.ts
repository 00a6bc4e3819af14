import { config, reloadConfig } from "../../app/lib/config.server.ts";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "../../app/db/client.server.ts";
import { formSubmissions } from "../../app/features/submissions/table.ts";
import { publicAnswer, RATE_LIMIT_MAX, submitPublicForm } from "../../app/features/submissions/submissions.server.ts";
import { readReply } from "../../app/components/site/form-kit.tsx";
import { readPublicFormPost } from "../../app/features/submissions/public-form-post.server.ts";
import { readFormData } from "../../app/lib/form-post.server.ts";
import { setupTestDatabase } from "../helpers/test-database.ts";
import { RouterContextProvider } from "react-router";
import { requestInfoContext } from "../../app/lib/request-context.ts";
import { action as supportAction } from "../../app/features/giving/support-page.tsx";

setupTestDatabase();

let dataDir = "";
const previousDataDir = process.env.DATA_DIR;
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "millbrook-private-"));
  process.env.DATA_DIR = dataDir;
  reloadConfig();
});
afterAll(() => {
  if (previousDataDir === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = previousDataDir;
  reloadConfig();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await getDb().delete(formSubmissions);
});

let ipCounter = 0;
const freshIp = () => `203.0.113.${++ipCounter}`;

function form(fields: Record<string, string | string[] | File[]>) {
  const fd = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) fd.append(key, v);
  }
  return fd;
}

const volunteerFields = {
  fullName: "Ann Example",
  email: "ann@example.org",
  phone: "01632 960 111",
  town: "Millbrook",
  postcode: "MB4 2QT",
  interests: ["event-support", "fundraising-team"],
  availability: ["weekends"],
  skills: "Baking",
  motivation: "I would like to help my town.",
  terms: "on",
};

// Real images (2x2 pixels): attachments are decoded, not only recognised by their first bytes.
const PNG = Uint8Array.from(Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWM4Y2x8xtiYAUIBACPqBMlwUmUNAAAAAElFTkSuQmCC", "base64"));
const JPEG = Uint8Array.from(
  Buffer.from(
    "/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABQf/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCWAAqu/9k=",
    "base64",
  ),
);

/** A PNG chunk: length, type, data, CRC. */
function pngChunk(type: string, data: Uint8Array) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "ascii");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A small file that claims 20000x20000 pixels (a decompression bomb). */
function pngBomb() {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(20_000, 0);
  ihdr.writeUInt32BE(20_000, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rows = zlib.deflateSync(Buffer.alloc(20_001 * 200)); // the first 200 rows, all zero
  return Uint8Array.from(Buffer.concat([PNG.subarray(0, 8), pngChunk("IHDR", ihdr), pngChunk("IDAT", rows), pngChunk("IEND", new Uint8Array())]));
}

/** A valid PNG header (signature and IHDR) followed by an HTML page. */
function pngThenHtml() {
  return Uint8Array.from(Buffer.concat([PNG.subarray(0, 33), Buffer.from("<!doctype html><script>alert(document.cookie)</script>")]));
}
const PDF = new TextEncoder().encode("%PDF-1.4\n%fake but starts right\n");
const SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const HTML = new TextEncoder().encode("<!doctype html><script>alert(1)</script>");
const file = (bytes: Uint8Array<ArrayBuffer>, name: string, type = "image/png") => new File([bytes], name, { type });

const stallFields = (photos: File[]) => ({
  fullName: "Helen Marsh",
  businessName: "Marsh Pottery",
  email: "helen@example.org",
  phone: "01632 960 222",
  craftCategory: "ceramics",
  productDescription: "Hand-thrown mugs and bowls",
  fairs: ["Christmas Craft Fair"],
  stallSize: "large",
  electricity: "yes",
  photos,
  comments: "",
  terms: "on",
});

const nominationFields = (documents: File[]) => ({
  nominatorName: "Sam Jones",
  email: "sam@example.org",
  phone: "",
  relationship: "friend",
  nomineeName: "Eileen Brookes",
  nomineeContact: "eileen@example.org",
  nomineeAddress: "",
  category: "volunteer-year",
  reason: "She drives neighbours to hospital.",
  impact: "Over 400 appointments kept.",
  documents,
  consent: "on",
});

const privateFiles = () => {
  const dir = path.join(config().privateUploadsDir, "submissions");
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

/** A post through the public path: the per-address limit, then validation and storage. */
async function post(kind: "volunteer" | "nomination" | "stall_application", body: FormData, ip: string) {
  const request = new Request("http://localhost/support", { method: "POST", body });
  const read = await readPublicFormPost(kind, request, ip);
  return read.status === "rate-limited" ? read : submitPublicForm(kind, read.formData, { ip });
}

describe("volunteer applications", () => {
  it("stores a valid application with a reference number and the sender's address", async () => {
    const ip = freshIp();
    const result = await submitPublicForm("volunteer", form(volunteerFields), { ip });
    expect(result.status).toBe("ok");
    if (result.status !== "ok") return;
    expect(result.reference).toMatch(/^VOL-[2-9A-Z]{8}$/);
    const [row] = await getDb().select().from(formSubmissions).where(eq(formSubmissions.reference, result.reference));
    expect(row).toMatchObject({ kind: "volunteer", status: "new", name: "Ann Example", email: "ann@example.org", ip });
    expect(row?.data).toMatchObject({ availability: ["weekends"], interests: ["event-support", "fundraising-team"], motivation: "I would like to help my town." });
    expect(row?.data).not.toHaveProperty("website");
  });

  it("refuses invalid input with a message per field, keeps the values and stores nothing", async () => {
    const result = await submitPublicForm("volunteer", form({ ...volunteerFields, email: "nope", availability: [], terms: [] as string[] }), { ip: freshIp() });
    expect(result.status).toBe("invalid");
    if (result.status !== "invalid") return;
    expect(result.errors.email).toMatch(/valid email/);
    expect(result.errors.availability).toBe("Please tell us when you are available");
    expect(result.errors.terms).toBe("Please agree to the volunteer terms to continue");
    expect(result.values.fullName).toBe("Ann Example");
    expect(result.values.interests).toEqual(["event-support", "fundraising-team"]);
    expect(await getDb().select().from(formSubmissions)).toHaveLength(0);
    // The page's answer: Conform's reply, read back with the same messages and values.
    const answer = publicAnswer(result);
    expect(answer.status).toBe("refused");
    const read = readReply(answer.status === "refused" ? answer.reply : undefined);
    expect(read.errors).toEqual(result.errors);
    expect(read.text("fullName")).toBe("Ann Example");
    expect(read.list("interests")).toEqual(["event-support", "fundraising-team"]);
    expect(read.limited).toBe(false);
    expect(publicAnswer({ status: "rate-limited", values: {} })).toEqual({ status: "refused", reply: { limited: true } });
  });

  it("answers bots that fill the honeypot as if it worked, without storing anything", async () => {
    const result = await submitPublicForm("volunteer", form({ ...volunteerFields, website: "http://spam.example" }), { ip: freshIp() });
    expect(result.status).toBe("ok");
    expect(await getDb().select().from(formSubmissions)).toHaveLength(0);
  });

  it(`limits each address to ${RATE_LIMIT_MAX} posts of a kind per 10 minutes`, async () => {
    const ip = freshIp();
    for (let i = 0; i < RATE_LIMIT_MAX; i++) expect((await post("volunteer", form(volunteerFields), ip)).status).toBe("ok");
    expect((await post("volunteer", form(volunteerFields), ip)).status).toBe("rate-limited");
    expect(await getDb().select().from(formSubmissions)).toHaveLength(RATE_LIMIT_MAX);
    // Another address, and another form kind from the same address, are not affected.
    expect((await post("volunteer", form(volunteerFields), freshIp())).status).toBe("ok");
    expect((await post("nomination", form(nominationFields([])), ip)).status).toBe("ok");
  });

  it(`accepts exactly ${RATE_LIMIT_MAX} of 15 parallel posts from one address`, async () => {
    const ip = freshIp();
    const results = await Promise.all(Array.from({ length: 15 }, () => post("volunteer", form(volunteerFields), ip)));
    expect(results.filter((r) => r.status === "ok")).toHaveLength(RATE_LIMIT_MAX);
    expect(results.filter((r) => r.status === "rate-limited")).toHaveLength(15 - RATE_LIMIT_MAX);
    expect(await getDb().select().from(formSubmissions).where(eq(formSubmissions.ip, ip))).toHaveLength(RATE_LIMIT_MAX);
  });

  it("counts invalid posts too", async () => {
    const ip = freshIp();
    for (let i = 0; i < RATE_LIMIT_MAX; i++) expect((await post("volunteer", form({ ...volunteerFields, email: "nope" }), ip)).status).toBe("invalid");
    expect((await post("volunteer", form(volunteerFields), ip)).status).toBe("rate-limited");
  });

  it("refuses a post over the limit without reading its body", async () => {
    const ip = freshIp();
    for (let i = 0; i < RATE_LIMIT_MAX; i++) await post("volunteer", form(volunteerFields), ip);
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const request = new Request("http://localhost/support", { method: "POST", body, duplex: "half", headers: { "content-type": "multipart/form-data; boundary=x" } } as RequestInit);
    expect((await readPublicFormPost("volunteer", request, ip)).status).toBe("rate-limited");
    // A stream pulls once to fill its queue when it is made; nothing more was asked for.
    expect(pulled).toBeLessThanOrEqual(1);
  });
});

describe("each form's limit counts only that form", () => {
  /** A post to the support page's action (both its forms post there), from `ip`. */
  async function postSupport(url: string, body: FormData, ip: string) {
    const context = new RouterContextProvider();
    context.set(requestInfoContext, { ip, nonce: "", secure: false });
    const request = new Request(new URL(url, "http://localhost"), { method: "POST", body });
    const answer = (await supportAction({ request, context, params: {}, unstable_pattern: "", pattern: "" } as never)) as unknown as {
      init: { status?: number } | null;
      data: Record<string, unknown>;
    };
    return { status: answer.init?.status ?? 200, data: answer.data };
  }
  const donation = () => form({ intent: "donate", frequency: "one-off", amount: "25", customAmount: "", email: "ann@example.org" });

  it("a donation is not refused because the same address sent volunteer offers", async () => {
    const ip = freshIp();
    for (let i = 0; i < RATE_LIMIT_MAX; i++) expect((await postSupport("/support", form(volunteerFields), ip)).status).toBe(200);
    expect((await postSupport("/support", form(volunteerFields), ip)).status).toBe(429);
    // Online giving is off in this test process: each donation gets that answer (503), never the volunteer form's limit.
    for (let i = 0; i < RATE_LIMIT_MAX + 2; i++) {
      const answer = await postSupport("/support?form=donate", donation(), ip);
      expect(answer.status).toBe(503);
      expect(answer.data).toMatchObject({ intent: "donate", reply: { error: { "": ["We could not reach our card payment provider just now. Nothing was taken. Please try again in a few minutes."] } } });
    }
    // ...and the donations used none of the volunteer form's count: a fresh address's offers are unaffected too.
    expect((await postSupport("/support", form(volunteerFields), freshIp())).status).toBe(200);
  });
});

describe("stall applications", () => {
  it("stores 3 to 5 photos privately, checked by content, and lists them on the row", async () => {
    const before = privateFiles().length;
    const photos = [file(PNG, "mugs.png"), file(JPEG, "bowls.jpg", "image/jpeg"), file(PNG, "../../etc/plates.png")];
    const result = await submitPublicForm("stall_application", form(stallFields(photos)), { ip: freshIp() });
    expect(result.status).toBe("ok");
    if (result.status !== "ok") return;
    const [row] = await getDb().select().from(formSubmissions).where(eq(formSubmissions.reference, result.reference));
    expect(row?.kind).toBe("stall_application");
    expect(row?.files).toHaveLength(3);
    expect(row?.files.map((f) => f.type)).toEqual(["image/png", "image/jpeg", "image/png"]);
    expect(row?.files[2]?.name).toBe("plates.png");
    for (const f of row!.files) {
      expect(f.key).toMatch(/^submissions\/[0-9a-f-]{36}\.(png|jpg)$/);
      const stored = path.join(config().privateUploadsDir, f.key);
      expect(fs.existsSync(stored)).toBe(true);
      expect(fs.statSync(stored).size).toBe(f.size);
    }
    expect(config().privateUploadsDir.startsWith(dataDir)).toBe(true);
    expect(privateFiles().length).toBe(before + 3);
    expect(row?.data).not.toHaveProperty("photos");
  });

  it("refuses an SVG or HTML file named like a photo, storing nothing", async () => {
    const before = privateFiles().length;
    for (const bad of [file(SVG, "nice.png"), file(HTML, "nice.jpg", "image/jpeg")]) {
      const result = await submitPublicForm("stall_application", form(stallFields([file(PNG, "a.png"), file(PNG, "b.png"), bad])), { ip: freshIp() });
      expect(result.status).toBe("invalid");
      if (result.status === "invalid") expect(result.errors.photos).toMatch(/is not a JPEG, PNG, WebP or GIF image/);
    }
    expect(privateFiles().length).toBe(before);
    expect(await getDb().select().from(formSubmissions)).toHaveLength(0);
  });

  it("decodes photos: refuses a 20000x20000 PNG bomb and a PNG header followed by HTML", async () => {
    const before = privateFiles().length;
    for (const bad of [file(pngBomb(), "bomb.png"), file(pngThenHtml(), "page.png")]) {
      const result = await submitPublicForm("stall_application", form(stallFields([file(PNG, "a.png"), file(PNG, "b.png"), bad])), { ip: freshIp() });
      expect(result.status).toBe("invalid");
      if (result.status === "invalid") expect(result.errors.photos).toMatch(/is not a JPEG, PNG, WebP or GIF image/);
    }
    // The same refusal for a nomination's scanned documents.
    const scan = await submitPublicForm("nomination", form(nominationFields([file(pngThenHtml(), "scan.png")])), { ip: freshIp() });
    expect(scan.status === "invalid" && scan.errors.documents).toMatch(/is not a PDF, JPEG or PNG file/);
    expect(privateFiles().length).toBe(before);
    expect(await getDb().select().from(formSubmissions)).toHaveLength(0);
  });

  it("needs at least 3 photos and refuses photos over 5MB", async () => {
    const few = await submitPublicForm("stall_application", form(stallFields([file(PNG, "a.png")])), { ip: freshIp() });
    expect(few.status === "invalid" && few.errors.photos).toMatch(/Please upload 3 to 5 photos/);
    const huge = new Uint8Array(5 * 1024 * 1024 + 10);
    huge.set(PNG);
    const big = await submitPublicForm("stall_application", form(stallFields([file(PNG, "a.png"), file(PNG, "b.png"), file(huge, "big.png")])), { ip: freshIp() });
    expect(big.status === "invalid" && big.errors.photos).toBe("Each file must be 5MB or smaller");
  });
});

describe("nominations", () => {
  it("accepts PDF, JPEG and PNG documents and refuses anything else", async () => {
    const ok = await submitPublicForm("nomination", form(nominationFields([file(PDF, "letter.pdf", "application/pdf"), file(JPEG, "photo.jpg")])), { ip: freshIp() });
    expect(ok.status).toBe("ok");
    if (ok.status === "ok") {
      const [row] = await getDb().select().from(formSubmissions).where(eq(formSubmissions.reference, ok.reference));
      expect(row?.name).toBe("Sam Jones");
      expect(row?.files.map((f) => f.type)).toEqual(["application/pdf", "image/jpeg"]);
      expect(ok.reference).toMatch(/^NOM-/);
    }
    const gif = new TextEncoder().encode("GIF89a....");
    for (const bad of [file(HTML, "letter.pdf", "application/pdf"), file(gif, "anim.gif", "image/gif")]) {
      const refused = await submitPublicForm("nomination", form(nominationFields([bad])), { ip: freshIp() });
      expect(refused.status === "invalid" && refused.errors.documents).toMatch(/is not a PDF, JPEG or PNG file/);
    }
  });

  it("reports a bad file together with the other problems, so people fix everything at once", async () => {
    const result = await submitPublicForm("nomination", form({ ...nominationFields([file(HTML, "letter.pdf", "application/pdf")]), reason: "" }), { ip: freshIp() });
    expect(result.status).toBe("invalid");
    if (result.status !== "invalid") return;
    expect(result.errors.reason).toBe("Please tell us why you are nominating them");
    expect(result.errors.documents).toMatch(/is not a PDF, JPEG or PNG file/);
    expect(result.values).not.toHaveProperty("documents");
  });

  it("allows at most 3 documents", async () => {
    const docs = Array.from({ length: 4 }, (_, i) => file(PDF, `d${i}.pdf`, "application/pdf"));
    const result = await submitPublicForm("nomination", form(nominationFields(docs)), { ip: freshIp() });
    expect(result.status === "invalid" && result.errors.documents).toBe("Please attach no more than 3 files");
  });
});

describe("reading form posts", () => {
  it("refuses bodies over the limit with HTTP 413", async () => {
    const request = new Request("http://localhost/support", {
      method: "POST",
      body: "a=" + "x".repeat(2000),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    const error = await readFormData(request, 1000).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Response);
    expect((error as Response).status).toBe(413);
    const small = await readFormData(new Request("http://localhost/", { method: "POST", body: new URLSearchParams({ a: "1" }) }), 1000);
    expect(small.get("a")).toBe("1");
  });

  it("reads multipart posts with their files, and refuses a streamed one over the limit (no Content-Length) with 413", async () => {
    const form = new FormData();
    form.append("fullName", "Helen Marsh");
    form.append("photos", file(PNG, "a.png"));
    form.append("photos", file(PNG, "b.png"));
    const read = await readFormData(new Request("http://localhost/craft-fairs", { method: "POST", body: form }));
    expect(read.get("fullName")).toBe("Helen Marsh");
    expect(read.getAll("photos").map((f) => (f as File).name)).toEqual(["a.png", "b.png"]);
    expect(new Uint8Array(await (read.get("photos") as File).arrayBuffer())).toEqual(PNG);

    const big = new FormData();
    big.append("photos", new File([new Uint8Array(5000)], "big.png", { type: "image/png" }));
    const encoded = new Request("http://localhost/", { method: "POST", body: big });
    const streamed = new Request("http://localhost/craft-fairs", {
      method: "POST",
      body: encoded.body,
      headers: { "content-type": encoded.headers.get("content-type")! },
      duplex: "half",
    } as RequestInit);
    expect(streamed.headers.get("content-length")).toBeNull();
    const error = await readFormData(streamed, 1000).catch((e: unknown) => e);
    expect((error as Response).status).toBe(413);
  });

  it("answers a malformed multipart body with 400", async () => {
    const request = new Request("http://localhost/craft-fairs", {
      method: "POST",
      body: "--nope\r\nthis is not a part",
      headers: { "content-type": "multipart/form-data; boundary=other" },
    });
    const error = await readFormData(request).catch((e: unknown) => e);
    expect((error as Response).status).toBe(400);
  });
});
