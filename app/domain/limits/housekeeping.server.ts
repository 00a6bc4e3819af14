/**
 * The housekeeping of the tables that grow with traffic (the "housekeeping" job,
 * app/jobs/jobs.server.ts): expired sessions and one-time links (staff's and donors'), quiet sign-in throttle
 * counters, finished rate counters (writing the summaries of aggregated audit entries),
 * abandoned second-factor enrolments, unanswered passkey challenges, old security
 * notices, ticket holds whose Checkout time is up, old write-spacing slots and content
 * revisions beyond the number each item keeps. Each step is harmless when
 * repeated or run by several processes at once.
 */
import { deleteExpiredLinks } from "../../auth/one-time-links.server.ts";
import { deleteExpiredChallenges } from "../../auth/passkeys.server.ts";
import { deleteExpiredSessions } from "../../auth/session.server.ts";
import { deleteStaleThrottleRows } from "../../auth/throttle.server.ts";
import { deleteAbandonedEnrolments } from "../../auth/two-factor.server.ts";
import { releaseExpired } from "../../features/bookings/index.ts";
import { deleteOldWriteSlots } from "../listings/listings.server.ts";
import { pruneRevisions } from "../revisions/revisions.server.ts";
import { deleteOldNotices } from "../security-notices/notices.server.ts";
import { flushFinishedCounters } from "./aggregated-audit.server.ts";
import { deleteExpiredDonorAccess } from "../../features/donor-account/index.ts";

export async function runHousekeeping() {
  const sessions = await deleteExpiredSessions();
  const links = await deleteExpiredLinks();
  const throttleRows = await deleteStaleThrottleRows();
  const counters = await flushFinishedCounters();
  const enrolments = await deleteAbandonedEnrolments();
  const challenges = await deleteExpiredChallenges();
  const notices = await deleteOldNotices();
  const ticketHolds = await releaseExpired();
  const writeSlots = await deleteOldWriteSlots();
  const revisions = await pruneRevisions();
  const donorAccess = await deleteExpiredDonorAccess();
  return { sessions, links, donorAccess, throttleRows, counters, enrolments, challenges, notices, ticketHolds, writeSlots, revisions };
}
