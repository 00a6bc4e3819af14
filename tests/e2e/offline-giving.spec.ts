/**
 * Money that never touches a card and appeals, in the browser at 390 and 1280 px: staff
 * record a bucket collection and see it in the ledger and reach the Small Donations Scheme
 * claim, which they mark as claimed; a refused offline gift names each fault beside its
 * field; an editor without the donations permission is refused the screens; an appeal
 * with a matched window shows "counts double" while it runs, and after its end date says
 * it has closed and what it raised; its staff screen refuses each of its two forms apart.
 * Screenshots go to test-results/offline-giving/.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { isoDay } from "../../app/content/sample-content.ts";
import { getDb } from "../../app/db/client.server.ts";
import { donations } from "../../app/features/giving/table.ts";
import { causes } from "../../app/features/causes/table.ts";
import { markClaimed } from "../../app/features/giving/gift-aid.server.ts";
import { postAppealUpdate, saveAppeal } from "../../app/features/appeals/appeals.server.ts";
import { recordOfflineGift, smallDonationsYears } from "../../app/features/offline-gifts/offline-gifts.server.ts";
import { expect, test } from "./fixtures.ts";

const SHOTS = "test-results/offline-giving";
const actor = { email: "e2e@millbrook.test" };
const money = (pence: number) => `£${(pence / 100).toLocaleString("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

// Both widths claim in the same tax year (2024 to 2025, still within its two years): one after the other.
test.describe.configure({ mode: "serial" });

for (const width of [390, 1280]) {
  test.describe(`at ${width}px`, () => {
    test.use({ viewport: { width, height: width < 500 ? 844 : 900 } });

    test("staff record a bucket collection, see it in the ledger and claim its top-up", async ({ page, signInAs, e2eDatabase }) => {
      void e2eDatabase;
      // An ordinary Gift Aid claim in the tax year: £100 of declared gifts, so up to £1,000 more of small donations.
      const gift = await recordOfflineGift(
        { donor: { kind: "anonymous" }, amountPence: 10_000, receivedOn: "2024-07-01", causeId: null, method: "cash", benefitPence: 0, declaration: { title: "", firstName: "Gail", lastName: "Aid", house: "1", postcode: "MB1 1AA", madeOn: "2024-07-01", how: "paper", recordSentOn: null } },
        actor,
      );
      expect(gift.ok).toBe(true);
      await markClaimed({ from: "2024-07-01", to: "2024-07-01", asOf: new Date() }, actor.email);
      const before = (await smallDonationsYears()).find((y) => y.taxYear === 2024);
      const amount = 12_050 + Math.floor(Math.random() * 100);
      const place = `Craft fair bucket ${randomUUID().slice(0, 6)}`;

      await signInAs("editor", { permissions: ["donations"] });
      await page.goto("/admin/donations");
      await page.getByRole("link", { name: "Record a gift or collection" }).click();
      await page.getByRole("link", { name: "collections" }).first().click();
      await expect(page.getByRole("heading", { name: "Collections", level: 1 })).toBeVisible();

      // Refused without the £30 confirmation: nothing recorded.
      await page.getByLabel("Collected on").fill("2024-09-14");
      await page.getByLabel("Place").fill(place);
      await page.getByLabel("Total (£)").fill((amount / 100).toFixed(2));
      await page.getByRole("button", { name: "Record collection" }).click();
      await expect(page.getByText(/Confirm that every gift in the collection was £30 or less/)).toBeVisible();
      await page.getByRole("checkbox", { name: /Every gift in this collection was £30 or less/ }).check();
      await page.getByRole("button", { name: "Record collection" }).click();
      await expect(page.getByText(`Collection recorded: ${money(amount)} at ${place}.`)).toBeVisible();
      await expect(page.getByRole("list", { name: "Latest collections" }).getByRole("listitem").first()).toContainText(place);
      // The form starts empty again: the same money is not recorded twice by a second press.
      await expect(page.getByLabel("Place")).toHaveValue("");
      await page.screenshot({ path: `${SHOTS}/collections-${width}.png`, fullPage: true });

      // In the ledger, on its day, paid by collection.
      await page.goto("/admin/donations?from=2024-09-14&to=2024-09-14");
      await expect(page.getByRole("table")).toContainText(`Collection: ${place}`);
      await expect(page.getByRole("table")).toContainText(money(amount));

      // The claim: this collection and any left unclaimed, within 10× the Gift Aid donations and £8,000.
      const after = (await smallDonationsYears()).find((y) => y.taxYear === 2024)!;
      expect(after.unclaimedPence).toBe((before?.unclaimedPence ?? 0) + amount);
      expect(after.giftAidClaimedPence).toBeGreaterThanOrEqual(10_000);
      const claimable = Math.min(after.unclaimedPence, Math.min(800_000, after.giftAidClaimedPence * 10) - after.claimedPence);
      expect(claimable).toBeGreaterThan(0);
      const topUp = Math.round(claimable * 0.25);
      await page.goto("/admin/donations/gift-aid");
      await expect(page.getByRole("region", { name: "Small Donations Scheme" })).toContainText(`Tax year 2024 to 2025: ${money(claimable)} of small donations can be claimed now (top-up ${money(topUp)})`);
      await page.getByRole("link", { name: "Small donations claim" }).click();
      const year = page.getByRole("region", { name: "Tax year 2024 to 2025" });
      await expect(year.getByTestId("claimable-2024")).toHaveText(money(claimable));
      await expect(year.getByTestId("top-up-2024")).toHaveText(money(topUp));
      await page.screenshot({ path: `${SHOTS}/small-donations-${width}.png`, fullPage: true });
      await year.getByRole("button", { name: `Mark ${money(topUp)} top-up as claimed for 2024 to 2025` }).click();
      await expect(page.getByText(`Small donations claim recorded for 2024 to 2025: ${money(claimable)} of small donations, a top-up of ${money(topUp)}.`)).toBeVisible();
      await expect(page.getByTestId("claimable-2024")).toHaveText("£0.00");
      await expect(page.getByRole("list", { name: "Small donations claims made" })).toContainText(`2024 to 2025: ${money(claimable)} of small donations, top-up ${money(topUp)}`);
    });

    test("staff record a cheque with a spoken Gift Aid declaration from a supporter they find", async ({ page, signInAs, e2eDatabase }) => {
      void e2eDatabase;
      const who = `Olive ${randomUUID().slice(0, 6)}`;
      const email = `${who.replace(" ", ".").toLowerCase()}@example.org`;
      await signInAs("editor", { permissions: ["donations"] });
      await page.goto("/admin/donations/offline");
      // Refused, each fault beside its field and the values kept: a new supporter with no
      // name, an amount with three decimals, a ticked declaration with no last name.
      await page.getByRole("radio", { name: /A new supporter/ }).check();
      await page.getByLabel("Email", { exact: true }).fill(email);
      await page.getByLabel("Amount (£)").fill("12.345");
      await page.getByRole("checkbox", { name: "The donor made a Gift Aid declaration" }).check();
      await page.getByLabel("First name or initial").fill("Olive");
      await page.getByLabel("House name or number").fill("3");
      await page.getByLabel("Postcode").fill("mb2 3cd");
      await page.getByRole("button", { name: "Record gift" }).click();
      await expect(page.getByRole("alert")).toHaveText("Nothing was recorded: put right what is marked below.");
      await expect(page.getByRole("textbox", { name: /^Name/ })).toHaveAccessibleDescription("Enter the donor's name.");
      await expect(page.getByLabel("Amount (£)")).toHaveAccessibleDescription("Enter the amount with no more than 2 digits after the point, for example 12.50");
      await expect(page.getByLabel("Last name")).toHaveAccessibleDescription("Enter the donor's last name.");
      await expect(page.getByLabel("Amount (£)")).toHaveValue("12.345");
      await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
      await expect(page.getByRole("checkbox", { name: "The donor made a Gift Aid declaration" })).toBeChecked();
      await page.screenshot({ path: `${SHOTS}/offline-gift-refused-${width}.png`, fullPage: true });
      await page.goto("/admin/donations/offline");
      // A new supporter, then found again by name for a second gift.
      await page.getByRole("radio", { name: /A new supporter/ }).check();
      await page.getByLabel("Name", { exact: true }).fill(who);
      await page.getByLabel("Email", { exact: true }).fill(email);
      await page.getByLabel("Amount (£)").fill("75");
      await page.getByLabel("Paid by").selectOption("cheque");
      await page.getByRole("button", { name: "Record gift" }).click();
      await expect(page.getByText(/Gift recorded: £75.00, reference MCF-/)).toBeVisible();
      await expect(page.getByLabel("Amount (£)")).toHaveValue("");

      await page.getByRole("searchbox", { name: "Find a supporter by name or email" }).fill(who);
      await page.getByRole("button", { name: "Find" }).click();
      await page.getByRole("link", { name: `Choose ${who}` }).click();
      await expect(page.getByRole("radio", { name: new RegExp(who) })).toBeChecked();
      await page.getByLabel("Amount (£)").fill("40");
      await page.getByRole("checkbox", { name: "The donor made a Gift Aid declaration" }).check();
      await page.getByLabel("First name or initial").fill("Olive");
      await page.getByLabel("Last name").fill("Green");
      await page.getByLabel("House name or number").fill("3");
      await page.getByLabel("Postcode").fill("mb2 3cd");
      await page.getByRole("radio", { name: /Spoken/ }).check();
      // Over HMRC's benefit limit (25% of £40): refused, nothing recorded.
      await page.getByLabel(/Value of anything the donor got back/).fill("10.01");
      await page.getByRole("button", { name: "Record gift" }).click();
      await expect(page.getByRole("alert")).toContainText("more than HMRC allows");
      await page.getByLabel(/Value of anything the donor got back/).fill("");
      await page.getByRole("button", { name: "Record gift" }).click();
      await expect(page.getByText(/Gift recorded: £40.00/)).toBeVisible();
      const latest = page.getByRole("list", { name: "Latest offline gifts" }).getByRole("listitem").first();
      await expect(latest).toContainText("£40.00 from Olive Green, cash");
      await expect(latest).toContainText("Gift Aid: Spoken declaration");
      await expect(latest.getByRole("button", { name: "Record as sent" })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/offline-gift-${width}.png`, fullPage: true });

      // In the ledger with the supporter's address; Gift Aid yes.
      await page.goto(`/admin/donations?q=${encodeURIComponent(email)}`);
      await expect(page.getByRole("table")).toContainText("Cheque");
      await expect(page.getByRole("table")).toContainText("£75.00");
      await expect(page.getByRole("table")).toContainText("£40.00");
    });

    test("an editor without the donations permission is refused the offline screens", async ({ page, signInAs }) => {
      await signInAs("editor", { permissions: [] });
      for (const path of ["/admin/donations/offline", "/admin/donations/collections", "/admin/donations/small-donations"]) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(403);
      }
      const post = await page.request.post("/admin/donations/collections", { form: { collectedOn: "2024-09-14", place: "Nope", collectedAs: "cash", amount: "10", small: "on" }, headers: { Origin: new URL(page.url()).origin } });
      expect(post.status()).toBe(403);
    });

    test("an appeal with a matched window, before and after its end date", async ({ page, signInAs, e2eDatabase }) => {
      void e2eDatabase;
      const title = `Bus shelter appeal ${randomUUID().slice(0, 6)}`;
      const [cause] = await getDb().insert(causes).values({ title, description: "A new shelter for the Mill Lane stop.", goal_pence: 200_000, sort_order: 999 }).returning();
      const appeal = await saveAppeal(cause!.id, { goalPence: 200_000, startsOn: isoDay(new Date(), -10), endsOn: isoDay(new Date(), 10), match: { matcherName: "Millbrook Garage", from: isoDay(new Date(), -3), to: isoDay(new Date(), 3), capPence: 5_000 } }, actor);
      await getDb().insert(donations).values({ reference: `MCF-E2E${randomUUID().slice(0, 8)}`, amount_pence: 3_000, mode: "one-off", email: "donor@example.org", cause_id: cause!.id, cause_title: title, paid_at: new Date(Date.now() - 86_400_000) });
      await getDb().insert(donations).values({ reference: `MCF-E2E${randomUUID().slice(0, 8)}`, amount_pence: 4_000, mode: "one-off", email: "donor@example.org", cause_id: cause!.id, cause_title: title, paid_at: new Date() });
      await postAppealUpdate(appeal.id, "Planning permission granted!", actor);

      await expect(async () => {
        await page.goto(`/appeals/${appeal.id}`);
        await expect(page.getByText("Planning permission granted!")).toBeVisible({ timeout: 1000 });
      }).toPass({ timeout: 15_000 });
      await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
      await expect(page.getByText("Your gift counts double")).toBeVisible();
      // £70 given in the window, matched up to the £50 cap: £120 towards the goal, the match shown apart.
      await expect(page.getByText("£70 given by 2 gifts, and £50 matched by Millbrook Garage (the full match).")).toBeVisible();
      await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuetext", "£120 raised of £2,000 (6%)");
      await expect(page.getByRole("link", { name: "Give to this appeal" })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/appeal-open-${width}.png`, fullPage: true });
      await page.goto("/appeals");
      await expect(page.getByRole("heading", { name: title, level: 2 })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/appeals-${width}.png`, fullPage: true });

      // The appeal ended yesterday: it says so and what it raised; no more giving link.
      await saveAppeal(cause!.id, { goalPence: 200_000, startsOn: isoDay(new Date(), -10), endsOn: isoDay(new Date(), -1), match: { matcherName: "Millbrook Garage", from: isoDay(new Date(), -3), to: isoDay(new Date(), -1), capPence: 5_000 } }, actor);
      await expect(async () => {
        await page.goto(`/appeals/${appeal.id}`);
        await expect(page.getByText(/This appeal closed on/)).toBeVisible({ timeout: 1000 });
      }).toPass({ timeout: 15_000 });
      // Today's gift came after the end: £30 given, matched £30.
      await expect(page.getByText(/It raised £60, including £30 matched by Millbrook Garage\./)).toBeVisible();
      await expect(page.getByText("Your gift counts double")).toHaveCount(0);
      await expect(page.getByRole("link", { name: "Give to this appeal" })).toHaveCount(0);
      await page.screenshot({ path: `${SHOTS}/appeal-closed-${width}.png`, fullPage: true });

      // Staff: each of the screen's two forms is refused on its own, with its own message.
      await signInAs("editor");
      await page.goto(`/admin/appeals/${cause!.id}`);
      const details = page.getByRole("form", { name: "Appeal details" });
      await details.getByLabel("Goal (£)").fill("12.345");
      await details.getByRole("button", { name: "Save appeal" }).click();
      await expect(details.getByRole("alert")).toHaveText("Nothing was saved: put right what is marked below.");
      await expect(details.getByLabel("Goal (£)")).toHaveAccessibleDescription("Enter the amount with no more than 2 digits after the point, for example 12.50");
      await expect(details.getByLabel("Goal (£)")).toHaveValue("12.345");
      await page.getByRole("button", { name: "Post update" }).click();
      await expect(page.getByLabel(/New update/)).toHaveAccessibleDescription("Write the update in 1 to 500 characters.");
      await expect(page.getByText("Nothing was saved: put right what is marked below.")).toHaveCount(0);
      await page.screenshot({ path: `${SHOTS}/appeal-refused-${width}.png`, fullPage: true });
      await page.getByLabel(/New update/).fill("The shelter is ordered.");
      await page.getByRole("button", { name: "Post update" }).click();
      await expect(page.getByText("Update posted on the appeal.")).toBeVisible();
      await expect(page.getByRole("listitem").filter({ hasText: "The shelter is ordered." })).toBeVisible();
      await getDb().delete(causes).where(eq(causes.id, cause!.id));
    });
  });
}
