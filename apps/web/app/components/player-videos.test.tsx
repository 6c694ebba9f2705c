import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PlayerVideos } from "./player-videos.tsx";

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
});
afterEach(() => vi.restoreAllMocks());

describe("PlayerVideos", () => {
  it("plays and pauses a video with its button", async () => {
    const user = userEvent.setup();
    render(<PlayerVideos sources={["/api/media/a1234567"]} />);
    const video = screen.getByLabelText("highlight video", { selector: "video" }) as HTMLVideoElement;
    await user.click(screen.getByRole("button", { name: "Play highlight video" }));
    expect(video.paused).toBe(false);
    await user.click(screen.getByRole("button", { name: "Pause highlight video" }));
    expect(video.paused).toBe(true);
    expect(screen.getByRole("button", { name: "Play highlight video" })).toBeInTheDocument();
  });

  it("starting one video pauses the other, whichever control started it", async () => {
    const user = userEvent.setup();
    render(
      <PlayerVideos sources={["/api/media/a1234567", "/api/media/b1234567"]} poster="/api/media/c1234567?w=640" />,
    );
    const [first, second] = screen.getAllByLabelText(/highlight video/, { selector: "video" }) as HTMLVideoElement[];
    await user.click(screen.getByRole("button", { name: "Play highlight video 1" }));
    expect(first!.paused).toBe(false);

    // The second one started from its own native controls.
    await second!.play();
    expect(second!.paused).toBe(false);
    expect(first!.paused).toBe(true);
    expect(screen.getByRole("button", { name: "Play highlight video 1" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Pause highlight video 2" })).toBeInTheDocument();
  });
});
