/**
 * The machinery of the event and craft fair forms: values kept in state and validated
 * with the form's Zod schema as the user types (and again by the server), the offline
 * stop, the unsaved-changes guard (beforeunload + React Router's blocker), drafts,
 * Test Connection with its warning box, and the image state the media field
 * (media-field.tsx) uses. The form posts as multipart to the route's action and works without JavaScript.
 */
import { useForm } from "@conform-to/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Form, Link, useBlocker, useNavigation } from "react-router";
import type { z } from "zod";
import { parseForm, type FormReply } from "../../lib/form-submission.ts";
import { toast } from "../ui/toast.tsx";
import { CONNECTION_HINTS, checkConnection, type ConnectionState } from "./connection.ts";
import { Dialog } from "./kit/dialog.tsx";
import { DRAFT_RESTORE_MESSAGE, DRAFT_RESTORED, useFormDraft } from "./use-form-draft.ts";

const OFFLINE_MESSAGE = "You appear to be offline. Please check your internet connection and try again.";

export type FormStrings = Record<string, string>;

/**
 * Conform's current values → one string per field. A field missing from them is an
 * unticked checkbox (or an emptied field) when the form has an input of that name, and
 * keeps its initial value otherwise.
 */
function currentValues(formId: string, initial: FormStrings, value: unknown): FormStrings {
  const current = (value ?? {}) as Record<string, unknown>;
  const element = typeof document === "undefined" ? null : document.forms.namedItem(formId);
  const out: FormStrings = { ...initial };
  for (const [name, v] of Object.entries(current)) if (typeof v === "string") out[name] = v;
  for (const name of Object.keys(initial)) {
    if (typeof current[name] !== "string" && element?.elements.namedItem(name)) out[name] = "";
  }
  return out;
}

/**
 * A content form on Conform: `useForm` checks the values with the form's schema as the
 * user types (`parseForm`, the same reading as the server's) and takes the server's
 * `submission.reply()` back as `lastResult` (field messages, the form's message, the
 * values as typed). Inputs stay uncontrolled, so the form posts without JavaScript.
 */
export function useContentForm(options: { schema: z.ZodType; initial: FormStrings; draftKey: string; actionData: FormReply | undefined }) {
  const { schema, initial, draftKey, actionData } = options;
  const fieldNames = Object.keys(initial);
  const [form, fields] = useForm<FormStrings, unknown>({
    defaultValue: initial,
    lastResult: actionData,
    shouldValidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, schema, fieldNames),
  });
  const [imageError, setImageError] = useState<string | null>(null);
  const [imageChanged, setImageChanged] = useState(false);
  const [offline, setOffline] = useState(false);
  const submitting = useRef(false);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  useEffect(() => {
    if (actionData) submitting.current = false;
  }, [actionData]);

  const values = currentValues(form.id, initial, form.value);
  const errorFor = (name: string) => fields[name]?.errors?.[0];
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
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && !submitting.current && currentLocation.pathname !== nextLocation.pathname);

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

  /** Props of a text, select or textarea field (uncontrolled: Conform follows its input events). */
  function bind(name: string) {
    return { name, id: name, defaultValue: fields[name]?.initialValue as string | undefined, error: errorFor(name) };
  }

  function bindCheckbox(name: string) {
    return { name, id: name, defaultChecked: fields[name]?.initialValue === "on" };
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
    if (imageError) {
      event.preventDefault();
      event.currentTarget.querySelector<HTMLElement>('[name="image"]')?.focus();
      return;
    }
    // Conform checks every field; when one is refused it stops the post and focuses it.
    form.onSubmit(event);
    if (!event.defaultPrevented) submitting.current = true;
  }

  function restoreDraft() {
    if (!draft.offered) return;
    form.update({ value: { ...values, ...draft.offered.data, submission_id: values.submission_id ?? "" } });
    draft.hide();
    toast.success(DRAFT_RESTORED);
  }

  return {
    /** Conform's form id (the <Form> carries it) and the key that remounts the fields when the values are replaced. */
    id: form.id,
    key: form.key,
    values,
    bind,
    bindCheckbox,
    /** The message for a field that is not bound as text (a file input). */
    errorFor,
    setValue: (name: string, value: string) => form.update({ name, value }),
    busy,
    dirty,
    offline,
    onSubmit,
    blocker,
    /** The server's message for the whole form (an unexpected failure). */
    formError: form.errors?.[0],
    draft: { offered: draft.offered, restore: restoreDraft, dismiss: draft.dismiss },
    imageError: imageError ?? errorFor("image"),
    setImageError,
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
        {form.formError && (
          <p role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-sm font-medium text-red-900">
            {form.formError}
          </p>
        )}
      </div>

      <Form id={form.id} method="post" encType="multipart/form-data" noValidate onSubmit={form.onSubmit} className="mt-6">
        <input type="hidden" name="submission_id" value={form.values.submission_id ?? ""} />
        <div key={form.key} className="grid gap-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 md:grid-cols-2">{children}</div>
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
  return (
    <Dialog id="unsaved" open={blocker.state === "blocked"} title="Leave without saving?" onCancel={() => blocker.reset?.()}>
      <p id="unsaved-text" className="mt-2 text-slate-700">
        You have unsaved changes. If you leave this page they will be lost.
      </p>
      <div className="mt-5 flex justify-end gap-3">
        <button type="button" onClick={() => blocker.reset?.()} className="rounded-full border-2 border-slate-300 px-4 py-2 font-semibold">
          Stay on this page
        </button>
        <button type="button" onClick={() => blocker.proceed?.()} className="rounded-full bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800">
          Leave page
        </button>
      </div>
    </Dialog>
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
