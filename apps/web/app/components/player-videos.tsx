import { useCallback, useRef, useState } from "react";

/**
 * The player's highlight videos. Nothing is downloaded until a video is played
 * (preload="none", the cover photo as poster): on a metered connection the page costs only
 * what the player chooses to watch. Starting one video pauses the other.
 */
export function PlayerVideos({ sources, poster }: { sources: string[]; poster?: string }) {
  const videos = useRef<(HTMLVideoElement | null)[]>([]);
  const [playing, setPlaying] = useState<number | null>(null);

  const onPlay = useCallback((index: number) => {
    videos.current.forEach((video, i) => {
      if (i !== index && video && !video.paused) video.pause();
    });
    setPlaying(index);
  }, []);

  const toggle = (index: number) => {
    const video = videos.current[index];
    if (!video) return;
    if (video.paused) void video.play().catch(() => undefined);
    else video.pause();
  };

  return (
    <div className={`grid gap-4 ${sources.length > 1 ? "md:grid-cols-2" : ""}`}>
      {sources.map((src, index) => {
        const label = sources.length > 1 ? `highlight video ${index + 1}` : "highlight video";
        const isPlaying = playing === index;
        return (
          <figure key={src} className="flex flex-col gap-2">
            <video
              ref={(element) => {
                videos.current[index] = element;
              }}
              src={src}
              poster={poster}
              preload="none"
              controls
              playsInline
              aria-label={label}
              onPlay={() => onPlay(index)}
              onPause={() => setPlaying((current) => (current === index ? null : current))}
              onEnded={() => setPlaying((current) => (current === index ? null : current))}
              className="aspect-video w-full rounded-xl bg-black object-contain"
            />
            <figcaption className="flex items-center justify-between gap-3">
              <span className="text-sm font-medium text-slate-700">
                {sources.length > 1 ? `Video ${index + 1}` : "Video"}
              </span>
              <button
                type="button"
                onClick={() => toggle(index)}
                aria-label={`${isPlaying ? "Pause" : "Play"} ${label}`}
                className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
              >
                <span aria-hidden="true">{isPlaying ? "❚❚" : "▶"}</span>
                {isPlaying ? "Pause" : "Play"}
              </button>
            </figcaption>
          </figure>
        );
      })}
    </div>
  );
}
