import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useState, useTransition } from "react";
import { countOf } from "@touchline/contract/plural";
import { Button } from "../../components/button.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { errorText } from "../../lib/error-text.ts";
import { EvaluationCard } from "./evaluation-card.tsx";
import { fetchScoutEvaluations, scoutEvaluationsQuery } from "./evaluation-api.ts";

const FORM_UNAVAILABLE = "The form could not be loaded. Check your connection, then reload the page.";

/** The form's code and its schema, fetched once: on the first hover or focus of its button, or the click. */
const loadForm = () =>
  import("./evaluation-form.tsx").catch(() => ({
    // Offline, a form never loaded before says so instead of breaking the page.
    default: () => <FormAlert>{FORM_UNAVAILABLE}</FormAlert>,
  }));
const EvaluationForm = lazy(loadForm);

const sectionClass = "rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200";

/**
 * On a verified scout's page of a player: their own evaluation (written or changed here) and
 * those of other scouts and coaches that the player shows. The form loads when asked for.
 */
export function ScoutEvaluations({ username, firstName }: { username: string; firstName: string }) {
  const query = useQuery({
    queryKey: scoutEvaluationsQuery(username),
    queryFn: () => fetchScoutEvaluations(username),
  });
  const [open, setOpen] = useState(false);
  const [opening, startOpening] = useTransition();
  const preload = () => void loadForm();
  const data = query.data;
  const clipLabel = (id: string) => data?.clips.find((clip) => clip.id === id)?.label ?? "Video";

  return (
    <section aria-labelledby="evaluations-title" className={sectionClass}>
      <h2 id="evaluations-title" className="text-lg font-bold text-slate-900">
        Evaluations of {firstName}
      </h2>
      {query.isError ? <FormAlert>{errorText(query.error)}</FormAlert> : null}
      {!data ? (
        query.isPending ? (
          <p className="mt-1 text-sm text-slate-600">Loading…</p>
        ) : null
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-700">
            {firstName} reads your evaluation with your role and organisation, never your name or number. Keep contact
            details out: requests go through Touchline.
          </p>
          {data.own && !open ? (
            <div className="mt-3">
              <h3 className="sr-only">Your evaluation</h3>
              <EvaluationCard evaluation={data.own} clipLabel={clipLabel} />
            </div>
          ) : null}
          <Suspense fallback={null}>
            {open ? (
              <EvaluationForm
                username={username}
                firstName={firstName}
                own={data.own}
                clips={data.clips}
                onDone={() => setOpen(false)}
              />
            ) : (
              <Button
                variant="secondary"
                className="mt-3"
                disabled={opening}
                onPointerEnter={preload}
                onFocus={preload}
                onClick={() => startOpening(() => setOpen(true))}
              >
                {opening ? "Opening the form…" : data.own ? "Change your evaluation" : `Evaluate ${firstName}`}
              </Button>
            )}
          </Suspense>
          <h3 className="mt-5 font-semibold text-slate-900">
            {data.others.length
              ? `${countOf(data.others.length, "evaluation")} by other scouts and coaches`
              : "No other evaluations yet"}
          </h3>
          {data.others.length ? (
            <div className="mt-2 space-y-3">
              {data.others.map((evaluation) => (
                <EvaluationCard key={evaluation.id} evaluation={evaluation} clipLabel={clipLabel} />
              ))}
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
