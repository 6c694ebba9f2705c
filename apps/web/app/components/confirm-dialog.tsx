import type { ReactNode } from "react";
import { Button } from "./button.tsx";
import { ModalDialog } from "./modal-dialog.tsx";

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
 * A modal yes/no question: what window.confirm does, but with our wording, styling and a way
 * to show that the action is under way.
 */
export function ConfirmDialog({ open, title, children, confirmLabel, onConfirm, onCancel, busy }: ConfirmDialogProps) {
  return (
    <ModalDialog
      open={open}
      title={title}
      description={children}
      onClose={onCancel}
      closeDisabled={busy}
      role="alertdialog"
    >
      <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {/* Cancel first in focus order: Enter on an opened dialog must not destroy anything. */}
        <Button variant="secondary" onClick={onCancel} disabled={busy} data-autofocus>
          Cancel
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={busy} aria-busy={busy || undefined}>
          {busy ? "Please wait…" : confirmLabel}
        </Button>
      </div>
    </ModalDialog>
  );
}
