import { render } from "@testing-library/react";
import { describe, expect, it, onTestFinished } from "vitest";
import type { VideoRendition } from "@touchline/contract/video";
import { PLAIN_VIDEOS_SCRIPT } from "./plain-videos.ts";
import { PlayerVideos, type PlayableVideo } from "./player-videos.tsx";

const rendition = (id: string, label: VideoRendition["label"]): VideoRendition => ({
  label,
  width: 1,
  height: 1,
  bytes: 1_000_000,
  url: `/api/media/${id}/renditions/${label}`,
});
const video = (id: string, labels: VideoRendition["label"][]): PlayableVideo => ({
  url: `/api/media/${id}`,
  durationSeconds: 60,
  renditions: labels.map((label) => rendition(id, label)),
  posters: [{ format: "webp", width: 640, height: 360, url: `/api/media/${id}/poster?format=webp&w=640` }],
});

/**
 * The plain player page: PlayerVideos' markup with no React behind it and PLAIN_VIDEOS_SCRIPT,
 * run by the browser from the page's text. Run here in a fresh frame React never touched,
 * compiled in the frame's own realm, so anything the stringified functions borrowed from their
 * modules would fail.
 */
function plainPage(videos: PlayableVideo[], connection: object | undefined, remembered?: string) {
  const { container, unmount } = render(<PlayerVideos videos={videos} />);
  const markup = container.innerHTML;
  unmount();
  const frame = document.createElement("iframe");
  document.body.append(frame);
  onTestFinished(() => frame.remove());
  const doc = frame.contentDocument!;
  const win = frame.contentWindow as unknown as typeof globalThis & Window;
  Object.defineProperty(win.navigator, "connection", { value: connection, configurable: true });
  win.localStorage.clear();
  if (remembered) win.localStorage.setItem("touchline.video-quality", remembered);
  // jsdom plays nothing: play() resolves, as a browser's does once it starts.
  win.HTMLMediaElement.prototype.play = () => Promise.resolve();
  win.HTMLMediaElement.prototype.load = () => undefined;
  doc.body.innerHTML = markup;
  new win.Function(PLAIN_VIDEOS_SCRIPT)();
  const click = (element: Element) =>
    element.dispatchEvent(new win.MouseEvent("click", { bubbles: true, cancelable: true }));
  return { doc, win, click };
}

describe("PLAIN_VIDEOS_SCRIPT on its own", () => {
  it("starts the menu at 144p on 2G and plays that rendition in the poster's place", () => {
    const { doc, click } = plainPage([video("a1", ["144p", "240p", "360p", "720p"])], { effectiveType: "2g" });
    expect(doc.querySelector("select")!.value).toBe("144p");
    expect(doc.querySelector("video")).toBeNull();
    click(doc.querySelector('[aria-label="Play highlight video"] img')!);
    const element = doc.querySelector("video")!;
    expect(element.getAttribute("src")).toBe("/api/media/a1/renditions/144p");
    expect(element.getAttribute("aria-label")).toBe("highlight video");
    expect(element.getAttribute("poster")).toBe("/api/media/a1/poster?format=webp&w=640");
    expect(doc.querySelector('[aria-label="Play highlight video"]')).toBeNull();
  });

  it("starts a video made before 144p at its smallest on 2G, and 360p on a fast link", () => {
    expect(
      plainPage([video("b1", ["240p", "360p", "720p"])], { effectiveType: "2g" }).doc.querySelector("select")!.value,
    ).toBe("240p");
    expect(
      plainPage([video("b2", ["144p", "240p", "360p"])], { effectiveType: "4g" }).doc.querySelector("select")!.value,
    ).toBe("360p");
  });

  it("keeps the viewer's remembered pick, and remembers and switches to a new one where the video was", () => {
    const { doc, win, click } = plainPage([video("c1", ["144p", "240p", "360p"])], { effectiveType: "2g" }, "360p");
    const menu = doc.querySelector("select")!;
    expect(menu.value).toBe("360p");
    click(doc.querySelector('[aria-label="Play highlight video"]')!);
    const element = doc.querySelector("video")!;
    menu.value = "144p";
    menu.dispatchEvent(new win.Event("change", { bubbles: true }));
    expect(element.getAttribute("src")).toBe("/api/media/c1/renditions/144p");
    expect(win.localStorage.getItem("touchline.video-quality")).toBe("144p");
  });

  it("plays a video with one rendition, which has no menu", () => {
    const { doc, click } = plainPage([video("d1", ["144p"])], undefined);
    expect(doc.querySelector("select")).toBeNull();
    click(doc.querySelector('[aria-label="Play highlight video"]')!);
    expect(doc.querySelector("video")!.getAttribute("src")).toBe("/api/media/d1/renditions/144p");
  });
});
