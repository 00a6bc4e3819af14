/**
 * Volunteering in the browser, at 390 and 1280 px, with and without JavaScript: a visitor
 * signs up for two shifts and cancels one by the manage link (the e2e server has no mail,
 * so the page says so and shows the link); staff create a fair's shifts, see the gaps on
 * the rota, add someone by hand, mark attendance and export the year's hours.
 * Screenshots go to test-results/volunteering/.
 */
import { randomUUID } from "node:crypto";
import { asc } from "drizzle-orm";
import { isoDay } from "../../app/content/sample-content.ts";
import { getDb } from "../../app/db/client.server.ts";
import { volunteerRoles } from "../../app/features/volunteer-roles/table.ts";
import { saveOpportunity, addShifts } from "../../app/features/volunteering/opportunities.server.ts";
import { financialYearOf } from "../../app/features/volunteering/shifts.ts";
import { expect, test } from "./fixtures.ts";

const SHOTS = "test-results/volunteering";
const actor = { email: "e2e@millbrook.test" };

for (const javaScriptEnabled of [true, false]) {
  for (const width of [390, 1280]) {
    test.describe(`at ${width}px, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
      test.use({ viewport: { width, height: width < 500 ? 844 : 900 }, javaScriptEnabled });
      const tag = `${width}-${javaScriptEnabled ? "js" : "nojs"}`;

      test("a visitor signs up for two shifts and cancels one by the manage link", async ({ page, e2eDatabase }) => {
        void e2eDatabase;
        const [role] = await getDb().select().from(volunteerRoles).orderBy(asc(volunteerRoles.id)).limit(1);
        const title = `Summer fete stewards ${randomUUID().slice(0, 6)}`;
        const id = await saveOpportunity(null, { role_id: role.id, title, description: "Guide visitors and help the stalls.", location: "The Green", is_published: true }, actor);
        await addShifts(id, { date: isoDay(new Date(), 30), start_time: "10:00", end_time: "12:00", places: 3, repeat: "day", until: isoDay(new Date(), 31) }, actor);

        // The page refreshes through the change feed: wait until it lists the new opportunity.
        await expect(async () => {
          await page.goto("/volunteer");
          await expect(page.getByRole("heading", { name: title })).toBeVisible({ timeout: 1000 });
        }).toPass({ timeout: 15_000 });
        const opportunity = page.getByTestId("opportunity").filter({ has: page.getByRole("heading", { name: title }) });
        await expect(opportunity.getByText("3 of 3 places left")).toHaveCount(2);
        await page.screenshot({ path: `${SHOTS}/volunteer-${tag}.png`, fullPage: true });

        const boxes = opportunity.getByRole("checkbox");
        // A refused form says what is wrong and keeps what was typed and chosen.
        await boxes.nth(0).check();
        await page.getByLabel("Full name").fill("Vera Volunteer");
        await page.getByRole("button", { name: "Sign up" }).click();
        const summary = page.getByRole("alert").filter({ hasText: "There are 3 problems with your form" });
        await expect(summary).toBeVisible();
        await expect(summary.getByRole("link", { name: "Email address: Please enter your email address" })).toBeVisible();
        await expect(summary.getByRole("link", { name: "Terms: Please agree to the volunteer terms" })).toBeVisible();
        await expect(page.getByLabel("Full name")).toHaveValue("Vera Volunteer");
        await expect(boxes.nth(0)).toBeChecked();
        await boxes.nth(1).check();
        await page.getByLabel("Full name").fill("Vera Volunteer");
        await page.getByLabel("Email address").fill(`vera-${randomUUID().slice(0, 6)}@example.org`);
        await page.getByLabel("Phone number").fill("01632 960 418");
        await page.getByRole("checkbox", { name: /I agree to the volunteer terms/ }).check();
        await page.getByRole("button", { name: "Sign up" }).click();

        // The confirmation is the manage page: its address is the link to keep.
        await expect(page.getByRole("heading", { name: "Thank you, Vera Volunteer: you are signed up" })).toBeVisible();
        // (Without JavaScript the browser keeps the form's #signup-result across the redirect: the banner has that id.)
        await expect(page).toHaveURL(/\/volunteer\/manage\/[A-Za-z0-9_-]{43}\?welcome=1(#signup-result)?$/);
        // No mail server in the browser tests: the page never claims an email.
        await expect(page.getByText("We cannot send emails at the moment, so no confirmation will arrive.")).toBeVisible();
        const mine = page.getByTestId("my-shifts").getByRole("listitem");
        await expect(mine).toHaveCount(2);
        await page.screenshot({ path: `${SHOTS}/signed-up-${tag}.png`, fullPage: true });
        // Opened again later from the bookmark, it still works.
        await page.goto(new URL(page.url()).pathname);
        await expect(page.getByRole("heading", { name: "Your shifts" })).toBeVisible();
        await mine.nth(0).getByRole("button", { name: "Cancel this shift" }).click();
        await expect(page.getByText("Your shift is cancelled. Thank you for letting us know.")).toBeVisible();
        await expect(mine.nth(0).getByText("Cancelled")).toBeVisible();
        await expect(mine.nth(1).getByRole("button", { name: "Cancel this shift" })).toBeVisible();
        await page.screenshot({ path: `${SHOTS}/manage-${tag}.png`, fullPage: true });

        // The place is free again on the Volunteer page.
        await expect(async () => {
          await page.goto("/volunteer");
          const again = page.getByTestId("opportunity").filter({ has: page.getByRole("heading", { name: title }) });
          await expect(again.getByText("3 of 3 places left")).toHaveCount(1, { timeout: 1000 });
          await expect(again.getByText("2 of 3 places left")).toHaveCount(1, { timeout: 1000 });
        }).toPass({ timeout: 15_000 });
      });
    });
  }
}

for (const { width, javaScriptEnabled } of [
  { width: 390, javaScriptEnabled: true },
  { width: 390, javaScriptEnabled: false },
  { width: 1280, javaScriptEnabled: true },
]) {
  test.describe(`staff at ${width}px, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ viewport: { width, height: width < 500 ? 844 : 900 }, javaScriptEnabled });
    const tag = `${width}-${javaScriptEnabled ? "js" : "nojs"}`;

    test("staff create a fair's shifts, see the gaps on the rota, add someone by hand, mark attendance and export the year's hours", async ({ page, signInAs }) => {
      await signInAs("editor", { permissions: ["submissions"] });
      const title = `Spring fair crew ${randomUUID().slice(0, 6)}`;
      const helper = `Hand ${randomUUID().slice(0, 6)}`;
      const first = isoDay(new Date(), 40);
      await page.goto("/admin/volunteering");
      await page.screenshot({ path: `${SHOTS}/admin-opportunities-${tag}.png`, fullPage: true });
      await page.goto("/admin/volunteering/new");
      await page.getByLabel("Role").selectOption({ label: "Event Support" });
      await page.getByLabel("Title").fill(title);
      await page.getByLabel("Description").fill("Set up and run the spring fair.");
      await page.getByLabel("Where").fill("Millbrook Town Hall");
      await page.getByRole("button", { name: "Create opportunity" }).click();
      await expect(page.getByRole("heading", { name: title })).toBeVisible();

      await page.getByLabel("Date (first date when repeating)").fill(first);
      await page.getByLabel("Starts").fill("10:00");
      await page.getByLabel("Ends").fill("12:30");
      await page.getByLabel("Places needed").fill("2");
      await page.getByLabel("Every day (a fair)").check();
      // Refused: no last date for a repeat; nothing is added.
      await page.getByRole("button", { name: "Add shifts" }).click();
      await expect(page.getByText("Give the last date, on or after the first")).toBeVisible();
      await expect(page.getByTestId("admin-shift")).toHaveCount(0);
      await page.getByLabel("Date (first date when repeating)").fill(first);
      await page.getByLabel("Starts").fill("10:00");
      await page.getByLabel("Ends").fill("12:30");
      await page.getByLabel("Places needed").fill("2");
      await page.getByLabel("Every day (a fair)").check();
      await page.getByLabel("Last date (when repeating)").fill(isoDay(new Date(), 41));
      await page.getByRole("button", { name: "Add shifts" }).click();
      await expect(page.getByTestId("admin-shift")).toHaveCount(2);
      await page.screenshot({ path: `${SHOTS}/admin-opportunity-${tag}.png`, fullPage: true });

      await page.getByRole("link", { name: "Rota for this opportunity" }).click();
      await expect(page.getByTestId("rota-gaps")).toHaveText("4 places unfilled");
      await expect(page.getByTestId("shift-fill").first()).toHaveText("0 of 2 · 2 unfilled");
      await page.screenshot({ path: `${SHOTS}/rota-gaps-${tag}.png`, fullPage: true });

      const shift = page.getByTestId("rota-shift").first();
      await shift.getByText("Add someone to this shift").click();
      await shift.getByLabel("Full name").fill(helper);
      await shift.getByLabel("Email").fill(`hand-${randomUUID().slice(0, 6)}@example.org`);
      await shift.getByLabel("Phone").fill("07700 900123");
      await shift.getByRole("button", { name: "Add and email" }).click();
      await expect(page.getByTestId("rota-gaps")).toHaveText("3 places unfilled");
      const person = page.getByTestId("rota-person").filter({ hasText: helper });
      await expect(person).toBeVisible();

      await person.getByLabel("Came").check();
      // Hours that are not a number are refused on that person, saying what to type.
      await person.getByLabel(`Hours for ${helper}`).fill("lots");
      await person.getByRole("button", { name: "Save" }).click();
      await expect(page.getByTestId("rota-person").filter({ hasText: helper }).getByText("Enter hours, like 2.5")).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/rota-hours-refused-${tag}.png`, fullPage: true });
      await expect(page.getByTestId("rota-person").filter({ hasText: helper }).getByText(/^Came · /)).toHaveCount(0);
      await expect(page.getByTestId("rota-person").filter({ hasText: helper }).getByLabel(`Hours for ${helper}`)).toHaveValue("lots");
      await person.getByLabel(`Hours for ${helper}`).fill("1.5");
      await person.getByRole("button", { name: "Save" }).click();
      await expect(page.getByTestId("rota-person").filter({ hasText: helper }).getByText("Came · 1.5 hours")).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/rota-attendance-${tag}.png`, fullPage: true });

      // The volunteers list is paged: find the helper by name, then by the check filter too.
      await page.goto("/admin/volunteering/volunteers");
      const filters = page.getByRole("search", { name: "Filter volunteers" });
      await filters.getByLabel("Search").fill(helper);
      await filters.getByLabel("Background check").selectOption("missing");
      await filters.getByRole("button", { name: "Filter" }).click();
      await expect(page).toHaveURL(/check=missing/);
      await expect(page.getByTestId("volunteer-count")).toHaveText("1 volunteer matches these filters");
      await expect(page.getByTestId("volunteer").filter({ hasText: helper })).toContainText("No check recorded");
      await page.screenshot({ path: `${SHOTS}/volunteers-filtered-${tag}.png`, fullPage: true });
      // Recording the check returns to the same filters: the helper no longer lacks one.
      const card = page.getByTestId("volunteer").filter({ hasText: helper });
      await card.getByText("Record a check seen").click();
      await card.getByLabel("Seen on").fill(isoDay(new Date(), -3));
      await card.getByRole("button", { name: "Save check" }).click();
      await expect(page).toHaveURL(/check=missing/);
      await expect(page.getByTestId("volunteer-count")).toHaveText("0 volunteers match these filters");
      await page.screenshot({ path: `${SHOTS}/volunteers-${tag}.png`, fullPage: true });

      await page.goto(`/admin/volunteering/hours?year=${financialYearOf(first)}`);
      await expect(page.getByTestId("hours-row").filter({ hasText: helper })).toContainText("1.5 hours");
      await page.screenshot({ path: `${SHOTS}/hours-${tag}.png`, fullPage: true });
      const csv = await page.request.get(`/admin/volunteering/hours.csv?year=${financialYearOf(first)}`);
      expect(csv.headers()["content-type"]).toContain("text/csv");
      const body = await csv.text();
      expect(body).toMatch(new RegExp(`"${helper}","hand-[a-z0-9]+@example\\.org","1","1\\.50"`));
      expect(body).toContain('"Total"');
    });
  });
}

test("an editor without the submissions permission is refused the rota with names", async ({ page, signInAs }) => {
  await signInAs("editor");
  const response = await page.goto("/admin/volunteering/rota");
  expect(response?.status()).toBe(403);
  const list = await page.goto("/admin/volunteering");
  expect(list?.status()).toBe(200);
});
