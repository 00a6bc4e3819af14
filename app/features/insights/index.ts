/**
 * Insights' face to the rest of the site: the job table runs the visitor figures' jobs
 * (the sample figures are in sample.server.ts).
 */
export { runVisitJobs, VISIT_ROLLUP_JOB } from "./rollup.server.ts";
