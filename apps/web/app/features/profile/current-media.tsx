import { PROFILE_REVIEW } from "@touchline/contract/messages";
import { Button } from "../../components/button.tsx";
import { imageVariant } from "../../lib/player-display.ts";

interface CurrentMediaProps {
  kind: "image" | "video";
  /** The file's URL as the profile names it, e.g. /api/media/{id}. */
  url: string;
  /** What the file is, lower case, for the accessible name ("cover photo" -> "Current cover photo"). */
  label: string;
  /** Poster of a current video: the cover thumbnail the page shows anyway. */
  poster?: string;
  /** Optional fields only: take the file off the profile on resubmit. */
  onDrop?: () => void;
}

/**
 * A resubmitted profile's current file, above the picker that replaces it. The video is
 * loaded only if played (preload="none"): looking at the form costs the player no data.
 */
export function CurrentMedia({ kind, url, label, poster, onDrop }: CurrentMediaProps) {
  const name = `Current ${label}`;
  return (
    <figure className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3 sm:flex-row sm:items-start">
      {kind === "image" ? (
        <img
          src={imageVariant(url, 320)}
          alt={name}
          width={320}
          height={180}
          className="h-32 w-full rounded-md object-cover sm:w-48"
        />
      ) : (
        <video
          src={url}
          poster={poster}
          preload="none"
          controls
          playsInline
          aria-label={name}
          className="h-40 w-full rounded-md bg-black sm:w-64"
        />
      )}
      <figcaption className="flex flex-col gap-2 text-sm">
        <p className="font-medium text-slate-900">{kind === "image" ? "Current photo" : "Current video"}</p>
        <p className="text-slate-600">Kept unless you choose a new file below.</p>
        {onDrop ? (
          <div>
            <Button variant="secondary" onClick={onDrop}>
              Remove from profile
            </Button>
          </div>
        ) : null}
      </figcaption>
    </figure>
  );
}

/** The optional second video the player took off the profile: said plainly, with the way back. */
export function DroppedVideo({ onKeep }: { onKeep: () => void }) {
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3">
      <p role="status" className="flex-1 text-sm text-amber-900">
        {PROFILE_REVIEW.secondVideoDropped}
      </p>
      <Button variant="secondary" onClick={onKeep}>
        Keep this video
      </Button>
    </div>
  );
}
