import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import { toast } from "../../lib/toast.ts";
import {
  ORGANISATION_KIND_LABELS,
  SCOUT_STATE_TEXT,
  SCOUT_STATES,
  decisionsFrom,
  type ScoutAccountView,
  type ScoutDecision,
  type ScoutState,
} from "@touchline/contract/scouts";
import { ADMIN_CONSOLE } from "@touchline/contract/messages";
import { Button } from "../../components/button.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { TextAreaField } from "../../components/field.tsx";
import { formatDate } from "../../lib/player-display.ts";
import { errorText } from "../../lib/error-text.ts";
import { useApiMutation } from "../../lib/use-api-mutation.ts";
import { ADMIN_KEYS, useStaffAction } from "./staff-queries.ts";
import {
  decideScout as decide,
  fetchScoutReports as fetchReports,
  fetchScouts,
  markScoutReportHandled as handleReport,
} from "./admin-api.ts";

const REPORTS_KEY = ["admin-scout-reports"] as const;

/** How each decision looks; which ones a scout's state allows comes from the contract's table. */
const DECISION_LOOK: Record<ScoutDecision, { label: string; needsReason: boolean; danger?: boolean }> = {
  verify: { label: "Verify", needsReason: false },
  reject: { label: "Reject", needsReason: true, danger: true },
  suspend: { label: "Suspend", needsReason: true, danger: true },
  restore: { label: "Restore", needsReason: false },
};
const decisionsFor = (state: ScoutState) =>
  decisionsFrom(state).map((decision) => ({
    decision,
    ...DECISION_LOOK[decision],
    ...(state === "rejected" && decision === "verify" ? { label: "Verify after all" } : {}),
  }));

/**
 * /admin/scouts: staff check who a scout is (organisation, role, the link that proves it,
 * confirmed phone and e-mail) and verify or reject them; they can suspend one at once, and see
 * players' reports about scouts. Every decision goes to the audit log.
 */
export function ScoutReview() {
  // The standing shown is in the address, so the audit log can link to a scout's place here.
  const [params, setParams] = useSearchParams();
  const asked = params.get("state");
  const state: ScoutState = SCOUT_STATES.find((value) => value === asked) ?? "unverified";
  const setState = (value: ScoutState) => setParams(value === "unverified" ? {} : { state: value }, { replace: true });
  const scouts = useQuery({ queryKey: ["admin-scouts", state], queryFn: () => fetchScouts(state) });
  // A link to one scout (#scout-…, from the audit log) scrolls to their card once the list is in.
  const { hash } = useLocation();
  const loaded = scouts.data !== undefined;
  useEffect(() => {
    if (loaded && hash.startsWith("#scout-")) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [loaded, hash]);
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-6">
      <h1 className="text-2xl font-bold text-slate-900">Scouts</h1>
      <div role="tablist" aria-label="Scouts by standing" className="flex flex-wrap gap-2">
        {SCOUT_STATES.map((value) => (
          <button
            key={value}
            role="tab"
            type="button"
            aria-selected={state === value}
            onClick={() => setState(value)}
            className={`rounded-full px-4 py-2 text-sm font-semibold ${state === value ? "bg-brand-700 text-white" : "bg-white text-slate-800 ring-1 ring-slate-300"}`}
          >
            {SCOUT_STATE_TEXT[value]}
          </button>
        ))}
      </div>
      {scouts.isPending ? (
        <p className="text-slate-600">Loading…</p>
      ) : scouts.data?.items.length ? (
        <ul className="space-y-4">
          {scouts.data.items.map((scout) => (
            <ScoutCard key={scout.id} scout={scout} />
          ))}
        </ul>
      ) : (
        <p className="text-slate-600">No scouts here.</p>
      )}
      <Reports />
    </div>
  );
}

/** Who a scout is, in the words of the questions and answers about them. */
const nameOf = (scout: ScoutAccountView) => `${scout.firstName} ${scout.lastName}`.trim();

function ScoutCard({ scout }: { scout: ScoutAccountView }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string>();
  const decisions = decisionsFor(scout.state);
  const [asking, setAsking] = useState<(typeof decisions)[number] | null>(null);
  const mutation = useApiMutation(decide);
  const name = nameOf(scout);
  // Ask first: a decision e-mails the scout, and a suspension logs them out at once.
  const ask = (choice: (typeof decisions)[number]) => {
    setError(undefined);
    if (choice.needsReason && !reason.trim()) return setError(ADMIN_CONSOLE.scoutDecision.reasonMissing);
    setAsking(choice);
  };
  const act = async ({ decision, needsReason }: (typeof decisions)[number]) => {
    try {
      const { scout: decided } = await mutation.mutateAsync({
        id: scout.id,
        decision,
        reason: needsReason ? reason.trim() : "",
      });
      const words = ADMIN_CONSOLE.scoutDecision;
      toast.success(
        decision === "restore" ? words.restore.done(name, decided.state === "verified") : words[decision].done(name),
        { id: "scouts" },
      );
      setReason("");
      await queryClient.invalidateQueries({ queryKey: ["admin-scouts"] });
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setAsking(null);
    }
  };
  return (
    <li
      id={`scout-${scout.id}`}
      className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      aria-label={`${scout.firstName} ${scout.lastName}, ${scout.organisation}`}
    >
      <h2 className="text-lg font-bold text-slate-900">
        {scout.firstName} {scout.lastName} · {scout.organisation}
      </h2>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm text-slate-800 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">Kind and role</dt>
        <dd>
          {ORGANISATION_KIND_LABELS[scout.organisationKind]}, {scout.roleTitle}, {scout.country}
        </dd>
        <dt className="font-semibold">Proof</dt>
        <dd>
          <a
            href={scout.proofUrl}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="text-brand-700 underline"
          >
            {scout.proofUrl}
          </a>
        </dd>
        <dt className="font-semibold">Phone</dt>
        <dd>
          {scout.phoneNumber}{" "}
          {scout.phoneConfirmed
            ? "(confirmed)"
            : scout.phoneBySms
              ? "(not confirmed)"
              : "(not confirmed: no SMS to this country)"}
        </dd>
        <dt className="font-semibold">E-mail</dt>
        <dd>
          {scout.email} {scout.emailConfirmed ? "(confirmed)" : "(not confirmed)"}
        </dd>
        <dt className="font-semibold">Joined</dt>
        <dd>{formatDate(scout.joinedAt)}</dd>
        {scout.stateReason ? (
          <>
            <dt className="font-semibold">Reason given</dt>
            <dd>{scout.stateReason}</dd>
          </>
        ) : null}
      </dl>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {decisions.some((d) => d.needsReason) ? (
        <div className="mt-3">
          <TextAreaField
            label="Reason (the scout reads it)"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-3">
        {decisions.map((d) => (
          <Button
            key={d.decision}
            variant={d.danger ? "danger" : "primary"}
            disabled={mutation.isPending}
            onClick={() => ask(d)}
          >
            {d.label}
          </Button>
        ))}
      </div>
      <ConfirmDialog
        open={asking !== null}
        title={asking ? ADMIN_CONSOLE.scoutDecision[asking.decision].title(name, scout.organisation) : ""}
        confirmLabel={asking?.label ?? ""}
        busy={mutation.isPending}
        onConfirm={() => asking && void act(asking)}
        onCancel={() => setAsking(null)}
      >
        {asking ? (
          <>
            <p>{ADMIN_CONSOLE.scoutDecision[asking.decision].text(name)}</p>
            {asking.needsReason ? (
              <blockquote className="mt-2 border-l-4 border-slate-300 pl-3 whitespace-pre-line text-slate-900">
                {reason.trim()}
              </blockquote>
            ) : null}
          </>
        ) : null}
      </ConfirmDialog>
    </li>
  );
}

function Reports() {
  const reports = useQuery({ queryKey: REPORTS_KEY, queryFn: fetchReports });
  const [asking, setAsking] = useState<string | null>(null);
  const handled = useStaffAction({
    action: handleReport,
    invalidate: [REPORTS_KEY, ADMIN_KEYS.audit],
    success: () => ADMIN_CONSOLE.reportHandled,
  });
  if (!reports.data?.items.length) return null;
  return (
    <section aria-labelledby="scout-reports" className="space-y-3">
      <h2 id="scout-reports" className="text-xl font-bold text-slate-900">
        Reports from players
      </h2>
      <ul className="space-y-3">
        {reports.data.items.map((report) => (
          <li key={report.id} className="rounded-xl bg-amber-50 p-4 text-sm ring-1 ring-amber-200">
            <p>
              {formatDate(report.createdAt)} · player {report.playerUsername} · scout {report.scoutId}
            </p>
            <p className="mt-1 whitespace-pre-line text-slate-900">{report.reason}</p>
            <Button variant="secondary" className="mt-2" onClick={() => setAsking(report.id)}>
              Mark handled
            </Button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={asking !== null}
        title={ADMIN_CONSOLE.reportHandledConfirm.title}
        confirmLabel="Mark handled"
        busy={handled.isPending}
        onConfirm={() => asking && handled.mutate(asking, { onSettled: () => setAsking(null) })}
        onCancel={() => setAsking(null)}
      >
        <p>{ADMIN_CONSOLE.reportHandledConfirm.text}</p>
      </ConfirmDialog>
    </section>
  );
}
