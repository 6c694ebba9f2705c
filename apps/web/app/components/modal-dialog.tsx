import { useEffect, useId, useRef, type ReactNode } from "react";

/**
 * A modal on the native <dialog>: showModal() makes the page behind inert, keeps focus inside
 * and gives Escape; React state stays the source of truth for whether it is open. The content
 * mounts only while open, so a form starts empty each time; the element marked
 * data-autofocus gets the focus on opening. ConfirmDialog and the review console's forms use it.
 */
export function ModalDialog({
  open,
  title,
  description,
  onClose,
  closeDisabled,
  role,
  children,
}: {
  open: boolean;
  title: string;
  description?: ReactNode;
  onClose(): void;
  closeDisabled?: boolean;
  /** "alertdialog" for a question that interrupts the user (a confirmation). */
  role?: "dialog" | "alertdialog";
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === "function") dialog.showModal();
      else dialog.setAttribute("open", "");
      // showModal() focuses the first focusable element; a form may name a better start.
      dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    } else if (!open && dialog.open) {
      if (typeof dialog.close === "function") dialog.close();
      else dialog.removeAttribute("open");
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      role={role === "alertdialog" ? role : undefined}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        if (!closeDisabled) onClose();
      }}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(32rem,calc(100vw-2rem))] overflow-y-auto rounded-2xl bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-900/60"
    >
      {open ? (
        <>
          <h2 id={titleId} className="text-lg font-bold">
            {title}
          </h2>
          {description ? (
            <div id={descriptionId} className="mt-1 text-sm text-slate-700">
              {description}
            </div>
          ) : null}
          <div className="mt-4">{children}</div>
        </>
      ) : null}
    </dialog>
  );
}
