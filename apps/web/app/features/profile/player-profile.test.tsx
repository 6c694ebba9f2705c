import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { toast } from "sonner";
import { ToastHost } from "../../components/toast-host.tsx";
import { afterEach, describe, expect, it } from "vitest";
import { PROFILE_PAGE, PROFILE_REVIEW } from "@touchline/contract/messages";
import type { PlayerInfoResponse } from "@touchline/contract/profile";
import { PlayerProfile } from "./player-profile.tsx";
import { profileFixture } from "../../test/profile-fixture.ts";
import { HttpResponse } from "msw";
import { mockApi, type ApiRoute } from "../../test/api-server.ts";
import { jsonResponse as json } from "../../test/render.tsx";
import { waitingForGuardianText, waitingForReviewText } from "@touchline/contract/profile-messages";

const PROFILE = "GET /api/Scouts/ScoutManagement/GetScoutById/:scoutId";

/** Renders the page with the profile API answering `answer`; `loaded`: what the server render read. */
function setup(answer: ApiRoute, loaded?: PlayerInfoResponse | null) {
  const api = mockApi({ [PROFILE]: answer });
  // No wait between retries in tests; the number of retries is the hook's own.
  const client = new QueryClient({ defaultOptions: { queries: { retryDelay: 0 } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <PlayerProfile playerId="player_1" loaded={loaded} />
      </MemoryRouter>
      <ToastHost />
    </QueryClientProvider>,
  );
  return { api, user: userEvent.setup(), client };
}

afterEach(() => {
  toast.dismiss();
});

describe("PlayerProfile", () => {
  it("asks for the profile at GetScoutById, the companion app's path", async () => {
    const { api } = setup(async () => json(200, profileFixture()));
    await screen.findByRole("heading", { level: 1, name: "chanda10" });
    expect(api.sent.map((call) => call.url)).toEqual(["/api/Scouts/ScoutManagement/GetScoutById/player_1"]);
  });

  it("shows the profile the server render read at once, without asking the API again", async () => {
    const { api } = setup(async () => json(200, profileFixture()), profileFixture());
    expect(screen.getByRole("heading", { level: 1, name: "chanda10" })).toBeInTheDocument();
    expect(document.querySelector("img[srcset]")).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.sent).toHaveLength(0);
  });

  it("when the server render found no profile, prompts to complete one at once", async () => {
    const { api } = setup(async () => json(200, profileFixture()), null);
    expect(screen.getByRole("heading", { name: PROFILE_PAGE.completeTitle })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.sent).toHaveLength(0);
  });

  it("on 404 prompts to complete the profile, without retrying or an error toast", async () => {
    const { api } = setup(async () => json(404, { message: "No profile yet" }));
    expect(await screen.findByRole("heading", { name: PROFILE_PAGE.completeTitle })).toBeInTheDocument();
    for (const need of [
      "A clear profile photo",
      "Up to 2 videos of max 3 minutes each",
      "Your physical attributes and position",
      "A brief bio about yourself",
    ]) {
      expect(screen.getByText(need)).toBeInTheDocument();
    }
    expect(screen.getByRole("link", { name: "Complete My Profile" })).toHaveAttribute("href", "/player/add-content");
    expect(api.sent).toHaveLength(1);
    expect(screen.queryByText(PROFILE_PAGE.fetchError)).not.toBeInTheDocument();
  });

  it("on another error retries 3 times, then shows the server message, a toast and Retry", async () => {
    let answer = json(500, { message: "Database unavailable" });
    const { api, user } = setup(async () => answer.clone());
    expect(await screen.findByRole("heading", { name: PROFILE_PAGE.failedToLoad })).toBeInTheDocument();
    expect(screen.getByText("Database unavailable")).toBeInTheDocument();
    expect(await screen.findByText(PROFILE_PAGE.fetchError)).toBeInTheDocument();
    expect(api.sent).toHaveLength(4);

    answer = json(200, profileFixture());
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("heading", { level: 1, name: "chanda10" })).toBeInTheDocument();
  });

  it("without any answer from the server shows the published unknown-error text", async () => {
    setup(() => HttpResponse.error());
    expect(await screen.findByText(PROFILE_PAGE.unknownError)).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: PROFILE_PAGE.failedToLoad })).toBeInTheDocument();
  });

  it("shows the banner, contact card and physical attributes with their labels", async () => {
    setup(async () => json(200, profileFixture()));
    await screen.findByRole("heading", { level: 1, name: "chanda10" });
    expect(screen.getByText("Striker · Left Winger")).toBeInTheDocument();
    const banner = document.querySelector("img[srcset]")!;
    expect(banner.getAttribute("srcset")).toBe(
      "/api/media/cover1234?w=320 320w, /api/media/cover1234?w=640 640w, /api/media/cover1234?w=1280 1280w",
    );
    expect(banner).toHaveAttribute("sizes");

    const contact = within(screen.getByRole("region", { name: "Contact" }));
    expect(contact.getByText("chanda@example.zm")).toBeInTheDocument();
    expect(contact.getByText("+260 97 1234567")).toBeInTheDocument();

    const body = within(screen.getByRole("region", { name: "Physical Attributes" }));
    expect(body.getByText("178 cm")).toBeInTheDocument();
    expect(body.getByText("70 kg")).toBeInTheDocument();
    expect(body.getByText("Ambidextrous")).toBeInTheDocument();
    expect(body.getByText("Recovering from Injury")).toBeInTheDocument();
    expect(screen.getByText("Fast striker from Kitwe.")).toBeInTheDocument();
  });

  it("pending: 'Pending Approval' and 'Waiting for review' instead of a countdown", async () => {
    setup(async () => json(200, profileFixture({}, { daysUntilExpiration: 90 })));
    const status = within(await screen.findByRole("region", { name: "Video Status" }));
    expect(status.getByText(PROFILE_PAGE.pending)).toBeInTheDocument();
    expect(status.getByText(waitingForReviewText(90))).toBeInTheDocument();
    expect(status.queryByText(/days left/)).not.toBeInTheDocument();
  });

  it("approved and public: the days left with the date", async () => {
    setup(async () => json(200, profileFixture({ isVideoApproved: true, reviewStatus: "approved" })));
    const status = within(await screen.findByRole("region", { name: "Video Status" }));
    expect(status.getByText("80 days left (30 May 2026)")).toBeInTheDocument();
  });

  it("approved, waiting for the guardian: no countdown, the whole public time still to come", async () => {
    setup(async () =>
      json(
        200,
        profileFixture(
          { isVideoApproved: true, reviewStatus: "approved", waitingForGuardian: true },
          { daysUntilExpiration: 90 },
        ),
      ),
    );
    const status = within(await screen.findByRole("region", { name: "Video Status" }));
    expect(status.getByText(PROFILE_PAGE.approved)).toBeInTheDocument();
    expect(
      status.getByText(
        "Approved, waiting for your parent or guardian: your 90 days of public time start once they agree",
      ),
    ).toBeInTheDocument();
    expect(status.getByText(waitingForGuardianText(90))).toBeInTheDocument();
    expect(status.queryByText(/days left/)).not.toBeInTheDocument();
  });

  it("approved and expired: 'Approved' and 'Expired'", async () => {
    setup(async () =>
      json(
        200,
        profileFixture(
          { isVideoApproved: true, reviewStatus: "approved" },
          { isVideoExpired: true, daysUntilExpiration: 0 },
        ),
      ),
    );
    const status = within(await screen.findByRole("region", { name: "Video Status" }));
    expect(status.getByText(PROFILE_PAGE.approved)).toBeInTheDocument();
    expect(status.getByText(PROFILE_PAGE.expired)).toBeInTheDocument();
    expect(status.queryByText(/days left/)).not.toBeInTheDocument();
  });

  it("an empty bio reads 'No bio provided.'", async () => {
    setup(async () => json(200, profileFixture({ aboutYourself: "" })));
    const about = within(await screen.findByRole("region", { name: "About Me" }));
    expect(about.getByText(PROFILE_PAGE.noBio)).toBeInTheDocument();
  });

  it("a rejected profile says so, with the reviewer's reason", async () => {
    setup(async () =>
      json(200, profileFixture({ reviewStatus: "rejected", rejectionReason: "The video is not of you playing." })),
    );
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText(PROFILE_REVIEW.profileRejectedTitle)).toBeInTheDocument();
    expect(within(alert).getByText("The video is not of you playing.")).toBeInTheDocument();
    expect(
      within(screen.getByRole("region", { name: "Video Status" })).getByText(PROFILE_REVIEW.profileRejectedStatus),
    ).toBeInTheDocument();
    expect(screen.queryByText(PROFILE_PAGE.pending)).not.toBeInTheDocument();
    // One state: a rejected profile is not also waiting for review.
    expect(screen.queryByText(/Waiting for review/)).not.toBeInTheDocument();
    expect(
      within(screen.getByRole("region", { name: "Video Status" })).getByText(PROFILE_REVIEW.rejectedNotPublic),
    ).toBeInTheDocument();
  });

  it("a rejected profile offers 'Update and resubmit' beside the reason", async () => {
    setup(async () =>
      json(200, profileFixture({ reviewStatus: "rejected", rejectionReason: "Blurry video", canResubmit: true })),
    );
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByRole("link", { name: "Update and resubmit" })).toHaveAttribute(
      "href",
      "/player/add-content",
    );
  });

  it("a profile staff reopened for new videos says so, with 'Update and resubmit'", async () => {
    setup(async () =>
      json(
        200,
        profileFixture(
          { reviewStatus: "approved", isVideoApproved: true, canResubmit: true },
          { isVideoExpired: true, daysUntilExpiration: 0 },
        ),
      ),
    );
    const reopened = within(await screen.findByRole("region", { name: PROFILE_REVIEW.profileReopenedTitle }));
    expect(reopened.getByText(PROFILE_REVIEW.profileReopenedExpired)).toBeInTheDocument();
    expect(reopened.getByRole("link", { name: "Update and resubmit" })).toHaveAttribute("href", "/player/add-content");
  });

  it("a pending or approved profile offers no way to resubmit", async () => {
    setup(async () =>
      json(
        200,
        profileFixture(
          { reviewStatus: "approved", isVideoApproved: true },
          { isVideoExpired: true, daysUntilExpiration: 0 },
        ),
      ),
    );
    await screen.findByRole("heading", { level: 1, name: "chanda10" });
    expect(screen.queryByRole("link", { name: "Update and resubmit" })).not.toBeInTheDocument();
    expect(screen.queryByText(PROFILE_REVIEW.profileReopenedTitle)).not.toBeInTheDocument();
  });

  it("shows both videos, loading nothing until played, with the cover as poster", async () => {
    setup(async () => json(200, profileFixture()));
    await screen.findByRole("heading", { name: "Player Videos" });
    // Nothing is loaded before play: a poster button per video, the cover as its picture.
    expect(screen.queryAllByLabelText(/highlight video/, { selector: "video" })).toHaveLength(0);
    for (const name of ["Play highlight video 1", "Play highlight video 2"])
      expect(screen.getByRole("button", { name }).querySelector("img")).toHaveAttribute(
        "src",
        "/api/media/cover1234?w=640",
      );
  });

  it("with one video shows one player", async () => {
    setup(async () => json(200, profileFixture({ videoPathTwo: null })));
    await screen.findByRole("heading", { name: "Player Videos" });
    expect(screen.getAllByRole("button", { name: /^Play highlight video/ })).toHaveLength(1);
  });
});
