import { useEffect, useRef, useState } from "react";
import { VIDEO_PROCESSING, type VideoView } from "@touchline/contract/video";
import {
  browserConnection,
  chooseRendition,
  posterOf,
  readRememberedQuality,
  rememberQuality,
  renditionChoiceLabel,
} from "../lib/video-choice.ts";
import { VIDEO_CLASS } from "./plain-videos.ts";

/** A video as the pages have it: public pages get only ready ones, the player's own page all. */
export type PlayableVideo = Pick<VideoView, "url" | "durationSeconds" | "renditions" | "posters"> &
  Partial<Pick<VideoView, "status" | "progressPercent" | "failureMessage">>;

/**
 * The player's highlight videos, as every page shows them (public player page, the player's own
 * profile, the review console). A video plays one of its renditions, never the original, and
 * nothing is downloaded until play is pressed: the poster still stands in until then, so on a
 * metered connection the page costs only what the viewer chooses to watch. Starting one video
 * pauses every other on the page (the review console lists many profiles).
 */
export function PlayerVideos({ videos, poster }: { videos: PlayableVideo[]; poster?: string }) {
  return (
    <div className={`grid gap-4 ${videos.length > 1 ? "md:grid-cols-2" : ""}`}>
      {videos.map((video, index) => (
        <VideoItem
          key={video.url}
          video={video}
          fallbackPoster={poster}
          name={videos.length > 1 ? `Video ${index + 1}` : "Video"}
        />
      ))}
    </div>
  );
}

function VideoItem({ video, fallbackPoster, name }: { video: PlayableVideo; fallbackPoster?: string; name: string }) {
  const status = video.status ?? "ready";
  const label = `highlight ${name.toLowerCase()}`;
  const [choice, setChoice] = useState<string | null>(null);
  const [started, setStarted] = useState(false);
  const [playing, setPlaying] = useState(false);
  const element = useRef<HTMLVideoElement | null>(null);
  const resumeAt = useRef<{ time: number; play: boolean } | null>(null);

  // The default is chosen in the browser (connection, remembered pick), after hydration.
  useEffect(() => {
    setChoice(
      (current) =>
        current ?? chooseRendition(video.renditions, browserConnection(), readRememberedQuality())?.label ?? null,
    );
  }, [video.renditions]);

  // Pressing play mounts the <video> with its source; it starts as soon as it exists.
  useEffect(() => {
    if (started) void element.current?.play()?.catch(() => undefined);
  }, [started]);

  if (status === "processing") {
    const percent = video.progressPercent ?? null;
    return (
      <figure className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-slate-50 p-5" aria-live="polite">
        <p className="font-semibold text-slate-900">{VIDEO_PROCESSING.preparing(percent)}</p>
        <div
          role="progressbar"
          aria-label={`Preparing ${label}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent ?? undefined}
          className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
        >
          <div className="h-full bg-brand-700 transition-all" style={{ width: `${percent ?? 5}%` }} />
        </div>
        <figcaption className="text-sm text-slate-600">{VIDEO_PROCESSING.preparingNote}</figcaption>
      </figure>
    );
  }
  if (status === "failed") {
    return (
      <figure role="alert" className="rounded-xl border border-red-200 bg-red-50 p-5 text-red-800">
        <figcaption>{video.failureMessage}</figcaption>
      </figure>
    );
  }

  const rendition = video.renditions.find((r) => r.label === choice) ?? video.renditions[0];
  const poster = posterOf(video.posters) ?? fallbackPoster;

  const pauseOthers = () => {
    for (const other of Array.from(document.querySelectorAll("video")))
      if (other !== element.current && !other.paused) other.pause();
  };
  const start = () => {
    pauseOthers();
    setStarted(true);
  };
  const toggle = () => {
    const current = element.current;
    if (!started || !current) return start();
    if (current.paused) void current.play()?.catch(() => undefined);
    else current.pause();
  };
  const pick = (label: string) => {
    rememberQuality(label);
    const current = element.current;
    // Switching keeps the place in the video and whether it was playing.
    if (current && started) resumeAt.current = { time: current.currentTime, play: !current.paused };
    setChoice(label);
  };

  return (
    // The data- marks let the plain public player page's script do without React (plain-videos.ts).
    <figure className="flex flex-col gap-2" data-video="">
      {started && rendition ? (
        <video
          ref={element}
          src={rendition.url}
          poster={poster}
          controls
          playsInline
          aria-label={label}
          onPlay={() => {
            setPlaying(true);
            pauseOthers();
          }}
          onPause={() => setPlaying(false)}
          onEnded={() => setPlaying(false)}
          onLoadedMetadata={(event) => {
            const resume = resumeAt.current;
            if (!resume) return;
            resumeAt.current = null;
            event.currentTarget.currentTime = resume.time;
            if (resume.play) void event.currentTarget.play()?.catch(() => undefined);
          }}
          className={VIDEO_CLASS}
        />
      ) : (
        <button
          type="button"
          onClick={start}
          aria-label={`Play ${label}`}
          data-video-play=""
          data-url={rendition?.url}
          className="group relative aspect-video w-full overflow-hidden rounded-xl bg-black focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
        >
          {poster ? <img src={poster} alt="" loading="lazy" className="h-full w-full object-contain" /> : null}
          <span
            aria-hidden="true"
            className="absolute inset-0 m-auto flex h-16 w-16 items-center justify-center rounded-full bg-white/90 text-2xl text-brand-900 shadow-lg group-hover:bg-white"
          >
            ▶
          </span>
        </button>
      )}
      <figcaption className="flex flex-wrap items-center justify-between gap-3">
        <span className="text-sm font-medium text-slate-700">{name}</span>
        {/* Wraps on a narrow screen: the wider "Pause" once the video plays must not push the
            page sideways. */}
        <span className="ml-auto flex min-w-0 flex-wrap items-center justify-end gap-2">
          {video.renditions.length > 1 ? (
            <label className="flex items-center gap-1 text-sm text-slate-700">
              <span>{VIDEO_PROCESSING.qualityLabel}</span>
              <select
                value={rendition?.label ?? ""}
                onChange={(event) => pick(event.target.value)}
                aria-label={`${VIDEO_PROCESSING.qualityLabel} of ${label}`}
                className="min-h-11 rounded-lg border border-slate-300 bg-white px-2"
              >
                {video.renditions.map((r) => (
                  <option key={r.label} value={r.label} data-url={r.url}>
                    {renditionChoiceLabel(r)}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          {started ? (
            <button
              type="button"
              onClick={toggle}
              aria-label={`${playing ? "Pause" : "Play"} ${label}`}
              className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
            >
              <span aria-hidden="true">{playing ? "❚❚" : "▶"}</span>
              {playing ? "Pause" : "Play"}
            </button>
          ) : null}
        </span>
      </figcaption>
    </figure>
  );
}
