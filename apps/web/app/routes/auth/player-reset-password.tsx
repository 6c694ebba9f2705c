import { RESET } from "@touchline/contract/messages";
import { useFlowState } from "../../features/auth/flow-storage.ts";
import { MissingStep, StepLoading } from "../../features/auth/missing-step.tsx";
import { privatePageMeta } from "../../features/auth/page-meta.ts";
import { ResetPasswordForm } from "../../features/auth/reset-password-form.tsx";

export const meta = () => privatePageMeta("Set a new password");

export default function PlayerResetPassword() {
  const flow = useFlowState();
  if (flow === null) return <StepLoading />;
  if (!flow.phoneNumber || !flow.resetToken) {
    return <MissingStep message={RESET.missingData} backTo="/auth/player-forgot-password" backLabel="Start again" />;
  }
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Set a new password</h1>
      <p className="mt-1 mb-6 text-slate-600">Choose a new password for your account. You will log in with it next.</p>
      <ResetPasswordForm phoneNumber={flow.phoneNumber} resetToken={flow.resetToken} />
    </>
  );
}
