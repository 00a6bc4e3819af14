/**
 * The newsletter signup (footer of every public page, /news, /newsletter): email and an
 * optional first name, posted to /newsletter. A plain HTML form: works without JavaScript
 * and loads no script.
 */
import { SIGNUP_WORDING } from "./consent.ts";

export function SignupForm({ source, tone = "light", errors, values }: { source: "footer" | "news"; tone?: "light" | "dark"; errors?: Record<string, string>; values?: { email: string; firstName: string } }) {
  const dark = tone === "dark";
  const control = `mt-1 block w-full rounded-xl border px-3.5 py-2.5 text-base text-ink ${dark ? "border-white/30 bg-white" : "border-slate-400 bg-white"}`;
  const id = `signup-${source}`;
  return (
    <form method="post" action="/newsletter" aria-labelledby={`${id}-title`} className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end" data-testid={id}>
      <input type="hidden" name="source" value={source} />
      <p id={`${id}-title`} className={`sm:col-span-3 ${dark ? "text-brand-100" : "text-slate-700"}`}>
        <strong className={dark ? "block font-display text-xl text-white" : "block font-display text-xl text-brand-900"}>Get our news by email</strong>
        {SIGNUP_WORDING.replace(/^Get our news by email: /, "").replace(/^./, (c) => c.toUpperCase())}{" "}
        <a href="/privacy" className={`font-semibold underline ${dark ? "text-white" : "text-brand-700"}`}>
          How we use your details
        </a>
      </p>
      <label className={`block font-semibold ${dark ? "text-white" : ""}`}>
        Email
        <input
          type="email"
          name="email"
          required
          maxLength={254}
          autoComplete="email"
          defaultValue={values?.email}
          aria-invalid={errors?.email ? true : undefined}
          aria-describedby={errors?.email ? `${id}-email-error` : undefined}
          className={control}
        />
        {errors?.email && (
          <span id={`${id}-email-error`} className={`mt-1 block text-sm ${dark ? "text-sun-200" : "text-red-800"}`}>
            {errors.email}
          </span>
        )}
      </label>
      <label className={`block font-semibold ${dark ? "text-white" : ""}`}>
        First name <span className={`font-normal ${dark ? "text-brand-100" : "text-slate-600"}`}>(optional)</span>
        <input type="text" name="firstName" maxLength={60} autoComplete="given-name" defaultValue={values?.firstName} className={control} />
      </label>
      <button type="submit" className={`rounded-full px-6 py-2.5 font-semibold ${dark ? "bg-sun-400 text-ink hover:bg-sun-300" : "bg-brand-600 text-white hover:bg-brand-700"}`}>
        Subscribe
      </button>
    </form>
  );
}
