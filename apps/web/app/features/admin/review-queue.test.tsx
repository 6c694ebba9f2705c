import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { REJECTION_REASONS } from "@touchline/contract/admin";
import { GUARDIAN } from "@touchline/contract/guardian";
import { ADMIN, ADMIN_CONSOLE } from "@touchline/contract/messages";
import { fakeApi, json, page, reviewItem, staffSession } from "../../test/admin-fixtures.ts";
import { renderConsole } from "../../test/console-render.tsx";

function queue(items = [reviewItem()], total = items.length) {
  return fakeApi({
    "GET /api/Authorization/session": () => json(200, staffSession("reviewer")),
    "GET /api/admin/reviews": () => json(200, page(items, total)),
  });
}

const card = async (name = "Chanda Mulenga") =>
  within((await screen.findByRole("heading", { level: 2, name })).closest("article")!);

/** Answers the question an action asks first with its own button. */
async function confirm(user: ReturnType<typeof userEvent.setup>, title: string, button: string) {
  const dialog = within(await screen.findByRole("alertdialog", { name: title }));
  await user.click(dialog.getByRole("button", { name: button }));
}

describe("review queue", () => {
  it("shows each waiting profile with its cover, both videos, every attribute, age and dates", async () => {
    const api = queue();
    renderConsole("/admin");
    const item = await card();
    expect(api.calls("GET /api/admin/reviews")[0]!.url.search).toBe("?status=pending&page=1");
    expect(screen.getByRole("link", { name: "Pending" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByText("1 profile")).toBeInTheDocument();

    const cover = item.getByRole("img", { name: "Cover photo of Chanda Mulenga" });
    expect(cover).toHaveAttribute("src", "/api/media/cover1?w=320");
    expect(cover).toHaveAttribute("srcset", "/api/media/cover1?w=320 320w, /api/media/cover1?w=640 640w");

    // Both videos wait behind their poster (the cover) until played, then play a rendition.
    for (const name of ["Play highlight video 1", "Play highlight video 2"])
      expect(item.getByRole("button", { name }).querySelector("img")).toHaveAttribute("src", "/api/media/cover1?w=640");
    expect(item.queryAllByLabelText(/highlight video/, { selector: "video" })).toHaveLength(0);
    await userEvent.setup().click(item.getByRole("button", { name: "Play highlight video 2" }));
    expect(item.getByLabelText("highlight video 2", { selector: "video" })).toHaveAttribute(
      "src",
      "/api/media/video2/renditions/360p",
    );

    const attribute = (label: string) => item.getByText(label, { selector: "dt" }).nextElementSibling?.textContent;
    expect(attribute("Age")).toBe("17");
    expect(attribute("Guardian consent")).toBe(GUARDIAN.staffText.given);
    expect(attribute("Position")).toBe("Striker");
    expect(attribute("Secondary position")).toBe("Left Winger");
    expect(attribute("Preferred foot")).toBe("Ambidextrous");
    expect(attribute("Height")).toBe("178 cm");
    expect(attribute("Weight")).toBe("70 kg");
    expect(attribute("Fitness")).toBe("Recovering from Injury");
    expect(attribute("Submitted")).toBe("1 Mar 2026, 10:00");
    // Pending: nothing counts down yet; the days start at approval, as the player is told.
    expect(attribute("Expiry")).toMatch(/^Not started: \d+ days of public time from approval$/);
    expect(item.getByText("Fast striker from Kitwe.")).toBeInTheDocument();
    expect(item.getByText("@chanda10")).toBeInTheDocument();

    const actions = item.getByRole("group", { name: "Actions for Chanda Mulenga" });
    expect(
      within(actions)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["Approve", "Reject"]);
  });

  it("says where a minor's guardian consent stands, and shows no such line for an adult", async () => {
    queue([
      reviewItem({ guardianConsent: "waiting" }),
      reviewItem({ profileId: "profile_2", firstName: "Mutale", age: 22, guardianConsent: null }),
    ]);
    renderConsole("/admin");
    const minor = await card();
    expect(minor.getByText("Guardian consent", { selector: "dt" }).nextElementSibling).toHaveTextContent(
      GUARDIAN.staffText.waiting,
    );
    const adult = await card("Mutale Mulenga");
    expect(adult.queryByText("Guardian consent", { selector: "dt" })).toBeNull();
  });

  it("asks before approving, naming the player; Cancel approves nothing", async () => {
    const api = queue();
    const { user } = renderConsole("/admin");
    await user.click((await card()).getByRole("button", { name: "Approve" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Approve Chanda Mulenga's profile?" });
    expect(dialog).toHaveTextContent(ADMIN_CONSOLE.reviewConfirm.approve.text);
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(api.calls("POST /api/admin/reviews/profile_1/approve")).toHaveLength(0);
  });

  it("approves, says so and refreshes the list", async () => {
    const api = queue();
    api.set("POST /api/admin/reviews/profile_1/approve", () =>
      json(200, reviewItem({ reviewStatus: "approved", reviewedBy: "reviewer1" })),
    );
    const { user } = renderConsole("/admin");
    const item = await card();
    api.set("GET /api/admin/reviews", () => json(200, page([])));
    await user.click(item.getByRole("button", { name: "Approve" }));
    await confirm(user, "Approve Chanda Mulenga's profile?", "Approve");
    expect(await screen.findByText(ADMIN_CONSOLE.approved("chanda10"))).toBeInTheDocument();
    expect(await screen.findByText(ADMIN_CONSOLE.reviewsEmpty.pending)).toBeInTheDocument();
    expect(api.calls("POST /api/admin/reviews/profile_1/approve")).toHaveLength(1);
  });

  it("says a profile approved for a minor still waiting for the guardian, or with videos being prepared, is not public yet", async () => {
    const api = queue();
    const approved = reviewItem({ reviewStatus: "approved", reviewedBy: "reviewer1", guardianConsent: "waiting" });
    approved.videos = [{ ...approved.videos![0]!, status: "processing" }];
    api.set("POST /api/admin/reviews/profile_1/approve", () => json(200, approved));
    const { user } = renderConsole("/admin");
    await user.click((await card()).getByRole("button", { name: "Approve" }));
    await confirm(user, "Approve Chanda Mulenga's profile?", "Approve");
    const said = ADMIN_CONSOLE.approved("chanda10", ["guardian", "videos"]);
    expect(said).toBe(
      "chanda10's profile was approved. It goes on the public talent list once their parent or guardian agrees and its videos are ready.",
    );
    expect(await screen.findByText(said)).toBeInTheDocument();
    expect(screen.queryByText(ADMIN_CONSOLE.approved("chanda10"))).toBeNull();
  });

  it("explains a conflict in plain words and refreshes the list", async () => {
    const api = queue();
    api.set("POST /api/admin/reviews/profile_1/approve", () => json(409, { message: ADMIN.alreadyApproved }));
    const { user } = renderConsole("/admin");
    const item = await card();
    api.set("GET /api/admin/reviews", () => json(200, page([])));
    await user.click(item.getByRole("button", { name: "Approve" }));
    await confirm(user, "Approve Chanda Mulenga's profile?", "Approve");
    expect(await screen.findByText(ADMIN_CONSOLE.conflict(ADMIN.alreadyApproved))).toBeInTheDocument();
    expect(await screen.findByText(ADMIN_CONSOLE.reviewsEmpty.pending)).toBeInTheDocument();
  });

  it("will not reject without a reason, nor with 'Other' and no words", async () => {
    const api = queue();
    const { user } = renderConsole("/admin");
    await user.click((await card()).getByRole("button", { name: "Reject" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Reject Chanda Mulenga's profile" }));
    expect(dialog.getByLabelText("Reason")).toHaveFocus();

    await user.click(dialog.getByRole("button", { name: "Reject profile" }));
    expect(await dialog.findByText(ADMIN.reasonRequired)).toBeInTheDocument();
    expect(dialog.getByLabelText("Reason")).toHaveAttribute("aria-invalid", "true");

    await user.selectOptions(dialog.getByLabelText("Reason"), "other");
    const text = dialog.getByLabelText("Reason the player will see");
    expect(text).toBeRequired();
    await user.click(dialog.getByRole("button", { name: "Reject profile" }));
    expect(await dialog.findByText(ADMIN.reasonTextRequired)).toBeInTheDocument();
    expect(api.calls("POST /api/admin/reviews/profile_1/reject")).toHaveLength(0);

    api.set("POST /api/admin/reviews/profile_1/reject", () =>
      json(200, reviewItem({ reviewStatus: "rejected", rejectionReason: "Film in daylight." })),
    );
    await user.type(text, "Film in daylight.");
    expect(dialog.getByText("17/500 characters")).toBeInTheDocument();
    expect(dialog.getByText("The player will read:").nextElementSibling).toHaveTextContent("Film in daylight.");
    await user.click(dialog.getByRole("button", { name: "Reject profile" }));
    expect(await screen.findByText(ADMIN_CONSOLE.rejected("chanda10"))).toBeInTheDocument();
    expect(api.calls("POST /api/admin/reviews/profile_1/reject")[0]!.body).toEqual({
      reasonCode: "other",
      reasonText: "Film in daylight.",
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("rejects with a preset reason, the note optional, and previews what the player reads", async () => {
    const api = queue();
    api.set("POST /api/admin/reviews/profile_1/reject", () => json(200, reviewItem({ reviewStatus: "rejected" })));
    const { user } = renderConsole("/admin");
    await user.click((await card()).getByRole("button", { name: "Reject" }));
    const dialog = within(await screen.findByRole("dialog"));
    expect(
      within(dialog.getByLabelText("Reason"))
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Choose a reason", ...REJECTION_REASONS.map((r) => r.label)]);
    await user.selectOptions(dialog.getByLabelText("Reason"), "video-quality");
    expect(dialog.getByLabelText("Note for the player (optional)")).not.toBeRequired();
    expect(dialog.getByText(REJECTION_REASONS[1].message)).toBeInTheDocument();
    await user.click(dialog.getByRole("button", { name: "Reject profile" }));
    await screen.findByText(ADMIN_CONSOLE.rejected("chanda10"));
    expect(api.calls("POST /api/admin/reviews/profile_1/reject")[0]!.body).toEqual({ reasonCode: "video-quality" });
  });

  it("keeps the dialog open with the server's verdict beside the field when it refuses the reason", async () => {
    const api = queue();
    api.set("POST /api/admin/reviews/profile_1/reject", () =>
      json(400, { message: "Check the reason.", errors: { reasonText: "Reason is too long." } }),
    );
    const { user } = renderConsole("/admin");
    await user.click((await card()).getByRole("button", { name: "Reject" }));
    const dialog = within(await screen.findByRole("dialog"));
    await user.selectOptions(dialog.getByLabelText("Reason"), "video-quality");
    await user.click(dialog.getByRole("button", { name: "Reject profile" }));
    expect(await dialog.findByText("Reason is too long.")).toBeInTheDocument();
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });

  it("offers Renew and Allow re-upload for approved and expired profiles", async () => {
    const approved = reviewItem({
      reviewStatus: "approved",
      reviewedAt: "2026-03-02T08:00:00.000Z",
      reviewedBy: "reviewer1",
    });
    const api = queue();
    api.set("GET /api/admin/reviews", (_body, url) =>
      json(
        200,
        page(
          url.searchParams.get("status") === "expired"
            ? [{ ...approved, isVideoExpired: true, videoExpirationDate: "2026-01-01T08:00:00.000Z" }]
            : [approved],
        ),
      ),
    );
    api.set("POST /api/admin/reviews/profile_1/renew", () =>
      json(200, { ...approved, videoExpirationDate: "2026-06-30T08:00:00.000Z" }),
    );
    api.set("POST /api/admin/reviews/profile_1/allow-reupload", () =>
      json(200, { ...approved, reuploadAllowed: true }),
    );
    const { user } = renderConsole("/admin?status=expired");
    let item = await card();
    expect(api.calls("GET /api/admin/reviews")[0]!.url.searchParams.get("status")).toBe("expired");
    expect(item.getByText("Expiry", { selector: "dt" }).nextElementSibling).toHaveTextContent("Expired 1 Jan 2026");
    expect(
      within(item.getByRole("group"))
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["Renew", "Allow re-upload", "Reject"]);
    await user.click(item.getByRole("button", { name: "Renew" }));
    await confirm(user, "Renew Chanda Mulenga's profile?", "Renew");
    expect(await screen.findByText(ADMIN_CONSOLE.renewed("chanda10", "30 Jun 2026"))).toBeInTheDocument();

    await user.click(screen.getByRole("link", { name: "Approved" }));
    await waitFor(() =>
      expect(api.calls("GET /api/admin/reviews").at(-1)!.url.searchParams.get("status")).toBe("approved"),
    );
    item = await card();
    expect(item.getByText(/Reviewed .* by reviewer1/)).toBeInTheDocument();
    await user.click(item.getByRole("button", { name: "Allow re-upload" }));
    await confirm(user, "Let Chanda Mulenga upload new videos?", "Allow re-upload");
    expect(await screen.findByText(ADMIN_CONSOLE.reuploadAllowed("chanda10"))).toBeInTheDocument();
  });

  it("shows the reason a rejected profile was given, and no actions", async () => {
    queue([
      reviewItem({
        reviewStatus: "rejected",
        rejectionReason: "Your cover photo is unsuitable.",
        reviewedAt: "2026-03-02T08:00:00.000Z",
        reviewedBy: "reviewer1",
      }),
    ]);
    renderConsole("/admin?status=rejected");
    const item = await card();
    expect(item.getByText("Your cover photo is unsuitable.")).toBeInTheDocument();
    // No review actions: the only buttons play the videos.
    expect(item.queryAllByRole("button").map((b) => b.getAttribute("aria-label"))).toEqual([
      "Play highlight video 1",
      "Play highlight video 2",
    ]);
  });

  it("pages through a long queue", async () => {
    const api = queue([reviewItem()], 45);
    const { user } = renderConsole("/admin");
    await card();
    const pager = screen.getByRole("navigation", { name: "Pages" });
    expect(within(pager).getByText("Page 1 of 3")).toBeInTheDocument();
    await user.click(within(pager).getByRole("link", { name: "Next page" }));
    await waitFor(() => expect(api.calls("GET /api/admin/reviews").at(-1)!.url.search).toBe("?status=pending&page=2"));
    expect(
      await within(screen.getByRole("navigation", { name: "Pages" })).findByText("Page 2 of 3"),
    ).toBeInTheDocument();
  });

  it("offers a retry when the list cannot be loaded", async () => {
    const api = queue();
    api.set("GET /api/admin/reviews", () => json(500, { message: "Boom" }));
    const { user } = renderConsole("/admin");
    // Server failures are retried twice (with back-off) before the page gives up.
    expect(await screen.findByText(ADMIN_CONSOLE.loadFailed, {}, { timeout: 6_000 })).toBeInTheDocument();
    api.set("GET /api/admin/reviews", () => json(200, page([reviewItem()])));
    await user.click(screen.getByRole("button", { name: "Retry" }));
    await card();
  });
});
