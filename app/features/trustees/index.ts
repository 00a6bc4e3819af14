/** What the rest of the site uses of trustees on the server: the public board (the page itself is trustees-page.tsx). */
export { listPublicTrustees } from "./trustees.server.ts";
