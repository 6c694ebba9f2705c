import { act, render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { ToastHost } from "../../components/toast-host.tsx";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { MediaKind, UploadedMedia } from "@touchline/contract/media";
import { PROFILE_CHECKS, UPLOAD_TOASTS, VIDEO_FILE } from "@touchline/contract/messages";
import { UploadField } from "./upload-field.tsx";
import { useFileUpload } from "./use-file-upload.ts";
import type { OnSuccessPayload, UploadOptions } from "tus-js-client";
import { HttpResponse } from "msw";
import { mockApi, recordRequests } from "../../test/api-server.ts";
import { WithQueryClient } from "../../test/render.tsx";

const DELETE_MEDIA = "DELETE /api/media/:id";
const deleted = () => new Response(null, { status: 204 });

/** A stand-in for tus-js-client's Upload: records its options and lets a test drive it. */
const uploads: FakeUpload[] = [];
class FakeUpload {
  started = 0;
  aborted: boolean[] = [];
  resumedFrom: unknown = null;
  constructor(
    public file: File,
    public options: UploadOptions,
  ) {
    uploads.push(this);
  }
  findPreviousUploads = vi.fn(async () => previousUploads);
  resumeFromPreviousUpload(previous: unknown) {
    this.resumedFrom = previous;
  }
  start() {
    this.started++;
  }
  async abort(terminate: boolean) {
    this.aborted.push(terminate);
  }
  progress(sent: number, total: number) {
    act(() => this.options.onProgress!(sent, total));
  }
  succeed(media: UploadedMedia) {
    const lastResponse = { getBody: () => JSON.stringify(media), getStatus: () => 204 };
    act(() => this.options.onSuccess!({ lastResponse } as unknown as OnSuccessPayload));
  }
  fail(status: number | null, body = "") {
    const error = Object.assign(new Error("tus: failed"), {
      originalResponse: status === null ? null : { getStatus: () => status, getBody: () => body },
    });
    act(() => this.options.onError!(error));
  }
}
let previousUploads: unknown[] = [];

vi.mock("tus-js-client", () => ({ Upload: FakeUpload }));

const durations = vi.hoisted(() => ({ next: 12 as number | Error }));
vi.mock("./file-checks.ts", async (importOriginal) => {
  const real = await importOriginal<typeof import("./file-checks.ts")>();
  return {
    ...real,
    // jsdom cannot decode video: the metadata read is replaced, the rules stay real.
    checkVideoFile: (file: File) =>
      real.checkVideoFile(file, async () => {
        if (durations.next instanceof Error) throw durations.next;
        return durations.next;
      }),
  };
});

function Harness({
  kind,
  onUploaded,
  onCleared,
  current,
}: {
  kind: MediaKind;
  onUploaded: (m: UploadedMedia) => void;
  onCleared: () => void;
  current?: ReactNode;
}) {
  const upload = useFileUpload(kind, { onUploaded, onCleared });
  return (
    <>
      <UploadField label={kind === "image" ? "Cover photo" : "Highlight video"} upload={upload} current={current} />
      <button type="button" onClick={upload.reset}>
        reset
      </button>
    </>
  );
}

function setup(kind: MediaKind, current?: ReactNode) {
  const user = userEvent.setup();
  const onUploaded = vi.fn();
  const onCleared = vi.fn();
  render(
    <WithQueryClient>
      <Harness kind={kind} onUploaded={onUploaded} onCleared={onCleared} current={current} />
      <ToastHost />
    </WithQueryClient>,
  );
  return {
    user,
    onUploaded,
    onCleared,
    input: () =>
      screen.getByLabelText(kind === "image" ? "Cover photo" : "Highlight video", {
        selector: "input",
      }) as HTMLInputElement,
  };
}

const mp4 = (size = 4 * 1024 * 1024) => {
  const file = new File(["0"], "skills.mp4", { type: "video/mp4" });
  Object.defineProperty(file, "size", { value: size });
  return file;
};
const png = () => new File(["png-bytes"], "me.png", { type: "image/png" });
const videoMedia: UploadedMedia = {
  fileId: "vid_12345678",
  url: "/api/media/vid_12345678",
  kind: "video",
  contentType: "video/mp4",
  size: 4 * 1024 * 1024,
  durationSeconds: 12.2,
};
const imageMedia: UploadedMedia = {
  fileId: "img_12345678",
  url: "/api/media/img_12345678",
  kind: "image",
  contentType: "image/png",
  size: 9,
};

beforeEach(() => {
  uploads.length = 0;
  previousUploads = [];
  durations.next = 12;
  URL.createObjectURL = vi.fn(() => "blob:preview");
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  // sonner keeps its toasts in a module-level store; start every test with none.
  toast.dismiss();
});

async function waitForUpload() {
  await waitFor(() => expect(uploads).toHaveLength(1));
  return uploads[0]!;
}

/** A refused file is said twice: as the toast, and inline in the field to fix it by. */
async function expectRefused(message: string) {
  await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2));
  expect(screen.getByRole("alert")).toHaveTextContent(message);
}

describe("UploadField with a video", () => {
  it("goes idle -> uploading (percent and size) -> uploaded (preview, size, duration)", async () => {
    const f = setup("video");
    await f.user.upload(f.input(), mp4());
    const upload = await waitForUpload();

    expect(upload.options.endpoint).toBe("/api/uploads");
    expect(upload.options.chunkSize).toBe(5 * 1024 * 1024);
    expect(upload.options.metadata).toEqual({ kind: "video", filename: "skills.mp4", filetype: "video/mp4" });
    expect(upload.options.storeFingerprintForResuming).toBe(true);
    expect(upload.options.retryDelays?.length).toBeGreaterThan(0);
    expect(upload.started).toBe(1);

    upload.progress(1024 * 1024, 4 * 1024 * 1024);
    expect(screen.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "25");
    expect(screen.getByText("25% · 1 MB of 4 MB")).toBeInTheDocument();

    upload.succeed(videoMedia);
    expect(await screen.findByText(UPLOAD_TOASTS.videoUploaded)).toBeInTheDocument();
    expect(f.onUploaded).toHaveBeenCalledWith(videoMedia);
    const preview = screen.getByLabelText("Preview of skills.mp4");
    expect(preview.tagName).toBe("VIDEO");
    expect(preview).toHaveAttribute("preload", "metadata");
    expect(preview).toHaveAttribute("src", "blob:preview");
    expect(screen.getByText("4 MB · 12 seconds")).toBeInTheDocument();
    expect(screen.queryByRole("progressbar")).not.toBeInTheDocument();
  });

  it("resumes an upload the browser remembers for the same file", async () => {
    previousUploads = [{ uploadUrl: "/api/uploads/abc", metadata: { kind: "video" } }];
    const f = setup("video");
    await f.user.upload(f.input(), mp4());
    const upload = await waitForUpload();
    await waitFor(() => expect(upload.started).toBe(1));
    expect(upload.resumedFrom).toEqual(previousUploads[0]);
  });

  it("says what to do in words, and offers the phone's camera", () => {
    setup("video");
    expect(screen.getByText("Record or choose a video")).toBeInTheDocument();
    const camera = screen.getByText("Record with the camera").querySelector("input[type=file]");
    expect(camera).toHaveAttribute("capture", "environment");
    expect(camera).toHaveAttribute("accept", "video/*");
  });

  it("refuses a file over 150MB before uploading anything", async () => {
    const f = setup("video");
    await f.user.upload(f.input(), mp4(150 * 1024 * 1024 + 1));
    await expectRefused(VIDEO_FILE.tooLarge);
    expect(uploads).toHaveLength(0);
    expect(screen.queryByRole("button", { name: "Retry" })).not.toBeInTheDocument();
  });

  it("refuses a video longer than 3 minutes, and one whose metadata cannot be read", async () => {
    const f = setup("video");
    durations.next = 181;
    await f.user.upload(f.input(), mp4());
    await expectRefused(VIDEO_FILE.tooLong);
    durations.next = new Error("decode");
    await f.user.upload(f.input(), mp4());
    await expectRefused(VIDEO_FILE.metadataError);
    expect(uploads).toHaveLength(0);
  });

  it("refuses a file that is not a video", async () => {
    const f = setup("video");
    // The picker's accept filter is only a hint; a file can still arrive by other means.
    await userEvent.setup({ applyAccept: false }).upload(f.input(), png());
    await expectRefused(VIDEO_FILE.invalidType);
  });

  it("on a lost connection shows the inline message and a Retry that resumes the same upload", async () => {
    const f = setup("video");
    await f.user.upload(f.input(), mp4());
    const upload = await waitForUpload();
    upload.progress(2 * 1024 * 1024, 4 * 1024 * 1024);
    upload.fail(null);

    expect(await screen.findByText(UPLOAD_TOASTS.videoUploadFailed)).toBeInTheDocument();
    expect(screen.getByText(UPLOAD_TOASTS.videoUploadFailedInline)).toBeInTheDocument();
    await f.user.click(screen.getByRole("button", { name: "Retry" }));

    // Same Upload object started again: tus asks the server for its offset and continues.
    expect(uploads).toHaveLength(1);
    expect(upload.started).toBe(2);
    expect(screen.getByText("50% · 2 MB of 4 MB")).toBeInTheDocument();
    upload.succeed(videoMedia);
    expect(await screen.findByText("Uploaded")).toBeInTheDocument();
  });

  it("shows the server's refusal message, without Retry", async () => {
    const f = setup("video");
    await f.user.upload(f.input(), mp4());
    const upload = await waitForUpload();
    upload.fail(422, JSON.stringify({ message: VIDEO_FILE.tooLong }));
    expect(await screen.findByRole("alert")).toHaveTextContent(VIDEO_FILE.tooLong);
    expect(await screen.findByText(UPLOAD_TOASTS.videoUploadFailed)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Retry" })).not.toBeInTheDocument();
    expect(f.input()).toBeInTheDocument();
  });

  it("Remove deletes the stored video and clears the field", async () => {
    const api = mockApi({ [DELETE_MEDIA]: deleted });
    const f = setup("video");
    await f.user.upload(f.input(), mp4());
    (await waitForUpload()).succeed(videoMedia);
    await f.user.click(await screen.findByRole("button", { name: "Remove skills.mp4" }));

    expect(await screen.findByText(UPLOAD_TOASTS.videoDeleted)).toBeInTheDocument();
    expect(api.sent.map(({ method, url }) => `${method} ${url}`)).toEqual(["DELETE /api/media/vid_12345678"]);
    expect(f.onCleared).toHaveBeenCalledTimes(1);
    expect(f.input()).toBeInTheDocument();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith("blob:preview");
  });

  it("keeps the video when the server refuses to delete it, and says so", async () => {
    mockApi({ [DELETE_MEDIA]: () => new Response(JSON.stringify({ message: "Not found" }), { status: 404 }) });
    const f = setup("video");
    await f.user.upload(f.input(), mp4());
    (await waitForUpload()).succeed(videoMedia);
    await f.user.click(await screen.findByRole("button", { name: "Remove skills.mp4" }));
    expect(await screen.findByText(UPLOAD_TOASTS.videoDeleteFailed)).toBeInTheDocument();
    expect(screen.getByText("Uploaded")).toBeInTheDocument();
    expect(f.onCleared).not.toHaveBeenCalled();
  });

  it("says 'Failed to delete' when the connection is down", async () => {
    mockApi({ [DELETE_MEDIA]: () => HttpResponse.error() });
    const f = setup("video");
    await f.user.upload(f.input(), mp4());
    (await waitForUpload()).succeed(videoMedia);
    await f.user.click(await screen.findByRole("button", { name: "Remove skills.mp4" }));
    expect(await screen.findByText(UPLOAD_TOASTS.deleteFailed)).toBeInTheDocument();
  });

  it("Cancel during an upload stops it and asks the server to drop the partial file", async () => {
    const f = setup("video");
    await f.user.upload(f.input(), mp4());
    const upload = await waitForUpload();
    upload.progress(100, 4 * 1024 * 1024);
    await f.user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(upload.aborted).toEqual([true]);
    expect(f.input()).toBeInTheDocument();
    // A late event from the stopped upload changes nothing.
    upload.succeed(videoMedia);
    expect(f.onUploaded).not.toHaveBeenCalled();
    expect(screen.queryByText("Uploaded")).not.toBeInTheDocument();
  });

  it("reset forgets the file without deleting it", async () => {
    const started = recordRequests();
    const f = setup("video");
    await f.user.upload(f.input(), mp4());
    (await waitForUpload()).succeed(videoMedia);
    await f.user.click(screen.getByRole("button", { name: "reset" }));
    expect(f.input()).toBeInTheDocument();
    expect(started).toEqual([]);
  });
});

describe("UploadField with a current file (a profile being resubmitted)", () => {
  it("shows the current file above the picker until a new one is on its way, and again when it is removed or fails", async () => {
    mockApi({ [DELETE_MEDIA]: deleted });
    const f = setup("video", <p>current video here</p>);
    expect(screen.getByText("current video here")).toBeInTheDocument();
    expect(f.input()).toBeInTheDocument();

    await f.user.upload(f.input(), mp4());
    const upload = await waitForUpload();
    upload.progress(100, 4 * 1024 * 1024);
    expect(screen.queryByText("current video here")).not.toBeInTheDocument();
    upload.succeed(videoMedia);
    expect(await screen.findByText("Uploaded")).toBeInTheDocument();
    expect(screen.queryByText("current video here")).not.toBeInTheDocument();

    await f.user.click(screen.getByRole("button", { name: "Remove skills.mp4" }));
    expect(await screen.findByText("current video here")).toBeInTheDocument();

    await f.user.upload(f.input(), mp4());
    await waitFor(() => expect(uploads).toHaveLength(2));
    uploads[1]!.fail(null);
    expect(await screen.findByRole("button", { name: "Retry" })).toBeInTheDocument();
    expect(screen.getByText("current video here")).toBeInTheDocument();
  });
});

describe("UploadField with a cover photo", () => {
  it("uploads a PNG and shows its thumbnail", async () => {
    const f = setup("image");
    await f.user.upload(f.input(), png());
    const upload = await waitForUpload();
    expect(upload.options.metadata).toEqual({ kind: "image", filename: "me.png", filetype: "image/png" });
    upload.succeed(imageMedia);
    expect(await screen.findByText(UPLOAD_TOASTS.imageUploaded)).toBeInTheDocument();
    expect(screen.getByAltText("Preview of me.png")).toHaveAttribute("src", "blob:preview");
    expect(screen.getByText("0 KB")).toBeInTheDocument();
  });

  it("refuses a type other than JPEG, PNG or GIF", async () => {
    const f = setup("image");
    await userEvent.setup({ applyAccept: false }).upload(f.input(), new File(["x"], "me.webp", { type: "image/webp" }));
    await expectRefused(PROFILE_CHECKS.imageInvalidType);
    expect(uploads).toHaveLength(0);
  });

  it("shows 'Failed to upload image' when the upload fails", async () => {
    const f = setup("image");
    await f.user.upload(f.input(), png());
    (await waitForUpload()).fail(null);
    expect(await screen.findByRole("alert")).toHaveTextContent(UPLOAD_TOASTS.imageUploadFailed);
    await waitFor(() => expect(screen.getAllByText(UPLOAD_TOASTS.imageUploadFailed)).toHaveLength(2));
    expect(screen.getByRole("button", { name: "Retry" })).toBeInTheDocument();
  });

  it("Remove deletes the stored image with the published toasts", async () => {
    const api = mockApi({ [DELETE_MEDIA]: deleted });
    const f = setup("image");
    await f.user.upload(f.input(), png());
    (await waitForUpload()).succeed(imageMedia);
    await f.user.click(await screen.findByRole("button", { name: "Remove me.png" }));
    expect(await screen.findByText(UPLOAD_TOASTS.imageDeleted)).toBeInTheDocument();

    api.set(DELETE_MEDIA, () => new Response(JSON.stringify({ message: "x" }), { status: 500 }));
    await f.user.upload(f.input(), png());
    await waitFor(() => expect(uploads).toHaveLength(2));
    uploads[1]!.succeed(imageMedia);
    await f.user.click(await screen.findByRole("button", { name: "Remove me.png" }));
    expect(await screen.findByText(UPLOAD_TOASTS.imageDeleteFailed)).toBeInTheDocument();
  });
});
