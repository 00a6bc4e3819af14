/**
 * Scheduled publishing: a post set for later appears on its own at its time. The post
 * pages read "published and due" from the database, so what is left is to tell the
 * caches (content cache, page cache, open pages) when that moment comes: this timer
 * wakes at the next scheduled time (and at least every minute, as a net under a missed
 * change) and calls `announceDuePosts`, which publishes the "news" topic. A change to
 * the news (a post newly scheduled) re-arms it. One small function per run, so a job
 * queue can take it over.
 */
import { subscribe } from "../../live/change-feed.server.ts";
import { logger } from "../../lib/logger.server.ts";
import { announceDuePosts, nextScheduledTime } from "./news.server.ts";

const MAX_WAIT_MS = 60_000;

/** Starts the timer; returns the function that stops it. */
export function startNewsPublisher(options: { maxWaitMs?: number } = {}): () => void {
  const maxWait = options.maxWaitMs ?? MAX_WAIT_MS;
  let since = new Date();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const arm = async () => {
    if (stopped) return;
    clearTimeout(timer);
    let wait = maxWait;
    try {
      const next = await nextScheduledTime();
      if (next) wait = Math.min(maxWait, Math.max(0, next.getTime() - Date.now()) + 50);
    } catch (error) {
      logger.warn({ err: error }, "news publisher: could not read the next scheduled post");
    }
    if (stopped) return;
    timer = setTimeout(() => void run(), wait);
    timer.unref();
  };

  const run = async () => {
    const now = new Date();
    try {
      const due = await announceDuePosts(since, now);
      if (due > 0) logger.info({ due }, "news publisher: scheduled posts are now public");
      since = now;
    } catch (error) {
      logger.warn({ err: error }, "news publisher: run failed");
    }
    await arm();
  };

  const unsubscribe = subscribe((topic) => {
    if (topic === "news") void arm();
  });
  void arm();
  return () => {
    stopped = true;
    clearTimeout(timer);
    unsubscribe();
  };
}
