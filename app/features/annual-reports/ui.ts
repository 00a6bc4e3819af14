/** The annual reports' list another feature's page renders (safe in the browser): /trustees shows it. */
export { AnnualReportsList } from "./reports-list.tsx";
