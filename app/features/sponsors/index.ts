/** What the rest of the site uses of sponsors on the server: the public list (/about) (the sample sponsors are in sample.server.ts). The section itself is sponsors-section.tsx. */
export { listPublicSponsors } from "./sponsors.server.ts";
