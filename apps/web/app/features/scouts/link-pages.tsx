import { useMutation } from "@tanstack/react-query";
import { useEffect } from "react";
import { Link } from "react-router";
import { SCOUT } from "@touchline/contract/scouts";
import { FormAlert } from "../../components/form-alert.tsx";
import { confirmScoutEmail, fragmentToken, unsubscribeDigest } from "./scout-api.ts";
import { errorText } from "../../lib/error-text.ts";

/**
 * A page opened from a link we sent (#token=…): it makes its one call once, on opening, and
 * says what happened. The token stays in the fragment, out of every server log.
 */
function LinkPage({
  title,
  call,
  invalid,
}: {
  title: string;
  call: (token: string) => Promise<{ message: string }>;
  invalid: string;
}) {
  const run = useMutation({ mutationFn: call, retry: false });
  const { mutate } = run;
  useEffect(() => {
    const token = fragmentToken(window.location.hash);
    if (token) mutate(token);
  }, [mutate]);
  const noToken = run.isIdle && typeof window !== "undefined" && !fragmentToken(window.location.hash);
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <div className="mt-4">
        {run.isSuccess ? (
          <p role="status" className="rounded-lg bg-green-50 p-3 text-green-900">
            {run.data.message}
          </p>
        ) : run.isError || noToken ? (
          <FormAlert>{run.isError ? errorText(run.error) : invalid}</FormAlert>
        ) : (
          <p className="text-slate-600">One moment…</p>
        )}
      </div>
      <p className="mt-6">
        <Link to="/scouts" className="font-semibold text-brand-700 underline">
          Go to the scout area
        </Link>
      </p>
    </>
  );
}

export const ConfirmScoutEmail = () => (
  <LinkPage title="Confirm your e-mail address" call={confirmScoutEmail} invalid={SCOUT.emailLinkInvalid} />
);

export const UnsubscribeDigest = () => (
  <LinkPage title="Stop a weekly digest" call={unsubscribeDigest} invalid={SCOUT.unsubscribeInvalid} />
);
