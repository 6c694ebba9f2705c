import { useId, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "../../lib/toast.ts";
import { AUTH, AUTH_SCREENS } from "@touchline/contract/messages";
import { Button } from "../../components/button.tsx";
import { logoutEverywhere } from "./auth-api.ts";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { useForgetPlayer } from "./logout.ts";
import { useApiMutation } from "../../lib/use-api-mutation.ts";

/**
 * Settings: end every session of the player, this one included (a lost or shared phone).
 * The server clears this browser's cookie too, so the player lands on the login screen.
 */
export function LogoutEverywhere() {
  const logoutEverywhereCall = useApiMutation(logoutEverywhere);
  const headingId = useId();
  const navigate = useNavigate();
  const forgetPlayer = useForgetPlayer();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      await logoutEverywhereCall.mutateAsync(undefined);
      forgetPlayer();
      toast.success(AUTH.loggedOutEverywhere, { id: "logout-everywhere" });
      await navigate("/auth/player-login", { replace: true });
    } catch {
      toast.error(AUTH_SCREENS.logoutEverywhereFailed, { id: "logout-everywhere" });
      setBusy(false);
      setAsking(false);
    }
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-bold text-slate-900">
        Log out of all devices
      </h2>
      <p className="text-slate-700">
        Ends your session on every phone and computer where you are logged in, including this one.
      </p>
      <div>
        <Button variant="secondary" onClick={() => setAsking(true)}>
          Log out of all devices
        </Button>
      </div>
      <ConfirmDialog
        open={asking}
        title="Log out of all devices"
        confirmLabel="Log out everywhere"
        busy={busy}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      >
        <p>You will need to log in again on every device, including this one.</p>
      </ConfirmDialog>
    </section>
  );
}
