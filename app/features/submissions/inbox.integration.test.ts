import { config, reloadConfig } from "../../lib/config.server.ts";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server.ts";
import { auditLog } from "../../db/schema.ts";
import { formSubmissions } from "./table.ts";
import {
  listSubmissions,
  parseInboxFilters,
  setSubmissionNote,
  setSubmissionStatus,
  staffChoices,
  submissionsExport,
} from "./inbox.server.ts";
import { containsPattern } from "../../db/like.ts";
import { submissionFields } from "./submission-labels.ts";
import { createVolunteerRole, deleteVolunteerRole } from "../volunteer-roles/volunteer-roles.server.ts";
import { getAwardRound, saveAwardRound } from "../awards/awards.server.ts";
import { categoriesText } from "../awards/awards.schema.ts";
import { action as submissionRouteAction, loader as submissionRouteLoader } from "./admin/submission.tsx";
import { volunteers } from "../volunteering/table.ts";
import { csvCell, csvStream, inBatches } from "../../lib/csv.ts";
import { submitPublicForm } from "./submissions.server.ts";
import { loader as fileRouteLoader } from "./admin/submission-file.ts";
import { loader as exportRouteLoader } from "./admin/inbox-export.ts";
import { throughLayouts } from "../../../tests/helpers/route-table.ts";
import { nominationForm, PNG_BYTES, routeArgs, staffSession, stallForm, submit, unique, volunteerForm } from "../../../tests/helpers/submissions.ts";
import { setupTestDatabase } from "../../../tests/helpers/test-database.ts";

setupTestDatabase();

let dataDir = "";
const previousDataDir = process.env.DATA_DIR;
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "inbox-test-"));
  process.env.DATA_DIR = dataDir;
  reloadConfig();
});
afterAll(() => {
  process.env.DATA_DIR = previousDataDir;
  reloadConfig();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Args<F> = F extends (args: infer A) => unknown ? A : never;
const fileLoader = (args: Args<typeof fileRouteLoader>) => throughLayouts("features/submissions/admin/submission-file.ts", fileRouteLoader, args);
const submissionLoader = (args: Args<typeof submissionRouteLoader>) => throughLayouts("features/submissions/admin/submission.tsx", submissionRouteLoader, args);
const exportLoader = (args: Args<typeof exportRouteLoader>) => throughLayouts("features/submissions/admin/inbox-export.ts", exportRouteLoader, args);

const byReference = async (reference: string) =>
  (await getDb().select().from(formSubmissions).where(eq(formSubmissions.reference, reference)))[0];
const storedFiles = () => {
  const dir = path.join(config().privateUploadsDir, "submissions");
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};
const thrown = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to throw");
};

describe("inbox list: filters and search", () => {
  it("filters by kind and status and searches name or email case-insensitively", async () => {
    const tag = unique();
    const vol = await submit("volunteer", { fullName: `Alice ${tag}`, email: `alice-${tag}@example.org` });
    const stall = await submit("stall_application", { fullName: `Bob ${tag}`, email: `BOB-${tag}@Example.org` });
    const nom = await submit("nomination", { nominatorName: `Carol ${tag}`, email: `carol-${tag}@example.org` });
    const nomRow = await byReference(nom);
    await setSubmissionStatus(nomRow!.id, "in_review", { email: "t@example.org" });

    const all = await listSubmissions(parseInboxFilters(new URLSearchParams({ q: tag })));
    expect(all.total).toBe(3);
    // Newest first.
    expect(all.items.map((i) => i.reference)).toEqual([nom, stall, vol]);

    const stalls = await listSubmissions(parseInboxFilters(new URLSearchParams({ q: tag, kind: "stall_application" })));
    expect(stalls.items.map((i) => i.reference)).toEqual([stall]);

    const reviewing = await listSubmissions(parseInboxFilters(new URLSearchParams({ q: tag, status: "in_review" })));
    expect(reviewing.items.map((i) => i.reference)).toEqual([nom]);

    const byEmail = await listSubmissions(parseInboxFilters(new URLSearchParams({ q: `bob-${tag}@EXAMPLE` })));
    expect(byEmail.items.map((i) => i.reference)).toEqual([stall]);
  });

  it("treats % and _ in the search as plain characters", async () => {
    expect(containsPattern("50%_a\\b")).toBe("%50\\%\\_a\\\\b%");
    const tag = unique();
    await submit("volunteer", { fullName: `Percy ${tag}` });
    const wildcard = await listSubmissions(parseInboxFilters(new URLSearchParams({ q: "%" })));
    expect(wildcard.items.every((i) => i.name.includes("%") || i.email.includes("%"))).toBe(true);
    expect((await listSubmissions(parseInboxFilters(new URLSearchParams({ q: `Percy_${tag}` })))).total).toBe(0);
    expect((await listSubmissions(parseInboxFilters(new URLSearchParams({ q: `Percy ${tag}` })))).total).toBe(1);
  });

  it("ignores unknown filter values and pages 25 at a time", async () => {
    const f = parseInboxFilters(new URLSearchParams({ kind: "spam", status: "x", page: "-3" }));
    expect(f).toEqual({ kind: null, status: null, q: "", page: 1 });
    const tag = unique();
    for (let i = 0; i < 3; i++) await submit("volunteer", { fullName: `Paged ${tag} ${i}` });
    const page2 = await listSubmissions({ kind: null, status: null, q: tag, page: 2 }, 2);
    expect(page2.total).toBe(3);
    expect(page2.pages).toBe(2);
    expect(page2.items).toHaveLength(1);
  });
});

describe("choices staff added", () => {
  it("shows a volunteer role and an award category added by staff by their titles", async () => {
    const tag = unique();
    const role = await createVolunteerRole(
      { title: `Dog walker ${tag}`, description: "Walks the dogs of neighbours in hospital.", commitment: "An hour a week", skills: "Likes dogs", is_visible: true },
      { userId: null, email: "roles@example.org", ip: "127.0.0.1" },
    );
    const round = await getAwardRound();
    const categoryTitle = `Gardener ${tag}`;
    await saveAwardRound(
      {
        nominations_open: round.nominations_open,
        nominations_close: round.nominations_close,
        ceremony_date: round.ceremony_date,
        ceremony_time: round.ceremony_time,
        venue: round.venue,
        categories: `${categoriesText(round.categories)}\n${categoryTitle}: Keeps the town's flower beds blooming.`,
      },
      { userId: null, email: "awards@example.org", ip: "127.0.0.1" },
    );
    const categoryId = (await getAwardRound()).categories.find((c) => c.title === categoryTitle)!.id;
    try {
      const form = volunteerForm();
      form.delete("interests");
      form.append("interests", role.slug);
      form.append("interests", "event-support");
      const volunteer = await submitPublicForm("volunteer", form, { ip: "10.9.0.1", choices: { interests: [role.slug, "event-support"] } });
      const nomination = await submit("nomination", { category: categoryId });
      expect(volunteer.status).toBe("ok");
      const volunteerRow = (await byReference((volunteer as { reference: string }).reference))!;
      const nominationRow = (await byReference(nomination))!;

      // Without the staff lists the slug shows; with them, the title.
      expect(submissionFields("volunteer", volunteerRow.data).find((f) => f.key === "interests")!.value).toBe(`${role.slug}, Event Support`);
      const editor = await staffSession("editor", { canSeeSubmissions: true });
      const page = (await submissionLoader(routeArgs(`/admin/inbox/${volunteerRow.id}`, { id: volunteerRow.id }, { token: editor.token }))) as {
        submission: { fields: { key: string; value: string }[] };
      };
      expect(page.submission.fields.find((f) => f.key === "interests")!.value).toBe(`Dog walker ${tag}, Event Support`);
      const fields = submissionFields("nomination", nominationRow.data, await staffChoices());
      expect(fields.find((f) => f.key === "category")!.value).toBe(categoryTitle);

      const exported = await submissionsExport({ kind: "volunteer", status: null, q: volunteerRow.email });
      const csv = new TextDecoder().decode(await new Response(csvStream(exported.header, exported.rows)).arrayBuffer());
      expect(csv).toContain(`"Dog walker ${tag}, Event Support"`);
    } finally {
      await deleteVolunteerRole(role.id, { userId: null, email: "roles@example.org", ip: "127.0.0.1" });
      await saveAwardRound({ ...round, categories: categoriesText(round.categories) }, { userId: null, email: "awards@example.org", ip: "127.0.0.1" });
    }
  });
});

describe("status and note", () => {
  it("records each change in the audit log, without the note's text", async () => {
    const ref = await submit("volunteer");
    const row = (await byReference(ref))!;
    const actor = { userId: null, email: "editor@example.org", ip: "127.0.0.1" };
    await setSubmissionStatus(row.id, "accepted", actor);
    await setSubmissionNote(row.id, "Called back, very keen", actor);
    const after = (await byReference(ref))!;
    expect(after.status).toBe("accepted");
    expect(after.note).toBe("Called back, very keen");
    expect(after.updated_at.getTime()).toBeGreaterThan(row.updated_at.getTime());
    const entries = await getDb().select().from(auditLog).where(eq(auditLog.entity_id, row.id)).orderBy(auditLog.id);
    expect(entries.map((e) => e.action)).toEqual(["submission.status", "submission.note"]);
    expect(entries[0]!.details).toMatchObject({ from: "new", to: "accepted", reference: ref });
    expect(JSON.stringify(entries[1]!.details)).not.toContain("keen");
  });
});

describe("a submission's forms answer the one reply shape, and a refusal changes nothing", () => {
  const post = async (id: string, fields: Record<string, string>) => {
    const { token } = await staffSession("editor", { canSeeSubmissions: true });
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.set(name, value);
    const answer = await throughLayouts("features/submissions/admin/submission.tsx", submissionRouteAction, routeArgs(`/admin/inbox/${id}`, { id }, { token, method: "POST", body }));
    if (answer instanceof Response) return { status: answer.status, location: answer.headers.get("Location") };
    const { data, init } = answer as unknown as { data: { intent: string; reply: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> } }; init: ResponseInit };
    return { status: init.status, intent: data.intent, error: data.reply.error, values: data.reply.initialValue };
  };

  it("refuses a status not on the list under the status form, and keeps the status", async () => {
    const row = (await byReference(await submit("volunteer")))!;
    expect(await post(row.id, { intent: "status", status: "archived-forever" })).toMatchObject({ status: 400, intent: "status", error: { status: ["Please choose a status from the list."] } });
    expect(await post(row.id, { intent: "status" })).toMatchObject({ status: 400, intent: "status", error: { status: ["Please choose a status from the list."] } });
    const after = (await byReference(row.reference))!;
    expect(after.status).toBe("new");
    expect(after.updated_at.getTime()).toBe(row.updated_at.getTime());
    // A status from the list is saved (the page again, with its toast).
    expect(await post(row.id, { intent: "status", status: "in_review" })).toMatchObject({ status: 302, location: `/admin/inbox/${row.id}` });
    expect((await byReference(row.reference))!.status).toBe("in_review");
  });

  it("refuses a note over the limit under the note form with the note as typed, and keeps the old note", async () => {
    const row = (await byReference(await submit("stall_application")))!;
    const long = "x".repeat(5001);
    const refused = await post(row.id, { intent: "note", note: long });
    expect(refused).toMatchObject({ status: 400, intent: "note", error: { note: ["Please keep the note under 5000 characters."] } });
    expect(refused.values).toMatchObject({ note: long });
    expect((await byReference(row.reference))!.note).toBe(row.note);
    // Spaces and a Windows line end around a note at the limit do not count against it.
    expect(await post(row.id, { intent: "note", note: ` ${"y".repeat(4998)}\r\nz ` })).toMatchObject({ status: 302 });
    expect((await byReference(row.reference))!.note).toBe(`${"y".repeat(4998)}\nz`);
  });

  it("refuses making a volunteer of anything but a volunteer offer, and an unknown action, and makes no volunteer", async () => {
    const row = (await byReference(await submit("nomination")))!;
    const before = await getDb().select().from(volunteers).where(eq(volunteers.email, row.email));
    expect(await post(row.id, { intent: "make-volunteer", name: row.name })).toMatchObject({
      status: 400,
      intent: "make-volunteer",
      error: { "": ["Only a volunteer offer can be made into a volunteer."] },
    });
    expect(await post(row.id, { intent: "shout" })).toMatchObject({ status: 400, intent: "submission", error: { "": ["Unknown action."] } });
    expect(await getDb().select().from(volunteers).where(eq(volunteers.email, row.email))).toEqual(before);
    const after = (await byReference(row.reference))!;
    expect({ status: after.status, note: after.note }).toEqual({ status: row.status, note: row.note });
  });

  it("answers a submission that no longer exists under the form that was posted", async () => {
    const missing = "00000000-0000-4000-8000-000000000000";
    expect(await post(missing, { intent: "status", status: "accepted" })).toMatchObject({ status: 400, intent: "status", error: { "": ["This submission no longer exists."] } });
    expect(await post(missing, { intent: "note", note: "Hello" })).toMatchObject({ status: 400, intent: "note", error: { "": ["This submission no longer exists."] } });
  });
});

describe("CSV export", () => {
  it("neutralises formulas and quotes every cell", () => {
    expect(csvCell("=HYPERLINK(\"http://x\")")).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell("+1")).toBe(`"'+1"`);
    expect(csvCell("-2")).toBe(`"'-2"`);
    expect(csvCell("@SUM(A1)")).toBe(`"'@SUM(A1)"`);
    expect(csvCell("\tx")).toBe(`"'\tx"`);
    expect(csvCell("\rx")).toBe(`"'\rx"`);
    expect(csvCell("plain, with comma\nand newline")).toBe(`"plain, with comma\nand newline"`);
    expect(csvCell("a=b")).toBe(`"a=b"`);
    expect(csvCell(null)).toBe(`""`);
    // Times in UK local time, not UTC: British Summer Time in July, GMT in January.
    expect(csvCell(new Date("2026-07-12T13:05:09Z"))).toBe(`"2026-07-12 14:05:09"`);
    expect(csvCell(new Date("2026-01-20T09:30:00Z"))).toBe(`"2026-01-20 09:30:00"`);
  });

  it("streams the header and each batch, with a byte order mark and CRLF line ends", async () => {
    async function* batches() {
      yield [["1", "2"]];
      yield [["=3", "4"], ["5", "6"]];
    }
    const csv = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await new Response(csvStream(["a", "b"], batches())).arrayBuffer());
    expect(csv).toBe(`\uFEFF"a","b"\r\n"1","2"\r\n"'=3","4"\r\n"5","6"\r\n`);
  });

  it("reads in batches by keyset until a short batch", async () => {
    const rows = Array.from({ length: 7 }, (_, i) => i);
    const asked: (number | undefined)[] = [];
    const page = async (after: number | undefined) => {
      asked.push(after);
      return rows.filter((r) => after === undefined || r > after).slice(0, 3);
    };
    const seen: number[][] = [];
    for await (const batch of inBatches(page, 3)) seen.push(batch);
    expect(seen).toEqual([[0, 1, 2], [3, 4, 5], [6]]);
    expect(asked).toEqual([undefined, 2, 5]);
  });

  it("exports the filtered list with labels, neutralised cells and the staff-only route", async () => {
    const tag = unique();
    await submit("volunteer", { fullName: `=cmd|' /C calc'!A0 ${tag}`, motivation: "@evil", email: `csv-${tag}@example.org` });
    const exported = await submissionsExport({ kind: null, status: null, q: `csv-${tag}@example.org` });
    expect(exported.count).toBe(1);
    const csv = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await new Response(csvStream(exported.header, exported.rows)).arrayBuffer());
    const [header, line] = csv.slice(1).split("\r\n");
    expect(header).toContain(`"Reference","Kind","Status"`);
    expect(header).toContain(`"Why they would like to volunteer"`);
    expect(line).toContain(`"'=cmd|' /C calc'!A0 ${tag}"`);
    expect(line).toContain(`"'@evil"`);
    expect(line).toContain(`"Volunteer","New"`);
    expect(line).toContain(`"Event Support"`);

    const anonymous = await thrown(exportLoader(routeArgs(`/admin/inbox/export.csv?q=${tag}`, {})));
    expect(anonymous).toBeInstanceOf(Response);
    expect((anonymous as Response).status).toBe(302);

    const editor = await staffSession("editor", { canSeeSubmissions: true });
    const response = await exportLoader(routeArgs(`/admin/inbox/export.csv?q=${tag}`, {}, { token: editor.token }));
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="submissions-/);
    const body = await response.text();
    expect(body.split("\r\n").filter(Boolean)).toHaveLength(2);
    expect(body).toContain(`"'@evil"`);
  });
});

describe("file access", () => {
  it("refuses anonymous and non-staff requests and serves staff with safe headers", async () => {
    const ref = await submit("stall_application");
    const nomRef = await submit("nomination");
    const row = (await byReference(ref))!;
    const nom = (await byReference(nomRef))!;
    expect(row.files).toHaveLength(3);
    const url = `/admin/inbox/${row.id}/files/0`;
    const params = { id: row.id, index: "0" };

    const anonymous = await thrown(fileLoader(routeArgs(url, params)));
    expect((anonymous as Response).status).toBe(302);
    expect((anonymous as Response).headers.get("Location")).toMatch(/^\/admin\/login/);

    const member = await staffSession(null);
    const noRole = await thrown(fileLoader(routeArgs(url, params, { token: member.token })));
    expect((noRole as { init?: ResponseInit }).init?.status).toBe(403);

    const editor = await staffSession("editor", { canSeeSubmissions: true });
    const image = await fileLoader(routeArgs(url, params, { token: editor.token }));
    expect(image.status).toBe(200);
    expect(image.headers.get("Content-Type")).toBe("image/png");
    expect(image.headers.get("Content-Disposition")).toMatch(/^inline; filename="photo-0.png"/);
    expect(image.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(image.headers.get("Content-Security-Policy")).toMatch(/^sandbox/);
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG_BYTES);

    const forced = await fileLoader(routeArgs(`${url}?download=1`, params, { token: editor.token }));
    expect(forced.headers.get("Content-Disposition")).toMatch(/^attachment;/);
    await forced.body?.cancel();

    const pdf = await fileLoader(routeArgs(`/admin/inbox/${nom.id}/files/0`, { id: nom.id, index: "0" }, { token: editor.token }));
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(pdf.headers.get("Content-Disposition")).toMatch(/^attachment;/);
    await pdf.body?.cancel();

    for (const index of ["3", "-1", "1e0", "../x"]) {
      const missing = await thrown(fileLoader(routeArgs(`/admin/inbox/${row.id}/files/${index}`, { id: row.id, index }, { token: editor.token })));
      expect((missing as { init?: ResponseInit }).init?.status).toBe(404);
    }
    const bad = await thrown(fileLoader(routeArgs(`/admin/inbox/nope/files/0`, { id: "nope", index: "0" }, { token: editor.token })));
    expect((bad as { init?: ResponseInit }).init?.status).toBe(404);
  });

  it("keeps private files outside the public uploads folder", () => {
    expect(config().privateUploadsDir).toBe(path.resolve(dataDir, "private-uploads"));
    expect(config().privateUploadsDir.startsWith(path.resolve(dataDir, "uploads"))).toBe(false);
  });
});

describe("spam and abuse", () => {
  it("answers the honeypot as if it worked and stores nothing", async () => {
    const email = `bot-${unique()}@example.org`;
    const form = volunteerForm({ email, website: "http://spam.example" });
    const before = storedFiles().length;
    const result = await submitPublicForm("volunteer", form, { ip: "10.9.9.9" });
    expect(result.status).toBe("ok");
    expect(await getDb().select().from(formSubmissions).where(eq(formSubmissions.email, email))).toHaveLength(0);
    const stall = stallForm({ email, website: "x" });
    expect((await submitPublicForm("stall_application", stall, { ip: "10.9.9.9" })).status).toBe("ok");
    expect(storedFiles().length).toBe(before);
  });

  it("refuses non-image and oversized uploads with a clear message and leaves no file behind", async () => {
    const before = storedFiles().length;
    const email = `bad-${unique()}@example.org`;

    const html = stallForm({ email }, 2);
    html.append("photos", new File(["<html><script>alert(1)</script></html>"], "evil.png", { type: "image/png" }));
    const refused = await submitPublicForm("stall_application", html, { ip: "10.8.0.1" });
    expect(refused.status).toBe("invalid");
    expect(refused.status === "invalid" && refused.errors.photos).toMatch(/is not a JPEG, PNG, WebP or GIF image/);

    const big = stallForm({ email }, 2);
    const huge = new Uint8Array(5 * 1024 * 1024 + 1);
    huge.set(PNG_BYTES);
    big.append("photos", new File([huge], "huge.png", { type: "image/png" }));
    const tooBig = await submitPublicForm("stall_application", big, { ip: "10.8.0.2" });
    expect(tooBig.status === "invalid" && tooBig.errors.photos).toBe("Each file must be 5MB or smaller");

    const svg = nominationForm({ email }, 0);
    svg.append("documents", new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], "x.svg", { type: "image/svg+xml" }));
    const svgResult = await submitPublicForm("nomination", svg, { ip: "10.8.0.3" });
    expect(svgResult.status).toBe("invalid");

    expect(storedFiles().length).toBe(before);
    expect(await getDb().select().from(formSubmissions).where(eq(formSubmissions.email, email))).toHaveLength(0);
  });
});

describe("dashboard count", () => {
  it("counts only new submissions", async () => {
    const { countNewSubmissions } = await import("./inbox.server.ts");
    const before = await countNewSubmissions();
    const ref = await submit("volunteer");
    expect(await countNewSubmissions()).toBe(before + 1);
    const row = (await byReference(ref))!;
    await setSubmissionStatus(row.id, "declined", {});
    expect(await countNewSubmissions()).toBe(before);
    const [latest] = await getDb().select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(latest!.action).toBe("submission.status");
  });
});
