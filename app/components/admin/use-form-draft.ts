/**
 * Form drafts kept in the browser (localStorage) per form id ("draft:event:new",
 * "draft:craft-fair:12"), with a timestamp: saved every 60 s while the form has unsaved
 * changes and whenever the page is hidden; offered back on return; cleared after a
 * successful save; ignored and removed after 24 hours.
 */
import { useCallback, useEffect, useRef, useState } from "react";

export const DRAFT_MAX_AGE_MS = 24 * 60 * 60 * 1000;
const DRAFT_AUTOSAVE_MS = 60_000;
export const DRAFT_RESTORE_MESSAGE = "There is unsaved form data from a previous session. Would you like to restore it?";
export const DRAFT_RESTORED = "Form data restored";

export interface StoredDraft<T> {
  savedAt: number;
  data: T;
}

type DraftStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export function writeDraft<T>(storage: DraftStorage, key: string, data: T, now = Date.now()) {
  try {
    storage.setItem(key, JSON.stringify({ savedAt: now, data } satisfies StoredDraft<T>));
  } catch {
    /* storage full or disabled: drafts are a convenience */
  }
}

/** The draft under `key` if it is younger than 24 hours; an expired or unreadable one is removed. */
export function readDraft<T>(storage: DraftStorage, key: string, now = Date.now()): StoredDraft<T> | null {
  let raw: string | null;
  try {
    raw = storage.getItem(key);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as StoredDraft<T>;
    if (typeof parsed?.savedAt === "number" && parsed.data && now - parsed.savedAt < DRAFT_MAX_AGE_MS && parsed.savedAt <= now + 60_000) {
      return parsed;
    }
  } catch {
    /* fall through: remove it */
  }
  clearDraft(storage, key);
  return null;
}

export function clearDraft(storage: DraftStorage, key: string) {
  try {
    storage.removeItem(key);
  } catch {
    /* ignore */
  }
}

/** Removes every expired draft (any form). */
export function pruneDrafts(storage: Storage, now = Date.now()) {
  try {
    for (let i = storage.length - 1; i >= 0; i--) {
      const key = storage.key(i);
      if (key?.startsWith("draft:")) readDraft(storage, key, now);
    }
  } catch {
    /* ignore */
  }
}

/**
 * The draft of one form. `getData` returns the current values; `dirty` says whether
 * there is anything worth keeping. Returns the offered draft (if any) plus restore and
 * dismiss actions and `clear` for after a successful save.
 */
export function useFormDraft<T>(key: string, options: { dirty: boolean; getData: () => T }) {
  const [offered, setOffered] = useState<StoredDraft<T> | null>(null);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  useEffect(() => {
    pruneDrafts(window.localStorage);
    const draft = readDraft<T>(window.localStorage, key);
    // Reading localStorage can only happen after hydration.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setOffered(draft);
  }, [key]);

  useEffect(() => {
    const save = () => {
      if (latest.current.dirty) writeDraft(window.localStorage, key, latest.current.getData());
    };
    const interval = window.setInterval(save, DRAFT_AUTOSAVE_MS);
    const onVisibility = () => {
      if (document.visibilityState === "hidden") save();
    };
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("pagehide", save);
    return () => {
      window.clearInterval(interval);
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("pagehide", save);
    };
  }, [key]);

  const dismiss = useCallback(() => {
    clearDraft(window.localStorage, key);
    setOffered(null);
  }, [key]);
  const clear = useCallback(() => clearDraft(window.localStorage, key), [key]);
  return { offered, dismiss, clear, hide: () => setOffered(null) };
}
