/**
 * Sample page views for a new site (no page views yet), so the Website report shows what
 * it is for: written once (content_seeded "sample-visits"), about 90 days of made-up
 * views ending yesterday, a few hundred a day, with referrers, campaign tags and devices.
 */
import { sql } from "drizzle-orm";
import type { SampleSection } from "../../db/seed.server.ts";
import { rollupVisits } from "./rollup.server.ts";
import { ukDate } from "../../lib/uk-time.ts";

export default [
  {
    section: "sample-visits",
    seed: "example",
    async write(tx) {
      const today = ukDate(new Date());
      const any = await tx.execute<{ n: number }>(sql`select count(*)::int as n from (select 1 from page_views limit 1) v`);
      if (any.rows[0].n > 0) return "skipped";
      // Weekends quieter, a campaign in the last month; visitors read 1 to 3 pages.
      await tx.execute(sql`
        insert into page_views (day, at, path, referrer_host, utm_source, utm_medium, utm_campaign, device, visitor)
        select d::date, d + interval '9 hours' + (v % 600) * interval '1 minute',
          (array['/', '/events', '/support', '/news', '/volunteer', '/about', '/craft-fairs', '/events/1', '/causes', '/news/spring-fair-raises-record-sum'])[1 + (v * 7 + p) % 10],
          case when p > 0 then null else (array[null, null, 'google.com', 'facebook.com', null, 'millbrookgazette.co.uk', 'duckduckgo.com', null, 'instagram.com', null])[1 + v % 10] end,
          case when p = 0 and d > ${today}::date - 30 and v % 6 = 0 then 'newsletter' end,
          case when p = 0 and d > ${today}::date - 30 and v % 6 = 0 then 'email' end,
          case when p = 0 and d > ${today}::date - 30 and v % 6 = 0 then 'winter-appeal' end,
          (array['phone', 'phone', 'desktop', 'phone', 'tablet', 'desktop', 'phone'])[1 + v % 7],
          md5(d::text || v::text)
        from generate_series(${today}::date - 90, ${today}::date - 1, interval '1 day') d,
             generate_series(1, 120 + (extract(doy from d)::int % 40) - case when extract(isodow from d) > 5 then 50 else 0 end) v,
             generate_series(0, v % 3) p`);
      return "written";
    },
    // The daily figures the Website report reads.
    afterCommit: async () => {
      await rollupVisits();
    },
  },
] satisfies readonly SampleSection[];
