/**
 * `npm run dev`'s mail catcher: a real SMTP server on loopback that takes what the site's
 * mailer sends, and the dev page that lists it (escaped, newest first).
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { config } from "../../app/lib/config.server.ts";
import { sendMail } from "../../app/mail/mailer.server.ts";
import { mailCatcherPage, startSmtpCatcher } from "../../scripts/mail-catcher.ts";

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (stops.length) await stops.pop()!();
});

describe("the dev mail catcher", () => {
  it("receives what the mailer sends over SMTP and lists it on its page", async () => {
    const catcher = await startSmtpCatcher();
    stops.push(catcher.stop);
    const settings = { ...config(), mail: { url: catcher.url, from: "Millbrook <no-reply@localhost>", concurrency: 1, ratePerSecond: null } };
    expect(await sendMail({ to: "ann@example.org", subject: "Your tickets <MCF-7K3Q-9XPD>", text: "Hello Ann & family" }, settings)).toEqual({ sent: true });
    expect(await sendMail({ to: "bob@example.org", subject: "Second: Repair Café", text: "Later" }, settings)).toEqual({ sent: true });
    // Subjects with accents arrive as encoded words (RFC 2047): shown decoded.
    expect(catcher.mails.map((m) => m.subject)).toEqual(["Your tickets <MCF-7K3Q-9XPD>", "Second: Repair Café"]);

    const server = createServer(mailCatcherPage(catcher.mails));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    stops.push(() => new Promise((resolve) => server.close(() => resolve())));
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/__dev/mail`);
    expect(response.headers.get("content-type")).toContain("text/html");
    const html = await response.text();
    // Newest first, and the message's text escaped.
    expect(html.indexOf("Second")).toBeLessThan(html.indexOf("Your tickets"));
    expect(html).toContain("Your tickets &#60;MCF-7K3Q-9XPD&#62;");
    expect(html).toContain("Hello Ann &#38; family");
    expect(html).toContain("ann@example.org");
  });
});
