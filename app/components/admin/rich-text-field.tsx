/**
 * The body field of a news post or a newsletter. On the server and without JavaScript it is a plain
 * textarea holding the HTML, which staff can edit and save as it is. Once the page has
 * started in the browser, the Tiptap editor (a separate chunk, loaded only here) takes
 * its place and keeps the textarea's value up to date, so the form posts the same field.
 * Should the editor's code fail to load, the textarea simply stays.
 */
import { lazy, Suspense, useState } from "react";
import { FieldError } from "../ui/fields.tsx";
import { useHydrated } from "../ui/use-hydrated.ts";

const TiptapEditor = lazy(() => import("./tiptap-editor.tsx").catch(() => ({ default: () => null })));

export function RichTextField({
  name,
  label,
  hint,
  value,
  error,
  onChange,
}: {
  name: string;
  label: string;
  hint: string;
  value: string;
  error?: string;
  onChange: (html: string) => void;
}) {
  const hydrated = useHydrated();
  const [enhanced, setEnhanced] = useState(false);
  const describedBy = [`${name}-hint`, error ? `${name}-error` : ""].filter(Boolean).join(" ");
  return (
    <div className="md:col-span-2">
      <label id={`${name}-label`} htmlFor={name} className="block font-semibold text-ink">
        {label}
      </label>
      <p id={`${name}-hint`} className="mt-1 text-sm text-slate-600">
        {hint}
      </p>
      <div className="mt-1.5">
        {hydrated && (
          <Suspense fallback={null}>
            <TiptapEditor
              value={value}
              onChange={onChange}
              onReady={() => setEnhanced(true)}
              labelledBy={`${name}-label`}
              describedBy={describedBy}
              invalid={Boolean(error)}
            />
          </Suspense>
        )}
        <textarea
          id={name}
          name={name}
          rows={14}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          hidden={enhanced}
          className="block w-full rounded-xl border border-slate-400 bg-white px-3.5 py-2.5 font-mono text-sm text-ink focus-visible:outline-3 focus-visible:outline-sun-500"
        />
      </div>
      <FieldError id={name} error={error} />
    </div>
  );
}
