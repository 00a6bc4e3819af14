/**
 * The newsletter's body: the news editor's own Tiptap module (components/admin/
 * tiptap-editor.tsx), loaded by this route only once the page runs in the browser; before
 * that, and without JavaScript, a plain textarea holding the HTML. The same behaviour as
 * the news form's field, kept here so that field's chunk (and the news editor's script
 * budget) is not shared with this screen.
 */
import { lazy, Suspense, useState } from "react";
import { FieldError } from "../../../components/ui/fields.tsx";
import { useHydrated } from "../../../components/ui/use-hydrated.ts";

const TiptapEditor = lazy(() => import("../../../components/admin/tiptap-editor.tsx").catch(() => ({ default: () => null })));

export function BodyField({ name, label, hint, value, error, onChange }: { name: string; label: string; hint: string; value: string; error?: string; onChange: (html: string) => void }) {
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
            <TiptapEditor value={value} onChange={onChange} onReady={() => setEnhanced(true)} labelledBy={`${name}-label`} describedBy={describedBy} invalid={Boolean(error)} />
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
