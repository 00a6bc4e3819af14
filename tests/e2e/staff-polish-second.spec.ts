/**
 * Staff screens, second round of polish, driven as staff do: an editor changes the home
 * page's main heading in Page texts and History brings the original back; the menu is
 * grouped by task with the current screen alone highlighted.
 */
import { randomUUID } from "node:crypto";
import { getDb } from "../../app/db/client.server.ts";
import { events } from "../../app/features/events/table.ts";
import { createBooking } from "../../app/features/bookings/bookings.server.ts";
import { createNewsPost } from "../../app/features/news/news.server.ts";
import { expect, test } from "./fixtures.ts";

test.describe.configure({ mode: "serial" });

test("an editor changes the home page's main heading and introduction in Page texts; History restores the original", async ({ page, signInAs, browser }) => {
  await signInAs("editor");
  await page.goto("/admin/pages/home");
  const hero = page.getByRole("group", { name: "Hero" });
  const heading = hero.getByLabel("Main heading");
  const original = await heading.inputValue();
  const stamp = Date.now().toString(36);
  await heading.fill(`Neighbours helping neighbours ${stamp}`);
  await hero.getByLabel("Introduction").fill("Every pound raised here is spent here.");
  await page.getByRole("button", { name: "Save Texts" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Home page saved" }).first()).toBeVisible();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/screenshots/page-texts-home-editor-${width}.png` });
  }

  const visitor = await browser.newPage();
  await visitor.goto("/");
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(`Neighbours helping neighbours ${stamp}`);
  await expect(visitor.getByText("Every pound raised here is spent here.")).toBeVisible();

  // History: the original and the edit; the original is restored.
  await page.goto("/admin/history/page/home");
  const versions = page.getByTestId("revision");
  await expect(versions.last()).toContainText("Original");
  await page.getByRole("link", { name: "Compare the original with now" }).click();
  await expect(page.getByRole("heading", { name: "The original compared with now" })).toBeVisible();
  await expect(page.getByTestId("revision-comparison").getByRole("row", { name: /Main heading/ })).toContainText(original);
  await page.screenshot({ path: "test-results/screenshots/history-original-1280.png", fullPage: true });
  await page.getByRole("button", { name: "Restore this version" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Version restored" }).first()).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(original);
  await visitor.close();
});

test("the menu: the dashboard on its own at the top, groups by task, the current screen alone highlighted", async ({ page, signInAs }) => {
  await signInAs("administrator");
  await page.goto("/admin/donations/gift-aid");
  const nav = page.getByRole("navigation", { name: "Admin sections" });
  await expect(nav.getByRole("link").first()).toHaveText("Dashboard");
  await expect(nav.getByRole("link", { name: "Gift Aid" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Donations" })).not.toHaveAttribute("aria-current");
  for (const group of ["What's on", "Pages and news", "Rarely changed", "People", "Money", "Site"]) await expect(nav.getByText(group, { exact: true })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Door check-in" })).toBeVisible();
  await page.screenshot({ path: "test-results/screenshots/menu-administrator-1280.png", fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("button", { name: "Menu" }).click();
  await page.screenshot({ path: "test-results/screenshots/menu-administrator-390.png" });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 900 });
  // Maintenance is reached from the dashboard.
  await page.goto("/admin/dashboard");
  await page.getByRole("link", { name: /^Maintenance mode: (on|off)$/ }).click();
  await expect(page).toHaveURL(/\/admin\/settings#maintenance$/);
  await expect(page.getByRole("switch", { name: "Maintenance mode" })).toBeVisible();
});

test("a new news post is signed with the writer's name and starts as a draft, saying so", async ({ page, signInAs, e2eDatabase }) => {
  void e2eDatabase;
  const editor = await signInAs("editor");
  await page.goto("/admin/news/new");
  // No post yet: no name to offer; the status is a draft, with no empty choice.
  await expect(page.getByLabel("Author")).toHaveValue("");
  const status = page.getByLabel("Status");
  await expect(status).toHaveValue("draft");
  await expect(status.locator("option")).toHaveText(["Draft: only staff can see it", "Published: visitors see it from the publish time"]);

  await createNewsPost(
    { title: `Bake sale ${Date.now()}`, slug: "", summary: "Cakes, scones and a record total.", body: "<p>Thank you.</p>", author: "Priya Shah", image_alt: "", status: "draft", publish_at: "", image: null },
    { userId: editor.user.id, email: editor.email, ip: "127.0.0.1" },
  );
  await page.reload();
  await expect(page.getByLabel("Author")).toHaveValue("Priya Shah");

  // The name on My account signs new posts.
  await page.goto("/admin/account");
  await page.getByRole("textbox", { name: "Name (optional)" }).fill("Priya K. Shah");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText("Your name is saved");
  await page.goto("/admin/news/new");
  await expect(page.getByLabel("Author")).toHaveValue("Priya K. Shah");
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/screenshots/news-new-editor-${width}.png` });
  }
});

test("the audit log names records and shows money in pounds", async ({ page, signInAs }) => {
  await signInAs("administrator");
  await page.goto("/admin/settings");
  await page.getByLabel("Tagline").fill(`Together for Millbrook ${Date.now().toString(36)}`);
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText("Settings saved successfully");
  await page.goto("/admin/audit-log?kind=settings");
  const row = page.getByTestId("audit-row").first();
  await expect(row).toContainText("Site settings");
  await expect(row).not.toContainText("site_settings");
  await page.screenshot({ path: "test-results/screenshots/audit-log-1280.png" });
});

async function eventWithBookings(count: number) {
  const [event] = await getDb()
    .insert(events)
    .values({
      title: `Quiz Night ${randomUUID().slice(0, 6)}`,
      date: "2030-09-20",
      time: "19:30",
      description: "Teams of six.",
      location: "Millbrook Village Hall",
      category: "social",
      booking_mode: "free",
      tickets_available: 60,
    })
    .returning();
  for (let i = 0; i < count; i++) {
    const made = await createBooking({ eventId: event!.id, name: `Guest Number ${i + 1}`, email: `${randomUUID().slice(0, 8)}@example.org`, quantity: 2 });
    if (!made.ok) throw new Error(made.reason);
  }
  return event!;
}

test("the bookings screen fits a 390 px phone: the table scrolls inside its box", async ({ page, signInAs, e2eDatabase }) => {
  void e2eDatabase;
  const event = await eventWithBookings(3);
  await signInAs("administrator");
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto(`/admin/events/${event.id}/bookings`);
    await expect(page.getByTestId("booking-row")).toHaveCount(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width} px`).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `test-results/screenshots/bookings-administrator-${width}.png`, fullPage: true });
  }
});

test("deleting an event that has bookings says why it cannot and what to do instead", async ({ page, signInAs, e2eDatabase }) => {
  void e2eDatabase;
  const event = await eventWithBookings(2);
  await signInAs("editor");
  await page.goto(`/admin/events?q=${encodeURIComponent(event.title)}`);
  await page.getByRole("link", { name: `Delete ${event.title}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText(
    "Failed to delete event: it has 2 bookings. To call it off, hide it from the website and cancel or refund its bookings on its Bookings screen.",
  );
  await expect(page.getByRole("button", { name: `Hide ${event.title} from the website` })).toBeVisible();
});
