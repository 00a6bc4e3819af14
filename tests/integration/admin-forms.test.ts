/**
 * Admin forms are read with Conform (`parseWithZod`) and a refused form is answered with
 * `submission.reply()`: the field messages, the values as typed, nothing saved. Through
 * the layouts' middleware, as React Router runs the actions.
 */
import { describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import { sessionCookieName } from "../../app/auth/session.server.ts";
import { listFaqsForAdmin } from "../../app/features/faqs/faqs.server.ts";
import { listTrusteesForAdmin } from "../../app/features/trustees/trustees.server.ts";
import { requestInfoContext } from "../../app/lib/request-context.ts";
import { readToast } from "../../app/lib/toast.server.ts";
import { action as faqAction } from "../../app/features/faqs/admin/faq-form.tsx";
import { action as trusteeAction } from "../../app/features/trustees/admin/trustee-form.tsx";
import { throughLayouts } from "../helpers/route-table.ts";
import { createSignedInAccount } from "../helpers/staff.ts";
import { setupTestDatabase } from "../helpers/test-database.ts";

setupTestDatabase();

async function post(url: string, fields: Record<string, string>) {
  const { token } = await createSignedInAccount({ role: "editor" });
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  const request = new Request(new URL(url, "http://localhost"), {
    method: "POST",
    headers: { Cookie: `${sessionCookieName(false)}=${token}` },
    body,
  });
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { ip: "127.0.0.1", nonce: "", secure: false });
  return { request, context, params: {} as Record<string, string> };
}

/** React Router's data(): the body and the status. */
const replyOf = (result: unknown) => result as { data: { status?: string; error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> }; init: { status: number } };

describe("admin forms with Conform", () => {
  it("answers a refused FAQ with the field messages and the values as typed, and saves nothing", async () => {
    const before = (await listFaqsForAdmin()).length;
    const args = await post("/admin/faqs/new", { question: "Hi?", answer: "Too short", is_visible: "on" });
    const result = replyOf(await throughLayouts("features/faqs/admin/faq-form.tsx", faqAction, args as never));
    expect(result.init.status).toBe(400);
    expect(result.data.status).toBe("error");
    expect(result.data.error?.question).toEqual(["Question must be at least 5 characters"]);
    expect(result.data.error?.answer).toEqual(["Answer must be at least 10 characters"]);
    expect(result.data.initialValue).toMatchObject({ question: "Hi?", answer: "Too short", is_visible: "on" });
    expect(await listFaqsForAdmin()).toHaveLength(before);
  });

  it("saves a valid FAQ and goes back to the list with the toast", async () => {
    const question = `Can I bring my dog to the fair ${Date.now()}?`;
    const args = await post("/admin/faqs/new", { question, answer: "Yes, dogs on a lead are welcome.", is_visible: "" });
    const response = (await throughLayouts("features/faqs/admin/faq-form.tsx", faqAction, args as never)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/faqs");
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("mcf_toast="))!.split(";")[0]!;
    expect((await readToast(new Request("http://x/", { headers: { Cookie: cookie } }))).toast).toEqual({ type: "success", message: "Question added" });
    const saved = (await listFaqsForAdmin()).find((f) => f.question === question);
    expect(saved).toMatchObject({ is_visible: false });
  });

  it("answers a refused trustee (the shared listing form) the same way", async () => {
    const before = (await listTrusteesForAdmin()).length;
    const args = await post("/admin/trustees/new", { name: "A", role: "Treasurer", bio: "Short", image_alt: "", is_visible: "on" });
    const result = replyOf(await throughLayouts("features/trustees/admin/trustee-form.tsx", trusteeAction, args as never));
    expect(result.init.status).toBe(400);
    expect(result.data.error).toMatchObject({ name: ["Name is required"], bio: ["Bio must be at least 10 characters"] });
    expect(result.data.error?.role ?? null).toBeNull();
    expect(result.data.initialValue).toMatchObject({ name: "A", role: "Treasurer" });
    expect(await listTrusteesForAdmin()).toHaveLength(before);
  });
});
