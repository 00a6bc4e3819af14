/**
 * The machinery of the event and craft fair forms: values kept in state and validated
 * with the form's Zod schema as the user types (and again by the server), the offline
 * stop, the unsaved-changes guard (beforeunload + React Router's blocker), drafts,
 * Test Connection with its warning box, and the image state the media field
 * (media-field.tsx) uses. The form posts as multipart to the route's action and works without JavaScript.
 */
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Form, Link, useBlocker, useNavigation } from "react-router";
import type { z } from "zod";
import { fieldErrors } from "../../domain/listings/listing-fields.schema.ts";
import { toast } from "../ui/toast.tsx";
import { CONNECTION_HINTS, checkConnection, type ConnectionState } from "./connection.ts";
import { DRAFT_RESTORE_MESSAGE, DRAFT_RESTORED, useFormDraft } from "./use-form-draft.ts";

const OFFLINE_MESSAGE = "You appear to be offline. Please check your internet connection and try again.";

export type FormStrings = Record<string, string>;

export interface ActionResult {
  errors?: Record<string, string>;
  values?: FormStrings;
  formError?: string;
}

export function useContentForm(options: {
  schema: z.ZodType;
  initial: FormStrings;
  draftKey: string;
  actionData: ActionResult | undefined;
}) {
  const { schema, initial, draftKey, actionData } = options;
  const [values, setValues] = useState<FormStrings>(() => ({ ...initial, ...actionData?.values }));
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>(actionData?.errors ?? {});
  const [showAll, setShowAll] = useState(Boolean(actionData?.errors));
  const [imageChanged, setImageChanged] = useState(false);
  const [offline, setOffline] = useState(false);
  const submitting = useRef(false);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";

  // A new answer from the server: show its errors (values stay as typed).
  const [seenAction, setSeenAction] = useState(actionData);
  if (actionData !== seenAction) {
    setSeenAction(actionData);
    setServerErrors(actionData?.errors ?? {});
    setShowAll(true);
  }
  useEffect(() => {
    if (actionData) submitting.current = false;
  }, [actionData]);

  const parsed = schema.safeParse(values);
  const clientErrors = parsed.success ? {} : fieldErrors(parsed.error);
  const errorFor = (name: string) =>
    (showAll || touched[name] ? clientErrors[name] : undefined) ?? serverErrors[name];

  const dirty = imageChanged || Object.keys(values).some((k) => (values[k] ?? "") !== (initial[k] ?? ""));

  const draft = useFormDraft<FormStrings>(draftKey, { dirty, getData: () => values });

  // Leaving with unsaved changes: the browser's own prompt, and React Router's blocker.
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (submitting.current) return;
      event.preventDefault();
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !submitting.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    const online = () => setOffline(false);
    window.addEventListener("online", online);
    return () => window.removeEventListener("online", online);
  }, []);

  // A successful save navigates away: the draft is no longer needed.
  const clearDraft = draft.clear;
  useEffect(
    () => () => {
      if (submitting.current) clearDraft();
    },
    [clearDraft],
  );

  function setValue(name: string, value: string) {
    setValues((v) => ({ ...v, [name]: value }));
    setTouched((t) => (t[name] ? t : { ...t, [name]: true }));
    setServerErrors((e) => {
      if (!(name in e)) return e;
      const { [name]: _removed, ...rest } = e;
      return rest;
    });
  }

  function bind(name: string) {
    return {
      name,
      id: name,
      value: values[name] ?? "",
      error: errorFor(name),
      onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
        setValue(name, event.currentTarget.value),
      onBlur: () => setTouched((t) => (t[name] ? t : { ...t, [name]: true })),
    };
  }

  function bindCheckbox(name: string) {
    return {
      name,
      id: name,
      checked: values[name] === "on",
      onChange: (event: React.ChangeEvent<HTMLInputElement>) => setValue(name, event.currentTarget.checked ? "on" : ""),
    };
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    if (busy) {
      event.preventDefault();
      return;
    }
    if (!navigator.onLine) {
      event.preventDefault();
      setOffline(true);
      toast.error(OFFLINE_MESSAGE);
      return;
    }
    if (!parsed.success || serverErrors.image) {
      event.preventDefault();
      setShowAll(true);
      const first = Object.keys(clientErrors)[0] ?? "image";
      event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    submitting.current = true;
  }

  function restoreDraft() {
    if (!draft.offered) return;
    setValues((v) => ({ ...v, ...draft.offered!.data, submission_id: v.submission_id ?? "" }));
    draft.hide();
    toast.success(DRAFT_RESTORED);
  }

  return {
    values,
    bind,
    bindCheckbox,
    setValue,
    busy,
    dirty,
    offline,
    onSubmit,
    blocker,
    draft: { offered: draft.offered, restore: restoreDraft, dismiss: draft.dismiss },
    imageError: errorFor("image"),
    setImageError: (message: string | null) =>
      setServerErrors((e) => {
        if (message) return { ...e, image: message };
        const { image: _i, ...rest } = e;
        return rest;
      }),
    markImageChanged: () => setImageChanged(true),
  };
}

export type ContentFormState = ReturnType<typeof useContentForm>;

/** Test Connection: a button that turns into "Connection Error" on failure, plus the warning box. */
function useConnectionTest() {
  const [state, setState] = useState<ConnectionState>("idle");
  async function run() {
    setState("checking");
    const result = await checkConnection();
    if (result.ok) {
      setState("connected");
      toast.success("Connection Successful");
    } else {
      setState("error");
      if (result.unreachable) toast.error("Unable to test connection");
      else toast.error(`Connection test failed: ${result.message}`);
    }
  }
  return { state, run };
}

function ConnectionWarning() {
  return (
    <div role="alert" className="rounded-xl border border-sun-500 bg-sun-100 p-4 text-sm text-ink">
      <p className="font-semibold">There is a problem connecting to the server.</p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {CONNECTION_HINTS.map((hint) => (
          <li key={hint}>{hint}</li>
        ))}
      </ul>
    </div>
  );
}

export function ContentFormFrame({
  form,
  heading,
  backTo,
  backLabel,
  viewOnSite,
  submitLabel,
  formError,
  connectionTest = true,
  children,
}: {
  form: ContentFormState;
  heading: string;
  backTo: string;
  backLabel: string;
  /** The public page of a saved, active entry. */
  viewOnSite?: string;
  submitLabel: string;
  formError?: string;
  /** The spec's Test Connection button (the event and craft fair forms). */
  connectionTest?: boolean;
  children: ReactNode;
}) {
  const connection = useConnectionTest();
  return (
    <main className="mx-auto max-w-5xl px-4 py-6 sm:px-6 lg:py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link to={backTo} className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline">
          <span aria-hidden="true">←</span> {backLabel}
        </Link>
        {connectionTest && (
        <button
          type="button"
          onClick={() => void connection.run()}
          disabled={connection.state === "checking"}
          className={`rounded-full border-2 px-4 py-1.5 text-sm font-semibold ${
            connection.state === "error"
              ? "border-red-700 bg-red-50 text-red-800"
              : "border-brand-600 bg-white text-brand-700 hover:bg-brand-50"
          }`}
        >
          {connection.state === "checking" ? "Testing..." : connection.state === "error" ? "Connection Error" : "Test Connection"}
        </button>
        )}
      </div>
      <div className="mt-4 flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="font-display text-3xl font-semibold text-brand-900">{heading}</h1>
        {viewOnSite && (
          <a href={viewOnSite} target="_blank" rel="noopener" className="text-sm font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800">
            View on site<span className="sr-only"> (opens in a new tab)</span>
          </a>
        )}
      </div>

      <div className="mt-4 space-y-3">
        {connection.state === "error" && <ConnectionWarning />}
        {form.draft.offered && (
          <div role="status" className="flex flex-wrap items-center gap-3 rounded-xl border border-brand-300 bg-brand-50 p-4 text-sm">
            <p className="flex-1">{DRAFT_RESTORE_MESSAGE}</p>
            <button type="button" onClick={form.draft.restore} className="rounded-full bg-brand-600 px-4 py-1.5 font-semibold text-white hover:bg-brand-700">
              Restore Data
            </button>
            <button type="button" onClick={form.draft.dismiss} className="rounded-full px-3 py-1.5 font-semibold text-brand-700 hover:bg-brand-100">
              Discard
            </button>
          </div>
        )}
        {form.offline && (
          <p role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-sm font-medium text-red-900">
            {OFFLINE_MESSAGE}
          </p>
        )}
        {formError && (
          <p role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-sm font-medium text-red-900">
            {formError}
          </p>
        )}
      </div>

      <Form method="post" encType="multipart/form-data" noValidate onSubmit={form.onSubmit} className="mt-6">
        <input type="hidden" name="submission_id" value={form.values.submission_id ?? ""} />
        <div className="grid gap-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 md:grid-cols-2">{children}</div>
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <Link to={backTo} className="rounded-full border-2 border-slate-300 px-5 py-2.5 font-semibold text-slate-700 hover:bg-slate-50">
            Cancel
          </Link>
          <button
            type="submit"
            disabled={form.busy}
            className="rounded-full bg-brand-600 px-6 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-700 disabled:cursor-wait disabled:opacity-60"
          >
            {form.busy ? "Saving..." : submitLabel}
          </button>
        </div>
      </Form>
      <UnsavedChangesDialog blocker={form.blocker} />
    </main>
  );
}

function UnsavedChangesDialog({ blocker }: { blocker: ReturnType<typeof useBlocker> }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (blocker.state === "blocked" && !dialog.open) dialog.showModal();
    if (blocker.state !== "blocked" && dialog.open) dialog.close();
  }, [blocker.state]);
  return (
    <dialog
      ref={ref}
      aria-labelledby="unsaved-title"
      onCancel={() => blocker.reset?.()}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl p-6 shadow-xl backdrop:bg-black/40"
    >
      <h2 id="unsaved-title" className="text-lg font-semibold text-ink">
        Leave without saving?
      </h2>
      <p className="mt-2 text-slate-700">You have unsaved changes. If you leave this page they will be lost.</p>
      <div className="mt-5 flex justify-end gap-3">
        <button type="button" onClick={() => blocker.reset?.()} className="rounded-full border-2 border-slate-300 px-4 py-2 font-semibold">
          Stay on this page
        </button>
        <button type="button" onClick={() => blocker.proceed?.()} className="rounded-full bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800">
          Leave page
        </button>
      </div>
    </dialog>
  );
}

export function CheckboxField({ form, name, label, hint }: { form: ContentFormState; name: string; label: string; hint: string }) {
  return (
    <div className="flex items-start gap-3">
      <input type="checkbox" {...form.bindCheckbox(name)} aria-describedby={`${name}-hint`} className="mt-1 size-5 accent-brand-600" />
      <div>
        <label htmlFor={name} className="font-semibold text-ink">
          {label}
        </label>
        <p id={`${name}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      </div>
    </div>
  );
}
