/**
 * Keeps an open page's data fresh: listens to /live (server-sent events) and
 * revalidates the page's loaders when one of `topics` changes. Tiny on purpose.
 * The server closes a connection that has been idle a while; EventSource then
 * reconnects by itself. A hidden tab lets its connection go and, when shown again,
 * reconnects and revalidates once (it may have missed a change meanwhile).
 * Without `topics`, the page's own: what its loaders read, as the server recorded them
 * (the root loader's `topics`, sent after the page's loaders have run, with every page and
 * every client data request; app/live/read-topics.server.ts). Until the record arrives
 * nothing is opened; a page without one (it failed to arrive) listens to every topic.
 *
 * A page showing a form's answer (the router holds action data: "You are subscribed",
 * "Thank you for your message") is not revalidated: React Router drops action data on a
 * revalidation, so the answer would turn back into the form (or a "link expired") in
 * front of the visitor. Live updates resume once the visitor moves on.
 *
 * The connection opens once the page has loaded and the browser is idle (at most a second
 * after the load, `whenIdleAfterLoad`), not while the page hydrates.
 */
import { useContext, useEffect, useRef, useState } from "react";
import { UNSAFE_DataRouterDataContext, useRevalidator, useRouteLoaderData } from "react-router";
import type { ContentTopic } from "../../live/topics.ts";
import { whenIdleAfterLoad } from "./after-load.ts";

type Recorded = Promise<readonly ContentTopic[]> | readonly ContentTopic[] | null | undefined;

/** The topics the server recorded for the page's latest data (the last record holds until a new one arrives): undefined until the first. */
function useRecordedTopics(): readonly ContentTopic[] | null | undefined {
  const sent = (useRouteLoaderData("root") as { topics?: Recorded } | undefined)?.topics;
  const [recorded, setRecorded] = useState<readonly ContentTopic[] | null | undefined>(sent ? undefined : null);
  useEffect(() => {
    let current = true;
    Promise.resolve(sent).then(
      (topics) => current && setRecorded(topics ?? null),
      () => current && setRecorded(null),
    );
    return () => {
      current = false;
    };
  }, [sent]);
  return recorded;
}

function useLiveUpdates(topics?: readonly ContentTopic[]) {
  const recorded = useRecordedTopics();
  // null (no record): every topic, as /live without a list sends them all;
  // undefined: the record is on its way (nothing is opened meanwhile).
  const wanted = topics ?? recorded;
  const { revalidate } = useRevalidator();
  const key = wanted && wanted.join(",");
  // The exported (UNSAFE_) router data context is the only way to see every route's action
  // data from the root; useActionData reads the calling route's only.
  const answerShown = useContext(UNSAFE_DataRouterDataContext)?.actionData != null;
  const showsAnswer = useRef(answerShown);
  useEffect(() => {
    showsAnswer.current = answerShown;
  }, [answerShown]);
  useEffect(() => {
    if (typeof EventSource === "undefined" || key === undefined) return;
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
    let starting = true;
    const cancelStart = whenIdleAfterLoad(() => {
      starting = false;
      if (!document.hidden) open();
    });
    const onVisibility = () => {
      if (starting) return;
      if (document.hidden) {
        source?.close();
        source = null;
      } else if (!source) {
        open();
        onChange();
      }
    };
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      cancelStart();
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
