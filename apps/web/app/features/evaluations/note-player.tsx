import { useEffect, useRef } from "react";
import type { EvaluationClipVideo } from "@touchline/contract/evaluations";
import { FormAlert } from "../../components/form-alert.tsx";
import { VIDEO_CLASS } from "../../components/plain-videos.ts";
import { browserConnection, chooseRendition, posterOf, readRememberedQuality } from "../../lib/video-choice.ts";

/** What a tapped note plays: the clip, and the second to start from. */
export interface Playing {
  clip: EvaluationClipVideo;
  second: number;
  label: string;
}

/** The clip a note points to, playing from the note's second. */
export default function NotePlayer({ playing }: { playing: Playing }) {
  const ref = useRef<HTMLVideoElement>(null);
  const rendition = chooseRendition(playing.clip.renditions, browserConnection(), readRememberedQuality());
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    const start = () => {
      video.currentTime = playing.second;
      void video.play().catch(() => undefined);
    };
    if (video.readyState >= 1) start();
    else video.addEventListener("loadedmetadata", start, { once: true });
    video.scrollIntoView?.({ block: "nearest" });
    return () => video.removeEventListener("loadedmetadata", start);
  }, [playing]);
  if (!rendition) return <FormAlert>This video is not ready to play.</FormAlert>;
  return (
    <figure className="mt-3">
      <video
        ref={ref}
        className={VIDEO_CLASS}
        src={rendition.url}
        poster={posterOf(playing.clip.posters)}
        controls
        playsInline
        preload="metadata"
        aria-label={`Playing ${playing.label}`}
      />
      <figcaption className="mt-1 text-sm text-slate-700">{playing.label}</figcaption>
    </figure>
  );
}
