import { useState } from "react";
import { toast } from "../../lib/toast.ts";
import { AUTH, AUTH_SCREENS } from "@touchline/contract/messages";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { useLogout } from "./logout.ts";

/**
 * "Log out" with the published question ('Are you sure you want to logout?'). Returns a function
 * that opens the question and the dialog element to render once, wherever the trigger is.
 */
export function useLogoutDialog() {
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      await logout();
      toast.success(AUTH.loggedOut, { id: "logout" });
    } catch {
      toast.error(AUTH_SCREENS.logoutFailed, { id: "logout" });
      setBusy(false);
      setOpen(false);
    }
  };

  const dialog = (
    <ConfirmDialog
      open={open}
      title="Log out"
      confirmLabel="Log out"
      busy={busy}
      onConfirm={confirm}
      onCancel={() => setOpen(false)}
    >
      <p>{AUTH.logoutConfirm}</p>
    </ConfirmDialog>
  );
  return { askToLogout: () => setOpen(true), dialog };
}
