/**
 * The site's jobs, one entry each: what runs, when, and how a failure is retried. The
 * process entry passes them to `startQueue` (queue.server.ts). Periodic jobs are pg-boss
 * cron schedules: every instance checks the schedule, and pg-boss files each occurrence
 * under one key, so it runs once across all instances, on one of them.
 */
import { runRetention } from "../domain/data-protection/retention.server.ts";
import { runHousekeeping } from "../domain/limits/housekeeping.server.ts";
import { announceDuePosts, NEWS_PUBLISH_JOB } from "../domain/news/news.server.ts";
import { REMINDER_JOB, runReminder, type ReminderJobData } from "../features/volunteering/index.ts";
import { logger } from "../lib/logger.server.ts";
import { deliverQueuedMail, MAIL_JOB, type MailMessage } from "../mail/mailer.server.ts";
import type { JobDefinition } from "./queue.server.ts";

/** The periodic jobs, shown with their last run by Diagnostics. */
export const PERIODIC_JOBS = ["retention", "housekeeping", "news-sweep"] as const;

/** How far back the news jobs look for posts that came due (a missed minute is caught up). */
const NEWS_WINDOW_MS = 10 * 60_000;

async function announceRecentPosts(): Promise<number> {
  const now = new Date();
  const due = await announceDuePosts(new Date(now.getTime() - NEWS_WINDOW_MS), now);
  if (due > 0) logger.info({ due }, "scheduled news posts announced");
  return due;
}

export function siteJobs(options: { mailRetryDelaySeconds?: number } = {}): JobDefinition[] {
  return [
    {
      // Expired form submissions (with their files) and audit entries past their retention.
      name: "retention",
      cron: "5 * * * *",
      runAtStart: true,
      run: () => runRetention(),
    },
    {
      // Expired sessions and one-time links, throttle counters, ticket holds whose time is up...
      name: "housekeeping",
      cron: "35 * * * *",
      runAtStart: true,
      run: () => runHousekeeping(),
    },
    {
      // The net under the scheduled posts' own jobs: posts due in the last minutes.
      name: "news-sweep",
      cron: "* * * * *",
      queue: { retryLimit: 0, deleteAfterSeconds: 3600 },
      run: () => announceRecentPosts(),
    },
    {
      // One scheduled post's time has come (queued by the news domain with startAfter).
      name: NEWS_PUBLISH_JOB,
      queue: { deleteAfterSeconds: 3600 },
      run: () => announceRecentPosts(),
    },
    {
      // Outgoing mail (queueMail): a failed SMTP send is retried 10 times with growing
      // waits (from about a minute, doubling, at most 4 hours). The message (it may hold a
      // private link) is deleted three days after it was sent or finally failed: long
      // enough, over a weekend, for an administrator to send a failure again (Failed mail).
      name: MAIL_JOB,
      queue: {
        notify: true,
        retryLimit: 10,
        retryDelay: options.mailRetryDelaySeconds ?? 60,
        retryBackoff: true,
        retryDelayMax: 4 * 3600,
        deleteAfterSeconds: 3 * 24 * 3600,
      },
      run: (data) => deliverQueuedMail(data as MailMessage),
    },
    {
      // A volunteer's reminder, 48 hours before their shift (queued at sign-up with
      // startAfter, one job per sign-up and shift: "exclusive" keeps one per key).
      name: REMINDER_JOB,
      queue: { policy: "exclusive", retryLimit: 3, deleteAfterSeconds: 24 * 3600 },
      run: (data) => runReminder(data as ReminderJobData),
    },
  ];
}
