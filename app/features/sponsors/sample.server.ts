/**
 * Sample sponsors for a new site, so /about shows what the section is for: written once
 * (content_seeded "sample-sponsors"), only while the site still shows the sample trustees
 * (a site with its own board is a real one, and gets no made-up sponsors). Their logos are
 * drawn here and go into the media library like any upload.
 */
import { sql } from "drizzle-orm";
import { uploadMedia } from "../media/index.ts";
import type { SampleSection } from "../../db/seed.server.ts";
import { publishChange } from "../../live/change-feed.server.ts";
import { SAMPLE_TRUSTEES } from "../trustees/index.ts";
import { sponsors } from "./table.ts";

const SAMPLES = [
  { name: "Millbrook Bakery", url: "https://millbrook-bakery.example.org", colour: "#b45309", mark: "MB" },
  { name: "Riverside Garden Centre", url: "https://riverside-garden.example.org", colour: "#15803d", mark: "RG" },
  { name: "Hartley Family Trust", url: "https://hartley-trust.example.org", colour: "#1d4ed8", mark: "HT" },
];

/**
 * A simple logo: the sponsor's initials on a coloured tile. sharp (libvips, some 11 MB of
 * the server's memory once loaded) is imported here, when a new site's sponsors are first
 * written, so a server that never draws or uploads a picture never loads it.
 */
async function logo(colour: string, mark: string) {
  const { default: sharp } = await import("sharp");
  return sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="160"><rect width="320" height="160" rx="24" fill="${colour}"/><text x="160" y="104" font-family="sans-serif" font-size="72" font-weight="700" fill="#fff" text-anchor="middle">${mark}</text></svg>`,
    ),
  )
    .png()
    .toBuffer();
}

export default [
  {
    section: "sample-sponsors",
    seed: "example",
    async write(tx) {
      const ready = await tx.execute<{ trustees: number; rows: number }>(sql`
        select (select count(*) from trustees where name = ${SAMPLE_TRUSTEES[0]?.name ?? ""})::int as trustees,
               (select count(*) from sponsors)::int as rows`);
      const { trustees, rows } = ready.rows[0];
      // Not recorded: a later start looks again.
      if (trustees === 0 || rows > 0) return "not-yet";
      // The logos go into the media library through its own rules (its own connection).
      const system = { email: null };
      const logos = await Promise.all(
        SAMPLES.map(async (s) => uploadMedia({ bytes: await logo(s.colour, s.mark), filename: `${s.mark.toLowerCase()}-logo.png`, alt: `${s.name} logo` }, system, { folder: "sponsors", only: "image" })),
      );
      await tx.insert(sponsors).values(SAMPLES.map((s, i) => ({ name: s.name, url: s.url, image: logos[i].url, image_alt: `${s.name} logo`, sort_order: i })));
      return "written";
    },
    afterCommit: async () => publishChange("sponsors"),
  },
] satisfies readonly SampleSection[];
