import { useNavigate } from "react-router";
import { OTP } from "@touchline/contract/messages";
import { verifyResetCode } from "../../features/auth/auth-api.ts";
import { CodeEntry } from "../../features/auth/code-entry.tsx";
import { updateFlow, useFlowState } from "../../features/auth/flow-storage.ts";
import { MissingStep, StepLoading } from "../../features/auth/missing-step.tsx";
import { privatePageMeta } from "../../features/auth/page-meta.ts";

export const meta = () => privatePageMeta("Enter your code");

/** The password-reset code; a correct code yields the reset token for the next step. */
export default function PlayerOtp() {
  const flow = useFlowState();
  const navigate = useNavigate();
  if (flow === null) return <StepLoading />;
  const { phoneNumber } = flow;
  if (!phoneNumber)
    return (
      <MissingStep
        message={OTP.phoneMissing}
        backTo="/auth/player-forgot-password"
        backLabel="Back to forgot password"
      />
    );
  return (
    <CodeEntry
      phoneNumber={phoneNumber}
      resendAvailableAt={flow.resendAvailableAt}
      onResendScheduled={(at) => updateFlow({ resendAvailableAt: at })}
      verify={(otp) => verifyResetCode({ phoneNumber, otp })}
      onVerified={async ({ resetToken }) => {
        updateFlow({ resetToken });
        await navigate("/auth/player-reset-password");
      }}
    />
  );
}
