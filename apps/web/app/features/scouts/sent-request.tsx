import { Link } from "react-router";
import { REQUEST_STATE_TEXT, type ScoutSentRequest } from "@touchline/contract/scouts";
import { formatDate } from "../../lib/player-display.ts";
import { TrialDetails } from "./trial-details.tsx";
import { EmailContact, PhoneContact } from "./contact-links.tsx";

/**
 * One request as the scout who sent it sees it: what and when, the outcome and when it came,
 * the trial's details, and the player's contact once accepted. `withPlayer` names the player
 * (the scout area's list; the player's own page leaves it out).
 */
export function SentRequestSummary({
  request,
  withPlayer = false,
}: {
  request: ScoutSentRequest;
  withPlayer?: boolean;
}) {
  return (
    <>
      <p className="text-slate-900">
        <span className="font-semibold">{request.kind === "trial" ? "Trial invitation" : "Contact request"}</span>
        {withPlayer ? (
          <>
            {" "}
            to{" "}
            <Link
              to={`/scouts/players/${encodeURIComponent(request.player.username)}`}
              className="text-brand-700 underline"
            >
              {request.player.firstName} ({request.player.username})
            </Link>
          </>
        ) : null}{" "}
        · sent {formatDate(request.sentAt)} · <strong>{REQUEST_STATE_TEXT[request.state]}</strong>
        {request.answeredAt ? ` on ${formatDate(request.answeredAt)}` : ""}
      </p>
      {request.kind === "trial" ? (
        <TrialDetails request={request} summary={`Trial: ${request.player.firstName} (${request.player.username})`} />
      ) : null}
      <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{request.message}</p>
      <RequestContact request={request} />
    </>
  );
}

function RequestContact({ request }: { request: ScoutSentRequest }) {
  if (request.state === "declined") return <p className="text-sm text-slate-700">{request.outcome}</p>;
  if (!request.contact) return <p className="text-sm text-slate-600">Contact details appear here once accepted.</p>;
  const { contact } = request;
  return (
    <dl className="mt-2 grid gap-x-4 gap-y-1 rounded-lg bg-green-50 p-3 text-sm text-green-950 sm:grid-cols-[auto_1fr]">
      <dt className="font-semibold">Name</dt>
      <dd>{contact.name}</dd>
      <dt className="font-semibold">Phone</dt>
      <dd>
        <PhoneContact phoneNumber={contact.phoneNumber} name={contact.name} />
      </dd>
      <dt className="font-semibold">E-mail</dt>
      <dd>
        <EmailContact email={contact.email} />
      </dd>
      {contact.guardian ? (
        <>
          <dt className="font-semibold">Parent or guardian</dt>
          <dd>
            {contact.guardian.name}
            <PhoneContact phoneNumber={contact.guardian.phoneNumber} name={contact.guardian.name} />
          </dd>
        </>
      ) : null}
    </dl>
  );
}
