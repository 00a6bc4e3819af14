/** Shared pieces of the public forms: honeypot, error summary, submit button, confirmation. */
import { useEffect, useRef, type MouseEvent, type ReactNode } from "react";
import { useNavigation } from "react-router";
import { HONEYPOT_FIELD } from "../../lib/honeypot.ts";
import type { PublicReply } from "../../lib/form-reply.ts";

export type { PublicReply };
import { buttonClasses } from "../ui/button.ts";
import { CheckIcon } from "./icons.tsx";

/** A field people never see; bots fill it in. */
export function Honeypot() {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor={`${HONEYPOT_FIELD}-field`}>Leave this field empty</label>
      <input type="text" id={`${HONEYPOT_FIELD}-field`} name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

/**
 * The list of a failed form's problems, each a link to its field ("#name": the field, or
 * the first choice of a group, has the field's name as its id). It takes focus and is
 * scrolled into view below the fixed header: with JavaScript through the effect below and
 * the form's action, whose fragment names this summary (`resultId`); without JavaScript
 * through that fragment alone, as the browser focuses a focusable fragment target.
 * With JavaScript a link's click moves focus itself rather than changing the address: a
 * new address would be a navigation, which forgets the errors.
 */
function focusField(event: MouseEvent<HTMLAnchorElement>) {
  const target = document.getElementById(event.currentTarget.hash.slice(1));
  if (!target) return;
  event.preventDefault();
  target.scrollIntoView({ block: "start" });
  target.focus({ preventScroll: true });
}

export function ErrorSummary({ id, errors, labels }: { id: string; errors: Record<string, string>; labels: Record<string, string> }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [errors]);
  const entries = Object.entries(errors);
  if (entries.length === 0) return null;
  return (
    <div id={id} ref={ref} tabIndex={-1} role="alert" className="scroll-mt-24 rounded-2xl border-2 border-red-700 bg-red-50 p-5 text-red-900">
      <h3 className="font-semibold">There {entries.length === 1 ? "is a problem" : `are ${entries.length} problems`} with your form</h3>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {entries.map(([field, message]) => (
          <li key={field}>
            <a href={`#${field}`} onClick={focusField} className="underline underline-offset-2">
              {labels[field] ? `${labels[field]}: ` : ""}
              {message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function RateLimited({ id }: { id: string }) {
  return (
    <div id={id} tabIndex={-1} role="alert" className="scroll-mt-24 rounded-2xl border-2 border-sun-500 bg-sun-100 p-5 text-ink">
      <h3 className="font-semibold">We have received several forms from you already</h3>
      <p className="mt-1">Please wait a few minutes and try again, or email us if it is urgent.</p>
    </div>
  );
}

export function SubmitButton({ children, intent }: { children: ReactNode; intent?: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && (!intent || navigation.formData?.get("intent") === intent);
  return (
    <button type="submit" name={intent ? "intent" : undefined} value={intent} disabled={busy} className={buttonClasses("primary", "lg")}>
      {busy ? "Sending..." : children}
    </button>
  );
}

export function Confirmation({
  id,
  title,
  reference,
  children,
  againHref,
  againLabel,
}: {
  /** The fragment of the form's action, so the page opens here after sending. */
  id: string;
  title: string;
  reference: string;
  children: ReactNode;
  againHref: string;
  againLabel: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div
      id={id}
      ref={ref}
      tabIndex={-1}
      role="status"
      className="scroll-mt-24 rounded-3xl border border-brand-200 bg-brand-50 p-5 wrap-anywhere sm:p-8"
    >
      <div className="flex items-start gap-3 sm:gap-4">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-600 text-white sm:size-12">
          <CheckIcon className="size-5 sm:size-6" />
        </span>
        {/* min-w-0: long words (an email address) wrap instead of widening the page. */}
        <div className="min-w-0">
          <h3 className="font-display text-2xl font-semibold text-brand-900">{title}</h3>
          <p className="mt-2 text-lg">
            Your reference number is <strong className="font-mono tracking-wide whitespace-nowrap text-brand-800">{reference}</strong>.
          </p>
          <div className="mt-2 text-slate-700">{children}</div>
          <a href={againHref} data-reload-document className="mt-4 inline-block font-semibold text-brand-700 underline underline-offset-4">
            {againLabel}
          </a>
        </div>
      </div>
    </div>
  );
}

/** A refused form's messages (`_form`: the form's own), and its values to show again. */
function formFields(values: Record<string, unknown> = {}, errors: Record<string, string> = {}) {
  const list = (name: string) => [values[name] ?? []].flat().filter((x): x is string => typeof x == "string" && x != "");
  const text = (name: string) => list(name)[0] ?? "";
  return { text, list, errors, checked: (name: string) => text(name) == "on" };
}

/**
 * Conform's reply (`refusedForm`, `submission.reply()`) read by a public form's own light
 * code, so the page ships no form library: the first message per field, the values as
 * typed, and whether the per-address limit refused it.
 */
export function readReply(reply: PublicReply | undefined) {
  const answer = reply && "error" in reply ? reply : undefined;
  const errors: Record<string, string> = {};
  for (const name in answer?.error) if (answer.error[name]?.[0]) errors[name || "_form"] = answer.error[name][0];
  return { ...formFields(answer?.initialValue ?? undefined, errors), limited: !!reply && "limited" in reply };
}
