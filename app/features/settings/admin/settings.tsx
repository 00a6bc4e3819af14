import { useEffect, useRef, useState } from "react";
import { data, isRouteErrorResponse, useFetcher } from "react-router";
import { currentActor, currentStaff } from "../../../auth/guards.server.ts";
import { requireRecentAuth } from "../../../auth/reauth.server.ts";
import { toast } from "../../../components/ui/toast.tsx";
import { DEFAULT_SETTINGS } from "../../../content/sample-content.ts";
import { SETTINGS_FORM_FIELDS, SettingsFormSchema, SettingsLoadAnswer, type SettingsField, type SiteSettingsValues } from "../settings.schema.ts";
import { parseForm, replyErrors } from "../../../lib/form-submission.ts";
import { readFormReply, type FormReply } from "../../../lib/form-reply.ts";
import { readSettingsForEditing, saveSiteSettings, switchesMaintenance } from "../settings.server.ts";
import { logger } from "../../../lib/logger.server.ts";
import { GivingSettingsCard } from "../../../components/admin/giving-settings.tsx";
import { FeeSettingsCard, feeSettingsView } from "../../gift-options/ui.ts";
import { readFeeRates } from "../../gift-options/index.ts";
import { readGivingSettings } from "../../../features/giving/index.ts";
import { paymentsConfigured } from "../../../payments/stripe.server.ts";
import { redirectWithToast } from "../../../lib/toast.server.ts";
import type { Route } from "./+types/settings";
import type { MenuHandle } from "../../../lib/admin-menu.ts";
import { penceAsPounds } from "../../../lib/money.ts";

export const handle: MenuHandle = { menu: { group: "Site", label: "Settings", order: 10 } };

export const meta = () => [{ title: "Settings | Millbrook Admin" }];

async function givingForEditing() {
  const giving = await readGivingSettings();
  const pounds = (pence: number) => penceAsPounds(pence).replace(/\.00$/, "");
  return {
    maxDonation: pounds(giving.maxDonationPence),
    offlineRaised: pounds(giving.offlineRaisedPence),
    otherWaysText: giving.otherWaysText,
    maxTicketsPerClient: String(giving.maxTicketsPerClient),
    waitlistOfferHours: String(giving.waitlistOfferHours),
    reminderHoursBefore: String(giving.reminderHoursBefore),
    paymentsOn: paymentsConfigured(),
    fees: feeSettingsView(await readFeeRates()),
  };
}

export async function loader() {
  try {
    return { settings: await readSettingsForEditing(), loadError: null, giving: await givingForEditing() };
  } catch (error) {
    logger.error({ err: error }, "reading settings failed");
    return { settings: null, loadError: "The settings could not be read from the database.", giving: null };
  }
}

const CORRECT_FIELDS = "Please correct the highlighted fields";

/**
 * The Settings form, with or without JavaScript (a fetcher, or a plain post): read with
 * the form's schema; a refusal answers Conform's reply (the form's message under `_form`),
 * a save goes back to the screen with a toast.
 */
export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const submission = parseForm(form, SettingsFormSchema, SETTINGS_FORM_FIELDS);
  if (submission.status !== "success") return data(submission.reply({ formErrors: [CORRECT_FIELDS] }), { status: 400 });
  // Switching maintenance mode needs the password or a code from the last 10 minutes (the form is sent again after it).
  if (await switchesMaintenance(submission.value)) await requireRecentAuth(args, currentStaff(args), form);
  try {
    const result = await saveSiteSettings(submission.value, currentActor(args));
    if (!result.ok) return data(submission.reply(replyErrors(result.errors, CORRECT_FIELDS)), { status: 400 });
  } catch (error) {
    logger.error({ err: error }, "saving settings failed");
    return data(submission.reply({ formErrors: ["The database did not accept the change"] }), { status: 500 });
  }
  return redirectWithToast("/admin/settings", { type: "success", message: "Settings saved successfully" });
}

/**
 * In the browser: a save that did not reach the server, or that the server failed to
 * answer, is answered like a refusal (the form's message), so the screen offers Retry
 * instead of an error page. Redirects and refusals of access go on as they are.
 */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } catch (error) {
    const message =
      error instanceof TypeError ? "Network connection error" : isRouteErrorResponse(error) && error.status >= 500 ? `The server answered ${error.status}` : null;
    if (message === null) throw error;
    return { status: "error", error: { "": [message] } } satisfies FormReply;
  }
}

type Values = SiteSettingsValues;
type Errors = Record<string, string>;

type FieldSpec = { name: SettingsField; label: string; type?: "text" | "textarea"; hint?: string; optional?: boolean };

const SITE_FIELDS: FieldSpec[] = [
  { name: "site_name", label: "Site name" },
  { name: "tagline", label: "Tagline" },
  { name: "site_description", label: "Site description", type: "textarea", optional: true },
  { name: "about_description", label: "About description", type: "textarea", optional: true },
  { name: "charity_number", label: "Registered charity number", optional: true },
];

const DEFAULT_VALUES: Values = Object.fromEntries(
  SITE_FIELDS.map((f) => [f.name, DEFAULT_SETTINGS[f.name] ?? null]).concat([
    ["maintenance_mode", DEFAULT_SETTINGS.maintenance_mode],
    // Kept for older sites; the home page's heading and introduction are page texts now.
    ["hero_title", DEFAULT_SETTINGS.hero_title],
    ["hero_subtitle", DEFAULT_SETTINGS.hero_subtitle],
  ]),
) as Values;

const SLOW_AFTER_MS = 3000;
const LOAD_TIMEOUT_MS = 5000;

type LoadState = { status: "ready" } | { status: "loading"; slow: boolean } | { status: "error"; message: string };

async function fetchSettings(signal: AbortSignal): Promise<Values> {
  const response = await fetch("/admin/settings/data", { headers: { Accept: "application/json" }, signal });
  const answer = SettingsLoadAnswer.safeParse(await response.json().catch(() => null));
  const body = answer.success ? answer.data : null;
  if (!response.ok || !body?.settings) throw new Error(body?.error ?? `The server answered ${response.status}`);
  return body.settings;
}

const card = "rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200";
const control =
  "mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base aria-invalid:border-red-700 aria-invalid:ring-1 aria-invalid:ring-red-700";
const primary = "rounded-full bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60";
const secondary = "rounded-full border-2 border-brand-600 bg-white px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60";

function Field({ spec, value, error, onChange }: { spec: FieldSpec; value: string; error?: string; onChange: (v: string) => void }) {
  const id = `setting-${spec.name}`;
  const described = [spec.hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  const common = {
    id,
    name: spec.name,
    value,
    onChange: (e: { currentTarget: { value: string } }) => onChange(e.currentTarget.value),
    "aria-invalid": error ? true : undefined,
    "aria-describedby": described,
    className: control,
  };
  return (
    <div className={spec.type === "textarea" ? "sm:col-span-2" : undefined}>
      <label htmlFor={id} className="text-sm font-semibold text-slate-800">
        {spec.label}
        {spec.optional && <span className="font-normal text-slate-600"> (optional)</span>}
      </label>
      {spec.type === "textarea" ? <textarea rows={3} {...common} /> : <input type={spec.type ?? "text"} {...common} />}
      {spec.hint && <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">{spec.hint}</p>}
      {error && <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-800">{error}</p>}
    </div>
  );
}

function Switch({ name, label, description, checked, onChange }: { name: SettingsField; label: string; description: string; checked: boolean; onChange: (v: boolean) => void }) {
  const id = `setting-${name}`;
  return (
    <div className="flex items-start justify-between gap-4">
      <div>
        <label htmlFor={id} className="font-semibold text-slate-800">{label}</label>
        <p id={`${id}-description`} className="text-sm text-slate-600">{description}</p>
      </div>
      <button type="button" role="switch" id={id} aria-checked={checked} aria-describedby={`${id}-description`} onClick={() => onChange(!checked)}
        className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors ${checked ? "bg-brand-600" : "bg-slate-400"}`}>
        <span className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${checked ? "translate-x-6" : "translate-x-1"}`} />
      </button>
      {checked && <input type="hidden" name={name} value="on" />}
    </div>
  );
}

export default function Settings(props: Route.ComponentProps) {
  return <SettingsScreen {...props} />;
}

/**
 * Uploads and removals go through a fetcher: the page is not reloaded, so text edits not
 * yet saved stay in the form. Without JavaScript it is a normal form post.
 */
function ImageUpload({ which, label, url }: { which: "hero" | "about"; label: string; url: string | null }) {
  const id = `settings-image-${which}`;
  const fetcher = useFetcher();
  const formRef = useRef<HTMLFormElement>(null);
  const busy = fetcher.state !== "idle";
  useEffect(() => {
    if (!busy) formRef.current?.reset();
  }, [busy]);
  return (
    <div className="rounded-xl border border-slate-200 p-4">
      <h3 className="font-semibold text-slate-800">{label}</h3>
      {url ? (
        <img src={url} alt={`Current ${label.toLowerCase()}`} className="mt-3 aspect-[16/9] w-full rounded-lg bg-slate-100 object-cover" />
      ) : (
        <p className="mt-3 text-sm text-slate-600">No image chosen: the built-in artwork is shown.</p>
      )}
      <fetcher.Form ref={formRef} method="post" action="/admin/settings/images" encType="multipart/form-data" className="mt-3 space-y-3">
        <input type="hidden" name="which" value={which} />
        <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
          New {label.toLowerCase()} <span className="font-normal text-slate-600">(JPEG, PNG, WebP or GIF, up to 10MB)</span>
        </label>
        <input id={id} name="image" type="file" accept="image/jpeg,image/png,image/webp,image/gif" className="block w-full text-sm" />
        <div className="flex flex-wrap gap-3">
          <button type="submit" name="intent" value="upload" className={secondary} disabled={busy}>Upload {label}</button>
          {url && (
            <button type="submit" name="intent" value="remove" className={secondary} disabled={busy}>Remove {label}</button>
          )}
        </div>
        {busy && <p role="status" className="text-sm text-slate-700">Uploading...</p>}
      </fetcher.Form>
    </div>
  );
}

function SettingsScreen({ loaderData, actionData }: Route.ComponentProps) {
  const initial = loaderData.settings;
  // `saved`: what the site uses; `draft`: the form. A form refused without JavaScript comes
  // back with its messages and the values as they were typed.
  const refused = readFormReply(actionData);
  const [saved, setSaved] = useState<Values | null>(initial);
  const [draft, setDraft] = useState<Values | null>(() => {
    if (!initial || !actionData) return initial;
    // (The reply leaves out fields sent empty.)
    const typed = Object.fromEntries(SITE_FIELDS.map((f) => [f.name, refused.values[f.name] ?? ""]));
    return { ...initial, ...typed, maintenance_mode: refused.values.maintenance_mode === "on" };
  });
  const [errors, setErrors] = useState<Errors>(refused.errors);
  const [load, setLoad] = useState<LoadState>(loaderData.loadError ? { status: "error", message: loaderData.loadError } : { status: "ready" });
  const abort = useRef<AbortController | null>(null);
  // With JavaScript the form posts through a fetcher: the page is not reloaded.
  const fetcher = useFetcher<typeof clientAction>();
  const saving = fetcher.state !== "idle";
  const attempt = useRef<FormData | null>(null);

  // An image uploaded or removed: take the new image paths, keep every other edit.
  const imagesNow = initial ? { hero_image_url: initial.hero_image_url, about_image_url: initial.about_image_url } : null;
  const imagesKey = imagesNow ? `${imagesNow.hero_image_url}|${imagesNow.about_image_url}` : "";
  const [imagesSeen, setImagesSeen] = useState(imagesKey);
  if (imagesKey !== imagesSeen) {
    setImagesSeen(imagesKey);
    if (imagesNow) {
      setSaved((s) => (s ? { ...s, ...imagesNow } : s));
      setDraft((d) => (d ? { ...d, ...imagesNow } : d));
    }
  }

  useEffect(() => () => abort.current?.abort(), []);

  async function reload() {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setLoad({ status: "loading", slow: false });
    const slow = setTimeout(() => setLoad((s) => (s.status === "loading" ? { status: "loading", slow: true } : s)), SLOW_AFTER_MS);
    const timeout = setTimeout(() => controller.abort(new Error("The settings did not arrive within 5 seconds")), LOAD_TIMEOUT_MS);
    try {
      let settings: Values;
      try {
        settings = await fetchSettings(controller.signal);
      } catch (first) {
        if (controller.signal.aborted) throw first;
        await new Promise((r) => setTimeout(r, 1000)); // retry once after 1 s
        settings = await fetchSettings(controller.signal);
      }
      setSaved(settings);
      setDraft(settings);
      setErrors({});
      setLoad({ status: "ready" });
    } catch (error) {
      if (abort.current !== controller) return;
      const reason = controller.signal.reason instanceof Error ? controller.signal.reason : error;
      setLoad({ status: "error", message: reason instanceof Error ? reason.message : "The settings could not be loaded." });
    } finally {
      clearTimeout(slow);
      clearTimeout(timeout);
    }
  }

  function enterManually() {
    const values = draft ?? saved ?? DEFAULT_VALUES;
    setDraft(values);
    setSaved((s) => s ?? values);
    setLoad({ status: "ready" });
    toast.info("You can now manually enter settings.");
  }

  function save(form: FormData) {
    attempt.current = form;
    toast.dismiss("settings-save");
    void fetcher.submit(form, { method: "post", action: "/admin/settings", preventScrollReset: true });
  }

  // A save settled: saved (no new answer: the action went back to the screen, whose loader
  // has the settings as stored), refused (messages per field; the draft stays to be
  // corrected) or failed (the draft goes back to what is saved, with Retry).
  const [wasSaving, setWasSaving] = useState(false);
  const [answerBefore, setAnswerBefore] = useState(fetcher.data);
  const [failure, setFailure] = useState<{ message: string; retry: boolean } | null>(null);
  if (saving !== wasSaving) {
    setWasSaving(saving);
    if (saving) setAnswerBefore(fetcher.data);
    else if (fetcher.data === answerBefore) {
      if (initial) {
        setSaved(initial);
        setDraft(initial);
      }
      setErrors({});
    } else {
      const reply = readFormReply(fetcher.data);
      const { _form: message = "The settings were not saved", ...fieldErrors } = reply.errors;
      const invalid = Object.keys(fieldErrors).length > 0;
      setErrors(reply.errors);
      if (!invalid) setDraft((d) => saved ?? d); // roll back
      setFailure({ message, retry: !invalid });
    }
  }
  useEffect(() => {
    if (!failure) return;
    const tried = attempt.current;
    // Retry only helps when the save itself failed; invalid fields need correcting first.
    toast.error(`Failed to save settings: ${failure.message}`, {
      id: "settings-save",
      duration: 10_000,
      ...(failure.retry && tried ? { action: { label: "Retry", onClick: () => save(tried) } } : {}),
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per failure; `save` posts through the same fetcher
  }, [failure]);

  const set = (name: SettingsField) => (value: string | boolean) => setDraft((d) => (d ? { ...d, [name]: value } : d));

  if (load.status !== "ready" || !draft) {
    return (
      <main className="px-4 py-6 sm:px-6 sm:py-8">
        <h1 className="font-display text-3xl font-semibold text-brand-900">Settings</h1>
        {load.status === "error" ? (
          <div role="alert" className="mt-6 max-w-xl rounded-2xl border-l-4 border-red-700 bg-red-50 p-5">
            <h2 className="font-semibold text-red-900">The settings could not be loaded</h2>
            <p className="mt-1 text-sm text-red-900">{load.message}</p>
            <div className="mt-4 flex flex-wrap gap-3">
              <button type="button" className={primary} onClick={() => void reload()}>Retry Loading</button>
              <button type="button" className={secondary} onClick={enterManually}>Enter Settings Manually</button>
            </div>
          </div>
        ) : (
          <div role="status" className="mt-6 flex items-center gap-3 text-slate-700">
            <span className="inline-block h-5 w-5 animate-spin rounded-full border-2 border-brand-600 border-t-transparent" aria-hidden="true" />
            <span>{load.status === "loading" && load.slow ? "Loading settings is taking longer than usual. Please wait..." : "Loading settings..."}</span>
          </div>
        )}
      </main>
    );
  }

  return (
    <main className="px-4 py-6 sm:px-6 sm:py-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-display text-3xl font-semibold text-brand-900">Settings</h1>
          <p className="mt-1 text-slate-600">How the public site presents the foundation.</p>
        </div>
        <button type="button" className={secondary} onClick={() => void reload()}>Discard unsaved changes</button>
      </div>

      {/* What is stored, not what is being sent: the banner never says visitors see the maintenance page before the save has gone through. */}
      {saved?.maintenance_mode && (
        <p role="status" className="mt-4 rounded-lg border-l-4 border-sun-500 bg-sun-100 px-4 py-3 text-sm font-semibold text-ink" data-testid="maintenance-status">
          Maintenance mode is on: visitors see the maintenance page.
        </p>
      )}

      <fetcher.Form
        method="post"
        action="/admin/settings"
        noValidate
        className="mt-6 space-y-6"
        onSubmit={(event) => {
          event.preventDefault();
          save(new FormData(event.currentTarget));
        }}
      >
        <section className={card} aria-labelledby="site-settings-title">
          <h2 id="site-settings-title" className="font-display text-xl font-semibold text-brand-900">Site Settings</h2>
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            {SITE_FIELDS.map((spec) => (
              <Field key={spec.name} spec={spec} value={String(draft[spec.name] ?? "")} error={errors[spec.name]} onChange={set(spec.name)} />
            ))}
          </div>
          <div id="maintenance" className="mt-6 scroll-mt-4 space-y-5 border-t border-slate-200 pt-5">
            <Switch name="maintenance_mode" label="Maintenance mode" checked={draft.maintenance_mode}
              description="Temporarily replaces every public page with a maintenance notice. The admin area keeps working." onChange={set("maintenance_mode")} />
          </div>
        </section>

        <p className="text-sm text-slate-700" data-testid="contact-note">
          The contact email, the footer&apos;s address and phone and the social media links are on the{" "}
          <a href="/admin/contact" className="font-semibold text-brand-700 underline">
            Contact details
          </a>{" "}
          screen.
        </p>

        <div className="flex flex-wrap items-center justify-end gap-3">
          {errors._form && (
            <p role="alert" className="text-sm font-medium text-red-800" data-testid="settings-form-error">
              {errors._form}
            </p>
          )}
          <button type="submit" className={primary} disabled={saving}>{saving ? "Saving..." : "Save Settings"}</button>
        </div>
      </fetcher.Form>

      <section className={`${card} mt-6`} aria-labelledby="images-title">
        <h2 id="images-title" className="font-display text-xl font-semibold text-brand-900">Images</h2>
        <p className="mt-1 text-sm text-slate-600">Uploaded photos are checked, resized for the web and stored on this site.</p>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <ImageUpload which="hero" label="Hero image" url={saved?.hero_image_url ?? null} />
          <ImageUpload which="about" label="About image" url={saved?.about_image_url ?? null} />
        </div>
      </section>

      {loaderData.giving && <GivingSettingsCard giving={loaderData.giving} />}
      {loaderData.giving && <FeeSettingsCard fees={loaderData.giving.fees} />}
    </main>
  );
}
