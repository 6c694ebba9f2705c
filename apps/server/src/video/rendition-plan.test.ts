import { describe, expect, it } from "vitest";
import { encoderThreads, outputFrameRate, planRenditions, publishingOrder } from "./rendition-plan.ts";

describe("planRenditions", () => {
  it("gives a 1080p landscape source every rung, keeping 16:9, 144p with mono sound", () => {
    expect(planRenditions({ width: 1920, height: 1080 })).toEqual([
      { label: "144p", width: 256, height: 144, videoKbps: 100, audioKbps: 32, audioChannels: 1 },
      { label: "240p", width: 426, height: 240, videoKbps: 300, audioKbps: 64, audioChannels: 2 },
      { label: "360p", width: 640, height: 360, videoKbps: 460, audioKbps: 64, audioChannels: 2 },
      { label: "720p", width: 1280, height: 720, videoKbps: 1800, audioKbps: 64, audioChannels: 2 },
    ]);
  });

  it("keeps a portrait source portrait", () => {
    expect(planRenditions({ width: 1080, height: 1920 }).map(({ width, height }) => [width, height])).toEqual([
      [144, 256],
      [240, 426],
      [360, 640],
      [720, 1280],
    ]);
  });

  it("never upscales: a 480p source stops at 360p", () => {
    expect(planRenditions({ width: 854, height: 480 }).map((r) => r.label)).toEqual(["144p", "240p", "360p"]);
  });

  it("gives a small source 144p and 240p at its own size, made even", () => {
    expect(
      planRenditions({ width: 321, height: 181 }).map(({ label, width, height }) => [label, width, height]),
    ).toEqual([
      ["144p", 256, 144],
      ["240p", 322, 182],
    ]);
  });

  it("gives a source no taller than 144 lines only 144p, at its own size", () => {
    expect(
      planRenditions({ width: 175, height: 143 }).map(({ label, width, height }) => [label, width, height]),
    ).toEqual([["144p", 176, 144]]);
  });

  it("caps the frame rate at 30 and rounds variable rates", () => {
    expect(outputFrameRate({ frameRate: 59.94 })).toBe(30);
    expect(outputFrameRate({ frameRate: 24.7 })).toBe(25);
  });

  it("shares the cores among the encoders by the pixels each one makes", () => {
    const ladder = planRenditions({ width: 1920, height: 1080 });
    expect(encoderThreads(ladder, 2)).toEqual([1, 1, 1, 2]);
    expect(encoderThreads(ladder, 8)).toEqual([1, 1, 2, 6]);
    expect(encoderThreads(planRenditions({ width: 320, height: 240 }), 2)).toEqual([1, 2]);
  });
});

describe("publishingOrder", () => {
  const labels = (plan: { label: string }[]) => plan.map((r) => r.label);

  it("publishes a video with its 2G rendition and its top, and adds those between after", () => {
    const full = publishingOrder(planRenditions({ width: 1920, height: 1080 }));
    expect(labels(full.first)).toEqual(["144p", "720p"]);
    expect(labels(full.later)).toEqual(["240p", "360p"]);
    const smaller = publishingOrder(planRenditions({ width: 854, height: 480 }));
    expect(labels(smaller.first)).toEqual(["144p", "360p"]);
    expect(labels(smaller.later)).toEqual(["240p"]);
  });

  it("publishes a video with no rung between its 2G rendition and its top with everything at once", () => {
    for (const size of [
      { width: 426, height: 240 },
      { width: 200, height: 120 },
    ]) {
      const order = publishingOrder(planRenditions(size));
      expect(labels(order.first)).toEqual(labels(planRenditions(size)));
      expect(order.later).toEqual([]);
    }
  });
});
