import { describe, expect, it } from "vitest";
import type { VideoRendition } from "@touchline/contract/video";
import { chooseRendition, posterOf, renditionChoiceLabel } from "./video-choice.ts";

const r = (label: VideoRendition["label"], bytes = 1_000_000): VideoRendition => ({
  label,
  width: 1,
  height: 1,
  url: `/r/${label}`,
  bytes,
});
const all = [r("144p"), r("240p"), r("360p"), r("720p")];
/** A video made before 144p existed. */
const older = [r("240p"), r("360p"), r("720p")];

describe("chooseRendition", () => {
  it("starts at 360p on a fast connection, 240p with data saver or on 3G and 144p on 2G", () => {
    expect(chooseRendition(all, { effectiveType: "4g" }, null)?.label).toBe("360p");
    expect(chooseRendition(all, undefined, null)?.label).toBe("360p");
    expect(chooseRendition(all, { saveData: true, effectiveType: "4g" }, null)?.label).toBe("240p");
    expect(chooseRendition(all, { effectiveType: "3g" }, null)?.label).toBe("240p");
    expect(chooseRendition(all, { effectiveType: "2g" }, null)?.label).toBe("144p");
    expect(chooseRendition(all, { effectiveType: "slow-2g" }, null)?.label).toBe("144p");
    expect(chooseRendition(all, { saveData: true, effectiveType: "2g" }, null)?.label).toBe("144p");
  });

  it("starts at 144p on a link the browser calls 3G but measures under half a megabit", () => {
    expect(chooseRendition(all, { effectiveType: "3g", downlink: 0.25 }, null)?.label).toBe("144p");
    expect(chooseRendition(all, { effectiveType: "3g", downlink: 1.4 }, null)?.label).toBe("240p");
    expect(chooseRendition(all, { effectiveType: "4g", downlink: 0 }, null)?.label).toBe("360p");
  });

  it("starts a video made before 144p existed at its smallest on 2G", () => {
    expect(chooseRendition(older, { effectiveType: "2g" }, null)?.label).toBe("240p");
    expect(chooseRendition(older, { effectiveType: "slow-2g" }, "144p")?.label).toBe("240p");
  });

  it("keeps the viewer's own pick when the video has it", () => {
    expect(chooseRendition(all, { saveData: true }, "720p")?.label).toBe("720p");
    expect(chooseRendition([r("240p")], undefined, "720p")?.label).toBe("240p");
  });

  it("falls back to the nearest rendition a small video has", () => {
    expect(chooseRendition([r("240p")], undefined, null)?.label).toBe("240p");
    expect(chooseRendition([r("240p"), r("720p")], undefined, null)?.label).toBe("240p");
  });
});

describe("renditionChoiceLabel", () => {
  it("says what each choice costs", () => {
    expect(renditionChoiceLabel(r("240p", 6_800_000))).toBe("240p - 6.8 MB");
    expect(renditionChoiceLabel(r("720p", 41_400_000))).toBe("720p - 41 MB");
    expect(renditionChoiceLabel(r("240p", 300_000))).toBe("240p - under 1 MB");
  });
});

describe("posterOf", () => {
  it("prefers the widest WebP", () => {
    const poster = (format: "webp" | "jpeg", width: number) => ({ format, width, height: 1, url: `${format}${width}` });
    expect(posterOf([poster("jpeg", 640), poster("webp", 320), poster("webp", 640)])).toBe("webp640");
    expect(posterOf([poster("jpeg", 320)])).toBe("jpeg320");
    expect(posterOf([])).toBeUndefined();
  });
});
