/**
 * A sample sent newsletter for a new site (with the sample supporters), so the Newsletters
 * screen and the public archive show what they are for: written once (content_seeded
 * "sample-newsletter"), sent to the sample supporters who are subscribed (their timelines
 * show it), published in the archive. No email is sent: it is sample history.
 */
import { sql } from "drizzle-orm";
import { sanitiseRichHtml } from "../../lib/rich-html.server.ts";
import type { SampleSection } from "../../db/seed.server.ts";
import { supporterActivity } from "../supporters/table.ts";
import { subscribedNow } from "./newsletters.server.ts";
import { newsletterRecipients, newsletters } from "./table.ts";

const SUBJECT = "Spring news: the community fund's first grants";
const BODY = `<p>Thank you to everyone who gave, baked, sold raffle tickets and turned up in the rain this spring.</p>
<h2>Where your money went</h2>
<p>The Community Fund made its first five grants: the youth football club's new goals, the library's reading corner, two lunch clubs and a defibrillator for the village hall.</p>
<h2>Coming up</h2>
<ul><li>The Summer Fair on the green: stalls are open for applications.</li><li>Quiz night at the Red Lion: tables of six.</li></ul>
<p>See everything on our <a href="/events">events page</a>.</p>`;

export default [
  {
    section: "sample-newsletter",
    seed: "example",
    after: ["sample-supporters"],
    async write(tx) {
      // Only beside the sample supporters, on a site that has sent no newsletter.
      const ready = await tx.execute<{ samples: number; letters: number }>(
        sql`select (select count(*) from supporter_tags where tag = 'sample')::int as samples, (select count(*) from newsletters)::int as letters`,
      );
      if (ready.rows[0].samples === 0 || ready.rows[0].letters > 0) return "not-yet";
      const sentAt = new Date(Date.now() - 14 * 86_400_000);
      const [row] = await tx
        .insert(newsletters)
        .values({
          subject: SUBJECT,
          preview_text: "Five grants, a summer fair and a quiz night.",
          body: sanitiseRichHtml(BODY),
          status: "sent",
          audience: { kind: "all" },
          send_at: sentAt,
          listed_at: sentAt,
          sent_at: sentAt,
          sent_by: "sample@millbrookfoundation.org.uk",
          slug: "spring-news-the-community-funds-first-grants",
          published_at: sentAt,
        })
        .returning({ id: newsletters.id });
      await tx.execute(sql`
        insert into ${newsletterRecipients} (newsletter_id, supporter_id, email, status, attempts, sent_at, claimed_at)
        select ${row.id}, supporters.id, supporters.email, 'sent', 1, ${sentAt.toISOString()}::timestamptz, ${sentAt.toISOString()}::timestamptz
        from supporters where ${subscribedNow} and exists (select 1 from supporter_tags t where t.supporter_id = supporters.id and t.tag = 'sample')`);
      await tx.execute(sql`
        insert into ${supporterActivity} (supporter_id, kind, summary, details, at)
        select supporter_id, 'email', ${`Newsletter: ${SUBJECT}`}, ${JSON.stringify({ detail: "Newsletter sent", newsletterId: row.id })}::jsonb, ${sentAt.toISOString()}::timestamptz
        from ${newsletterRecipients} where newsletter_id = ${row.id}`);
      return "written";
    },
  },
] satisfies readonly SampleSection[];
