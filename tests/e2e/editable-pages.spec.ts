/**
 * Words staff edit: legal pages, the footer's contact details, the FAQ and the awards round
 * with its winners. An editor changes each in the admin area and the public page shows it;
 * nominations close by themselves; no public page links to "#".
 */
import sharp from "sharp";
import { expect, test } from "./fixtures.ts";

test.describe.configure({ mode: "serial" });
test.setTimeout(60_000);

const stamp = Date.now().toString(36);
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test("an editor edits the privacy notice; the public page shows it, as text, with the retention period", async ({ page, signInAs }) => {
  await signInAs("editor");
  await page.goto("/admin/legal-pages");
  await page.getByRole("link", { name: "Edit Privacy notice" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit Privacy notice" })).toBeVisible();
  const body = page.getByLabel("Page text");
  await expect(body).toHaveValue(/\{volunteer_retention\}/);
  await body.fill("");
  await page.getByRole("button", { name: "Save Page" }).click();
  await expect(page.getByText("The page text must be at least 50 characters")).toBeVisible();

  await body.fill(`## Changed ${stamp}\n\nVolunteer forms are kept for {volunteer_retention}. <script>alert(1)</script>\n\n- Right to see your data`);
  await page.getByRole("button", { name: "Save Page" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Page saved" }).first()).toBeVisible();

  const visitor = await page.context().browser()!.newPage();
  await visitor.goto("/");
  await visitor.getByRole("contentinfo").getByRole("link", { name: "Privacy notice" }).click();
  await expect(visitor).toHaveURL(/\/privacy$/);
  const article = visitor.getByTestId("legal-page");
  await expect(article.getByRole("heading", { level: 2, name: `Changed ${stamp}` })).toBeVisible();
  await expect(article).toContainText("Volunteer forms are kept for 12 months. <script>alert(1)</script>");
  await expect(article.getByRole("listitem").first()).toHaveText("Right to see your data");
  // Without its heading, the retention section (made from the retention table) is added at the end.
  await expect(article.getByRole("heading", { level: 2, name: "How long we keep it" })).toBeVisible();
  await expect(article).toContainText("Volunteer forms: 1 year after the last change.");
  await visitor.close();
});

test("the consent boxes link to the terms; every legal page is reachable from the footer", async ({ page }) => {
  await page.goto("/support");
  await expect(page.getByRole("link", { name: /^volunteer terms/ })).toHaveAttribute("href", "/terms/volunteers");
  await page.goto("/craft-fairs?tab=apply");
  await expect(page.getByRole("link", { name: /^stallholder terms/ })).toHaveAttribute("href", "/terms/stallholders");
  for (const [name, path, heading] of [
    ["Volunteer terms", "/terms/volunteers", "Volunteer terms"],
    ["Stallholder terms", "/terms/stallholders", "Stallholder terms"],
    ["Accessibility statement", "/accessibility", "Accessibility statement"],
    ["Cookie statement", "/cookies", "Cookie statement"],
  ] as const) {
    await page.getByRole("contentinfo").getByRole("link", { name }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  }
  await expect(page.getByTestId("legal-page")).toContainText("sets no tracking");
});

test("an editor changes the footer's phone, hides a social link and changes a page email; the pages follow", async ({ page, signInAs }) => {
  await signInAs("editor");
  await page.goto("/admin/contact");
  const phone = page.getByLabel("Phone number");
  const facebook = page.getByLabel(/^Facebook link/);
  const fundEmail = page.getByLabel("Community Fund email");
  const oldPhone = await phone.inputValue();
  const oldFacebook = await facebook.inputValue();
  const oldFundEmail = await fundEmail.inputValue();
  await phone.fill("not a phone");
  await page.getByRole("button", { name: "Save Contact Details" }).click();
  await expect(page.getByText("Phone number may contain only digits, spaces, brackets, hyphens and a leading +")).toBeVisible();
  await phone.fill("01632 555 123");
  await facebook.fill("");
  await fundEmail.fill(`grants-${stamp}@example.org`);
  await page.getByRole("button", { name: "Save Contact Details" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Contact details saved" }).first()).toBeVisible();

  const visitor = await page.context().browser()!.newPage();
  await visitor.goto("/about");
  const footer = visitor.getByRole("contentinfo");
  await expect(footer.getByTestId("footer-phone")).toHaveText("01632 555 123");
  await expect(footer.getByTestId("footer-phone")).toHaveAttribute("href", "tel:01632555123");
  await expect(footer.getByRole("link", { name: "Facebook" })).toHaveCount(0);
  await visitor.goto("/community-fund");
  await expect(visitor.locator(`a[href^="mailto:grants-${stamp}@example.org"]`).first()).toBeVisible();
  await visitor.close();

  // Put them back for the other browser tests.
  await page.goto("/admin/contact");
  await page.getByLabel("Phone number").fill(oldPhone);
  await page.getByLabel(/^Facebook link/).fill(oldFacebook);
  await page.getByLabel("Community Fund email").fill(oldFundEmail);
  await page.getByRole("button", { name: "Save Contact Details" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Contact details saved" }).first()).toBeVisible();
});

test("an editor adds a question to the FAQ, moves it up without JavaScript and hides it", async ({ page, browser, signInAs }) => {
  await signInAs("editor");
  const question = `Can I bring my dog ${stamp}?`;
  await page.goto("/admin/faqs");
  await page.getByRole("link", { name: "Add a question" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Add a question" })).toBeVisible();
  await page.getByLabel("Question", { exact: true }).fill(question);
  await page.getByLabel("Answer").fill("Yes, dogs on leads are welcome at outdoor events.");
  await page.getByRole("button", { name: "Add Question" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Question added" }).first()).toBeVisible();

  const noJsContext = await browser.newContext({ javaScriptEnabled: false });
  await noJsContext.addCookies(await page.context().cookies());
  const noJs = await noJsContext.newPage();
  await noJs.goto("/admin/faqs");
  await noJs.getByRole("button", { name: `Move "${question}" up` }).click();

  const visitor = await browser.newPage();
  await visitor.goto("/support");
  const questions = await visitor.getByTestId("faq-list").locator("summary").allTextContents();
  const at = questions.findIndex((q) => q.includes(question));
  expect(at).toBe(questions.length - 2);

  await noJs.getByRole("button", { name: `Hide "${question}"` }).click();
  await expect(noJs.getByTestId("admin-faq").filter({ hasText: question })).toContainText("Hidden");
  await visitor.reload();
  await expect(visitor.getByTestId("faq-list")).not.toContainText(question);
  await visitor.close();
  await noJsContext.close();
});

test("an editor closes nominations and adds a winner with a photo; the awards page follows and the server refuses late nominations", async ({ page, signInAs }) => {
  await signInAs("editor");
  await page.goto("/admin/awards");
  const open = page.getByLabel("Nominations open");
  const close = page.getByLabel("Nominations close");
  const ceremony = page.getByLabel("Ceremony date");
  const before = { open: await open.inputValue(), close: await close.inputValue(), ceremony: await ceremony.inputValue() };
  await close.fill(day(-400));
  await page.getByRole("button", { name: "Save Round" }).click();
  await expect(page.getByText("Closing date must be on or after the opening date")).toBeVisible();
  await open.fill(day(-60));
  await close.fill(day(-1));
  await ceremony.fill(day(40));
  await page.getByRole("button", { name: "Save Round" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Awards round saved" }).first()).toBeVisible();
  await expect(page.getByTestId("nominations-state")).toContainText("Nominations are closed");

  await page.getByRole("link", { name: "Add a winner" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Add a winner" })).toBeVisible();
  await page.getByLabel("Year").fill("2031");
  await page.getByLabel("Category").selectOption({ label: "Volunteer of the Year" });
  await page.getByLabel("Name").fill(`Rosa Bell ${stamp}`);
  await page.getByLabel("Achievement").fill("Ran the Saturday breakfast club for ten years.");
  const png = await sharp({ create: { width: 400, height: 400, channels: 3, background: { r: 90, g: 160, b: 120 } } }).png().toBuffer();
  await page.getByLabel(/^Photo/).first().setInputFiles({ name: "rosa.png", mimeType: "image/png", buffer: png });
  await page.getByLabel("Photo description (alt text)").fill(`Rosa Bell ${stamp} at the breakfast club`);
  await page.getByRole("button", { name: "Add Winner" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Winner added" }).first()).toBeVisible();

  const visitor = await page.context().browser()!.newPage();
  await visitor.goto("/awards?tab=nominate");
  await expect(visitor.getByTestId("nominations-closed")).toContainText("Nominations are closed");
  await expect(visitor.getByRole("button", { name: "Submit Nomination" })).toHaveCount(0);
  await visitor.goto("/awards");
  await expect(visitor.getByTestId("key-dates-past")).toContainText("Nominations close");
  await expect(visitor.getByTestId("key-dates-upcoming")).toContainText("Awards ceremony");
  await visitor.goto("/awards?tab=winners");
  await expect(visitor.getByRole("heading", { name: "2031 winners" })).toBeVisible();
  const card = visitor.getByRole("listitem").filter({ hasText: `Rosa Bell ${stamp}` });
  await expect(card).toContainText("Volunteer of the Year");
  await expect(card.getByRole("img", { name: `Rosa Bell ${stamp} at the breakfast club` })).toHaveAttribute("src", /^\/uploads\/awards\/.+\.webp$/);
  const late = await visitor.request.post("/awards?tab=nominate", {
    multipart: { nominatorName: "Late Larry", email: "late@example.org", category: "volunteer-year", consent: "on" },
  });
  expect(late.status()).toBe(403);
  await visitor.close();

  // Open again for the other browser tests.
  await page.goto("/admin/awards");
  await page.getByLabel("Nominations open").fill(before.open);
  await page.getByLabel("Nominations close").fill(before.close);
  await page.getByLabel("Ceremony date").fill(before.ceremony);
  await page.getByRole("button", { name: "Save Round" }).click();
  await expect(page.getByTestId("nominations-state")).toContainText("Nominations are open");
});

test("no public page links to '#'", async ({ page }) => {
  const seen = new Set<string>();
  const queue = ["/"];
  const offenders: string[] = [];
  while (queue.length > 0 && seen.size < 40) {
    const path = queue.shift()!;
    if (seen.has(path)) continue;
    seen.add(path);
    const response = await page.request.get(path);
    const html = await response.text();
    if (/href="#"/.test(html)) offenders.push(path);
    for (const [, href] of html.matchAll(/href="(\/[^"#?]*)(?:\?[^"#]*)?"/g)) {
      if (!href.startsWith("/admin") && !/\.(css|js|svg|png|webp|ico|xml|txt|ics|pdf|json|webmanifest)$/.test(href) && !seen.has(href)) queue.push(href);
    }
  }
  expect(seen.size).toBeGreaterThan(15);
  expect([...seen]).toEqual(expect.arrayContaining(["/privacy", "/terms/volunteers", "/terms/stallholders", "/accessibility", "/cookies"]));
  expect(offenders).toEqual([]);
});

test("a craft fair's application deadline must fall before the fair, checked by the server", async ({ browser, page, signInAs }) => {
  await signInAs("editor");
  const context = await browser.newContext({ javaScriptEnabled: false });
  await context.addCookies(await page.context().cookies());
  const noJs = await context.newPage();
  await noJs.goto("/admin/craft-fairs/new");
  await noJs.getByLabel("Title").fill(`Deadline Fair ${stamp}`);
  await noJs.getByLabel("Date", { exact: true }).fill(day(30));
  await noJs.getByLabel("Time").fill("10:00");
  await noJs.getByLabel("Description", { exact: true }).fill("Makers from across Millbrook, with cake.");
  await noJs.getByLabel("Location").fill("Town Hall");
  await noJs.getByLabel("Stalls available").fill("12");
  await noJs.getByLabel("Application deadline").fill(day(31));
  await noJs.getByRole("button", { name: "Create Craft Fair" }).click();
  await expect(noJs.getByText("Application deadline must be before the event date")).toBeVisible();
  await noJs.goto("/admin/craft-fairs");
  await expect(noJs.getByText(`Deadline Fair ${stamp}`)).toHaveCount(0);
  await context.close();
});

test("an editor changes a question's answer; History compares it with now and restores the earlier answer", async ({ page, signInAs }) => {
  await signInAs("editor");
  const question = `Are the fairs step-free ${stamp}?`;
  const first = "Yes: every hall has a ramp at the front door.";
  const second = "Yes: every hall has a ramp, and the Town Hall has a lift.";
  // Kept hidden, so the Support page's questions stay the built-in ones for the other tests.
  await page.goto("/admin/faqs/new");
  await page.getByLabel("Question", { exact: true }).fill(question);
  await page.getByLabel("Answer").fill(first);
  await page.getByLabel("Shown on the website").uncheck();
  await page.getByRole("button", { name: "Add Question" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Question added" }).first()).toBeVisible();
  await page.getByRole("link", { name: `Edit "${question}"` }).click();
  await page.getByLabel("Answer").fill(second);
  await page.getByRole("button", { name: "Update Question" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Question updated" }).first()).toBeVisible();

  await page.getByRole("link", { name: `Edit "${question}"` }).click();
  await page.getByRole("link", { name: "History" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `History: ${question}` })).toBeVisible();
  await expect(page.getByTestId("revision")).toHaveCount(2);
  await page.getByTestId("revision").nth(1).getByRole("link", { name: /Compare/ }).click();
  const answer = page.getByTestId("revision-comparison").getByRole("row", { name: /Answer/ });
  await expect(answer).toContainText(first);
  await expect(answer).toContainText(second);
  await page.getByRole("button", { name: "Restore this version" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Version restored" }).first()).toBeVisible();
  await expect(page.getByTestId("revision")).toHaveCount(3);

  await page.getByRole("link", { name: `Back to ${question}` }).click();
  await expect(page.getByLabel("Answer")).toHaveValue(first);
  await expect(page.getByLabel("Shown on the website")).not.toBeChecked();
});
