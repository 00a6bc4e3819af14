/**
 * Staff journeys for the dashboard, events and craft fairs, signed in as an editor:
 * create (with an image), edit, toggle and delete, checking the public pages after each
 * step; validation messages (browser and server); drafts; the connection checks.
 * Titles are unique per run, so the tests do not depend on each other.
 */
import AxeBuilder from "@axe-core/playwright";
import { count, eq, and } from "drizzle-orm";
import sharp from "sharp";
import { getDb } from "../../app/db/client.server.ts";
import { events } from "../../app/features/events/table.ts";
import { craftFairs } from "../../app/features/craft-fairs/table.ts";
import { expect, test } from "./fixtures.ts";
import type { Page } from "@playwright/test";

// In order within this file (the dashboard counts the database), other files alongside.
test.describe.configure({ mode: "default" });
test.setTimeout(60_000);

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function pngFile(name = "photo.png") {
  const buffer = await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 40, g: 120, b: 90 } } })
    .png()
    .toBuffer();
  return { name, mimeType: "image/png", buffer };
}

const toast = (page: Page, text: string) => page.getByRole("status").or(page.getByRole("alert")).filter({ hasText: text }).first();

async function idFromEditLink(page: Page, title: string, base: string) {
  const href = await page.getByRole("link", { name: `Edit ${title}` }).getAttribute("href");
  const id = Number(href?.replace(`${base}/edit/`, ""));
  expect(id).toBeGreaterThan(0);
  return id;
}

test("an editor creates, edits, toggles and deletes an event with an image; the public pages follow", async ({ page, signInAs, request }) => {
  await signInAs("editor");
  const title = unique("E2E Lantern Walk");
  await page.goto("/admin/events/new");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create Event");
  await expect(page.getByLabel("Start time")).toHaveValue("19:00");
  await expect(page.getByLabel("Active")).toBeChecked();
  // Whether an event is past follows from its date: staff do not tick it.
  await expect(page.getByLabel("Past event")).toHaveCount(0);

  // Inline validation as the user types.
  await page.getByLabel("Title").fill("ab");
  await expect(page.getByText("Title must be at least 3 characters")).toBeVisible();
  await page.getByLabel("Title").fill(title);
  await expect(page.getByText("Title must be at least 3 characters")).toBeHidden();
  await page.getByLabel("Category").selectOption("family");
  await page.getByLabel("Date").fill(inDays(1));
  await page.getByLabel("Short description").fill("Lanterns along the river path at dusk.");
  await page.getByLabel("Full description").fill("Bring a lantern.\n\nHot chocolate at the end.");
  await page.getByLabel("Location", { exact: true }).fill("River Mill footpath");
  await page.getByLabel("End time").fill("21:15");
  await page.getByLabel("Ticket price").fill("Free");
  await page.getByLabel("Tickets available").fill("0");
  await expect(page.getByText("Must be a positive number")).toBeVisible();
  await page.getByLabel("Tickets available").fill("");
  await page.getByLabel("Image: upload a new one").setInputFiles(await pngFile());
  await expect(page.getByAltText("Preview of the selected image")).toBeVisible();
  await page.getByLabel("Image description (alt text)").fill("Lanterns along the river at dusk");
  await page.getByRole("button", { name: "Create Event" }).click();

  await expect(page).toHaveURL(/\/admin\/events$/);
  await expect(toast(page, "Event created successfully")).toBeVisible();
  await expect(page.getByRole("cell", { name: title, exact: true })).toBeVisible();
  const id = await idFromEditLink(page, title, "/admin/events");

  // Public pages: the event page with its resized image, /events and /.
  const publicPage = await page.context().newPage();
  await publicPage.goto(`/events/${id}`);
  await expect(publicPage.getByRole("heading", { level: 1 })).toHaveText(title);
  const [row] = await getDb().select({ image: events.image }).from(events).where(eq(events.id, id));
  expect(row.image).toMatch(/^\/uploads\/events\/[A-Za-z0-9_-]+\.webp$/);
  const image = await request.get(row.image!);
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toBe("image/webp");
  expect(image.headers()["cache-control"]).toContain("immutable");
  expect((await request.get(row.image!.replace(".webp", "-400.webp"))).status()).toBe(200);
  // The calendar file ends when the event does.
  expect(await (await request.get(`/events/${id}/calendar.ics`)).text()).toContain(`DTEND;TZID=Europe/London:${inDays(1).replace(/-/g, "")}T211500`);
  await publicPage.goto("/events");
  await expect(publicPage.getByRole("heading", { name: title })).toBeVisible();
  await publicPage.goto("/");
  await expect(publicPage.getByText(title).first()).toBeVisible();

  // An open public page updates without a reload when the event changes.
  await publicPage.goto(`/events/${id}`);
  await expect(publicPage.getByRole("heading", { level: 1 })).toHaveText(title);

  // Edit: new title, no image (the picture stays in the media library).
  await page.getByRole("link", { name: `Edit ${title}` }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Edit Event");
  await expect(page.getByLabel("Title")).toHaveValue(title);
  const renamed = `${title} (renamed)`;
  await page.getByLabel("Title").fill(renamed);
  await page.getByRole("radio", { name: "No image" }).check();
  await page.getByRole("button", { name: "Update Event" }).click();
  await expect(toast(page, "Event updated successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/events$/);
  await expect(publicPage.getByRole("heading", { level: 1 })).toHaveText(renamed); // live update
  expect((await getDb().select({ image: events.image }).from(events).where(eq(events.id, id)))[0].image).toBeNull();
  expect((await request.get(row.image!)).status()).toBe(200);

  // Hide: gone from the public site; show again: back.
  await page.getByRole("button", { name: `Hide ${renamed} from the website` }).click();
  await expect(toast(page, "Event deactivated successfully")).toBeVisible();
  expect((await request.get(`/events/${id}`)).status()).toBe(404);
  await publicPage.goto("/events");
  await expect(publicPage.getByRole("heading", { name: renamed })).toHaveCount(0);
  await page.getByRole("button", { name: `Show ${renamed} on the website` }).click();
  await expect(toast(page, "Event activated successfully")).toBeVisible();
  expect((await request.get(`/events/${id}`)).status()).toBe(200);

  // Delete after confirmation (cancel first).
  await page.getByRole("link", { name: `Delete ${renamed}` }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText(renamed);
  await dialog.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.getByRole("link", { name: `Delete ${renamed}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Event deleted successfully")).toBeVisible();
  await expect(page.getByRole("cell", { name: renamed, exact: true })).toHaveCount(0);
  await publicPage.goto(`/events/${id}`);
  await expect(publicPage.getByRole("heading", { level: 1 })).toHaveText("Event Not Found");

  // Editing an unknown id goes back to the list.
  await page.goto(`/admin/events/edit/${id}`);
  await expect(page).toHaveURL(/\/admin\/events$/);
  await expect(toast(page, "Failed to load event data")).toBeVisible();
});

test("choosing No image after uploading removes the upload: the choice shown is the choice saved", async ({ page, signInAs }) => {
  await signInAs("editor");
  const title = unique("E2E No Image");
  await page.goto("/admin/events/new");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Category").selectOption("social");
  await page.getByLabel("Date").fill(inDays(3));
  await page.getByLabel("Short description").fill("A walk with no picture at all.");
  await page.getByLabel("Location", { exact: true }).fill("Millbrook Green");
  const upload = page.getByLabel("Image: upload a new one");
  const preview = page.getByAltText("Preview of the selected image");
  const noImage = page.getByRole("radio", { name: "No image" });

  // Upload, then pick a library image: the upload is dropped.
  await upload.setInputFiles(await pngFile());
  await expect(preview).toBeVisible();
  await expect(noImage).not.toBeChecked();
  await page.getByTestId("media-choices").getByRole("radio").nth(1).check();
  await expect(preview).toHaveCount(0);
  await expect(upload).toHaveValue("");

  // Upload again, then "No image": nothing is saved.
  await upload.setInputFiles(await pngFile());
  await expect(preview).toBeVisible();
  await noImage.check();
  await expect(preview).toHaveCount(0);
  await expect(upload).toHaveValue("");
  await page.getByRole("button", { name: "Create Event" }).click();
  await expect(toast(page, "Event created successfully")).toBeVisible();
  const [row] = await getDb().select({ image: events.image }).from(events).where(eq(events.title, title));
  expect(row.image).toBeNull();
  // Not left on the public pages that other tests count.
  await getDb().delete(events).where(eq(events.title, title));
});

test("the staff list shows upcoming events first, soonest first, then past ones", async ({ page, signInAs }) => {
  await signInAs("editor");
  await page.goto("/admin/events");
  const titles = await page.getByRole("row").locator("td:first-child").allInnerTexts();
  const dates = await getDb().select({ title: events.title, date: events.date }).from(events);
  const today = new Date().toISOString().slice(0, 10);
  // Titles shared by several events (the dates of a series) do not say which date a row is.
  const shared = new Set(dates.filter((e, i) => dates.findIndex((o) => o.title === e.title) !== i).map((e) => e.title));
  const dateOf = new Map(dates.filter((e) => !shared.has(e.title)).map((e) => [e.title, e.date]));
  const shown = titles.map((t) => dateOf.get(t.trim())).filter((d): d is string => d !== undefined);
  expect(shown.length).toBeGreaterThan(3);
  const firstPast = shown.findIndex((d) => d < today);
  expect(firstPast).toBeGreaterThan(0);
  const upcoming = shown.slice(0, firstPast);
  const past = shown.slice(firstPast);
  expect(upcoming).toEqual([...upcoming].sort());
  expect(past.every((d) => d < today)).toBe(true);
  expect(past).toEqual([...past].sort().reverse());
});

test("event search and filters live in the URL, with the spec's empty states", async ({ page, signInAs }) => {
  await signInAs("editor");
  await page.goto("/admin/events");
  await page.getByLabel("Search events").fill("Gala");
  await expect(page).toHaveURL(/q=Gala/);
  await expect(page.getByRole("cell", { name: "Millbrook Charity Gala Dinner", exact: true })).toBeVisible();
  await page.getByLabel("Time").selectOption("past");
  await expect(page).toHaveURL(/time=past/);
  await expect(page.getByText("No events found")).toBeVisible();
  await expect(page.getByText("Try adjusting your search or filters")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Time")).toHaveValue("past");
  await expect(page.getByLabel("Search events")).toHaveValue("Gala");
  await page.goto("/admin/events?q=%25&status=inactive");
  await expect(page.getByText("No events found")).toBeVisible();
});

test("an editor creates, edits, toggles and deletes a craft fair with an image; /craft-fairs follows", async ({ page, signInAs }) => {
  await signInAs("editor");
  const title = unique("E2E Spring Makers");
  await page.goto("/admin/craft-fairs");
  await page.getByRole("link", { name: "Add New Craft Fair" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create Craft Fair");
  await expect(page.getByLabel("Time")).toHaveValue("10:00");
  await expect(page.getByLabel("Stalls available")).toHaveValue("20");

  // Bad input: the spec's messages, and nothing is sent.
  await page.getByLabel("Stalls available").fill("0");
  await page.getByRole("button", { name: "Create Craft Fair" }).click();
  await expect(page.getByText("Must be a positive number")).toBeVisible();
  await expect(page.getByText("Application deadline is required")).toBeVisible();
  await expect(page.getByText("Title must be at least 3 characters")).toBeVisible();
  await expect(page.getByText("Description must be at least 10 characters")).toBeVisible();
  await expect(page.getByText("Location is required")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/craft-fairs\/new$/);

  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Date", { exact: true }).fill(inDays(40));
  await page.getByLabel("Description", { exact: true }).fill("Handmade crafts from local makers.");
  await page.getByLabel("Location").fill("Millbrook Library Garden");
  await page.getByLabel("Stalls available").fill("25");
  await page.getByLabel("Application deadline").fill(inDays(20));
  await page.getByLabel("Image: upload a new one").setInputFiles(await pngFile("stall.png"));
  await page.getByLabel("The image is decorative (screen readers skip it)").check();
  await page.getByRole("button", { name: "Create Craft Fair" }).click();
  await expect(toast(page, "Craft fair created successfully")).toBeVisible();
  const id = await idFromEditLink(page, title, "/admin/craft-fairs");
  await expect(page.getByRole("row", { name: new RegExp(title) })).toContainText("25");

  const publicPage = await page.context().newPage();
  await publicPage.goto("/craft-fairs");
  await expect(publicPage.getByRole("heading", { name: title })).toBeVisible();

  await page.getByRole("link", { name: `Edit ${title}` }).click();
  await page.getByLabel("Stalls available").fill("30");
  await page.getByRole("button", { name: "Update Craft Fair" }).click();
  await expect(toast(page, "Craft fair updated successfully")).toBeVisible();
  const [row] = await getDb().select().from(craftFairs).where(eq(craftFairs.id, id));
  expect(row).toMatchObject({ stalls_available: 30, title });
  expect(row.image).toMatch(/^\/uploads\/craft-fairs\/.+\.webp$/);

  await page.getByRole("button", { name: `Hide ${title} from the website` }).click();
  await expect(toast(page, "Craft fair deactivated successfully")).toBeVisible();
  await expect(publicPage.getByRole("heading", { name: title })).toHaveCount(0); // live update
  await page.getByRole("button", { name: `Show ${title} on the website` }).click();
  await expect(toast(page, "Craft fair activated successfully")).toBeVisible();
  await expect(publicPage.getByRole("heading", { name: title })).toBeVisible();

  await page.getByRole("link", { name: `Delete ${title}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Craft fair deleted successfully")).toBeVisible();
  await publicPage.reload();
  await expect(publicPage.getByRole("heading", { name: title })).toHaveCount(0);

  await page.goto("/admin/craft-fairs?q=no-such-fair-anywhere");
  await expect(page.getByText("No craft fairs found")).toBeVisible();
  await page.goto("/admin/craft-fairs/edit/999999");
  await expect(toast(page, "Failed to load craft fair data")).toBeVisible();
});

test("without JavaScript the server validates, keeps the values, and refuses a disguised file", async ({ browser, signInAs, page }) => {
  await signInAs("editor");
  const cookies = await page.context().cookies();
  const context = await browser.newContext({ javaScriptEnabled: false });
  await context.addCookies(cookies);
  const noJs = await context.newPage();
  await noJs.goto("/admin/events/new");
  await noJs.getByLabel("Title").fill("No");
  await noJs.getByLabel("Location", { exact: true }).fill("Town Hall");
  await noJs.getByRole("button", { name: "Create Event" }).click();
  await expect(noJs.getByText("Title must be at least 3 characters")).toBeVisible();
  await expect(noJs.getByText("Event date is required")).toBeVisible();
  await expect(noJs.getByText("Description must be at least 10 characters")).toBeVisible();
  await expect(noJs.getByText("Category is required")).toBeVisible();
  await expect(noJs.getByLabel("Location", { exact: true })).toHaveValue("Town Hall");

  const title = unique("E2E No Script");
  await noJs.getByLabel("Title").fill(title);
  await noJs.getByLabel("Date").fill(inDays(3));
  await noJs.getByLabel("Short description").fill("Works without JavaScript.");
  await noJs.getByLabel("Category").selectOption("social");
  await noJs.getByLabel("Image: upload a new one").setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: Buffer.from("<!doctype html><script>alert(1)</script>") });
  await noJs.getByRole("button", { name: "Create Event" }).click();
  await expect(noJs.getByText("Image upload failed: Only JPEG, PNG, WebP or GIF images can be uploaded.")).toBeVisible();
  const [{ n }] = await getDb().select({ n: count() }).from(events).where(eq(events.title, title));
  expect(n).toBe(0);
  await context.close();
});

test("a draft is offered back with Restore Data, and expires after 24 hours", async ({ page, signInAs }) => {
  await signInAs("editor");
  page.on("dialog", (d) => void d.accept());
  const title = unique("E2E Draft");
  await page.goto("/admin/events/new");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Organiser").fill("Friends of Millbrook");
  await page.evaluate(() => window.dispatchEvent(new Event("pagehide")));
  await page.goto("/admin/dashboard");
  await page.goto("/admin/events/new");
  await expect(page.getByText("There is unsaved form data from a previous session. Would you like to restore it?")).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue("");
  await page.getByRole("button", { name: "Restore Data" }).click();
  await expect(toast(page, "Form data restored")).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue(title);
  await expect(page.getByLabel("Organiser")).toHaveValue("Friends of Millbrook");

  // A draft older than 24 hours is dropped (leaving the form saves it again, so age it afterwards).
  await page.goto("/admin/dashboard");
  await page.evaluate(() => {
    const raw = JSON.parse(localStorage.getItem("draft:event:new")!);
    localStorage.setItem("draft:event:new", JSON.stringify({ ...raw, savedAt: Date.now() - 25 * 3600_000 }));
  });
  await page.goto("/admin/events/new");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create Event");
  await expect(page.getByText("There is unsaved form data from a previous session.")).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem("draft:event:new"))).toBeNull();
});

test("leaving a form with unsaved changes asks first; offline saving stops with the spec's message", async ({ page, signInAs, context }) => {
  await signInAs("editor");
  await page.goto("/admin/events/new");
  await page.getByLabel("Title").fill("Unsaved title");
  await page.getByRole("link", { name: "Back to Events" }).click();
  await expect(page.getByRole("dialog")).toContainText("You have unsaved changes.");
  await page.getByRole("button", { name: "Stay on this page" }).click();
  await expect(page).toHaveURL(/\/admin\/events\/new$/);

  await context.setOffline(true);
  await page.getByRole("button", { name: "Create Event" }).click();
  await expect(page.getByText("You appear to be offline. Please check your internet connection and try again.").first()).toBeVisible();
  await context.setOffline(false);
  await page.getByRole("link", { name: "Cancel" }).click();
  await page.getByRole("button", { name: "Leave page" }).click();
  await expect(page).toHaveURL(/\/admin\/events$/);
});

test("the dashboard warns staff when no mail server is set up (this server has none)", async ({ page, signInAs }) => {
  await signInAs("editor");
  await page.goto("/admin/dashboard");
  const notice = page.getByTestId("mail-notice");
  await expect(notice).toContainText("The website cannot send email: no mail server is set up.");
  await expect(notice).toContainText("Please ask an administrator to set up email.");
});

test("the dashboard shows counts from the database and the connection panel", async ({ page, signInAs }) => {
  await signInAs("editor");
  const countOf = async (table: typeof events | typeof craftFairs, activeOnly: boolean) => {
    const where = activeOnly ? and(eq(table.is_active, true), eq(table.is_past, false)) : undefined;
    const [{ n }] = await getDb().select({ n: count() }).from(table).where(where);
    return String(n);
  };
  await expect(async () => {
    await page.goto("/admin/dashboard");
    await expect(page.getByTestId("Total events")).toHaveText(await countOf(events, false), { timeout: 500 });
    await expect(page.getByTestId("Active events")).toHaveText(await countOf(events, true), { timeout: 500 });
    await expect(page.getByTestId("Total craft fairs")).toHaveText(await countOf(craftFairs, false), { timeout: 500 });
    await expect(page.getByTestId("Active craft fairs")).toHaveText(await countOf(craftFairs, true), { timeout: 500 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByRole("link", { name: "Create Event" })).toHaveAttribute("href", "/admin/events/new");
  await expect(page.getByRole("link", { name: "Create Craft Fair" })).toHaveAttribute("href", "/admin/craft-fairs/new");

  // Plain words for the panel; the spec's toasts stay as written.
  const panel = page.getByRole("region", { name: "Website health" });
  await expect(panel.getByText("Everything is working")).toBeVisible();
  await panel.getByRole("button", { name: "Check" }).click();
  await expect(toast(page, "Connection to the backend is working")).toBeVisible();

  await page.route("/healthz", (route) =>
    route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ status: "error", database: { ok: false, error: "no answer within 5 s" } }) }),
  );
  await panel.getByRole("button", { name: "Check" }).click();
  await expect(toast(page, "Connection error: no answer within 5 s")).toBeVisible();
  await expect(panel.getByText("Test your internet connection.")).toBeVisible();

  // The form's Test Connection turns into "Connection Error" with the warning box.
  await page.goto("/admin/events/new");
  await page.getByRole("button", { name: "Test Connection" }).click();
  await expect(page.getByRole("button", { name: "Connection Error" })).toBeVisible();
  await expect(page.getByText("There is a problem connecting to the server.")).toBeVisible();
  await expect(toast(page, "Connection test failed: no answer within 5 s")).toBeVisible();
});

test("the admin content screens have no accessibility violations (axe)", async ({ page, signInAs }) => {
  await signInAs("editor");
  for (const path of ["/admin/dashboard", "/admin/events", "/admin/events/new", "/admin/craft-fairs?delete=1", "/admin/craft-fairs/edit/1"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
    expect(results.violations.map((v) => `${path}: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  }
});
