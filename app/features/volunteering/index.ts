/**
 * Volunteering's face to the rest of the site: the job table, data protection (erasure and
 * retention) and the supporters (timeline, merge) import from here, never from the files
 * behind it.
 */
export { REMINDER_JOB, runReminder, type ReminderJobData } from "./volunteering.server.ts";
export { eraseIdleVolunteers, eraseVolunteerData, findVolunteerData, lastVolunteeringOf, moveSignupsToSupporter, volunteeringTimelineSql, volunteerDataExport, volunteeringForEmail, type VolunteerData, type VolunteeringTimelineEntry } from "./personal-data.server.ts";
export { volunteerFromSubmission } from "./volunteers.server.ts";
export { openOpportunityIds } from "./opportunities.server.ts";
