import { useNavigate } from "react-router";
import { OTP } from "@touchline/contract/messages";
import { verifyRegistrationCode } from "../../features/auth/auth-api.ts";
import { CodeEntry } from "../../features/auth/code-entry.tsx";
import { updateFlow, useFlowState } from "../../features/auth/flow-storage.ts";
import { MissingStep, StepLoading } from "../../features/auth/missing-step.tsx";
import { privatePageMeta } from "../../features/auth/page-meta.ts";

export const meta = () => privatePageMeta("Verify your phone number");

/** The code sent after registration; a correct code activates the account, then login. */
export default function PlayerRegisterOtp() {
  const flow = useFlowState();
  const navigate = useNavigate();
  if (flow === null) return <StepLoading />;
  const { phoneNumber, email } = flow;
  if (!phoneNumber)
    return <MissingStep message={OTP.phoneMissing} backTo="/auth/player-register" backLabel="Back to sign up" />;
  return (
    <CodeEntry
      phoneNumber={phoneNumber}
      resendAvailableAt={flow.resendAvailableAt}
      onResendScheduled={(at) => updateFlow({ resendAvailableAt: at })}
      verify={(otp) => verifyRegistrationCode({ phoneNumber, otp, ...(email ? { email } : {}) })}
      onVerified={async (answer) => {
        // A reset token is kept if this answer carries one, as the companion app does.
        if (answer?.resetToken) updateFlow({ resetToken: answer.resetToken });
        await navigate("/auth/player-login", { replace: true });
      }}
    />
  );
}
