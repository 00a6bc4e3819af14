/**
 * Keeps an open page's data fresh: listens to /live (server-sent events) and
 * revalidates the page's loaders when one of `topics` changes. Tiny on purpose.
 */
import { useEffect } from "react";
import { useRevalidator } from "react-router";

export function useLiveUpdates(topics: readonly string[] = ["events", "craft-fairs", "settings"]) {
  const { revalidate } = useRevalidator();
  const key = topics.join(",");
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

export function LiveUpdates({ topics }: { topics?: readonly string[] }) {
  useLiveUpdates(topics);
  return null;
}
