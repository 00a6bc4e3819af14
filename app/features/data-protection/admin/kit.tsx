/**
 * Small pieces shared by the data-protection staff screens: styles, a field's error and the
 * due-date badge. A refused form's reply is read with `replyFor` (app/lib/form-reply.ts).
 * The forms are plain posts: they work without JavaScript.
 */
import type { ReactNode } from "react";
import { shortDate, type DueState } from "../dates.ts";

export const card = "rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200";
export const control = "mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base aria-invalid:border-red-700";
export const button = "rounded-full bg-brand-600 px-5 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-60";
export const secondary = "inline-block rounded-full border-2 border-brand-600 bg-white px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50";
export const labelClass = "block text-sm font-semibold text-slate-800";

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-800">
      {message}
    </p>
  );
}

export function Alert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="mt-4 rounded-lg border-l-4 border-red-700 bg-red-50 px-4 py-3 text-sm font-medium text-red-900">
      {children}
    </p>
  );
}

const DUE_STYLES: Record<DueState, string> = {
  overdue: "bg-red-700 text-white",
  "due-soon": "bg-amber-100 text-amber-900 ring-1 ring-amber-300",
  open: "bg-slate-100 text-slate-800",
  done: "bg-emerald-50 text-emerald-900",
};

/** The due date, with "Overdue" or "Due soon" said in words (not by colour alone). */
export function DueBadge({ dueOn, state }: { dueOn: string; state: DueState }) {
  const word = state === "overdue" ? "Overdue: " : state === "due-soon" ? "Due soon: " : "";
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-sm font-semibold whitespace-nowrap ${DUE_STYLES[state]}`} data-due={state}>
      {word}
      <time dateTime={dueOn}>{shortDate(dueOn)}</time>
    </span>
  );
}
