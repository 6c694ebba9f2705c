import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { VIDEO_PROCESSING } from "@touchline/contract/video";
import type { VideoRendition } from "@touchline/contract/video";
import { PlayerVideos, type PlayableVideo } from "./player-videos.tsx";

// jsdom has no media playback: play() and pause() flip `paused` and fire the events a browser would.
beforeEach(() => {
  const paused = new WeakMap<HTMLMediaElement, boolean>();
  vi.spyOn(HTMLMediaElement.prototype, "paused", "get").mockImplementation(function (this: HTMLMediaElement) {
    return paused.get(this) ?? true;
  });
  vi.spyOn(HTMLMediaElement.prototype, "play").mockImplementation(async function (this: HTMLMediaElement) {
    paused.set(this, false);
    fireEvent.play(this);
  });
  vi.spyOn(HTMLMediaElement.prototype, "pause").mockImplementation(function (this: HTMLMediaElement) {
    paused.set(this, true);
    fireEvent.pause(this);
  });
  localStorage.clear();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const rendition = (id: string, label: VideoRendition["label"], bytes: number): VideoRendition => ({
  label,
  width: 1,
  height: 1,
  bytes,
  url: `/api/media/${id}/renditions/${label}`,
});
const video = (id: string, extra: Partial<PlayableVideo> = {}): PlayableVideo => ({
  url: `/api/media/${id}`,
  durationSeconds: 60,
  renditions: [rendition(id, "240p", 2_400_000), rendition(id, "360p", 4_800_000), rendition(id, "720p", 14_000_000)],
  posters: [{ format: "webp", width: 640, height: 360, url: `/api/media/${id}/poster?format=webp&w=640` }],
  ...extra,
});
const videoElements = () => screen.queryAllByLabelText(/highlight video/, { selector: "video" }) as HTMLVideoElement[];

describe("PlayerVideos", () => {
  it("loads nothing until play is pressed, then plays the 360p rendition, never the original", async () => {
    const user = userEvent.setup();
    render(<PlayerVideos videos={[video("a1")]} />);
    expect(videoElements()).toHaveLength(0);
    expect(screen.getByRole("button", { name: "Play highlight video" }).querySelector("img")).toHaveAttribute(
      "src",
      "/api/media/a1/poster?format=webp&w=640",
    );
    await user.click(screen.getByRole("button", { name: "Play highlight video" }));
    const [element] = videoElements();
    expect(element).toHaveAttribute("src", "/api/media/a1/renditions/360p");
    expect(element!.paused).toBe(false);
    await user.click(screen.getByRole("button", { name: "Pause highlight video" }));
    expect(element!.paused).toBe(true);
  });

  it("starts at 240p with data saver on", async () => {
    vi.stubGlobal("navigator", { ...navigator, connection: { saveData: true, effectiveType: "4g" } });
    const user = userEvent.setup();
    render(<PlayerVideos videos={[video("a1")]} />);
    await user.click(screen.getByRole("button", { name: "Play highlight video" }));
    expect(videoElements()[0]).toHaveAttribute("src", "/api/media/a1/renditions/240p");
  });

  it("lists each quality with its size, switches, and remembers the pick for the next video", async () => {
    const user = userEvent.setup();
    const { unmount } = render(<PlayerVideos videos={[video("a1")]} />);
    const menu = screen.getByRole("combobox", { name: "Quality of highlight video" });
    expect([...menu.querySelectorAll("option")].map((o) => o.textContent)).toEqual([
      "240p - 2.4 MB",
      "360p - 4.8 MB",
      "720p - 14 MB",
    ]);
    await user.click(screen.getByRole("button", { name: "Play highlight video" }));
    await user.selectOptions(menu, "720p");
    expect(videoElements()[0]).toHaveAttribute("src", "/api/media/a1/renditions/720p");
    unmount();

    render(<PlayerVideos videos={[video("b1")]} />);
    await user.click(screen.getByRole("button", { name: "Play highlight video" }));
    expect(videoElements()[0]).toHaveAttribute("src", "/api/media/b1/renditions/720p");
  });

  it("starting one video pauses the other, whichever control started it", async () => {
    const user = userEvent.setup();
    render(<PlayerVideos videos={[video("a1"), video("b1")]} />);
    await user.click(screen.getByRole("button", { name: "Play highlight video 1" }));
    await user.click(screen.getByRole("button", { name: "Play highlight video 2" }));
    const [first, second] = videoElements();
    expect(second!.paused).toBe(false);
    expect(first!.paused).toBe(true);
    // The first one resumed from its own native controls.
    await first!.play();
    expect(second!.paused).toBe(true);
  });

  it("shows a video being prepared with its progress, and one that failed with what to do", () => {
    render(
      <PlayerVideos
        videos={[
          video("a1", { status: "processing", progressPercent: 42, renditions: [], posters: [] }),
          video("b1", { status: "failed", failureMessage: VIDEO_PROCESSING.undecodable, renditions: [], posters: [] }),
        ]}
      />,
    );
    expect(screen.getByText("Preparing your video... 42%")).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: "Preparing highlight video 1" })).toHaveAttribute(
      "aria-valuenow",
      "42",
    );
    expect(screen.getByRole("alert")).toHaveTextContent(VIDEO_PROCESSING.undecodable);
    expect(videoElements()).toHaveLength(0);
  });
});
