/**
 * What the rest of the site uses of the awards: the current round (its categories name a
 * nomination's choice in the submissions inbox) and whether nominations are open.
 */
export { getAwardRound } from "./awards.server.ts";
export { nominationsState } from "./nominations.ts";
