/**
 * One contract at each edge: what an action answers is typed by route typegen, so nothing
 * casts it. The rule in eslint.config.js refuses each way of casting action data (run here
 * through ESLint's API on a virtual route module), and lets the typed ways through.
 */
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: root });

async function casts(source: string, file = "app/features/probe/admin/probe.tsx") {
  const header = 'import { data, useActionData, useFetcher } from "react-router";\ntype R = { a: number };\nexport async function action() { return { a: 1 }; }\n';
  const [result] = await eslint.lintText(`${header}export function probe(actionData: unknown) {\n  return ${source};\n}\n`, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === "no-restricted-syntax").length;
}

// The first lint loads ESLint's whole configuration: seconds on a busy machine.
describe("no casts on action data", { timeout: 60_000 }, () => {
  it("refuses a cast of actionData, of useActionData() and of a fetcher's data, anywhere in the app", async () => {
    expect(await casts("actionData as R")).toBe(1);
    expect(await casts("(actionData as { x: R }).x")).toBe(1);
    expect(await casts("useActionData() as R")).toBe(1);
    expect(await casts("useFetcher().data")).toBe(0);
    expect(await casts("(() => { const fetcher = useFetcher(); return fetcher.data as R; })()")).toBe(1);
    expect(await casts("actionData as R", "app/routes/public/probe.tsx")).toBe(1);
  });

  it("refuses a hand-written type for useActionData or useFetcher, and a cast answer from data()", async () => {
    expect(await casts("useActionData<R>()")).toBe(1);
    expect(await casts("useFetcher<R>()")).toBe(1);
    expect(await casts("data({ a: 1 } as R, { status: 400 })")).toBe(1);
  });

  it("lets the typed ways through: typeof action, data<Answer>(), satisfies and as const", async () => {
    expect(await casts("useActionData<typeof action>()")).toBe(0);
    expect(await casts("useFetcher<typeof action>()")).toBe(0);
    expect(await casts("data<R>({ a: 1 }, { status: 400 })")).toBe(0);
    expect(await casts("data({ a: 1 } satisfies R)")).toBe(0);
    expect(await casts('data({ form: "x" } as const)')).toBe(0);
  });
});
