import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../app/db/client.server.ts";
import { siteSecrets } from "../../app/db/schema.ts";
import { siteSecret } from "../../app/lib/site-secrets.server.ts";
import { prepareToastCheck, readToast, redirectWithToast, toastCookie, toastSignedBySite } from "../../app/lib/toast.server.ts";
import { setupTestDatabase } from "../helpers/test-database.ts";

setupTestDatabase();

const withCookie = (cookie: string) => new Request("http://x/", { headers: { Cookie: cookie } });
const nameValue = (setCookie: string) => setCookie.split(";")[0]!;

describe("flash toast cookie", () => {
  it("round-trips a signed toast and clears it when read", async () => {
    const cookie = await toastCookie({ type: "success", message: "Signed out successfully" });
    expect(cookie).toMatch(/^mcf_toast=[^;]+; Max-Age=60; Path=\/; HttpOnly; SameSite=Lax$/);
    const { toast, headers } = await readToast(withCookie(nameValue(cookie)));
    expect(toast).toEqual({ type: "success", message: "Signed out successfully" });
    expect(new Headers(headers).get("Set-Cookie")).toMatch(/^mcf_toast=; .*Max-Age=0/);
  });

  it("keeps the signing secret in the database, encrypted, one for every instance", async () => {
    const first = await siteSecret("toast-cookie");
    expect(await siteSecret("toast-cookie")).toBe(first);
    const [row] = await getDb().select().from(siteSecrets).where(eq(siteSecrets.name, "toast-cookie"));
    expect(row!.value).toMatch(/^enc:v1:/);
    expect(row!.value).not.toContain(first);
  });

  it("ignores a toast that was changed, forged without the secret, or broken", async () => {
    const cookie = nameValue(await toastCookie({ type: "info", message: "Hello" }));
    const [, value] = cookie.split("=");
    // The value is "<base64 JSON>.<signature>": swap the message, keep the signature.
    const decoded = decodeURIComponent(value!);
    const dot = decoded.lastIndexOf(".");
    const forgedPayload = btoa(JSON.stringify({ type: "error", message: "Your account is locked: call 0800 000 000" }));
    const tampered = `mcf_toast=${encodeURIComponent(`${forgedPayload}${decoded.slice(dot)}`)}`;
    expect((await readToast(withCookie(tampered))).toast).toBeNull();

    const unsigned = `mcf_toast=${Buffer.from(JSON.stringify({ type: "error", message: "Forged" })).toString("base64url")}`;
    expect((await readToast(withCookie(unsigned))).toast).toBeNull();
    expect((await readToast(withCookie("mcf_toast=%%%"))).toast).toBeNull();
    // Still cleared, so a bad cookie does not stay.
    expect(new Headers((await readToast(withCookie(unsigned))).headers).get("Set-Cookie")).toMatch(/Max-Age=0/);
    expect((await readToast(new Request("http://x/"))).headers).toBeUndefined();
  });

  it("tells the page cache, without waiting, whether a toast was signed by the site", async () => {
    await prepareToastCheck();
    const value = nameValue(await toastCookie({ type: "info", message: "Saved" })).slice("mcf_toast=".length);
    expect(toastSignedBySite(value)).toBe(true);
    expect(toastSignedBySite("made-up")).toBe(false);
    expect(toastSignedBySite(`${value.slice(0, -2)}xx`)).toBe(false);
    expect(toastSignedBySite(value.replace(/^e/, "f"))).toBe(false);
    expect(toastSignedBySite("%E0%A4%A")).toBe(false);
  });

  it("sets the toast on a redirect, keeping the other headers", async () => {
    const response = await redirectWithToast("/admin/events", { type: "success", message: "Saved" }, { headers: { "Set-Cookie": "other=1" } });
    expect(response.status).toBe(302);
    const cookies = response.headers.getSetCookie();
    expect(cookies[0]).toBe("other=1");
    expect((await readToast(withCookie(nameValue(cookies[1]!)))).toast).toEqual({ type: "success", message: "Saved" });
  });
});
