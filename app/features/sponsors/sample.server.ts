/**
 * Sample sponsors for a new site, so /about shows what the section is for: written once
 * (content_seeded "sample-sponsors"), only while the site still shows the sample trustees
 * (a site with its own board is a real one, and gets no made-up sponsors). Their logos are
 * drawn here and go into the media library like any upload.
 */
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { SAMPLE_TRUSTEES } from "../../content/sample-content.ts";
import { getDb } from "../../db/client.server.ts";
import { contentSeeded } from "../../db/schema.ts";
import { uploadMedia } from "../media/index.ts";
import { publishChange } from "../../live/change-feed.server.ts";
import { sponsors } from "./table.ts";

const SAMPLES = [
  { name: "Millbrook Bakery", url: "https://millbrook-bakery.example.org", colour: "#b45309", mark: "MB" },
  { name: "Riverside Garden Centre", url: "https://riverside-garden.example.org", colour: "#15803d", mark: "RG" },
  { name: "Hartley Family Trust", url: "https://hartley-trust.example.org", colour: "#1d4ed8", mark: "HT" },
];

/** A simple logo: the sponsor's initials on a coloured tile. */
const logo = (colour: string, mark: string) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="160"><rect width="320" height="160" rx="24" fill="${colour}"/><text x="160" y="104" font-family="sans-serif" font-size="72" font-weight="700" fill="#fff" text-anchor="middle">${mark}</text></svg>`,
    ),
  )
    .png()
    .toBuffer();

export async function seedSampleSponsors(): Promise<boolean> {
  const db = getDb();
  const ready = await db.execute<{ done: number; trustees: number; rows: number }>(sql`
    select (select count(*) from content_seeded where section = 'sample-sponsors')::int as done,
           (select count(*) from trustees where name = ${SAMPLE_TRUSTEES[0]?.name ?? ""})::int as trustees,
           (select count(*) from sponsors)::int as rows`);
  const { done, trustees, rows } = ready.rows[0];
  if (done > 0 || trustees === 0 || rows > 0) return false;
  const system = { email: null };
  const logos = await Promise.all(
    SAMPLES.map(async (s) => uploadMedia({ bytes: await logo(s.colour, s.mark), filename: `${s.mark.toLowerCase()}-logo.png`, alt: `${s.name} logo` }, system, { folder: "sponsors", only: "image" })),
  );
  const written = await db.transaction(async (tx) => {
    await tx.execute(sql`lock table content_seeded in exclusive mode`);
    const again = await tx.execute<{ n: number }>(sql`select count(*)::int as n from content_seeded where section = 'sample-sponsors'`);
    if (again.rows[0].n > 0) return false;
    await tx.insert(contentSeeded).values({ section: "sample-sponsors" });
    await tx.insert(sponsors).values(SAMPLES.map((s, i) => ({ name: s.name, url: s.url, image: logos[i].url, image_alt: `${s.name} logo`, sort_order: i })));
    return true;
  });
  if (written) publishChange("sponsors");
  return written;
}
