/**
 * The public site on narrow phones and without JavaScript: no page scrolls sideways (320
 * and 390 px, and 1280 px for the pages), tab
 * lists stay on one row and a tab switch shows the tabs and their panel (not the page's
 * hero again), the footer's email address stays whole, and the menu, Share and the ticket
 * box work with JavaScript switched off.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page, TestInfo } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { PNG_BYTES } from "../helpers/submissions.ts";

// A tiny PNG that decodes (the server decodes attachments, not just their first bytes).
const PNG = Buffer.from(PNG_BYTES);
const photo = (name: string) => ({ name, mimeType: "image/png", buffer: PNG });

/** Every public page, each tab of the tabbed pages, and the two "not found" pages. */
const PUBLIC_PAGES = [
  "/",
  "/about",
  "/community-fund",
  "/events",
  "/events?tab=family",
  "/events/1",
  "/events/2",
  "/events/3",
  "/events/4",
  "/craft-fairs",
  "/craft-fairs?tab=past",
  "/craft-fairs?tab=apply",
  "/awards",
  "/awards?tab=categories",
  "/awards?tab=winners",
  "/awards?tab=nominate",
  "/trustees",
  "/causes",
  "/support",
  "/manage-giving",
  "/no-such-page",
  "/events/9999",
];

const WIDTHS = [320, 390] as const;

async function sidewaysOverflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** Keeps a full-page screenshot with the test's results, for people to look at. */
async function keepScreenshot(page: Page, testInfo: TestInfo, name: string) {
  const file = testInfo.outputPath(`${name.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home"}.png`);
  await page.screenshot({ path: file, fullPage: true });
}

for (const javaScriptEnabled of [true, false]) {
  for (const width of [...WIDTHS, 1280]) {
    test.describe(`at ${width}px, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
      test.use({ viewport: { width, height: 800 }, javaScriptEnabled });

      test("no public page scrolls sideways", async ({ page }, testInfo) => {
        test.setTimeout(90_000);
        const wide: string[] = [];
        for (const path of PUBLIC_PAGES) {
          await page.goto(path);
          const overflow = await sidewaysOverflow(page);
          if (overflow > 0) wide.push(`${path}: ${overflow}px too wide`);
          await keepScreenshot(page, testInfo, path);
        }
        expect(wide).toEqual([]);
      });
    });
  }
}

/** The confirmations and messages a visitor gets after sending a form. */
const CONFIRMATIONS: { name: string; send: (page: Page, openCraftFair: string) => Promise<Locator> }[] = [
  {
    name: "volunteer",
    send: async (page) => {
      await page.goto("/support#volunteer");
      const form = page.getByRole("form", { name: "Volunteer application" });
      await form.getByLabel("Full name").fill("Maximilian Featherstonehaugh-Worthington");
      await form.getByLabel("Email address").fill("maximilian.featherstonehaugh-worthington@longvillagename.example.org");
      await form.getByLabel("Phone number").fill("01632 960 111");
      await form.getByRole("checkbox", { name: "Weekends" }).check();
      await form.getByLabel("Why would you like to volunteer?").fill("I love Millbrook.");
      await form.getByRole("checkbox", { name: /I agree to the volunteer terms/ }).check();
      await form.getByRole("button", { name: "Submit Application" }).click();
      return page.getByRole("heading", { name: "Thank you for offering to volunteer!" });
    },
  },
  {
    name: "stall application",
    send: async (page, openCraftFair) => {
      await page.goto("/craft-fairs?tab=apply");
      const form = page.getByRole("form", { name: "Stall application form" });
      await form.getByLabel("Full name").fill("Helen Marsh");
      await form.getByLabel("Business name").fill("Marsh Pottery");
      await form.getByLabel("Email address").fill("helen@example.org");
      await form.getByLabel("Phone number").fill("01632 960 222");
      await form.getByLabel("Craft category").selectOption("ceramics");
      await form.getByLabel("Product description").fill("Mugs, jugs and bowls.");
      await form.getByRole("checkbox", { name: new RegExp(openCraftFair) }).check();
      await form.getByRole("radio", { name: /Large stall/ }).check();
      await form.getByLabel("Photos of your work").setInputFiles([photo("a.png"), photo("b.png"), photo("c.png")]);
      await form.getByRole("checkbox", { name: /stallholder terms/ }).check();
      await form.getByRole("button", { name: "Submit Application" }).click();
      return page.getByRole("heading", { name: "Thank you for applying!" });
    },
  },
  {
    name: "nomination",
    send: async (page) => {
      await page.goto("/awards?tab=nominate");
      const form = page.getByRole("form", { name: "Make a nomination" });
      await form.getByLabel("Your name").fill("Sam Jones");
      await form.getByLabel("Your email address").fill("sam@example.org");
      await form.getByLabel("Relationship to the nominee").selectOption("friend");
      await form.getByLabel("Nominee's name").fill("Eileen Brookes");
      await form.getByLabel("Nominee's contact details").fill("eileen@example.org");
      await form.getByLabel("Award category").selectOption("volunteer-year");
      await form.getByLabel("Why are you nominating them?").fill("She drives neighbours to hospital.");
      await form.getByLabel("What difference have they made?").fill("Over 400 appointments kept.");
      await form.getByRole("checkbox", { name: /knows about this nomination/ }).check();
      await form.getByRole("button", { name: "Submit Nomination" }).click();
      return page.getByRole("heading", { name: "Thank you for your nomination!" });
    },
  },
  {
    name: "volunteer errors",
    send: async (page) => {
      await page.goto("/support#volunteer");
      await page.getByRole("form", { name: "Volunteer application" }).getByRole("button", { name: "Submit Application" }).click();
      return page.getByRole("alert").filter({ hasText: "problems with your form" });
    },
  },
  {
    // This server has no payment keys: the donation box offers the other ways to give
    // (the Checkout journey has its own server, tests/e2e/giving.spec.ts).
    name: "donation (online giving off)",
    send: async (page) => {
      await page.goto("/support#donate");
      return page.getByTestId("giving-off");
    },
  },
  {
    name: "booking (refused: an address the browser lets through)",
    send: async (page) => {
      await page.goto("/events/7");
      await page.getByLabel("Your name").fill("Ann Example");
      // The browser's own check accepts "ann@localhost"; the server's does not (no refusal books a ticket).
      await page.locator("#main").getByRole("textbox", { name: "Email" }).fill("ann@localhost");
      await page.getByRole("button", { name: "Book free tickets" }).click();
      return page.getByRole("alert").filter({ hasText: "Please check the details below." });
    },
  },
];

for (const javaScriptEnabled of [true, false]) {
  for (const width of WIDTHS) {
    test.describe(`confirmations at ${width}px, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
      test.use({ viewport: { width, height: 800 }, javaScriptEnabled });
      for (const { name, send } of CONFIRMATIONS) {
        test(`the ${name} page does not scroll sideways`, async ({ page, openCraftFair }, testInfo) => {
          const shown = await send(page, openCraftFair);
          await expect(shown).toBeVisible();
          await keepScreenshot(page, testInfo, name);
          expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
          // The header's Menu button is still on screen.
          const menu = page.getByRole("banner").getByText("Menu", { exact: true });
          const box = await menu.boundingBox();
          expect(box && box.x + box.width).toBeLessThanOrEqual(width);
        });
      }
    });
  }
}

test.describe("tabs on a phone", () => {
  for (const width of WIDTHS) {
    test(`at ${width}px the craft fair and event tabs stay on one row, and the page does not scroll sideways`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      for (const path of ["/craft-fairs", "/events"]) {
        await page.goto(path);
        const tops = await page.getByRole("tab").evaluateAll((tabs) => tabs.map((t) => Math.round(t.getBoundingClientRect().top)));
        expect(new Set(tops).size, `${path}: ${tops.join(", ")}`).toBe(1);
        expect(await sidewaysOverflow(page), path).toBeLessThanOrEqual(0);
      }
    });
  }

  for (const width of WIDTHS) {
    test(`at ${width}px every awards tab is in sight (two rows of two), Nominate included, and the top of the page leads to the form`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/awards");
      for (const name of ["About", "Categories", "Past Winners", "Nominate"]) {
        const box = (await page.getByRole("tab", { name }).boundingBox())!;
        expect(box.x, name).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, name).toBeLessThanOrEqual(width);
      }
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      const nominate = page.getByRole("link", { name: "Nominate someone" });
      await expect(nominate).toBeInViewport();
      await nominate.click();
      await expect(page.getByRole("tab", { name: "Nominate" })).toHaveAttribute("aria-selected", "true");
      await expect(page.getByRole("heading", { name: "Make a nomination" })).toBeVisible();
    });
  }

  for (const javaScriptEnabled of [true, false]) {
    test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
      test.use({ viewport: { width: 390, height: 844 }, javaScriptEnabled });

      test("switching tabs shows the tabs and the new panel, not the page's hero again", async ({ page }, testInfo) => {
        for (const [path, tabName, panelText] of [
          ["/craft-fairs", "Past Fairs", "What stallholders say"],
          ["/craft-fairs?tab=past", "Apply for a Stall", "Stall application form"],
          ["/awards", "Past Winners", "2025 winners"],
          ["/awards?tab=winners", "Nominate", "Make a nomination"],
        ] as const) {
          await page.goto(path);
          const tab = page.getByRole("tab", { name: tabName });
          await tab.scrollIntoViewIfNeeded();
          const before = (await tab.boundingBox())!.y;
          await tab.click();
          await expect(tab).toHaveAttribute("aria-selected", "true");
          await expect(page.getByRole("tabpanel")).toContainText(panelText);
          await expect(page.getByRole("tabpanel")).toBeInViewport();
          if (javaScriptEnabled) {
            // The page stays where it was: only the panel changes.
            await expect.poll(async () => (await tab.boundingBox())!.y).toBeCloseTo(before, 0);
          } else {
            // A new page, opened at the tabs: the hero is above the screen, the selected tab
            // below the fixed header.
            await expect.poll(async () => (await page.getByRole("heading", { level: 1 }).boundingBox())!.y + 40, { message: `${path} → ${tabName}` }).toBeLessThan(0);
            await expect.poll(async () => (await tab.boundingBox())!.y).toBeGreaterThanOrEqual(72);
          }
          const box = (await tab.boundingBox())!;
          expect(box.x).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width).toBeLessThanOrEqual(390);
          await keepScreenshot(page, testInfo, `${path}-${tabName}`);
        }
      });
    });
  }
});

test.describe("footer at 1280px", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the contact email address is on one line", async ({ page }) => {
    await page.goto("/");
    const email = page.getByRole("contentinfo").getByRole("link", { name: "info@millbrookfoundation.org.uk" });
    await expect(email).toBeVisible();
    // One box per line of the address's text.
    const lines = await email.evaluate((a) => {
      const range = document.createRange();
      range.selectNodeContents(a);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    });
    expect(lines).toBe(1);
  });
});

test.describe("without JavaScript on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });

  test("the Menu button opens the site's links", async ({ page }) => {
    await page.goto("/about");
    const menu = page.getByRole("banner").getByText("Menu", { exact: true });
    await expect(menu).toBeVisible();
    const craftFairs = page.getByRole("banner").getByRole("link", { name: "Craft Fairs", exact: true });
    await expect(craftFairs).toBeHidden();
    await menu.click();
    await expect(craftFairs).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "About", exact: true })).toHaveAttribute("aria-current", "page");
    await craftFairs.click();
    await expect(page).toHaveURL(/\/craft-fairs$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Handmade in Millbrook");
  });

  test("the Menu opens from the keyboard, and its links come next in the focus order", async ({ page }) => {
    await page.goto("/about");
    const menu = page.getByRole("banner").getByText("Menu", { exact: true });
    await menu.focus();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("banner").getByRole("link", { name: "Home", exact: true })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("banner").getByRole("link", { name: "About", exact: true })).toBeFocused();
    await menu.click();
    await expect(page.getByRole("banner").getByRole("link", { name: "Home", exact: true })).toBeHidden();
  });

  test("the header turns solid after scrolling, so page text does not show through it", async ({ page }) => {
    await page.goto("/about");
    const header = page.getByRole("banner");
    await expect(header).toHaveCSS("background-color", "rgba(0, 0, 0, 0)");
    await page.mouse.wheel(0, 600);
    await expect(header).toHaveCSS("background-color", "rgb(255, 255, 255)");
  });

  test("Share offers links: email, Facebook, X and WhatsApp", async ({ page }) => {
    await page.goto("/events/3");
    const email = page.getByRole("link", { name: "Share by email" });
    await expect(email).toBeHidden();
    await page.getByText("Share", { exact: true }).click();
    const url = /https?:\/\/[^/]+\/events\/3/;
    await expect(email).toBeVisible();
    expect(decodeURIComponent((await email.getAttribute("href"))!)).toMatch(new RegExp(`^mailto:\\?subject=Big Community Quiz Night&body=.*${url.source}`));
    for (const [name, host] of [
      ["Share on Facebook", "https://www.facebook.com/sharer/sharer.php?u="],
      ["Share on X", "https://x.com/intent/post?"],
      ["Share on WhatsApp", "https://wa.me/?text="],
    ] as const) {
      const link = page.getByRole("link", { name });
      await expect(link).toBeVisible();
      const href = (await link.getAttribute("href"))!;
      expect(href.startsWith(host), href).toBe(true);
      expect(decodeURIComponent(href)).toMatch(url);
      await expect(link).toHaveAttribute("rel", /noopener/);
    }
    // The address itself, to copy by hand.
    await expect(page.getByText(url).first()).toBeVisible();
  });

  test("an event without online booking says its price and how to get tickets, with nothing to buy", async ({ page }) => {
    await page.goto("/events/1");
    const tickets = page.getByRole("region", { name: "Tickets" });
    await expect(tickets.getByTestId("ticket-price")).toHaveText("£75");
    await expect(tickets.getByTestId("ticket-info")).toContainText("Tickets from the Foundation office");
    await expect(tickets.getByLabel("Quantity")).toHaveCount(0);
    await expect(tickets.getByRole("button")).toHaveCount(0);
  });
});

test.describe("before scripts run on a phone", () => {
  // axe needs JavaScript in the page: the site's own scripts are blocked instead, so the
  // page stays as the server rendered it (what a visitor without JavaScript gets).
  test("axe finds no violations with the Menu and Share panels open", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.route("**/assets/**/*.js", (route) => route.abort());
    await page.goto("/events/3");
    await page.getByRole("banner").getByText("Menu", { exact: true }).click();
    await page.getByText("Share", { exact: true }).click();
    await expect(page.getByRole("link", { name: "Share by email" })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Craft Fairs", exact: true })).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    await context.close();
  });
});

test.describe("events sit high on the page", () => {
  const top = (page: Page, selector: string) => page.locator(selector).first().evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
  for (const javaScriptEnabled of [true, false]) {
    test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
      test.use({ javaScriptEnabled });

      test("on a phone the home page's next events start within its first two screens", async ({ page }) => {
        await page.setViewportSize({ width: 390, height: 844 });
        await page.goto("/");
        expect(await top(page, "#upcoming-events article")).toBeLessThan(2 * 844);
      });

      for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
        test(`at ${viewport.width} px the first event card on /events starts on the first screen, its picture shown`, async ({ page }) => {
          await page.setViewportSize(viewport);
          await page.goto("/events");
          const card = page.locator("#upcoming article").first();
          expect(await top(page, "#upcoming article")).toBeLessThan(viewport.height * 0.75);
          await expect(card.locator("img")).toBeInViewport();
        });
      }

      test("at 1280 px an event's title and ticket box are on the first screen, beside the picture", async ({ page }) => {
        await page.setViewportSize({ width: 1280, height: 800 });
        await page.goto("/events/7");
        const title = page.getByRole("heading", { level: 1 });
        const tickets = page.getByRole("region", { name: "Tickets" });
        await expect(title).toBeInViewport();
        await expect(tickets.getByRole("button", { name: "Book free tickets" })).toBeInViewport();
        const picture = (await page.locator("main img").first().boundingBox())!;
        expect((await tickets.boundingBox())!.x).toBeGreaterThan(picture.x + picture.width);
      });

      test("on a phone an event's ticket box comes before its description, within two screens", async ({ page }) => {
        await page.setViewportSize({ width: 390, height: 844 });
        await page.goto("/events/7");
        expect(await top(page, "#tickets")).toBeLessThan(2 * 844);
        expect(await top(page, "#tickets")).toBeLessThan(await top(page, "main article"));
      });
    });
  }
});
