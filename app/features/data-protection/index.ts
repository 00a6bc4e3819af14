/**
 * What the rest of the site uses of the data-protection feature: a person's complaints
 * and requests (find, export), the request or complaint a look-up starts from, the
 * overdue counts of the dashboard, and the retention registry.
 */
export { complaintsByEmail, countOverdueComplaints, getComplaint } from "./complaints.server.ts";
export { countOverdueRequests, getRequest, requestsByEmail } from "./requests.server.ts";
export { applyRetentionRules, getRetentionPeriods, keptKinds, updateRetentionPeriods } from "./retention-rules.server.ts";
export { periodText } from "./retention-kinds.ts";
