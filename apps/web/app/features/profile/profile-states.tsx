import { Link } from "react-router";
import { PROFILE_PAGE } from "@touchline/contract/messages";
import { Button, buttonClass } from "../../components/button.tsx";
import { VIDEO_RULES_PER_PROFILE } from "@touchline/contract/profile-messages";

/** While the profile loads: the shape of the page, announced once to screen readers. */
export function ProfileLoading({ label = "Loading your profile…" }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" className="flex flex-col gap-4">
      <span className="sr-only">{label}</span>
      <div className="h-48 animate-pulse rounded-2xl bg-slate-200 sm:h-64" />
      <div className="grid gap-4 sm:grid-cols-3">
        <div className="h-32 animate-pulse rounded-xl bg-slate-100" />
        <div className="h-32 animate-pulse rounded-xl bg-slate-100" />
        <div className="h-32 animate-pulse rounded-xl bg-slate-100" />
      </div>
    </div>
  );
}

const NEEDS = [
  "A clear profile photo",
  VIDEO_RULES_PER_PROFILE,
  "Your physical attributes and position",
  "A brief bio about yourself",
];

/** No profile yet (the server answered 404): what the player needs, and where to start. */
export function CompleteProfilePrompt() {
  return (
    <section
      aria-labelledby="complete-profile"
      className="mx-auto max-w-xl rounded-2xl border border-brand-100 bg-brand-50 p-6 text-center sm:p-10"
    >
      <h1 id="complete-profile" className="text-2xl font-bold text-brand-900">
        {PROFILE_PAGE.completeTitle}
      </h1>
      <p className="mt-3 text-slate-700">
        Scouts and clubs can only find you once your profile is complete. You will need:
      </p>
      <ul className="mx-auto mt-4 flex max-w-sm flex-col gap-2 text-left text-slate-800">
        {NEEDS.map((need) => (
          <li key={need} className="flex gap-2">
            <span aria-hidden="true" className="font-bold text-brand-700">
              ✓
            </span>
            {need}
          </li>
        ))}
      </ul>
      <Link to="/player/add-content" className={buttonClass("primary", "mt-6")}>
        Complete My Profile
      </Link>
    </section>
  );
}

/** A load that failed for another reason than "no profile": the reason and a way to retry. */
export function LoadFailed({
  message,
  onRetry,
  retrying,
}: {
  message: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <section
      aria-labelledby="load-failed"
      className="mx-auto max-w-xl rounded-2xl border border-red-200 bg-red-50 p-6 text-center sm:p-10"
    >
      <h1 id="load-failed" className="text-2xl font-bold text-red-900">
        {PROFILE_PAGE.failedToLoad}
      </h1>
      <p role="alert" className="mt-3 text-red-800">
        {message}
      </p>
      <Button onClick={onRetry} disabled={retrying} className="mt-6">
        {retrying ? "Retrying…" : "Retry"}
      </Button>
    </section>
  );
}
