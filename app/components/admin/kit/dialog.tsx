/**
 * The admin kit's modal dialog (the browser's <dialog>), opened as a modal while `open`
 * (focus kept inside, Escape calls `onCancel`). `openWithoutJs` renders it open on the
 * server, for a dialog that is shown by its address and works without JavaScript; React
 * never changes that attribute afterwards (taking it off a modal dialog would leave the
 * page inert), the effect opens and closes it. DeleteDialog is the delete confirmation of the list screens,
 * opened by ?delete=<id>.
 */
import { useEffect, useRef, type ReactNode } from "react";
import { Form, Link, useNavigate, useNavigation } from "react-router";

export function Dialog({
  id,
  open,
  openWithoutJs = false,
  title,
  onCancel,
  children,
}: {
  id: string;
  open: boolean;
  openWithoutJs?: boolean;
  title: string;
  onCancel: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open) {
      // Open as rendered (no JavaScript yet): reopen as a modal.
      if (dialog.open) dialog.close();
      dialog.showModal();
    } else if (dialog.open) {
      dialog.close();
    }
  }, [open]);
  return (
    <dialog
      ref={ref}
      open={openWithoutJs}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      className="fixed inset-0 z-50 m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl border border-slate-200 p-6 shadow-xl backdrop:bg-black/40"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-ink">
        {title}
      </h2>
      {children}
    </dialog>
  );
}

export function DeleteDialog({ item, noun, cancelTo }: { item: { id: number; title: string }; noun: string; cancelTo: string }) {
  const navigate = useNavigate();
  const busy = useNavigation().state === "submitting";
  return (
    <Dialog id="delete" open openWithoutJs title={`Delete this ${noun}?`} onCancel={() => void navigate(cancelTo, { preventScrollReset: true, replace: true })}>
      <p id="delete-text" className="mt-2 text-slate-700">
        “{item.title}” will be removed permanently, from the admin area and the public website. This cannot be undone.
      </p>
      <Form method="post" preventScrollReset className="mt-5 flex justify-end gap-3">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={item.id} />
        <Link to={cancelTo} replace preventScrollReset className="rounded-full border-2 border-slate-300 px-4 py-2 font-semibold">
          Cancel
        </Link>
        <button type="submit" disabled={busy} className="rounded-full bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-60">
          {busy ? "Deleting..." : "Delete"}
        </button>
      </Form>
    </Dialog>
  );
}
