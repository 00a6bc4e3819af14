import { chromium } from "@playwright/test";
const [,, ...args] = process.argv;
const base = "http://127.0.0.1:3411";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync"] });
for (const spec of args) {
  const [path, name, measure] = spec.split("|");
  for (const js of [true, false]) {
    for (const [w, h] of [[390, 844], [1280, 800]]) {
      const ctx = await browser.newContext({ viewport: { width: w, height: h }, javaScriptEnabled: js });
      const page = await ctx.newPage();
      await page.goto(base + path, { waitUntil: "networkidle" });
      const file = `/tmp/polish-shots/${name}-${w}-${js ? "js" : "nojs"}.png`;
      await page.screenshot({ path: file, fullPage: false });
      let info = "";
      if (measure) info = JSON.stringify(await page.evaluate((sel) => { const el = document.querySelector(sel); return el ? Math.round(el.getBoundingClientRect().top + scrollY) : null; }, measure));
      const sw = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
      console.log(file, "top:", info, "overflow:", sw);
      await ctx.close();
    }
  }
}
await browser.close();
