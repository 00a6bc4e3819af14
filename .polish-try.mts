import { chromium } from "@playwright/test";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const page = await browser.newPage({ viewport: { width: 390, height: 800 } });
await page.goto("http://127.0.0.1:3411/events/7");
await page.getByRole("button", { name: "Book free tickets" }).click();
await page.waitForTimeout(2000);
console.log(page.url());
console.log(await page.locator("#tickets").innerText());
await browser.close();
