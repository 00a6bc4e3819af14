/**
 * The site's jobs, one entry each: what runs, when, and how a failure is retried. The
 * process entry passes them to `startQueue` (queue.server.ts). Periodic jobs are pg-boss
 * cron schedules: every instance checks the schedule, and pg-boss files each occurrence
 * under one key, so it runs once across all instances, on one of them.
 */
import { BOOKING_REFUND_JOB, refundLatePayment } from "../features/bookings/index.ts";
import { runRetention } from "../domain/data-protection/retention.server.ts";
import { REMINDERS_JOB, runDataProtectionReminders } from "../features/data-protection/reminders.server.ts";
import { runHousekeeping } from "../domain/limits/housekeeping.server.ts";
import { announceDuePosts, NEWS_PUBLISH_JOB } from "../features/news/index.ts";
import { REMINDER_JOB, runReminder, type ReminderJobData } from "../features/volunteering/index.ts";
import { NEWSLETTER_JOB, runNewsletterSend, sweepNewsletters } from "../features/newsletters/index.ts";
import { EVENT_MAILS_JOB, runEventMails } from "../features/event-reminders/event-mails.server.ts";
import { sweepWaitlists, WAITLIST_JOB } from "../features/waitlist/waitlist.server.ts";
import { runVisitJobs, VISIT_ROLLUP_JOB } from "../features/insights/index.ts";
import { logger } from "../lib/logger.server.ts";
import { deliverQueuedMail, MAIL_JOB, mailConcurrency, type MailMessage, type QueuedMail } from "../mail/mailer.server.ts";
import { queueRunning, type JobDefinition } from "./queue.server.ts";

/** The periodic jobs, shown with their last run by Diagnostics. */
export const PERIODIC_JOBS = ["retention", "housekeeping", "news-sweep", "newsletters-sweep", REMINDERS_JOB, WAITLIST_JOB, EVENT_MAILS_JOB, VISIT_ROLLUP_JOB] as const;

/** How far back the news jobs look for posts that came due (a missed minute is caught up). */
const NEWS_WINDOW_MS = 10 * 60_000;

async function announceRecentPosts(): Promise<number> {
  const now = new Date();
  const due = await announceDuePosts(new Date(now.getTime() - NEWS_WINDOW_MS), now);
  if (due > 0) logger.info({ due }, "scheduled news posts announced");
  return due;
}

export function siteJobs(options: { mailRetryDelaySeconds?: number; refundRetryDelaySeconds?: number; newsletterRetryDelaySeconds?: number } = {}): JobDefinition[] {
  return [
    {
      // Scheduled newsletters whose time has come start sending; every newsletter still
      // sending gets its job again if it has none (one per newsletter: "exclusive").
      name: "newsletters-sweep",
      cron: "* * * * *",
      runAtStart: true,
      queue: { retryLimit: 0, deleteAfterSeconds: 3600 },
      run: () => sweepNewsletters(),
    },
    {
      // One newsletter's sending (app/features/newsletters/sending.server.ts): paced, for
      // as long as the list takes (up to a day), with a heartbeat so a run whose process
      // died is handed back within a minute. A run stopped by a deploy or a failing mail
      // server fails its attempt and is run again (from 10 s, doubling, at most 10 minutes):
      // it carries on with the recipients still waiting.
      name: NEWSLETTER_JOB,
      queue: {
        policy: "exclusive",
        heartbeatSeconds: 30,
        expireInSeconds: 24 * 3600,
        retryLimit: 500,
        retryDelay: options.newsletterRetryDelaySeconds ?? 10,
        retryBackoff: true,
        retryDelayMax: 600,
        deleteAfterSeconds: 7 * 24 * 3600,
      },
      run: (data, job) => runNewsletterSend((data as { newsletterId: number }).newsletterId, () => !queueRunning() || job.signal.aborted),
    },
    {
      // The retention table, once a night: expired submissions (with their files), audit
      // entries, complaints and requests; the person removed from old bookings and gifts.
      name: "retention",
      cron: "5 3 * * *",
      runAtStart: true,
      run: () => runRetention(),
    },
    {
      // Complaints and requests due within a week, or overdue: one email each to the staff
      // responsible (each reminder is claimed once, whatever the instances).
      name: REMINDERS_JOB,
      cron: "15 * * * *",
      runAtStart: true,
      run: () => runDataProtectionReminders(),
    },
    {
      // The visitor figures: each finished day's page views added up into daily totals (the
      // reports read those), and page views older than 13 months deleted (their totals kept).
      // Hourly, so a day is added up soon after Millbrook's midnight whatever the server's clock.
      name: VISIT_ROLLUP_JOB,
      cron: "10 * * * *",
      runAtStart: true,
      run: () => runVisitJobs(),
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
      // Waitlists: offers whose time is up lapse, and free places (a cancellation, a
      // released hold, a raised capacity) are offered to the next in line. Cancellations
      // offer at once; this catches everything else within a minute.
      name: WAITLIST_JOB,
      cron: "* * * * *",
      queue: { retryLimit: 0, deleteAfterSeconds: 3600 },
      run: () => sweepWaitlists(),
    },
    {
      // Booking reminders before an event and thank-yous after it: each claimed once per
      // booking and kind (booking_mails), whatever the instances.
      name: EVENT_MAILS_JOB,
      cron: "*/10 * * * *",
      runAtStart: true,
      queue: { retryLimit: 1, deleteAfterSeconds: 24 * 3600 },
      run: () => runEventMails(),
    },
    {
      // One scheduled post's time has come (queued by the news domain with startAfter).
      name: NEWS_PUBLISH_JOB,
      queue: { deleteAfterSeconds: 3600 },
      run: () => announceRecentPosts(),
    },
    {
      // Outgoing mail (queueMail): a failed SMTP send is retried 10 times with growing
      // waits (from about a minute, doubling, at most 4 hours). The message is sealed in the
      // job (it may hold a private link: mailer.server.ts) and deleted three days after it
      // was sent or finally failed: long enough, over a weekend, for an administrator to
      // send a failure again (Failed mail). Erasing a person removes theirs at once.
      // Workers wake when a message is queued (notify) and send MAIL_CONCURRENCY at once.
      // A send takes seconds: one whose process died (so its heartbeat stopped) is
      // handed back once it is 30 s late (it is refreshed every 15 s), and none may run longer than 5 minutes.
      name: MAIL_JOB,
      concurrency: () => mailConcurrency(),
      queue: {
        notify: true,
        heartbeatSeconds: 30,
        expireInSeconds: 300,
        retryLimit: 10,
        retryDelay: options.mailRetryDelaySeconds ?? 60,
        retryBackoff: true,
        retryDelayMax: 4 * 3600,
        deleteAfterSeconds: 3 * 24 * 3600,
      },
      run: (data) => deliverQueuedMail(data as MailMessage | QueuedMail),
    },
    {
      // A late ticket payment's refund (the hold was released and the tickets sold): tried
      // 12 times with growing waits (from a minute, doubling, at most an hour), about 8
      // hours in all. Until it is made, Diagnostics and the event's bookings show it.
      name: BOOKING_REFUND_JOB,
      queue: {
        notify: true,
        retryLimit: 12,
        retryDelay: options.refundRetryDelaySeconds ?? 60,
        retryBackoff: true,
        retryDelayMax: 3600,
        deleteAfterSeconds: 7 * 24 * 3600,
      },
      run: (data) => refundLatePayment((data as { bookingId: string }).bookingId),
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
