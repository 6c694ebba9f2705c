import { afterEach, describe, expect, it, vi } from "vitest";

const store = new Map<string, unknown>();
let failWith: string | null = null;
vi.mock("idb-keyval", () => ({
  set: async (key: string, value: unknown) => {
    if (failWith) throw Object.assign(new Error(failWith), { name: failWith });
    store.set(key, value);
  },
  get: async (key: string) => store.get(key),
  del: async (key: string) => void store.delete(key),
}));
const { findKeptUpload, forgetKeptUpload, keepUpload } = await import("./kept-uploads.ts");

afterEach(() => {
  store.clear();
  failWith = null;
});

describe("videos kept on the phone while they are sent", () => {
  it("keeps a file until it is forgotten", async () => {
    const file = new File(["abc"], "goal.mp4", { type: "video/mp4", lastModified: 1 });
    expect(await keepUpload("touchline.upload.p1.video", file)).toBe("kept");
    expect(await findKeptUpload("touchline.upload.p1.video")).toBe(file);
    expect(await findKeptUpload("touchline.upload.p2.video")).toBeNull();
    await forgetKeptUpload("touchline.upload.p1.video");
    expect(await findKeptUpload("touchline.upload.p1.video")).toBeNull();
  });

  it("says when the phone's storage is too full, and when there is no storage at all", async () => {
    const file = new File(["abc"], "goal.mp4", { type: "video/mp4" });
    failWith = "QuotaExceededError";
    expect(await keepUpload("k", file)).toBe("no-room");
    failWith = "InvalidStateError";
    expect(await keepUpload("k", file)).toBe("unavailable");
  });
});
