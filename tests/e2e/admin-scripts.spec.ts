import { expect, test } from "./fixtures.ts";

/**
 * What a staff member's browser downloads for an admin screen: at most 250 KB of
 * JavaScript once compressed, the rich-text editor included (docs/decisions/260: admin
 * screens no longer load the code public pages share), and the rich-text editor (Tiptap and the ProseMirror library under
 * it, the largest code in the admin area) only on the screens that edit rich text.
 */
const MAX_SCRIPT_BYTES_COMPRESSED = 250 * 1024;
const MAX_SCRIPT_BYTES_WITH_EDITOR = 250 * 1024;
// Texts that only the rich-text editor's code contains.
const EDITOR_TEXTS = ["ProseMirror", "@tiptap"];

const SCREENS: { path: string; role: "editor" | "administrator"; editor: boolean }[] = [
  { path: "/admin/dashboard", role: "editor", editor: false },
  { path: "/admin/events", role: "editor", editor: false },
  { path: "/admin/events/new", role: "editor", editor: false },
  { path: "/admin/news", role: "editor", editor: false },
  { path: "/admin/news/new", role: "editor", editor: true },
  { path: "/admin/newsletters", role: "administrator", editor: false },
  { path: "/admin/newsletters/new", role: "administrator", editor: true },
  { path: "/admin/pages/home", role: "editor", editor: false },
  { path: "/admin/settings", role: "administrator", editor: false },
  { path: "/admin/users", role: "administrator", editor: false },
  { path: "/admin/donations", role: "administrator", editor: false },
  { path: "/admin/reports/website", role: "administrator", editor: false },
  { path: "/admin/check-in", role: "administrator", editor: false },
];

for (const screen of SCREENS) {
  test(`${screen.path} loads at most ${(screen.editor ? MAX_SCRIPT_BYTES_WITH_EDITOR : MAX_SCRIPT_BYTES_COMPRESSED) / 1024} KB of compressed JavaScript, ${screen.editor ? "with" : "without"} the rich-text editor`, async ({
    page,
    signInAs,
  }) => {
    await signInAs(screen.role);
    const scripts: string[] = [];
    const transfers: Promise<number>[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() !== "script") return;
      scripts.push(response.url());
      // The body's bytes as they came over the wire (brotli from the server).
      transfers.push(response.finished().then(async () => (await response.request().sizes()).responseBodySize));
    });
    await page.goto(screen.path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    if (screen.editor) await expect(page.getByTestId("rich-text-editor")).toBeVisible();
    await page.waitForLoadState("networkidle");

    let editorCode = false;
    for (const url of scripts) {
      const body = await (await page.request.get(url)).text();
      if (EDITOR_TEXTS.some((text) => body.includes(text))) editorCode = true;
    }
    expect(editorCode, scripts.join("\n")).toBe(screen.editor);
    const compressed = (await Promise.all(transfers)).reduce((sum, bytes) => sum + bytes, 0);
    expect(compressed, `${screen.path}: ${scripts.length} scripts`).toBeGreaterThan(10_000);
    expect(compressed, `${screen.path}: ${scripts.length} scripts`).toBeLessThanOrEqual(screen.editor ? MAX_SCRIPT_BYTES_WITH_EDITOR : MAX_SCRIPT_BYTES_COMPRESSED);
    console.log(`${screen.path}: ${scripts.length} scripts, ${(compressed / 1024).toFixed(1)} KB compressed`);
  });
}
