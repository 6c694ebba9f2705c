import { AccountDeletionRequest } from "../../features/auth/account-deletion-request.tsx";
import { ChangePasswordForm } from "../../features/auth/change-password-form.tsx";
import { LogoutEverywhere } from "../../features/auth/logout-everywhere.tsx";
import { privatePageMeta } from "../../features/auth/page-meta.ts";
import { NotifyByForm } from "../../features/notifications/notify-by-form.tsx";
import { usePlayerSession } from "../../lib/session.ts";
import { formatPhoneInternational } from "@touchline/contract/phone";

export const meta = () => privatePageMeta("Settings");

const card = "rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8";

/** /player/settings, linked from the user menu. */
export default function PlayerSettings() {
  const player = usePlayerSession();
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-bold text-slate-900">Settings</h1>
      <section aria-labelledby="account-heading" className={card}>
        <h2 id="account-heading" className="text-lg font-bold text-slate-900">
          Your account
        </h2>
        <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-[auto_1fr]">
          <dt className="text-sm text-slate-600">Name</dt>
          <dd className="font-medium">
            {player.firstName} {player.lastName}
          </dd>
          <dt className="text-sm text-slate-600">Username</dt>
          <dd className="font-medium">{player.username}</dd>
          <dt className="text-sm text-slate-600">Phone</dt>
          <dd className="font-medium">{formatPhoneInternational(player.phoneNumber)}</dd>
          <dt className="text-sm text-slate-600">Email</dt>
          <dd className="font-medium break-all">{player.email}</dd>
        </dl>
      </section>
      <div className={card}>
        <NotifyByForm />
      </div>
      <div className={card}>
        <ChangePasswordForm />
      </div>
      <div className={card}>
        <LogoutEverywhere />
      </div>
      <div className={`${card} ring-red-200`}>
        <AccountDeletionRequest email={player.email} />
      </div>
    </div>
  );
}
