/**
 * What the rest of the site uses of trustees on the server: the public board (the page
 * itself is trustees-page.tsx), and the sample board (the sample sponsors are written only
 * while the site shows it).
 */
export { listPublicTrustees } from "./trustees.server.ts";
export { SAMPLE_TRUSTEES } from "./sample.server.ts";
