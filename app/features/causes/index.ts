/**
 * What the rest of the site uses of causes on the server: the public list (the home page,
 * with its totals) and the staff list (appeals and offline gifts pick a cause from it).
 * The card itself is cause-card.tsx.
 */
export { listCauses, listCausesForAdmin } from "./causes.server.ts";
