import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { toast } from "sonner";
import { ToastHost } from "../../components/toast-host.tsx";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PROFILE_CHECKS, PROFILE_FORM, PROFILE_REVIEW } from "@touchline/contract/messages";
import type { UploadCallbacks } from "../uploads/tus-upload.ts";
import { AddContent } from "./add-content.tsx";
import { profileFixture } from "../../test/profile-fixture.ts";
import { mockApi, type ApiRoute } from "../../test/api-server.ts";
import { jsonResponse as json } from "../../test/render.tsx";
import { PROFILE_APPROVED_LIVE, RENEWAL, expiredHelpText } from "@touchline/contract/profile-messages";

/** Uploads finish when the test says so; until then they report progress only. */
const pending: { file: File; callbacks: UploadCallbacks }[] = [];
const autoFinish = { on: true };
vi.mock("../uploads/tus-upload.ts", () => ({
  startUpload: async (file: File, kind: string, callbacks: UploadCallbacks) => {
    const id = `${kind}_${file.name.replace(/\W/g, "")}`.padEnd(10, "0");
    const finish = () =>
      callbacks.onSuccess({
        fileId: id,
        url: `/api/media/${id}`,
        kind: kind as "image" | "video",
        contentType: file.type,
        size: file.size,
      });
    callbacks.onProgress(0, file.size);
    if (autoFinish.on) queueMicrotask(finish);
    else pending.push({ file, callbacks });
    return { resume: () => undefined, abort: async () => undefined };
  },
}));
vi.mock("../uploads/file-checks.ts", async (importOriginal) => {
  const real = await importOriginal<typeof import("../uploads/file-checks.ts")>();
  return { ...real, checkVideoFile: (file: File) => real.checkVideoFile(file, async () => 20) };
});

const PROFILE = "GET /api/Scouts/ScoutManagement/GetScoutById/:scoutId";
const CREATE = "POST /api/Scouts/ScoutManagement/CreateNewScout";

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
  const { unmount } = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <ToastHost />
    </QueryClientProvider>,
  );
  return { api, router, unmount, user: userEvent.setup() };
}

/** No profile yet; a submit is declared (and recorded) so tests can check none was sent. */
const noProfile = {
  [PROFILE]: () => json(404, { message: "No profile" }),
  [CREATE]: () => json(500, { message: "A submit was not expected" }),
};

const field = (label: string) => screen.getByLabelText(label, { selector: "input,select,textarea" });
const optionValues = (select: HTMLElement) => Array.from((select as HTMLSelectElement).options).map((o) => o.value);

beforeEach(() => {
  pending.length = 0;
  autoFinish.on = true;
  URL.createObjectURL = vi.fn(() => "blob:preview");
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  toast.dismiss();
});

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.upload(field("Cover photo"), new File(["img"], "me.png", { type: "image/png" }));
  await user.upload(field("Highlight video"), new File(["vid"], "skills.mp4", { type: "video/mp4" }));
  await user.selectOptions(field("Position"), "striker");
  await user.selectOptions(field("Secondary position (optional)"), "left-winger");
  await user.selectOptions(field("Preferred foot"), "both");
  await user.selectOptions(field("Current fitness status"), "good");
  await user.type(field("Height (cm)"), "178");
  await user.type(field("Weight (kg)"), "70");
  await user.selectOptions(field("Province"), "copperbelt");
  await user.type(field("Town"), "Kitwe");
  await user.type(field("About yourself"), "Fast striker");
  await screen.findAllByText("Uploaded");
}

describe("AddContent form", () => {
  it("shows every required-field message and sends nothing", async () => {
    const { user, api } = setup(noProfile);
    await screen.findByRole("heading", { name: "Submit your info" });
    await user.click(screen.getByRole("button", { name: "Submit" }));
    for (const message of [
      PROFILE_FORM.imageRequired,
      PROFILE_FORM.videoRequired,
      PROFILE_FORM.positionRequired,
      PROFILE_FORM.footRequired,
      PROFILE_FORM.fitnessRequired,
      PROFILE_CHECKS.heightRequired,
      PROFILE_CHECKS.weightRequired,
      PROFILE_CHECKS.provinceRequired,
      PROFILE_CHECKS.townRequired,
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(api.calls(CREATE)).toHaveLength(0);
  });

  it("checks height and weight bounds with the published messages", async () => {
    const { user } = setup(noProfile);
    await screen.findByRole("heading", { name: "Submit your info" });
    await user.type(field("Height (cm)"), "99");
    await user.type(field("Weight (kg)"), "29");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByText(PROFILE_FORM.heightMin)).toBeInTheDocument();
    expect(screen.getByText(PROFILE_FORM.weightMin)).toBeInTheDocument();

    await user.clear(field("Height (cm)"));
    await user.type(field("Height (cm)"), "251");
    await user.clear(field("Weight (kg)"));
    await user.type(field("Weight (kg)"), "151");
    expect(await screen.findByText(PROFILE_FORM.heightMax)).toBeInTheDocument();
    expect(screen.getByText(PROFILE_FORM.weightMax)).toBeInTheDocument();
  });

  it("offers every position except the main one as secondary", async () => {
    const { user } = setup(noProfile);
    await screen.findByRole("heading", { name: "Submit your info" });
    expect(optionValues(field("Secondary position (optional)"))).toContain("striker");
    await user.selectOptions(field("Secondary position (optional)"), "striker");
    await user.selectOptions(field("Position"), "striker");
    const secondary = field("Secondary position (optional)") as HTMLSelectElement;
    expect(optionValues(secondary)).not.toContain("striker");
    expect(optionValues(secondary)).toHaveLength(10); // "None" and the nine others
    // The secondary that just became the main position is dropped.
    expect(secondary.value).toBe("");
  });

  it("labels both feet 'Ambidextrous' and lists the fitness levels", async () => {
    setup(noProfile);
    await screen.findByRole("heading", { name: "Submit your info" });
    expect(within(field("Preferred foot")).getByRole("option", { name: "Ambidextrous" })).toHaveValue("both");
    expect(within(field("Current fitness status")).getByRole("option", { name: "Currently Injured" })).toHaveValue(
      "injured",
    );
  });

  it("takes a full-match link on YouTube, Facebook or Google Drive only, and sends it checked", async () => {
    let body: Record<string, unknown> | null = null;
    const { user, api } = setup({
      ...noProfile,
      [CREATE]: (call) => {
        body = call.body as Record<string, unknown>;
        return json(201, profileFixture());
      },
    });
    await screen.findByRole("heading", { name: "Submit your info" });
    await fillValid(user);
    await user.type(field("Full match (optional)"), "https://vimeo.com/123");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByText(PROFILE_CHECKS.fullMatchInvalid)).toBeInTheDocument();
    expect(api.calls(CREATE)).toHaveLength(0);

    await user.clear(field("Full match (optional)"));
    await user.type(field("Full match (optional)"), "https://youtu.be/abc123DEF45");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(body).toMatchObject({ fullMatchUrl: "https://youtu.be/abc123DEF45" }));
  });

  it("counts the characters of 'About yourself' as they are typed, up to 300", async () => {
    const { user } = setup(noProfile);
    await screen.findByRole("heading", { name: "Submit your info" });
    expect(screen.getByText("0/300 characters")).toBeInTheDocument();
    await user.type(field("About yourself"), "Left-footed");
    expect(screen.getByText("11/300 characters")).toBeInTheDocument();
    expect(field("About yourself")).toHaveAttribute("maxLength", "300");
  });

  it("submits the uploaded files' URLs and the details, then opens the refreshed profile", async () => {
    let created = false;
    let body: Record<string, unknown> = {};
    const { user, api, router } = setup({
      [CREATE]: (call) => {
        body = call.body as Record<string, unknown>;
        created = true;
        return json(201, { scoutsInformationId: "info_1" });
      },
      [PROFILE]: () => (created ? json(200, profileFixture()) : json(404, { message: "No profile" })),
    });
    await screen.findByRole("heading", { name: "Submit your info" });
    await fillValid(user);
    await user.click(screen.getByRole("button", { name: "Submit" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/player/profile"));
    expect(await screen.findByText(PROFILE_FORM.submitted)).toBeInTheDocument();
    expect(body).toMatchObject({
      scoutId: "player_1",
      coverPhotoPath: "/api/media/image_mepng",
      videoPath: "/api/media/video_skillsmp4",
      videoPathTwo: null,
      position: "striker",
      secondaryPosition: "left-winger",
      preferredFoot: "both",
      heightInCm: 178,
      weightInKg: 70,
      currentFitnessStatus: "good",
      province: "copperbelt",
      town: "Kitwe",
      fullMatchUrl: null,
      aboutYourself: "Fast striker",
    });
    expect(Date.parse(String(body.submissionDate))).not.toBeNaN();
    expect(body.videoUploadDate).toBe(body.submissionDate);
    // The profile was fetched again after the submit (404 first, then the new one).
    expect(api.calls(PROFILE)).toHaveLength(2);
    expect(screen.queryByText(PROFILE_FORM.alreadyExistsTitle)).not.toBeInTheDocument();
  });

  it("shows the server's message when the submit fails and keeps everything entered", async () => {
    const { user, router } = setup({
      ...noProfile,
      [CREATE]: () =>
        json(400, { message: "The request is not valid.", errors: { heightInCm: "Height must be less than 250 cm" } }),
    });
    await screen.findByRole("heading", { name: "Submit your info" });
    await fillValid(user);
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByText("The request is not valid.")).toBeInTheDocument();
    expect(screen.getByText(PROFILE_FORM.heightMax)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/player/add-content");
    expect(field("Height (cm)")).toHaveValue(178);
    expect(field("About yourself")).toHaveValue("Fast striker");
    expect(screen.getAllByText("Uploaded")).toHaveLength(2);
    expect(screen.getByRole("button", { name: "Submit" })).toBeEnabled();
  });

  it("asks to wait while a file is still uploading", async () => {
    autoFinish.on = false;
    const { user, api } = setup(noProfile);
    await screen.findByRole("heading", { name: "Submit your info" });
    await user.upload(field("Cover photo"), new File(["img"], "me.png", { type: "image/png" }));
    await screen.findByRole("progressbar");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByText(PROFILE_CHECKS.uploadsInProgress)).toBeInTheDocument();
    expect(screen.queryByText(PROFILE_FORM.videoRequired)).not.toBeInTheDocument();
    expect(api.calls(CREATE)).toHaveLength(0);
  });
});

describe("AddContent when a profile exists", () => {
  it("shows 'Player Profile Already Exists' with what was sent and a way back", async () => {
    setup({ [PROFILE]: () => json(200, profileFixture()) });
    expect(await screen.findByRole("heading", { name: PROFILE_FORM.alreadyExistsTitle })).toBeInTheDocument();
    expect(screen.getByText(PROFILE_REVIEW.profileUnderReview)).toBeInTheDocument();
    expect(screen.getByText("Striker")).toBeInTheDocument();
    expect(screen.getByText("Ambidextrous")).toBeInTheDocument();
    expect(screen.getByText("178 cm")).toBeInTheDocument();
    expect(screen.getByText("70 kg")).toBeInTheDocument();
    expect(screen.getByText("1 Mar 2026")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to My Profile" })).toHaveAttribute("href", "/player/profile");
    expect(screen.queryByRole("button", { name: "Submit" })).not.toBeInTheDocument();
    expect(screen.queryByText(PROFILE_FORM.videoExpired)).not.toBeInTheDocument();
  });

  it("says the video has expired, with a way to contact support that names the player", async () => {
    setup({
      [PROFILE]: () =>
        json(200, profileFixture({ reviewStatus: "approved" }, { isVideoExpired: true, daysUntilExpiration: 0 })),
    });
    const notice = await screen.findByRole("alert");
    expect(notice).toHaveTextContent(PROFILE_FORM.videoExpired);
    expect(screen.queryByText(PROFILE_REVIEW.profileUnderReview)).not.toBeInTheDocument();
    const link = screen.getByRole("link", { name: "Contact support" });
    const message = new URL(link.getAttribute("href")!, "http://x").searchParams.get("message");
    expect(message).toBe(expiredHelpText("chanda10"));
  });

  it("renews ended public time with one tap beside the expired sentence, back to review", async () => {
    let renewed = false;
    const { api, user } = setup({
      [PROFILE]: () =>
        json(
          200,
          renewed
            ? profileFixture({ reviewStatus: "pending" })
            : profileFixture({ reviewStatus: "approved" }, { isVideoExpired: true, daysUntilExpiration: 0 }),
        ),
      "POST /api/player/profile/renew": () => {
        renewed = true;
        return json(200, { message: RENEWAL.sent });
      },
    });
    const notice = await screen.findByRole("alert");
    expect(notice).toHaveTextContent(PROFILE_FORM.videoExpired);
    await user.click(within(notice).getByRole("button", { name: RENEWAL.button }));
    expect(await screen.findByText(RENEWAL.sent)).toBeInTheDocument();
    expect(api.calls("POST /api/player/profile/renew")).toHaveLength(1);
    expect(await screen.findByText(PROFILE_REVIEW.profileUnderReview)).toBeInTheDocument();
    expect(screen.queryByText(PROFILE_FORM.videoExpired)).not.toBeInTheDocument();
  });

  it("says what is true of each state: pending, approved and rejected", async () => {
    for (const [status, words] of [
      ["pending", PROFILE_REVIEW.profileUnderReview],
      ["approved", PROFILE_APPROVED_LIVE],
      ["rejected", PROFILE_REVIEW.profileRejectedTitle],
    ] as const) {
      const { unmount } = setup({ [PROFILE]: () => json(200, profileFixture({ reviewStatus: status })) });
      expect(await screen.findByText(words), status).toBeInTheDocument();
      unmount();
    }
  });

  it("when the profile cannot be loaded, offers Retry instead of a form", async () => {
    setup({ [PROFILE]: () => json(503, { message: "Try again soon" }) });
    expect(await screen.findByText("Try again soon")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Retry" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Submit" })).not.toBeInTheDocument();
  });
});
