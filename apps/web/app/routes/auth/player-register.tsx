import { privatePageMeta } from "../../features/auth/page-meta.ts";
import { RegisterForm } from "../../features/auth/register-form.tsx";

export const meta = () => privatePageMeta("Sign up");

export default function PlayerRegister() {
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Create your player account</h1>
      <p className="mt-1 mb-6 text-slate-600">
        Sign up with your Zambian phone number. We will send you a code by SMS to confirm it.
      </p>
      <RegisterForm />
    </>
  );
}
