/**
 * A tiny toast system (no dependency): `toast.success("Saved")`, `toast.error(...)`, and
 * one <Toaster /> in the root. Server-side flash toasts (app/lib/toast.server.ts) arrive
 * through the root loader and are shown by <Toaster flash={...} />.
 */
import { useEffect, useRef, useSyncExternalStore } from "react";

export type ToastType = "success" | "error" | "info" | "warning";

interface ToastAction {
  label: string;
  onClick: () => void;
}

interface ToastItem {
  id: string;
  type: ToastType;
  message: string;
  /** Milliseconds on screen; Infinity keeps it until dismissed. */
  duration: number;
  action?: ToastAction;
}

export interface ToastOptions {
  id?: string;
  duration?: number;
  action?: ToastAction;
}

/** The server's list (none), and the browser's until a toast is shown: the same array, so
 * that hydration does not see a changed list and re-render the toaster at once, inside the
 * task that runs hydration's effects (docs/decisions/374). Never changed in place. */
const EMPTY: ToastItem[] = [];
let items: ToastItem[] = EMPTY;
const listeners = new Set<() => void>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function emit() {
  for (const listener of listeners) listener();
}

function dismiss(id: string) {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
  if (!items.some((t) => t.id === id)) return;
  items = items.filter((t) => t.id !== id);
  emit();
}

function show(type: ToastType, message: string, options: ToastOptions = {}): string {
  const id = options.id ?? `toast-${++counter}`;
  const duration = options.duration ?? (type === "error" ? 6000 : 5000);
  dismiss(id);
  items = [...items.slice(-4), { id, type, message, duration, action: options.action }];
  if (Number.isFinite(duration)) timers.set(id, setTimeout(() => dismiss(id), duration));
  emit();
  return id;
}

export const toast = {
  show,
  success: (message: string, options?: ToastOptions) => show("success", message, options),
  error: (message: string, options?: ToastOptions) => show("error", message, options),
  info: (message: string, options?: ToastOptions) => show("info", message, options),
  warning: (message: string, options?: ToastOptions) => show("warning", message, options),
  dismiss,
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const STYLE: Record<ToastType, string> = {
  success: "border-brand-600 bg-brand-50 text-brand-900",
  error: "border-red-600 bg-red-50 text-red-900",
  info: "border-slate-500 bg-white text-slate-900",
  warning: "border-sun-500 bg-sun-100 text-ink",
};

export function Toaster({ flash }: { flash?: { type: ToastType; message: string } | null }) {
  const list = useSyncExternalStore(subscribe, () => items, () => EMPTY);
  const shown = useRef<object | null>(null);
  useEffect(() => {
    if (flash && shown.current !== flash) {
      shown.current = flash;
      show(flash.type, flash.message);
    }
  }, [flash]);

  return (
    <section
      aria-label="Notifications"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-[100] flex flex-col items-center gap-2 p-4 sm:items-end"
    >
      {list.map((t) => (
        <div
          key={t.id}
          role={t.type === "error" || t.type === "warning" ? "alert" : "status"}
          data-toast-type={t.type}
          className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border-l-4 px-4 py-3 shadow-lg ${STYLE[t.type]}`}
        >
          <p className="flex-1 text-sm font-medium">{t.message}</p>
          {t.action && (
            <button
              type="button"
              onClick={() => {
                t.action?.onClick();
                dismiss(t.id);
              }}
              className="rounded-md bg-brand-600 px-3 py-1 text-sm font-semibold text-white hover:bg-brand-700"
            >
              {t.action.label}
            </button>
          )}
          <button
            type="button"
            onClick={() => dismiss(t.id)}
            aria-label="Dismiss notification"
            className="rounded px-1 text-lg leading-none opacity-70 hover:opacity-100"
          >
            ×
          </button>
        </div>
      ))}
    </section>
  );
}
