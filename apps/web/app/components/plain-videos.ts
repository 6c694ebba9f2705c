import { pickRenditionLabel, RENDITION_RULES, VIDEO_QUALITY_KEY, type RenditionRules } from "../lib/video-choice.ts";

interface PlainVideoOptions {
  rules: RenditionRules;
  qualityKey: string;
  /** The classes of the <video> PlayerVideos renders, so both look the same. */
  videoClass: string;
}

/**
 * PlayerVideos on a page served without React (the public player page): what its buttons do, as
 * plain DOM code sent as the text of an inline script (PLAIN_VIDEOS_SCRIPT), so it must stand
 * alone: no imports and nothing from this module's scope inside. It starts each video's quality
 * menu at the rendition pickRenditionLabel chooses for this connection; Play puts a <video> of
 * that rendition in the poster's place and starts it; a new quality keeps the place in the
 * video and whether it was playing, and is remembered; starting one video pauses the others.
 */
export function installPlainVideos(doc: Document, pick: typeof pickRenditionLabel, options: PlainVideoOptions): void {
  const flagged = doc as Document & { touchlinePlainVideos?: boolean };
  if (flagged.touchlinePlainVideos) return;
  flagged.touchlinePlainVideos = true;

  let remembered: string | null = null;
  try {
    remembered = doc.defaultView?.localStorage.getItem(options.qualityKey) ?? null;
  } catch {
    // Storage refused (privacy mode): the connection decides.
  }
  const nav = doc.defaultView?.navigator as (Navigator & { connection?: Parameters<typeof pick>[1] }) | undefined;
  const menuOf = (item: Element) => item.querySelector("select");
  const optionUrl = (item: Element, label: string) =>
    item.querySelector('option[value="' + label + '"]')?.getAttribute("data-url") ?? null;

  for (const item of Array.from(doc.querySelectorAll("[data-video]"))) {
    const menu = menuOf(item);
    if (!menu) continue;
    const labels = Array.from(menu.options).map((option) => option.value);
    const label = pick(labels, nav?.connection, remembered, options.rules);
    if (label) menu.value = label;
  }

  const start = (item: Element, button: Element) => {
    const menu = menuOf(item);
    // Without a menu (one rendition) the button names it.
    const src = (menu ? optionUrl(item, menu.value) : null) ?? button.getAttribute("data-url");
    if (!src) return;
    const video = doc.createElement("video");
    video.src = src;
    video.controls = true;
    video.playsInline = true;
    video.className = options.videoClass;
    video.setAttribute("aria-label", button.getAttribute("aria-label")!.replace(/^Play /, ""));
    const poster = button.querySelector("img")?.getAttribute("src");
    if (poster) video.poster = poster;
    button.replaceWith(video);
    void video.play()?.catch(() => undefined);
  };

  doc.addEventListener("click", (event) => {
    const target = event.target;
    if (!(target instanceof Element)) return;
    const button = target.closest("[data-video-play]");
    const item = button?.closest("[data-video]");
    if (button && item) start(item, button);
  });
  doc.addEventListener("change", (event) => {
    const menu = event.target;
    if (!(menu instanceof HTMLSelectElement)) return;
    const item = menu.closest("[data-video]");
    if (!item) return;
    try {
      doc.defaultView?.localStorage.setItem(options.qualityKey, menu.value);
    } catch {
      // Not remembered: only a convenience.
    }
    const video = item.querySelector("video");
    const url = optionUrl(item, menu.value);
    if (!video || !url) return;
    const time = video.currentTime;
    const playing = !video.paused;
    video.addEventListener(
      "loadedmetadata",
      () => {
        video.currentTime = time;
        if (playing) void video.play()?.catch(() => undefined);
      },
      { once: true },
    );
    video.src = url;
  });
  // `play` does not bubble: listen as it goes down.
  doc.addEventListener(
    "play",
    (event) => {
      for (const other of Array.from(doc.querySelectorAll("video")))
        if (other !== event.target && !other.paused) other.pause();
    },
    true,
  );
}

/** The classes of the <video> of PlayerVideos. */
export const VIDEO_CLASS = "aspect-video w-full rounded-xl bg-black object-contain";

/** The inline script of a plain page that shows PlayerVideos. */
export const PLAIN_VIDEOS_SCRIPT = `(${installPlainVideos.toString()})(document,${pickRenditionLabel.toString()},${JSON.stringify(
  { rules: RENDITION_RULES, qualityKey: VIDEO_QUALITY_KEY, videoClass: VIDEO_CLASS } satisfies PlainVideoOptions,
)});`;
