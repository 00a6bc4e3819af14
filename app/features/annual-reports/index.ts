/** What the rest of the site uses of annual reports: the visible reports, newest first, for /trustees. */
export { listAnnualReports } from "./annual-reports.server.ts";
