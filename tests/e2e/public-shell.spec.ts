import { expect, test } from "./fixtures.ts";

const LINKS = ["Home", "About", "Community Fund", "Events", "Craft Fairs", "Awards", "News", "Trustees", "Support Us"];

test.describe("desktop header and footer", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("shows the nine links (News among them) and Donate, with the active link by path prefix", async ({ page }) => {
    await page.goto("/events/2");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const name of LINKS) await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Events", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Home", exact: true })).not.toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("banner").getByRole("link", { name: "Donate" })).toHaveAttribute("href", "/support#donate");
    await page.goto("/");
    await expect(nav.getByRole("link", { name: "Home", exact: true })).toHaveAttribute("aria-current", "page");
  });

  test("the page's HTML has each main link once: the header's row is also the phone menu's panel", async ({ request }) => {
    const html = await (await request.get("/events/2")).text();
    const header = html.slice(html.indexOf("<header"), html.indexOf("</header>"));
    for (const name of LINKS) expect(header.split(`>${name}</a>`).length - 1, name).toBe(1);
    expect(header.match(/aria-current="page"/g)).toHaveLength(1);
  });

  test("a page draws its icons from symbols in its own HTML, with no request before it has loaded", async ({ page, request, browser, baseURL }) => {
    for (const path of ["/", "/events/1", "/support"]) {
      const html = await (await request.get(path)).text();
      const used = new Set([...html.matchAll(/<use href="#(icon-[\w-]+)"/g)].map((m) => m[1]));
      const carried = [...html.matchAll(/<symbol id="(icon-[\w-]+)"/g)].map((m) => m[1]);
      expect(used.size, path).toBeGreaterThan(3);
      expect(carried.sort(), path).toEqual([...used].sort());
      expect(html, path).not.toMatch(/icons-[\w-]+\.svg/);
    }

    // Without JavaScript too: each icon has a shape of the size its classes give.
    const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL, viewport: { width: 1280, height: 800 } });
    const plain = await noScript.newPage();
    const spriteAsked: string[] = [];
    plain.on("request", (r) => (/\/icons-[\w-]+\.svg$/.test(r.url()) ? spriteAsked.push(r.url()) : undefined));
    await plain.goto("/events/1");
    const icons = await plain.locator("svg:has(use)").evaluateAll((svgs) =>
      svgs
        .filter((svg) => svg.getBoundingClientRect().width > 0)
        .map((svg) => ({ href: svg.querySelector("use")!.getAttribute("href"), shape: svg.querySelector("use")!.getBBox().width > 0 })),
    );
    expect(icons.length).toBeGreaterThan(5);
    for (const icon of icons) expect(icon.shape, icon.href!).toBe(true);
    expect(spriteAsked).toEqual([]);
    await noScript.close();

    // With JavaScript, the rest of the symbols come after the load, for pages rendered in the browser.
    const sprite: { url: string; afterLoad: boolean }[] = [];
    let loaded = false;
    page.on("load", () => (loaded = true));
    page.on("request", (r) => (/\/icons-[\w-]+\.svg$/.test(r.url()) ? sprite.push({ url: r.url(), afterLoad: loaded }) : undefined));
    await page.goto("/");
    await expect.poll(() => page.locator("#icon-symbols symbol").count()).toBe(22);
    expect(sprite).toHaveLength(1);
    expect(sprite[0].afterLoad).toBe(true);
    const file = new URL(sprite[0].url).pathname;
    const response = await request.get(file);
    expect(response.headers()["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(response.headers()["cache-control"]).toContain("immutable");
    // A page rendered in the browser draws an icon the first page did not carry (the ticket).
    expect(await page.locator("#icon-ticket").count()).toBe(1);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Events", exact: true }).click();
    await page.getByRole("link", { name: /Millbrook Charity Gala Dinner/ }).first().click();
    await expect(page).toHaveURL(/\/events\/1$/);
    const ticket = page.locator("svg:has(use[href='#icon-ticket'])").first();
    await expect(ticket).toBeVisible();
    expect(await ticket.evaluate((svg) => svg.querySelector("use")!.getBBox().width)).toBeGreaterThan(0);
  });

  test("links between pages navigate without reloading the page; new-tab clicks are left to the browser", async ({ page, context }) => {
    await page.goto("/");
    await page.locator("html[data-hydrated]").waitFor();
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    const nav = page.getByRole("navigation", { name: "Main" });

    await nav.getByRole("link", { name: "Events", exact: true }).click();
    await expect(page).toHaveURL(/\/events$/);
    await expect(nav.getByRole("link", { name: "Events", exact: true })).toHaveAttribute("aria-current", "page");
    await page.getByRole("contentinfo").getByRole("link", { name: "Local Causes" }).click();
    await expect(page).toHaveURL(/\/causes$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);

    const [tab] = await Promise.all([
      context.waitForEvent("page"),
      nav.getByRole("link", { name: "About", exact: true }).click({ modifiers: ["ControlOrMeta"] }),
    ]);
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toBe("/about");
    await expect(page).toHaveURL(/\/causes$/);
  });

  test("is transparent at the top and solid white after 20px of scroll", async ({ page }) => {
    await page.goto("/about");
    const header = page.getByRole("banner");
    await expect(header).toHaveAttribute("data-solid", "false");
    await expect(header).toHaveCSS("background-color", "rgba(0, 0, 0, 0)");
    await page.evaluate(() => window.scrollTo(0, 10));
    await page.waitForTimeout(100);
    await expect(header).toHaveAttribute("data-solid", "false");
    await page.evaluate(() => window.scrollTo(0, 300));
    await expect(header).toHaveAttribute("data-solid", "true");
    await expect(header).toHaveCSS("background-color", "rgb(255, 255, 255)");
  });

  test("the footer carries the address, phone, email, legal pages, Local Causes, charity number and year; social links without an address are left out", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await expect(footer).toContainText("Community Together Matters");
    await expect(footer).toContainText("14 Market Street");
    await expect(footer.getByRole("link", { name: "01632 960 418" })).toHaveAttribute("href", "tel:01632960418");
    await expect(footer.getByRole("link", { name: "info@millbrookfoundation.org.uk" })).toHaveAttribute("href", "mailto:info@millbrookfoundation.org.uk");
    // The sample settings have no social addresses: no icon links to nowhere.
    for (const name of ["Facebook", "Twitter", "Instagram"]) await expect(footer.getByRole("link", { name })).toHaveCount(0);
    await expect(footer.getByRole("link", { name: "Privacy notice" })).toHaveAttribute("href", "/privacy");
    await expect(footer.getByRole("link", { name: "Volunteer terms" })).toHaveAttribute("href", "/terms/volunteers");
    await expect(footer.getByRole("link", { name: "Cookie statement" })).toHaveAttribute("href", "/cookies");
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Millbrook Community Foundation`);
    await expect(footer).toContainText("Registered charity number 1198472");
    await footer.getByRole("link", { name: "Local Causes" }).click();
    await expect(page).toHaveURL(/\/causes$/);
    await expect(page.getByRole("progressbar").first()).toBeVisible();
  });
});

test.describe("phone menu", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("slides in, traps focus, closes on Escape and on navigation", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    const menuButton = page.getByRole("button", { name: "Menu" });
    await menuButton.click();
    const dialog = page.getByRole("dialog", { name: "Site menu" });
    await expect(dialog).toBeVisible();
    for (const name of LINKS) await expect(dialog.getByRole("link", { name, exact: true })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(menuButton).toBeFocused();

    await menuButton.click();
    await dialog.getByRole("link", { name: "Craft Fairs", exact: true }).click();
    await expect(page).toHaveURL(/\/craft-fairs$/);
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Handmade in Millbrook");

    await menuButton.click();
    await expect(dialog.getByRole("link", { name: "Craft Fairs", exact: true })).toHaveAttribute("aria-current", "page");
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
  });

  test("when the page is marked hydrated, the scripted Menu button has already replaced the disclosure", async ({ page }) => {
    // Read in the page at the moment the mark is set (the observer runs before anything else can).
    await page.addInitScript(() => {
      const seen = window as unknown as { atHydrated?: { disclosure: boolean; button: boolean } };
      const observer = new MutationObserver(() => {
        if (!document.documentElement.hasAttribute("data-hydrated")) return;
        observer.disconnect();
        seen.atHydrated = {
          disclosure: document.querySelector("header details") !== null,
          button: document.querySelector('header button[aria-controls="site-menu"]') !== null,
        };
      });
      observer.observe(document, { attributes: true, subtree: true, attributeFilter: ["data-hydrated"] });
    });
    await page.goto("/events/1");
    expect(await page.evaluate(() => (window as unknown as { atHydrated?: unknown }).atHydrated)).toEqual({ disclosure: false, button: true });
  });

  test("pages fit a 390px phone without sideways scrolling", async ({ page }) => {
    for (const path of ["/", "/events/1", "/support", "/craft-fairs?tab=apply", "/awards?tab=nominate"]) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});
