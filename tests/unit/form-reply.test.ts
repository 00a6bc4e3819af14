/**
 * The one reply shape of a refused form (Conform's `SubmissionResult`), as the servers
 * write it (`refusedForm`, `submission.reply()`) and as screens read it: `replyFor` for a
 * staff screen with several forms, `readReply` for a public form's own light code.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { readReply } from "../../app/components/site/form-kit.tsx";
import { firstIssues, parseForm, refusedForm } from "../../app/lib/form-submission.ts";
import { replyFor } from "../../app/lib/form-reply.ts";

describe("a refused form's reply", () => {
  it("keeps a message about the whole form under _form, and the values as typed", () => {
    const reply = refusedForm({ _form: "Your form could not be sent. Please try again.", email: "Please enter your email address" }, { email: "", shifts: ["3", "4"] });
    const read = readReply(reply);
    expect(read.errors).toEqual({ email: "Please enter your email address", _form: "Your form could not be sent. Please try again." });
    expect(read.list("shifts")).toEqual(["3", "4"]);
    expect(read.text("shifts")).toBe("3");
    expect(read.text("missing")).toBe("");
    expect(read.limited).toBe(false);
  });

  it("reads the per-address limit, and no answer at all, as no errors", () => {
    expect(readReply({ limited: true })).toMatchObject({ errors: {}, limited: true });
    expect(readReply(undefined)).toMatchObject({ errors: {}, limited: false });
    expect(readReply({ limited: true }).list("shifts")).toEqual([]);
  });

  it("reads a single posted choice as a list of one", () => {
    expect(readReply(refusedForm({ terms: "Please agree" }, { shifts: "7" })).list("shifts")).toEqual(["7"]);
  });

  it("flattens Zod's issues with the form's own message under _form (never `form`)", () => {
    const schema = z.object({ a: z.string().min(1, "Enter a").min(2, "Longer") }).refine(() => false, { message: "Not both" });
    expect(firstIssues(schema.safeParse({ a: "" }).error!)).toEqual({ a: "Enter a", _form: "Not both" });
    const whole = z.object({ a: z.string() }).refine(() => false, { message: "Not both" }).safeParse({ a: "x" });
    expect(firstIssues(whole.error!)).toEqual({ _form: "Not both" });
  });

  it("gives a staff screen the messages and values of the form that was refused, and nothing for the others", () => {
    const form = new FormData();
    form.set("title", "ab");
    const submission = parseForm(form, z.object({ title: z.string().min(3, "Title must be at least 3 characters") }), ["title"]);
    expect(submission.status).toBe("error");
    const answer = { intent: "save", reply: submission.reply() };
    const save = replyFor(answer, "save");
    expect(save.error("title")).toBe("Title must be at least 3 characters");
    expect(save.value("title")).toBe("ab");
    expect(save.formError).toBeUndefined();
    expect(replyFor(answer, "shift").error("title")).toBeUndefined();
    expect(replyFor({ intent: "places", reply: refusedForm({ _form: "Unknown action." }) }, "places").formError).toBe("Unknown action.");
  });
});
