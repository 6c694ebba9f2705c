import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { DELETION_PROCESSING_DAYS } from "@touchline/contract/limits";
import { ACCOUNT_DELETION, REQUEST_FAILED } from "@touchline/contract/messages";
import { DELETION_CONFIRM_FRAGMENT } from "@touchline/contract/site";
import { Button, buttonClass } from "../../components/button.tsx";
import { ApiError } from "../../lib/api.ts";
import { errorText } from "../../lib/error-text.ts";
import { useApiMutation } from "../../lib/use-api-mutation.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { confirmDeletion } from "./site-api.ts";

const PREFIX = `#${DELETION_CONFIRM_FRAGMENT}=`;

/**
 * The token of the link e-mailed to confirm a deletion request (/delete#confirm=TOKEN), taken
 * once the page runs in the browser: the prerendered HTML never has it, because a fragment
 * never reaches a server. It is then taken off the address, so it stays in no history entry;
 * forget() returns to the request form.
 */
export function useDeletionConfirmToken(): { token: string | null; forget(): void } {
  const hydrated = useHydrated();
  const { hash } = useLocation();
  const navigate = useNavigate();
  const [token, setToken] = useState<string | null>(null);
  useEffect(() => {
    if (!hydrated || !hash.startsWith(PREFIX)) return;
    setToken(hash.slice(PREFIX.length));
    void navigate({ hash: "" }, { replace: true });
  }, [hydrated, hash, navigate]);
  return { token, forget: () => setToken(null) };
}

type State =
  | { step: "ask" }
  | { step: "sending" }
  | { step: "confirmed" }
  | { step: "invalid" }
  | { step: "failed"; message: string };

/**
 * What the link e-mailed to an account's address opens: one press confirms the request, after
 * which staff may carry it out. A button rather than the link itself, so that a mail scanner
 * opening every link cannot confirm anything.
 */
export function DeletionConfirmation({ token, onNewRequest }: { token: string; onNewRequest(): void }) {
  const [state, setState] = useState<State>({ step: "ask" });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const send = useApiMutation(confirmDeletion);
  useEffect(() => headingRef.current?.focus(), []);

  const confirm = async () => {
    setState({ step: "sending" });
    try {
      await send.mutateAsync(token);
      setState({ step: "confirmed" });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) return setState({ step: "invalid" });
      setState({ step: "failed", message: errorText(error, REQUEST_FAILED.serverError) });
    }
  };

  return (
    <section
      aria-labelledby="deletion-confirm-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
    >
      <h2
        id="deletion-confirm-heading"
        ref={headingRef}
        tabIndex={-1}
        className="text-xl font-bold text-slate-900 outline-none"
      >
        {ACCOUNT_DELETION.deletionConfirmTitle}
      </h2>
      <div role="status" aria-live="polite">
        {state.step === "confirmed" ? (
          <p className="mt-4 rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-brand-900">
            {ACCOUNT_DELETION.deletionConfirmed}
          </p>
        ) : null}
      </div>
      {state.step === "invalid" ? (
        <div className="mt-4 flex flex-col items-start gap-4">
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-red-800">
            {ACCOUNT_DELETION.deletionLinkInvalid}
          </p>
          <Button variant="secondary" onClick={onNewRequest}>
            Send a new request
          </Button>
        </div>
      ) : null}
      {state.step === "ask" || state.step === "sending" || state.step === "failed" ? (
        <div className="mt-4 flex flex-col gap-4">
          <p className="text-slate-700">
            You asked us to delete the Touchline account that uses your e-mail address. Press the button to confirm: we
            then delete your account, player profile, photos and videos within {DELETION_PROCESSING_DAYS} days and
            e-mail you when it is done. This cannot be undone.
          </p>
          {state.step === "failed" ? (
            <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
              {ACCOUNT_DELETION.deletionConfirmFailed} {state.message}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-3">
            <Button
              variant="danger"
              onClick={confirm}
              disabled={state.step === "sending"}
              aria-busy={state.step === "sending" || undefined}
            >
              {state.step === "sending" ? "Confirming…" : "Yes, delete my account"}
            </Button>
            {/* Not confirming is enough: the request lapses when the link expires. */}
            <a href="/home" className={buttonClass("secondary")}>
              No, keep my account
            </a>
          </div>
        </div>
      ) : null}
    </section>
  );
}
