import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { toast } from "sonner";
import { ToastHost } from "../../components/toast-host.tsx";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MEDIA, PROFILE_FORM, PROFILE_REVIEW } from "@touchline/contract/messages";
import type { PlayerInfoResponse } from "@touchline/contract/profile";
import type { UploadCallbacks } from "../uploads/tus-upload.ts";
import { AddContent } from "./add-content.tsx";
import { profileFixture } from "../../test/profile-fixture.ts";
import { mockApi, type ApiRoute } from "../../test/api-server.ts";
import { jsonResponse as json } from "../../test/render.tsx";

// Resubmission of a rejected or reopened profile on /player/add-content.

/** Uploads finish at once, with a file id made from the file's name. */
vi.mock("../uploads/tus-upload.ts", () => ({
  startUpload: async (file: File, kind: string, callbacks: UploadCallbacks) => {
    const id = `${kind}_${file.name.replace(/\W/g, "")}`.padEnd(10, "0");
    callbacks.onProgress(0, file.size);
    queueMicrotask(() =>
      callbacks.onSuccess({
        fileId: id,
        url: `/api/media/${id}`,
        kind: kind as "image" | "video",
        contentType: file.type,
        size: file.size,
      }),
    );
    return { resume: () => undefined, abort: async () => undefined };
  },
}));
vi.mock("../uploads/file-checks.ts", async (importOriginal) => {
  const real = await importOriginal<typeof import("../uploads/file-checks.ts")>();
  return { ...real, checkVideoFile: (file: File) => real.checkVideoFile(file, async () => 20) };
});

const PROFILE = "GET /api/Scouts/ScoutManagement/GetScoutById/:scoutId";
const CREATE = "POST /api/Scouts/ScoutManagement/CreateNewScout";

const rejected = () =>
  profileFixture({
    reviewStatus: "rejected",
    rejectionReason: "The video does not show you playing.",
    canResubmit: true,
  });

/**
 * A server that answers GetScoutById with `profile`, records every CreateNewScout body and
 * media DELETE, and after a successful resubmission answers with the pending profile.
 */
function fakeServer(
  profile: PlayerInfoResponse,
  createAnswer: () => Response = () => json(201, { scoutsInformationId: "info_1" }),
) {
  const created: Record<string, unknown>[] = [];
  const deleted: string[] = [];
  let current = profile;
  const routes: Record<string, ApiRoute> = {
    [PROFILE]: () => json(200, current),
    [CREATE]: ({ body }) => {
      created.push(body as Record<string, unknown>);
      const answer = createAnswer();
      if (answer.ok) current = profileFixture({ reviewStatus: "pending" });
      return answer;
    },
    "DELETE /api/media/:id": ({ url }) => {
      deleted.push(url.pathname);
      return new Response(null, { status: 204 });
    },
  };
  return { routes, created, deleted };
}

function setup(routes: Record<string, ApiRoute>) {
  const api = mockApi(routes);
  const client = new QueryClient({ defaultOptions: { queries: { retryDelay: 0 } } });
  const router = createMemoryRouter(
    [
      { path: "/player/add-content", element: <AddContent playerId="player_1" /> },
      { path: "/player/profile", element: <p>Profile page</p> },
    ],
    { initialEntries: ["/player/add-content"] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <ToastHost />
    </QueryClientProvider>,
  );
  return { api, router, user: userEvent.setup() };
}

const field = (label: string) => screen.getByLabelText(label, { selector: "input,select,textarea" });
const group = (label: string) => within(screen.getByRole("group", { name: label }));
const resubmitButton = () => screen.getByRole("button", { name: "Resubmit for review" });

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => "blob:preview");
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  toast.dismiss();
});

describe("AddContent for a profile that may be resubmitted", () => {
  it("opens the form prefilled with the profile, the reviewer's reason on top", async () => {
    setup(fakeServer(rejected()).routes);
    expect(await screen.findByRole("heading", { name: "Submit your info" })).toBeInTheDocument();
    const banner = within(screen.getByRole("alert"));
    expect(banner.getByText(PROFILE_REVIEW.profileRejectedTitle)).toBeInTheDocument();
    expect(banner.getByText("The video does not show you playing.")).toBeInTheDocument();
    expect(banner.getByText(PROFILE_REVIEW.resubmitAfterRejection)).toBeInTheDocument();

    expect(field("Position")).toHaveValue("striker");
    expect(field("Secondary position (optional)")).toHaveValue("left-winger");
    expect(field("Preferred foot")).toHaveValue("both");
    expect(field("Current fitness status")).toHaveValue("recovering");
    expect(field("Height (cm)")).toHaveValue(178);
    expect(field("Weight (kg)")).toHaveValue(70);
    expect(field("About yourself")).toHaveValue("Fast striker from Kitwe.");
    expect(field("Province")).toHaveValue("copperbelt");
    expect(field("Town")).toHaveValue("Kitwe");

    // The current files: a small cover thumbnail, and videos that download nothing until played.
    expect(group("Cover photo").getByRole("img", { name: "Current cover photo" })).toHaveAttribute(
      "src",
      "/api/media/cover1234?w=320",
    );
    const video = group("Highlight video").getByLabelText("Current highlight video");
    expect(video).toHaveAttribute("src", "/api/media/video1234");
    expect(video).toHaveAttribute("preload", "none");
    expect(group("Highlight video").getByText("Current video")).toBeInTheDocument();
    expect(group("Second highlight video (optional)").getByLabelText("Current second highlight video")).toHaveAttribute(
      "src",
      "/api/media/video5678",
    );

    expect(resubmitButton()).toBeEnabled();
    expect(screen.queryByRole("button", { name: "Submit" })).not.toBeInTheDocument();
    expect(screen.queryByText(PROFILE_FORM.alreadyExistsTitle)).not.toBeInTheDocument();
  });

  it("says when the reviewer gave no reason", async () => {
    setup(fakeServer(profileFixture({ reviewStatus: "rejected", rejectionReason: null, canResubmit: true })).routes);
    expect(
      await within(await screen.findByRole("alert")).findByText(PROFILE_REVIEW.profileRejectedNoReason),
    ).toBeInTheDocument();
  });

  it("a profile reopened by staff says new videos are allowed, and that the video expired", async () => {
    setup(
      fakeServer(
        profileFixture(
          { reviewStatus: "approved", isVideoApproved: true, canResubmit: true },
          { isVideoExpired: true, daysUntilExpiration: 0 },
        ),
      ).routes,
    );
    const banner = within(await screen.findByRole("region", { name: PROFILE_REVIEW.profileReopenedTitle }));
    expect(banner.getByText(PROFILE_REVIEW.profileReopenedExpired)).toBeInTheDocument();
    expect(resubmitButton()).toBeInTheDocument();
  });

  it("a reopened profile whose video has not expired gets the plain sentence", async () => {
    setup(fakeServer(profileFixture({ reviewStatus: "pending", canResubmit: true })).routes);
    const banner = within(await screen.findByRole("region", { name: PROFILE_REVIEW.profileReopenedTitle }));
    expect(banner.getByText(PROFILE_REVIEW.profileReopened)).toBeInTheDocument();
    expect(screen.queryByText(PROFILE_REVIEW.profileReopenedExpired)).not.toBeInTheDocument();
  });

  it("replacing a file hides the current one; removing the new upload deletes only it and brings the current one back", async () => {
    const server = fakeServer(rejected());
    const { user } = setup(server.routes);
    await screen.findByRole("heading", { name: "Submit your info" });

    await user.upload(field("Cover photo"), new File(["img"], "new.png", { type: "image/png" }));
    expect(await group("Cover photo").findByText("Uploaded")).toBeInTheDocument();
    expect(group("Cover photo").getByRole("img", { name: "Preview of new.png" })).toBeInTheDocument();
    expect(group("Cover photo").queryByRole("img", { name: "Current cover photo" })).not.toBeInTheDocument();

    await user.click(group("Cover photo").getByRole("button", { name: "Remove new.png" }));
    expect(await group("Cover photo").findByRole("img", { name: "Current cover photo" })).toHaveAttribute(
      "src",
      "/api/media/cover1234?w=320",
    );
    expect(server.deleted).toEqual(["/api/media/image_newpng"]);

    await user.click(resubmitButton());
    await waitFor(() => expect(server.created).toHaveLength(1));
    expect(server.created[0]).toMatchObject({ coverPhotoPath: "/api/media/cover1234" });
  });

  it("resubmits the current URLs of untouched files, the new URL of a replaced one and the changed details", async () => {
    const server = fakeServer(rejected());
    const { user, router, api } = setup(server.routes);
    await screen.findByRole("heading", { name: "Submit your info" });

    await user.upload(field("Highlight video"), new File(["vid"], "better.mp4", { type: "video/mp4" }));
    expect(await group("Highlight video").findByText("Uploaded")).toBeInTheDocument();
    await user.clear(field("Height (cm)"));
    await user.type(field("Height (cm)"), "180");
    await user.click(resubmitButton());

    await waitFor(() => expect(router.state.location.pathname).toBe("/player/profile"));
    expect(await screen.findByText(PROFILE_FORM.submitted)).toBeInTheDocument();
    expect(server.created).toHaveLength(1);
    expect(server.created[0]).toMatchObject({
      scoutId: "player_1",
      coverPhotoPath: "/api/media/cover1234",
      videoPath: "/api/media/video_bettermp4",
      videoPathTwo: "/api/media/video5678",
      position: "striker",
      secondaryPosition: "left-winger",
      preferredFoot: "both",
      heightInCm: 180,
      weightInKg: 70,
      currentFitnessStatus: "recovering",
      province: "copperbelt",
      town: "Kitwe",
      aboutYourself: "Fast striker from Kitwe.",
    });
    // Nothing was deleted, and the profile was read again after the resubmission.
    expect(server.deleted).toEqual([]);
    expect(api.calls(PROFILE)).toHaveLength(2);
  });

  it("takes the optional second video off the profile, and can keep it after all", async () => {
    const server = fakeServer(rejected());
    const { user } = setup(server.routes);
    await screen.findByRole("heading", { name: "Submit your info" });

    // The cover and the first video are required: they can be replaced, not removed.
    expect(screen.getAllByRole("button", { name: "Remove from profile" })).toHaveLength(1);
    await user.click(group("Second highlight video (optional)").getByRole("button", { name: "Remove from profile" }));
    expect(group("Second highlight video (optional)").getByText(PROFILE_REVIEW.secondVideoDropped)).toBeInTheDocument();
    expect(screen.queryByLabelText("Current second highlight video")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Keep this video" }));
    expect(screen.getByLabelText("Current second highlight video")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Remove from profile" }));
    await user.click(resubmitButton());
    await waitFor(() => expect(server.created).toHaveLength(1));
    expect(server.created[0]).toMatchObject({
      coverPhotoPath: "/api/media/cover1234",
      videoPath: "/api/media/video1234",
      videoPathTwo: null,
    });
    // The file itself is left to the server (it becomes unused), never deleted from here.
    expect(server.deleted).toEqual([]);
  });

  it("a new second video uploaded after taking the old one off goes back to none when removed", async () => {
    const server = fakeServer(rejected());
    const { user } = setup(server.routes);
    await screen.findByRole("heading", { name: "Submit your info" });
    await user.click(screen.getByRole("button", { name: "Remove from profile" }));
    await user.upload(
      field("Second highlight video (optional)"),
      new File(["vid"], "extra.mp4", { type: "video/mp4" }),
    );
    await user.click(
      await group("Second highlight video (optional)").findByRole("button", { name: "Remove extra.mp4" }),
    );
    expect(await screen.findByText(PROFILE_REVIEW.secondVideoDropped)).toBeInTheDocument();
    await user.click(resubmitButton());
    await waitFor(() => expect(server.created).toHaveLength(1));
    expect(server.created[0]).toMatchObject({ videoPathTwo: null });
    expect(server.deleted).toEqual(["/api/media/video_extramp4"]);
  });

  it("a profile with one video offers an empty picker for the second", async () => {
    setup(
      fakeServer(
        profileFixture({
          reviewStatus: "rejected",
          rejectionReason: "Too dark",
          videoPathTwo: null,
          secondaryPosition: null,
          canResubmit: true,
        }),
      ).routes,
    );
    await screen.findByRole("heading", { name: "Submit your info" });
    expect(field("Second highlight video (optional)")).toHaveAttribute("type", "file");
    expect(screen.queryByLabelText("Current second highlight video")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Remove from profile" })).not.toBeInTheDocument();
    expect(field("Secondary position (optional)")).toHaveValue("");
  });

  it("when a reviewer locked the profile meanwhile, shows the server's message and then 'already exists'", async () => {
    // The reviewer approved the profile after the form opened: the server refuses with 409.
    let profile = rejected();
    const { user, router } = setup({
      [CREATE]: () => {
        profile = profileFixture({ reviewStatus: "approved", isVideoApproved: true });
        return json(409, { message: MEDIA.profileExists });
      },
      [PROFILE]: () => json(200, profile),
    });
    await screen.findByRole("heading", { name: "Submit your info" });
    await user.click(resubmitButton());
    expect(await screen.findByText(MEDIA.profileExists)).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: PROFILE_FORM.alreadyExistsTitle })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/player/add-content");
  });
});

describe("AddContent for a locked profile", () => {
  it.each([
    ["pending", profileFixture()],
    ["approved", profileFixture({ reviewStatus: "approved", isVideoApproved: true })],
    [
      "expired but not reopened",
      profileFixture(
        { reviewStatus: "approved", isVideoApproved: true },
        { isVideoExpired: true, daysUntilExpiration: 0 },
      ),
    ],
  ])("%s: still 'Player Profile Already Exists', no form", async (_, profile) => {
    setup(fakeServer(profile).routes);
    expect(await screen.findByRole("heading", { name: PROFILE_FORM.alreadyExistsTitle })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Resubmit for review" })).not.toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Submit your info" })).not.toBeInTheDocument();
  });
});
