import { ForgotPasswordForm } from "../../features/auth/forgot-password-form.tsx";
import { privatePageMeta } from "../../features/auth/page-meta.ts";

export const meta = () => privatePageMeta("Forgot password");

export default function PlayerForgotPassword() {
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Forgot your password?</h1>
      <p className="mt-1 mb-6 text-slate-600">
        Enter the phone number of your account. We will send you a code by SMS to set a new password.
      </p>
      <ForgotPasswordForm />
    </>
  );
}
