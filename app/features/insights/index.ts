/**
 * Insights' face to the rest of the site: the job table runs the visitor figures' jobs,
 * the server start writes the sample figures.
 */
export { runVisitJobs, VISIT_ROLLUP_JOB } from "./rollup.server.ts";
export { seedSampleVisits } from "./sample.server.ts";
