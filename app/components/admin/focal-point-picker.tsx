/**
 * The focal point of an image: click on the picture to set it (JavaScript), or type it in
 * the two number fields (percent from the left and from the top), which post with the form
 * and work without JavaScript. Beside it, how the wide and square crops will look.
 */
import { useState } from "react";
import { FieldError } from "../ui/fields.tsx";

const clamp = (n: number) => Math.min(100, Math.max(0, Math.round(n)));
const asPercent = (value: string, fallback: number) => (/^\d{1,3}$/.test(value.trim()) ? clamp(Number(value)) : fallback);

export function FocalPointPicker({
  src,
  srcSet,
  initial,
  errors,
}: {
  src: string;
  srcSet?: string;
  initial: { x: string; y: string };
  errors: { x?: string; y?: string };
}) {
  const [x, setX] = useState(initial.x);
  const [y, setY] = useState(initial.y);
  const px = asPercent(x, 50);
  const py = asPercent(y, 50);
  const position = `${px}% ${py}%`;

  function pick(event: React.MouseEvent<HTMLButtonElement>) {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    setX(String(clamp(((event.clientX - box.left) / box.width) * 100)));
    setY(String(clamp(((event.clientY - box.top) / box.height) * 100)));
  }

  const number = (id: string, label: string, value: string, set: (v: string) => void, error?: string) => (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {label}
      </label>
      <div className="mt-1 flex items-center gap-1.5">
        <input
          id={id}
          name={id}
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          step={1}
          required
          value={value}
          onChange={(e) => set(e.currentTarget.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="w-24 rounded-xl border border-slate-400 px-3 py-2 aria-invalid:border-red-700"
        />
        <span className="text-slate-600" aria-hidden="true">
          %
        </span>
      </div>
      <FieldError id={id} error={error} />
    </div>
  );

  return (
    <fieldset className="min-w-0">
      <legend className="font-semibold text-ink">Focal point</legend>
      <p id="focal-hint" className="mt-1 text-sm text-slate-600">
        The part of the picture that must stay in view when a page crops it. Click on the picture, or give it in percent from the left and from the top.
      </p>
      <div className="mt-3 grid gap-5 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div>
          <button
            type="button"
            onClick={pick}
            className="relative block w-full cursor-crosshair overflow-hidden rounded-xl border border-slate-200 bg-slate-100"
            aria-label="Set the focal point where you click on the picture"
            aria-describedby="focal-hint"
            data-testid="focal-target"
          >
            <img src={src} srcSet={srcSet} sizes="(min-width: 768px) 36rem, 100vw" alt="" className="block w-full" draggable={false} />
            <span
              aria-hidden="true"
              className="pointer-events-none absolute size-7 -translate-x-1/2 -translate-y-1/2 rounded-full border-[3px] border-white shadow-[0_0_0_2px_rgb(0_0_0/0.6)]"
              style={{ left: `${px}%`, top: `${py}%` }}
              data-testid="focal-marker"
            />
          </button>
          <div className="mt-3 flex flex-wrap gap-4">
            {number("focal_x", "From the left", x, setX, errors.x)}
            {number("focal_y", "From the top", y, setY, errors.y)}
          </div>
        </div>
        <div className="space-y-3">
          <figure>
            <img src={src} srcSet={srcSet} sizes="20rem" alt="" className="aspect-[5/2] w-full rounded-lg bg-slate-100 object-cover" style={{ objectPosition: position }} data-testid="focal-preview-wide" />
            <figcaption className="mt-1 text-xs text-slate-600">Wide crop (event banner)</figcaption>
          </figure>
          <figure className="w-1/2">
            <img src={src} srcSet={srcSet} sizes="10rem" alt="" className="aspect-square w-full rounded-lg bg-slate-100 object-cover" style={{ objectPosition: position }} />
            <figcaption className="mt-1 text-xs text-slate-600">Square crop (trustee photo)</figcaption>
          </figure>
        </div>
      </div>
    </fieldset>
  );
}
