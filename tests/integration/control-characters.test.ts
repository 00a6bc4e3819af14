/**
 * Control characters in forms: a NUL byte (which PostgreSQL refuses) or another invisible
 * control character in any field is refused with a clear message before a route reads
 * the form, urlencoded or multipart; line breaks and tabs pass. And a failed query never
 * puts what was submitted into the log.
 */
import { describe, expect, it } from "vitest";
import { getDb } from "../../app/db/client.server.ts";
import { events } from "../../app/features/events/table.ts";
import { refuseControlCharacters } from "../../app/lib/form-guard.server.ts";
import { serializeError } from "../../app/lib/logger.server.ts";
import { FORBIDDEN_CHARACTER_MESSAGE, urlencodedHasForbiddenCharacter } from "../../app/lib/plain-text.ts";
import { FORM_LIMITS, readForm } from "../../app/storage/upload.server.ts";
import { setupTestDatabase } from "../helpers/test-database.ts";

setupTestDatabase();

/** Runs the guard in front of a route; the route's answer, or what the guard threw. */
async function guarded(body: string, contentType = "application/x-www-form-urlencoded") {
  const request = new Request("http://localhost/admin/login", { method: "POST", headers: { "Content-Type": contentType }, body });
  let reached = false;
  try {
    await refuseControlCharacters({ request, params: {}, context: {} as never, unstable_pattern: "", pattern: "" } as never, async () => {
      reached = true;
      // The route can still read the whole body after the guard.
      return new Response(await request.text());
    });
    return { reached, status: 200, message: null };
  } catch (thrown) {
    const response = thrown as { init?: ResponseInit; data?: { formRefused?: string } };
    return { reached, status: response.init?.status, message: response.data?.formRefused ?? null };
  }
}

describe("control characters in forms", () => {
  it("refuses a NUL byte or another control character in any field of a urlencoded form, with a clear message", async () => {
    for (const body of ["email=ann%00@example.org&password=x", "name=Ann%1BSmith", "a=1&b=%7F", "note=%C2%85", "name=Ann%0bSmith", `raw=${"\u0000"}`]) {
      const answer = await guarded(body);
      expect(answer, body).toEqual({ reached: false, status: 400, message: FORBIDDEN_CHARACTER_MESSAGE });
    }
  });

  it("lets line breaks, tabs and ordinary text through, and the route reads the body", async () => {
    for (const body of ["message=Line+one%0D%0ALine+two%09tabbed", "name=Si%C3%A2n+O%27Neill", "q=100%25"]) {
      expect((await guarded(body)).reached, body).toBe(true);
    }
    expect(urlencodedHasForbiddenCharacter("x=%0A%0D%09")).toBe(false);
  });

  it("refuses them in multipart forms (with files) too", async () => {
    const form = new FormData();
    form.append("alt", "A photo\u0000");
    form.append("file", new File([new Uint8Array([1, 2, 3])], "a.png", { type: "image/png" }));
    const read = await readForm(new Request("http://localhost/x", { method: "POST", body: form }), FORM_LIMITS.publicForm);
    expect(read).toEqual({ ok: false, problem: "control-character" });
    const fine = new FormData();
    fine.append("alt", "A photo\nof the fair");
    expect((await readForm(new Request("http://localhost/x", { method: "POST", body: fine }), FORM_LIMITS.publicForm)).ok).toBe(true);
  });
});

describe("the error log", () => {
  it("holds no submitted value when a query fails", async () => {
    const secret = "Private Person private@example.org";
    const error = await getDb()
      .insert(events)
      .values({ title: `${secret}\u0000`, date: "2030-01-01", time: "10:00", description: secret, location: "x", category: "social" })
      .then(() => null)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    // Unprotected, the error carries the values...
    expect(JSON.stringify({ message: (error as Error).message, params: (error as { params?: unknown }).params })).toContain("private@example.org");
    // ... as logged, it does not.
    const logged = JSON.stringify(serializeError(error));
    expect(logged).not.toContain("private@example.org");
    expect(logged).not.toContain("Private Person");
    expect(logged).toContain("params: [not logged]");
    expect(logged).toContain("insert into");
  });
});
