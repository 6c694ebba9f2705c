import { DELETION_PROCESSING_DAYS } from "@touchline/contract/limits";
import { DeletionConfirmation, useDeletionConfirmToken } from "../../features/site/deletion-confirmation.tsx";
import { AccountDeletionForm } from "../../features/site/deletion-form.tsx";
import { PageHero } from "../../features/site/page-parts.tsx";
import { pageMeta } from "../../lib/seo.ts";

export function meta() {
  return pageMeta({
    path: "/delete",
    title: "Delete your account",
    description: `Ask us to delete your Touchline account, player profile, videos and photos. Confirm from the e-mail we send you, and we process the request within ${DELETION_PROCESSING_DAYS} days.`,
  });
}

/**
 * Account deletion page. The link
 * e-mailed to confirm a request opens this page too (#confirm=…), which then asks for that.
 */
export default function DeletePage() {
  const confirmation = useDeletionConfirmToken();
  return (
    <>
      <PageHero eyebrow="Your account" title="Delete your account">
        <p>
          You can ask us to delete your Touchline account at any time. Read what that means, then fill in the two short
          steps below.
        </p>
      </PageHero>
      <div className="mx-auto max-w-2xl px-4 py-10 sm:py-12">
        {/* /home is answered by the server with a redirect to /, so this is a full page load on purpose. */}
        <a
          href="/home"
          className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline-offset-2 hover:underline"
        >
          ← Back to Home
        </a>

        <section
          aria-labelledby="deletion-what-heading"
          className="mt-4 rounded-2xl border border-amber-300 bg-amber-50 p-5 text-slate-800 sm:p-6"
        >
          <h2 id="deletion-what-heading" className="text-lg font-bold text-slate-900">
            What deleting your account removes
          </h2>
          <ul className="mt-3 list-disc space-y-1.5 pl-6">
            <li>Your account is closed and you can no longer sign in.</li>
            <li>Your player profile is removed, so clubs and scouts can no longer find you.</li>
            <li>Your highlight videos and photos are deleted.</li>
            <li>This cannot be undone. To use Touchline again later, you would need to sign up again.</li>
          </ul>
          <p className="mt-3">
            We first e-mail you a link to confirm the request, so nobody else can delete your account: nothing is
            deleted until you open it. Once you confirm, we process the request within {DELETION_PROCESSING_DAYS} days
            and send you an e-mail when it is done. If you are under 18, it is a good idea to talk to a parent, guardian
            or coach first.
          </p>
        </section>

        <div className="mt-8">
          {confirmation.token ? (
            <DeletionConfirmation token={confirmation.token} onNewRequest={confirmation.forget} />
          ) : (
            <AccountDeletionForm />
          )}
        </div>
      </div>
    </>
  );
}
