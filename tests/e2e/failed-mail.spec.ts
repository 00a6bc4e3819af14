/**
 * Failed mail: a message the queue gave up on is listed for administrators with its
 * recipient, subject and last error (never its body); "Send again" hands it back to the
 * queue, which sends it (this server has no SMTP, so sending completes at once) and it
 * leaves the list; "Discard" deletes it. Diagnostics links to the screen.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { expect, test } from "./fixtures.ts";

test("an administrator sends a failed message again and discards another; Diagnostics links to them", async ({ page, signInAs, e2eDatabase }) => {
  const tag = randomUUID().slice(0, 8);
  const [first, second] = [`resend-${tag}@example.org`, `discard-${tag}@example.org`];
  for (const to of [first, second]) {
    await e2eDatabase.db.execute(sql`
      insert into pgboss.job (name, data, state, retry_limit, retry_count, output, started_on, completed_on)
      values ('mail', ${JSON.stringify({ to, subject: `Your booking ${tag}`, text: "A private link: https://example.org/secret" })}::jsonb,
              'failed', 10, 10, '{"message":"mail not sent: Message failed: 451 Try again later"}'::jsonb, now(), now())`);
  }
  await signInAs("administrator");
  await page.goto("/admin/users");
  await page.getByRole("button", { name: "Run Diagnostics" }).click();
  await page.getByRole("link", { name: "See failed mail" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Failed mail" })).toBeVisible();

  const row = (to: string) => page.getByRole("row").filter({ has: page.getByTestId("failed-mail-to").getByText(to, { exact: true }) });
  await expect(row(first)).toContainText(`Your booking ${tag}`);
  await expect(row(first)).toContainText("451 Try again later");
  await expect(row(first)).toContainText("after 11 attempts");
  await expect(page.getByText("A private link")).toHaveCount(0);

  await row(first).getByRole("button", { name: `Send again to ${first}` }).click();
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText("The message will be sent again now.");
  await expect(row(first)).toHaveCount(0);
  // The queue took it and sent it (completed), rather than only moving it off the screen.
  await expect
    .poll(async () => (await e2eDatabase.db.execute<{ state: string }>(sql`select state from pgboss.job where name = 'mail' and data->>'to' = ${first}`)).rows[0]?.state, { timeout: 20_000 })
    .toBe("completed");

  await row(second).getByRole("button", { name: `Discard the message to ${second}` }).click();
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText("Message discarded.");
  await expect(row(second)).toHaveCount(0);
  expect((await e2eDatabase.db.execute(sql`select 1 from pgboss.job where name = 'mail' and data->>'to' = ${second}`)).rows).toHaveLength(0);

  await page.goto(`/admin/audit-log?email=${encodeURIComponent((await page.getByTestId("admin-email").textContent())!)}`);
  await expect(page.getByTestId("audit-row").first()).toContainText("discarded a failed message");
  await expect(page.getByTestId("audit-row").nth(1)).toContainText("sent a failed message again");
});
