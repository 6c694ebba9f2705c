import { DELETION_PROCESSING_DAYS } from "@touchline/contract/limits";
import { AccountDeletionForm } from "../../features/site/deletion-form.tsx";

const title = "Delete your account | Touchline";
const description = `Ask us to delete your Touchline account, player profile, videos and photos. We process every request within ${DELETION_PROCESSING_DAYS} days and confirm by e-mail.`;

export function meta() {
  return [
    { title },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
  ];
}

/** Account deletion page (SPEC.md "Account deletion page", section 4 "Deletion flow"). */
export default function DeletePage() {
  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:py-14">
      {/* /home is answered by the server with a redirect to /, so this is a full page load on purpose. */}
      <a href="/home" className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 hover:underline">
        ← Back to Home
      </a>
      <h1 className="mt-2 text-3xl font-bold text-slate-900 sm:text-4xl">Delete your account</h1>

      <div className="mt-4 space-y-3 text-slate-700">
        <p>You can ask us to delete your Touchline account at any time. Before you do, here is what that means:</p>
        <ul className="list-disc space-y-1 pl-6">
          <li>Your account is closed and you can no longer sign in.</li>
          <li>Your player profile is removed, so clubs and scouts can no longer find you.</li>
          <li>Your highlight videos and photos are deleted.</li>
          <li>This cannot be undone. If you want to use Touchline again later, you will need to sign up again.</li>
        </ul>
        <p>
          We process every request within {DELETION_PROCESSING_DAYS} days and send you a confirmation e-mail when it is done. If you are under 18,
          it is a good idea to talk to a parent, guardian or coach first.
        </p>
      </div>

      <div className="mt-8">
        <AccountDeletionForm />
      </div>
    </div>
  );
}
