import { mapSearchUrl, trialIcs } from "@touchline/contract/calendar";
import { formatDate } from "../../lib/player-display.ts";

/**
 * A trial's when and where, with the place's map search and an "Add to calendar" file, the same
 * for the scout, the player and the guardian. The file is made in the page (a data: link), so
 * the guardian's secret link never has to travel in a download URL. `summary` is the calendar
 * entry's title as this side reads it.
 */
export function TrialDetails({
  request,
  summary,
}: {
  request: {
    id: string;
    trialDate: string | null;
    trialTime: string | null;
    trialPlace: string | null;
    message: string;
    sentAt: string;
  };
  summary: string;
}) {
  const { trialDate: date, trialTime: time, trialPlace: place } = request;
  if (!date || !place) return null;
  const ics = time
    ? trialIcs({
        uid: `trial-${request.id}@touchline`,
        date,
        time,
        place,
        summary,
        description: request.message,
        stamp: new Date(request.sentAt),
      })
    : null;
  return (
    <div className="mt-2 space-y-1">
      <p className="font-semibold text-slate-900">
        Trial on {formatDate(date)}
        {time ? ` at ${time} (Lusaka time)` : ""}, {place}
      </p>
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <a
          href={mapSearchUrl(place)}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
        >
          Map of {place}
        </a>
        {ics ? (
          <a
            href={`data:text/calendar;charset=utf-8,${encodeURIComponent(ics)}`}
            download={`trial-${date}.ics`}
            className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
          >
            Add to calendar
          </a>
        ) : null}
      </p>
    </div>
  );
}
