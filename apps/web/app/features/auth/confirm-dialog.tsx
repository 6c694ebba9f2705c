import { useEffect, useId, useRef, type ReactNode } from "react";
import { Button } from "../../components/button.tsx";

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm(): void;
  onCancel(): void;
  busy?: boolean;
}

/**
 * A modal yes/no question on the native <dialog> element: showModal() makes the rest of the
 * page inert, traps focus and closes on Escape, which window.confirm would also do but
 * without our wording, styling or a way to show that the action is under way.
 */
export function ConfirmDialog({ open, title, children, confirmLabel, onConfirm, onCancel, busy }: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === "function") dialog.showModal();
      else dialog.setAttribute("open", "");
    } else if (!open && dialog.open) {
      if (typeof dialog.close === "function") dialog.close();
      else dialog.removeAttribute("open");
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      // Escape: keep React's state the source of truth instead of letting the browser close it.
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-900/60"
    >
      {open ? (
        <>
          <h2 id={titleId} className="text-lg font-bold">
            {title}
          </h2>
          <div id={bodyId} className="mt-2 text-slate-700">
            {children}
          </div>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            {/* Cancel first in focus order: Enter on an opened dialog must not destroy anything. */}
            <Button variant="secondary" onClick={onCancel} disabled={busy} autoFocus>
              Cancel
            </Button>
            <Button variant="danger" onClick={onConfirm} disabled={busy} aria-busy={busy || undefined}>
              {busy ? "Please wait…" : confirmLabel}
            </Button>
          </div>
        </>
      ) : null}
    </dialog>
  );
}
