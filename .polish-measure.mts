import { chromium } from "@playwright/test";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
for (const w of [320, 390]) {
  const page = await browser.newPage({ viewport: { width: w, height: 844 } });
  await page.goto("http://127.0.0.1:3411/awards");
  const r = await page.evaluate(() => { const l = document.querySelector("[role=tablist]")!; const lr = l.getBoundingClientRect(); return { list: [lr.left, lr.right, l.scrollWidth, l.clientWidth], tabs: [...l.querySelectorAll("[role=tab]")].map((t) => { const b = t.getBoundingClientRect(); return [t.textContent, Math.round(b.left), Math.round(b.right)]; }) }; });
  console.log(w, JSON.stringify(r));
}
await browser.close();
