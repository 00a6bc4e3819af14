/**
 * What the support page sends with its HTML for the browser to hydrate: every byte counts in
 * a new connection's first round trip, so it leaves out what the page does not show (the
 * other ways to give beside the donation form, the form's settings without it, and the
 * volunteer thank-you texts, which come with a sent offer's answer).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reloadConfig } from "../../lib/config.server.ts";
import { pageDefaults } from "../page-texts/page-texts.ts";
import { action, loader } from "./support-page.tsx";
import { routeArgs } from "../../../tests/helpers/submissions.ts";
import { setupTestDatabase } from "../../../tests/helpers/test-database.ts";
import { withStripeDouble } from "../../../tests/helpers/stripe-site.ts";

setupTestDatabase();

let dataDir = "";
const previousDataDir = process.env.DATA_DIR;
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "millbrook-support-"));
  process.env.DATA_DIR = dataDir;
  reloadConfig();
});
afterAll(() => {
  if (previousDataDir === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = previousDataDir;
  reloadConfig();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const pageData = async () => (await loader(routeArgs("/support", {}))).data;

describe("the support page's data", () => {
  it("without online payments carries the other ways to give and none of the form's settings", async () => {
    const { giving } = await pageData();
    expect(giving).toEqual({ enabled: false, otherWaysText: expect.stringContaining("bank transfer") });
  });

  it("leaves out the volunteer thank-you texts, which a sent offer's answer carries", async () => {
    const { texts } = await pageData();
    const defaults = pageDefaults("support");
    expect(texts).not.toHaveProperty("thanks_title");
    expect(texts).not.toHaveProperty("thanks_text");
    expect(texts.hero_title).toBe(defaults.hero_title);
    expect(Object.keys(texts).length).toBe(Object.keys(defaults).length - 2);

    const body = new FormData();
    for (const [name, value] of Object.entries({ intent: "volunteer", fullName: "Ann Example", email: "ann@example.org", phone: "01632 960 111", motivation: "I would like to help my town.", terms: "on" })) body.append(name, value);
    body.append("interests", "event-support");
    body.append("availability", "weekends");
    const answer = (await action(routeArgs("/support", {}, { method: "POST", body }))) as unknown as { data: Record<string, unknown> };
    expect(answer.data).toMatchObject({ intent: "volunteer", status: "ok", thanks: { title: defaults.thanks_title, text: defaults.thanks_text } });
  });

  describe("with online payments", () => {
    withStripeDouble();
    it("carries the form's settings and not the other ways to give", async () => {
      const { giving } = await pageData();
      expect(giving.enabled).toBe(true);
      expect(giving).not.toHaveProperty("otherWaysText");
      expect(giving).toMatchObject({ maxPence: expect.any(Number), fees: { card: expect.any(Object) }, charity: { name: expect.any(String) } });
    });
  });
});
