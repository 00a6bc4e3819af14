/**
 * Keeps an open page's data fresh: listens to /live (server-sent events) and
 * revalidates the page's loaders when one of `topics` changes. Tiny on purpose.
 * Without `topics`, the page's own: what its matched routes declare in their handles
 * (app/live/topics.ts).
 */
import { useEffect } from "react";
import { useMatches, useRevalidator } from "react-router";
import { pageTopics, type ContentTopic } from "../../live/topics.ts";

export function useLiveUpdates(topics?: readonly ContentTopic[]) {
  const matches = useMatches();
  const wanted = topics ?? pageTopics(matches.map((m) => m.handle));
  const { revalidate } = useRevalidator();
  const key = wanted.join(",");
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource(`/live?topics=${encodeURIComponent(key)}`);
    let timer: ReturnType<typeof setTimeout> | undefined;
    source.addEventListener("change", () => {
      // Several changes in a burst: one revalidation.
      clearTimeout(timer);
      timer = setTimeout(() => void revalidate(), 150);
    });
    return () => {
      clearTimeout(timer);
      source.close();
    };
  }, [key, revalidate]);
}

export function LiveUpdates({ topics }: { topics?: readonly ContentTopic[] }) {
  useLiveUpdates(topics);
  return null;
}
