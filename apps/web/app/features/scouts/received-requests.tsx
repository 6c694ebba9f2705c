import { useState } from "react";
import { toast } from "../../lib/toast.ts";
import { REQUEST_STATE_TEXT, SCOUT, type PlayerReceivedRequest } from "@touchline/contract/scouts";
import { Button } from "../../components/button.tsx";
import { TextAreaField } from "../../components/field.tsx";
import { formatDate } from "../../lib/player-display.ts";
import { errorText } from "../../lib/error-text.ts";
import { ScoutBadge } from "./scout-badge.tsx";
import { TrialDetails } from "./trial-details.tsx";
import { EmailContact, PhoneContact } from "./contact-links.tsx";

const answerText = (answer: PlayerReceivedRequest["playerAnswer"] | "waiting" | null) =>
  answer === "accepted" ? "accepted" : answer === "declined" ? "declined" : "not answered yet";

export interface RequestActions {
  /** Who answers on this page: the player in their account, or the guardian from their link. */
  who: "player" | "guardian";
  answer(id: string, answer: "accept" | "decline"): Promise<{ message: string }>;
  block?(scoutId: string): Promise<{ message: string }>;
  report?(scoutId: string, reason: string): Promise<{ message: string }>;
}

/**
 * Requests from scouts as the player or the guardian sees them: who sent it (with the verified
 * badge), what it asks, both answers, and once accepted the scout's contact details.
 */
export function ReceivedRequests({
  requests,
  actions,
}: {
  requests: PlayerReceivedRequest[];
  actions: RequestActions;
}) {
  if (!requests.length)
    return <p className="text-sm text-slate-600">No requests from scouts yet. We text you when one arrives.</p>;
  return (
    <ul className="space-y-4">
      {requests.map((request) => (
        <RequestCard key={request.id} request={request} actions={actions} />
      ))}
    </ul>
  );
}

function RequestCard({ request, actions }: { request: PlayerReceivedRequest; actions: RequestActions }) {
  const [busy, setBusy] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [reason, setReason] = useState("");
  const mine = actions.who === "player" ? request.playerAnswer : request.guardianAnswer;
  const canAnswer = request.state === "open" && (mine === null || mine === "waiting") && !request.blocked;

  const run = async (call: () => Promise<{ message: string }>) => {
    setBusy(true);
    try {
      toast.success((await call()).message, { id: "requests" });
    } catch (failure) {
      toast.error(errorText(failure), { id: "requests" });
    } finally {
      setBusy(false);
    }
  };

  return (
    <li
      className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      aria-label={`Request from ${request.scout.organisation}`}
    >
      <ScoutBadge scout={request.scout} />
      <p className="mt-1 text-sm text-slate-700">
        {request.kind === "trial" ? "Trial invitation" : "Contact request"} · {formatDate(request.sentAt)} ·{" "}
        <strong>{REQUEST_STATE_TEXT[request.state]}</strong>
      </p>
      {request.kind === "trial" ? (
        <TrialDetails request={request} summary={`Trial with ${request.scout.organisation}`} />
      ) : null}
      <p className="mt-2 whitespace-pre-line text-slate-800">{request.message}</p>
      {request.guardianAnswer !== null ? (
        <p className="mt-2 text-sm text-slate-700">
          Player: {answerText(request.playerAnswer)} · Parent or guardian: {answerText(request.guardianAnswer)}
        </p>
      ) : null}
      {request.contact ? (
        <dl className="mt-3 grid gap-x-4 gap-y-1 rounded-lg bg-green-50 p-3 text-sm text-green-950 sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold">Scout</dt>
          <dd>
            {request.contact.name}, {request.contact.organisation}
          </dd>
          <dt className="font-semibold">Phone</dt>
          <dd>
            <PhoneContact phoneNumber={request.contact.phoneNumber} name={request.contact.name} />
          </dd>
          <dt className="font-semibold">E-mail</dt>
          <dd>
            <EmailContact email={request.contact.email} />
          </dd>
        </dl>
      ) : null}
      {canAnswer ? (
        <div className="mt-3 flex flex-wrap gap-3">
          <Button disabled={busy} onClick={() => void run(() => actions.answer(request.id, "accept"))}>
            Accept
          </Button>
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => void run(() => actions.answer(request.id, "decline"))}
          >
            Decline
          </Button>
        </div>
      ) : null}
      {actions.block && actions.report && !request.blocked ? (
        <div className="mt-3 flex flex-wrap gap-3 text-sm">
          <Button variant="ghost" disabled={busy} onClick={() => setReporting((open) => !open)}>
            Report this scout
          </Button>
          <Button variant="ghost" disabled={busy} onClick={() => void run(() => actions.block!(request.scout.id))}>
            Block this scout
          </Button>
        </div>
      ) : request.blocked ? (
        <p className="mt-2 text-sm text-slate-600">You blocked this scout.</p>
      ) : null}
      {reporting && actions.report ? (
        <form
          className="mt-3 space-y-2"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!reason.trim()) return void toast.error(SCOUT.reportReasonRequired, { id: "requests" });
            void run(() => actions.report!(request.scout.id, reason.trim())).then(() => setReporting(false));
          }}
        >
          <TextAreaField label="What happened?" value={reason} onChange={(event) => setReason(event.target.value)} />
          <Button type="submit" variant="danger" disabled={busy}>
            Send the report
          </Button>
        </form>
      ) : null}
    </li>
  );
}
