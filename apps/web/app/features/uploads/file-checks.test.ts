import { afterEach, describe, expect, it, vi } from "vitest";
import { PROFILE_CHECKS, VIDEO_FILE } from "@touchline/contract/messages";
import { checkImageFile, checkVideoFile, readVideoDuration } from "./file-checks.ts";

/** A File that claims a size without allocating it. */
function fakeFile(name: string, type: string, size: number): File {
  const file = new File(["x"], name, { type });
  Object.defineProperty(file, "size", { value: size });
  return file;
}

describe("checkVideoFile", () => {
  it("refuses a file that is not a video", async () => {
    const read = vi.fn();
    expect(await checkVideoFile(fakeFile("cover.png", "image/png", 1000), read)).toEqual({
      ok: false,
      message: VIDEO_FILE.invalidType,
    });
    expect(read).not.toHaveBeenCalled();
  });

  it("refuses a video over 150MB without reading it", async () => {
    const read = vi.fn();
    expect(await checkVideoFile(fakeFile("match.mp4", "video/mp4", 150 * 1024 * 1024 + 1), read)).toEqual({
      ok: false,
      message: VIDEO_FILE.tooLarge,
    });
    expect(read).not.toHaveBeenCalled();
  });

  it("accepts exactly 150MB and 180 seconds", async () => {
    const result = await checkVideoFile(fakeFile("match.mp4", "video/mp4", 150 * 1024 * 1024), async () => 180);
    expect(result).toEqual({ ok: true, durationSeconds: 180 });
  });

  it("refuses a video longer than 3 minutes", async () => {
    expect(await checkVideoFile(fakeFile("match.mp4", "video/mp4", 5_000_000), async () => 180.5)).toEqual({
      ok: false,
      message: VIDEO_FILE.tooLong,
    });
  });

  it("says 'Error loading video' when the metadata cannot be read", async () => {
    expect(
      await checkVideoFile(fakeFile("match.mp4", "video/mp4", 5_000_000), () => Promise.reject(new Error("decode"))),
    ).toEqual({
      ok: false,
      message: VIDEO_FILE.metadataError,
    });
    expect(await checkVideoFile(fakeFile("match.mp4", "video/mp4", 5_000_000), async () => Number.NaN)).toEqual({
      ok: false,
      message: VIDEO_FILE.metadataError,
    });
  });
});

describe("readVideoDuration", () => {
  afterEach(() => vi.restoreAllMocks());

  function stubVideo(outcome: "metadata" | "error", duration = 42) {
    URL.createObjectURL = vi.fn(() => "blob:local");
    URL.revokeObjectURL = vi.fn();
    const real = document.createElement.bind(document);
    vi.spyOn(document, "createElement").mockImplementation((tag: string) => {
      const element = real(tag);
      if (tag === "video") {
        Object.defineProperty(element, "duration", { value: duration });
        vi.spyOn(element as HTMLVideoElement, "load").mockImplementation(() => {});
        // jsdom never loads media: fire the event a browser would once src is set.
        Object.defineProperty(element, "src", {
          set() {
            queueMicrotask(() => element.dispatchEvent(new Event(outcome === "metadata" ? "loadedmetadata" : "error")));
          },
          get: () => "blob:local",
        });
      }
      return element;
    });
  }

  it("resolves with the duration from the video metadata and releases the object URL", async () => {
    stubVideo("metadata", 42.5);
    await expect(readVideoDuration(fakeFile("a.mp4", "video/mp4", 10))).resolves.toBe(42.5);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith("blob:local");
  });

  it("rejects when the browser cannot read the metadata", async () => {
    stubVideo("error");
    await expect(readVideoDuration(fakeFile("a.mp4", "video/mp4", 10))).rejects.toThrow();
    expect(URL.revokeObjectURL).toHaveBeenCalled();
  });
});

describe("checkImageFile", () => {
  it("accepts JPEG, PNG and GIF up to 10MB", () => {
    for (const type of ["image/jpeg", "image/png", "image/gif"])
      expect(checkImageFile(fakeFile("c", type, 10 * 1024 * 1024))).toEqual({ ok: true });
  });

  it("refuses other types and larger files", () => {
    expect(checkImageFile(fakeFile("c.webp", "image/webp", 100))).toEqual({
      ok: false,
      message: PROFILE_CHECKS.imageInvalidType,
    });
    expect(checkImageFile(fakeFile("c.jpg", "image/jpeg", 10 * 1024 * 1024 + 1))).toEqual({
      ok: false,
      message: PROFILE_CHECKS.imageTooLarge,
    });
  });
});
