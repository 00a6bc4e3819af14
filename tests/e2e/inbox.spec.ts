/**
 * The submissions inbox end to end: visitors submit each public form (with files where it
 * takes them); an editor finds, opens, changes the status of, notes and exports them; an
 * administrator finds everything held about an address, exports it and erases it.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

const tag = () => randomUUID().slice(0, 8);

// Each journey submits public forms and then works through the admin screens.
test.describe.configure({ timeout: 90_000 });

async function submitVolunteer(page: Page, name: string, email: string) {
  await page.goto("/support#volunteer");
  const form = page.locator("form:has([name=motivation])");
  await form.locator("[name=fullName]").fill(name);
  await form.locator("[name=email]").fill(email);
  await form.locator("[name=phone]").fill("01632 960 418");
  await form.locator("[name=availability]").first().check();
  await form.locator("[name=motivation]").fill("=1+1 I would love to help at the summer fair.");
  await form.locator("[name=terms]").check();
  await form.getByRole("button", { name: "Submit Application" }).click();
  return reference(page);
}

async function submitStall(page: Page, name: string, email: string) {
  await page.goto("/craft-fairs?tab=apply");
  const form = page.locator("form:has([name=productDescription])");
  await form.locator("[name=fullName]").fill(name);
  await form.locator("[name=businessName]").fill(`${name} Ceramics`);
  await form.locator("[name=email]").fill(email);
  await form.locator("[name=phone]").fill("01632 960 419");
  await form.locator("[name=craftCategory]").selectOption("ceramics");
  await form.locator("[name=productDescription]").fill("Hand-thrown mugs and bowls.");
  await form.locator("[name=fairs]").first().check();
  await form.locator("[name=stallSize]").first().check();
  await form.locator("[name=photos]").setInputFiles([1, 2, 3].map((i) => ({ name: `mug-${i}.png`, mimeType: "image/png", buffer: PNG })));
  await form.locator("[name=terms]").check();
  await form.getByRole("button", { name: "Submit Application" }).click();
  return reference(page);
}

async function submitNomination(page: Page, name: string, email: string) {
  await page.goto("/awards?tab=nominate");
  const form = page.locator("form:has([name=nomineeName])");
  await form.locator("[name=nominatorName]").fill(name);
  await form.locator("[name=email]").fill(email);
  await form.locator("[name=relationship]").selectOption("friend");
  await form.locator("[name=nomineeName]").fill("Edith Example");
  await form.locator("[name=nomineeContact]").fill("01632 960 420");
  await form.locator("[name=category]").selectOption("citizen-year");
  await form.locator("[name=reason]").fill("She runs the lunch club.");
  await form.locator("[name=impact]").fill("Nobody eats alone on Tuesdays.");
  await form.locator("[name=documents]").setInputFiles([{ name: "letter.pdf", mimeType: "application/pdf", buffer: PDF }]);
  await form.locator("[name=consent]").check();
  await form.getByRole("button", { name: "Submit Nomination" }).click();
  return reference(page);
}

/** The reference number the confirmation shows. */
async function reference(page: Page) {
  const status = page.getByRole("status").filter({ hasText: "Your reference number is" });
  await expect(status).toBeVisible();
  const ref = (await status.locator("strong").first().textContent())!.trim();
  expect(ref).toMatch(/^(VOL|STL|NOM)-[A-Z0-9]{8}$/);
  return ref;
}

test("an editor finds, opens, reviews, notes and exports what visitors submitted", async ({ page, browser, signInAs }) => {
  const t = tag();
  const email = `applicant-${t}@example.org`;
  // Visitors (a context without a session).
  const visitor = await browser.newContext();
  const public_ = await visitor.newPage();
  const volRef = await submitVolunteer(public_, `Vera ${t}`, email);
  const stallRef = await submitStall(public_, `Sam ${t}`, email);
  const nomRef = await submitNomination(public_, `Nina ${t}`, email);
  await visitor.close();

  await signInAs("editor", { canSeeSubmissions: true });
  await page.goto("/admin/dashboard");
  await expect(page.getByTestId("new-submissions-card")).toContainText(/New submissions\s*\d+/);
  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Inbox" }).click();
  await expect(page).toHaveURL(/\/admin\/inbox$/);

  // Search by email, then narrow by kind: filters live in the URL.
  await page.getByLabel("Search").fill(email.toUpperCase());
  await page.getByRole("button", { name: "Filter" }).click();
  const list = page.getByRole("list", { name: "Submissions" });
  await expect(list.getByRole("listitem")).toHaveCount(3);
  await page.getByLabel("Kind").selectOption("stall_application");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/kind=stall_application/);
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list).toContainText(stallRef);

  // Open it: fields as submitted, its photos through the guarded file route.
  await list.getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Sam ${t}`);
  await expect(page.getByText("Hand-thrown mugs and bowls.")).toBeVisible();
  await expect(page.getByText("Ceramics and pottery")).toBeVisible();
  const photo = page.getByRole("img", { name: "Uploaded file mug-1.png" });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  const fileUrl = (await photo.getAttribute("src"))!;
  const staffFile = await page.request.get(fileUrl);
  expect(staffFile.status()).toBe(200);
  expect(staffFile.headers()["content-security-policy"]).toContain("sandbox");
  // Not reachable without a session.
  const anonymous = await page.request.get(fileUrl, { headers: { Cookie: "" }, maxRedirects: 0 });
  expect([302, 401, 403]).toContain(anonymous.status());

  // Status and note, each saved and shown again.
  await page.getByLabel("Change status").selectOption("in_review");
  await page.getByRole("button", { name: "Save status" }).click();
  await expect(page.getByText("Status changed to In review")).toBeVisible();
  await expect(page.getByLabel("Change status")).toHaveValue("in_review");
  await page.getByRole("textbox", { name: "Internal note" }).fill("Lovely work, offer a corner stall.");
  await page.getByRole("button", { name: "Save note" }).click();
  await expect(page.getByText("Note saved")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Internal note" })).toHaveValue("Lovely work, offer a corner stall.");

  // The nomination's PDF is a download, never shown inline.
  await page.goto(`/admin/inbox?q=${nomRef}`);
  await page.getByRole("list", { name: "Submissions" }).getByRole("link").first().click();
  const pdfLink = page.getByRole("link", { name: /Download letter\.pdf/ });
  const pdf = await page.request.get((await pdfLink.getAttribute("href"))!);
  expect(pdf.headers()["content-disposition"]).toMatch(/^attachment;/);

  // Export the filtered list.
  await page.goto(`/admin/inbox?q=${encodeURIComponent(email)}`);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
  const csv = await fs.readFile((await download.path())!, "utf8");
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  expect(csv).toContain(volRef);
  expect(csv).toContain(stallRef);
  expect(csv).toContain(nomRef);
  expect(csv).toContain(`"'=1+1 I would love to help at the summer fair."`);
  expect(csv).toContain(`"In review"`);
});

test("an administrator finds everything held about an address, exports it and erases it", async ({ page, browser, signInAs }) => {
  const t = tag();
  const email = `erase-me-${t}@example.org`;
  const visitor = await browser.newContext();
  const public_ = await visitor.newPage();
  const volRef = await submitVolunteer(public_, `Eric ${t}`, email);
  const nomRef = await submitNomination(public_, `Eric ${t}`, email);
  await visitor.close();

  await signInAs("administrator");
  await page.goto("/admin/data-protection");
  await expect(page.getByRole("heading", { name: "Data protection", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Volunteer (months)")).toHaveValue(/\d+/);
  await page.getByLabel("Email address").fill(email.toUpperCase());
  await page.getByRole("button", { name: "Find" }).click();
  const found = page.getByTestId("personal-data");
  await expect(found).toContainText(volRef);
  await expect(found).toContainText(nomRef);
  await expect(found).toContainText("Submissions (2)");

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download their data" }).click()]);
  const exported = JSON.parse(await fs.readFile((await download.path())!, "utf8")) as { email: string; submissions: { reference: string }[] };
  expect(exported.email).toBe(email);
  expect(exported.submissions.map((s) => s.reference).sort()).toEqual([nomRef, volRef].sort());

  // A wrong confirmation erases nothing.
  await page.getByLabel("Type the email address to confirm").fill("someone-else@example.org");
  await page.getByRole("button", { name: "Erase permanently" }).click();
  await expect(page.getByText("Type the email address again to confirm the erasure")).toBeVisible();
  await page.getByLabel("Type the email address to confirm").fill(email);
  await page.getByRole("button", { name: "Erase permanently" }).click();
  await expect(page.getByText("Erased 2 submissions and 1 file")).toBeVisible();
  await expect(page.getByTestId("personal-data")).toContainText("No submissions hold this address.");

  await page.goto(`/admin/inbox?q=${encodeURIComponent(email)}`);
  await expect(page.getByText("No submissions match these filters.")).toBeVisible();
});

test("editors cannot open the data protection tools", async ({ page, signInAs }) => {
  await signInAs("editor");
  const response = await page.goto("/admin/data-protection");
  expect(response?.status()).toBe(403);
  const exportResponse = await page.request.get("/admin/data-protection/export?email=a%40example.org");
  expect(exportResponse.status()).toBe(403);
  await expect(page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Data protection" })).toHaveCount(0);
});
