/**
 * Keeps an open page's data fresh: listens to /live (server-sent events) and
 * revalidates the page's loaders when one of `topics` changes. Tiny on purpose.
 * The server closes a connection that has been idle a while; EventSource then
 * reconnects by itself. A hidden tab lets its connection go and, when shown again,
 * reconnects and revalidates once (it may have missed a change meanwhile).
 * Without `topics`, the page's own: what its matched routes declare in their handles
 * (app/live/topics.ts).
 *
 * A page showing a form's answer (the router holds action data: "You are subscribed",
 * "Thank you for your message") is not revalidated: React Router drops action data on a
 * revalidation, so the answer would turn back into the form (or a "link expired") in
 * front of the visitor. Live updates resume once the visitor moves on.
 */
import { useContext, useEffect, useRef } from "react";
import { UNSAFE_DataRouterDataContext, useMatches, useRevalidator } from "react-router";
import { declaredTopics, type ContentTopic } from "../../live/topics.ts";

function useLiveUpdates(topics?: readonly ContentTopic[]) {
  const matches = useMatches();
  // null: the page depends on every topic, and /live without a list sends them all.
  const wanted = topics ?? declaredTopics(matches.map((m) => m.handle));
  const { revalidate } = useRevalidator();
  const key = wanted?.join(",") ?? null;
  // The exported (UNSAFE_) router data context is the only way to see every route's action
  // data from the root; useActionData reads the calling route's only.
  const answerShown = useContext(UNSAFE_DataRouterDataContext)?.actionData != null;
  const showsAnswer = useRef(answerShown);
  useEffect(() => {
    showsAnswer.current = answerShown;
  }, [answerShown]);
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onChange = () => {
      // Several changes in a burst: one revalidation.
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (!showsAnswer.current) void revalidate();
      }, 150);
    };
    let source: EventSource | null = null;
    const open = () => {
      source = new EventSource(key === null ? "/live" : `/live?topics=${encodeURIComponent(key)}`);
      source.addEventListener("change", onChange);
    };
    const onVisibility = () => {
      if (document.hidden) {
        source?.close();
        source = null;
      } else if (!source) {
        open();
        onChange();
      }
    };
    if (!document.hidden) open();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisibility);
      source?.close();
    };
  }, [key, revalidate]);
}

export function LiveUpdates({ topics }: { topics?: readonly ContentTopic[] }) {
  useLiveUpdates(topics);
  return null;
}
