/** What the rest of the site uses of sponsors on the server: the public list (/about) and the first-start sample. The section itself is sponsors-section.tsx. */
export { listPublicSponsors } from "./sponsors.server.ts";
export { seedSampleSponsors } from "./sample.server.ts";
