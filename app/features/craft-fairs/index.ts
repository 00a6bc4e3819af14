/** What the rest of the site uses of craft fairs on the server: the dashboard's count. */
export { countCraftFairs } from "./craft-fairs-admin.server.ts";
