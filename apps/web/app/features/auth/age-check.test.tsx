import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { AGE_DOCUMENT_KINDS, GUARDIAN_LINK_HEADER, type AgeCheckView } from "@touchline/contract/age-check";
import { AGE_DOCUMENT_MAX_BYTES, AGE_DOCUMENT_MAX_MEGABYTES } from "@touchline/contract/limits";
import { AGE_CHECK } from "@touchline/contract/messages";
import { AgeCheckPanel, GuardianAgeCheck } from "./age-check.tsx";
import { mockApi } from "../../test/api-server.ts";
import { jsonResponse, renderScreen } from "../../test/render.tsx";

const TOKEN = "k3Yt0ken_of-the-link-0123456789abcdefghij";

const NONE: AgeCheckView = {
  state: "none",
  documentKind: null,
  sentAt: null,
  decidedAt: null,
  refusalReason: null,
  documentPath: null,
};
const PENDING: AgeCheckView = {
  ...NONE,
  state: "pending",
  documentKind: "passport",
  sentAt: "2026-03-01T08:00:00.000Z",
  documentPath: "/api/player/age-check/document",
};
const VERIFIED: AgeCheckView = {
  ...NONE,
  state: "verified",
  documentKind: "nrc",
  sentAt: "2026-03-01T08:00:00.000Z",
  decidedAt: "2026-03-02T08:00:00.000Z",
};
const REASON = "The photo is blurred: the date of birth cannot be read.";
const REFUSED: AgeCheckView = {
  ...NONE,
  state: "refused",
  documentKind: "school-card",
  sentAt: "2026-03-01T08:00:00.000Z",
  decidedAt: "2026-03-02T08:00:00.000Z",
  refusalReason: REASON,
};

/** The first bytes of a JPEG, and the same bytes as the base64 the form sends. */
const JPEG_BYTES = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]);
const JPEG_BASE64 = "/9j/4AAQ";
const photo = (name = "certificate.jpg", type = "image/jpeg", bytes: BlobPart = JPEG_BYTES) =>
  new File([bytes], name, { type });

/** The player's own age check API, answering the read with `view`. */
function playerApi(view: AgeCheckView) {
  return mockApi({ "GET /api/player/age-check": () => jsonResponse(200, { ageCheck: view }) });
}

async function panel() {
  return within(await screen.findByRole("region", { name: AGE_CHECK.sectionTitle }));
}

const send = (region: Awaited<ReturnType<typeof panel>>) => region.getByRole("button", { name: AGE_CHECK.send });

describe("AgeCheckPanel (the player's own)", () => {
  it("with the check the server read for the page: is there from the first render, before any answer", () => {
    playerApi(VERIFIED);
    renderScreen(<AgeCheckPanel loaded={PENDING} />);
    // Synchronous: the panel is in the server's HTML, not filled in above the profile later.
    const region = within(screen.getByRole("region", { name: AGE_CHECK.sectionTitle }));
    expect(region.getByText(AGE_CHECK.pending)).toBeInTheDocument();
  });

  it("with nothing sent: says why to send one, and offers every kind of document, none chosen", async () => {
    playerApi(NONE);
    renderScreen(<AgeCheckPanel />);
    const region = await panel();
    expect(region.getByText(AGE_CHECK.intro)).toBeInTheDocument();
    expect(region.getByText(AGE_CHECK.none)).toBeInTheDocument();
    const kind = region.getByLabelText(AGE_CHECK.kindLabel);
    expect(kind).toHaveValue("");
    expect(
      within(kind)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Choose a document", ...AGE_DOCUMENT_KINDS.map((entry) => entry.label)]);
    const file = region.getByLabelText(AGE_CHECK.photoLabel);
    expect(file).toHaveAttribute("type", "file");
    expect(file).toHaveAttribute("accept", "image/jpeg,image/png,image/webp");
    expect(send(region)).toBeEnabled();
    expect(region.queryByRole("link")).not.toBeInTheDocument();
  });

  it("while staff have not decided: says so, names the document and links to the photo sent", async () => {
    playerApi(PENDING);
    renderScreen(<AgeCheckPanel />);
    const region = await panel();
    expect(region.getByText(AGE_CHECK.pending)).toBeInTheDocument();
    expect(region.getByText(/^Passport/, { selector: "p" })).toHaveTextContent("Passport · See the photo you sent");
    const link = region.getByRole("link", { name: "See the photo you sent" });
    expect(link).toHaveAttribute("href", "/api/player/age-check/document");
    expect(link).toHaveAttribute("target", "_blank");
    // A better photo may replace the one waiting: the form stays, the same kind chosen.
    expect(region.getByLabelText(AGE_CHECK.kindLabel)).toHaveValue("passport");
    expect(send(region)).toBeInTheDocument();
  });

  it("once verified: says so, with no form and no reason to send another", async () => {
    playerApi(VERIFIED);
    renderScreen(<AgeCheckPanel />);
    const region = await panel();
    expect(region.getByText(AGE_CHECK.verified)).toBeInTheDocument();
    expect(region.queryByText(AGE_CHECK.intro)).not.toBeInTheDocument();
    expect(region.queryByLabelText(AGE_CHECK.kindLabel)).not.toBeInTheDocument();
    expect(region.queryByLabelText(AGE_CHECK.photoLabel)).not.toBeInTheDocument();
    expect(region.queryByRole("button")).not.toBeInTheDocument();
    expect(region.queryByRole("link")).not.toBeInTheDocument();
  });

  it("once refused: gives staff's reason, and sends another document, which then waits", async () => {
    const api = playerApi(REFUSED);
    api.set("PUT /api/player/age-check", () =>
      jsonResponse(200, {
        message: AGE_CHECK.sent,
        ageCheck: { ...PENDING, documentKind: "birth-certificate", sentAt: "2026-03-03T08:00:00.000Z" },
      }),
    );
    const { user } = renderScreen(<AgeCheckPanel />);
    const region = await panel();
    expect(region.getByText(AGE_CHECK.refused(REASON))).toBeInTheDocument();
    expect(AGE_CHECK.refused(REASON)).toContain(REASON);
    expect(region.queryByRole("link")).not.toBeInTheDocument();
    // The kind sent last time is chosen already; the player may choose another.
    expect(region.getByLabelText(AGE_CHECK.kindLabel)).toHaveValue("school-card");
    await user.selectOptions(region.getByLabelText(AGE_CHECK.kindLabel), "birth-certificate");
    await user.upload(region.getByLabelText(AGE_CHECK.photoLabel), photo());
    await user.click(send(region));

    expect(await region.findByText(AGE_CHECK.pending)).toBeInTheDocument();
    expect(region.queryByText(AGE_CHECK.refused(REASON))).not.toBeInTheDocument();
    expect(region.getByRole("link", { name: "See the photo you sent" })).toBeInTheDocument();
    expect(await screen.findByText(AGE_CHECK.sent)).toBeInTheDocument();
    expect(api.calls("PUT /api/player/age-check").map((call) => call.body)).toEqual([
      { kind: "birth-certificate", contentType: "image/jpeg", image: JPEG_BASE64 },
    ]);
  });

  it("sends the kind chosen and the photo as base64 without its data: prefix", async () => {
    const api = playerApi(NONE);
    api.set("PUT /api/player/age-check", () => jsonResponse(200, { message: AGE_CHECK.sent, ageCheck: PENDING }));
    const { user } = renderScreen(<AgeCheckPanel />);
    const region = await panel();
    await user.selectOptions(region.getByLabelText(AGE_CHECK.kindLabel), "Passport");
    const file = region.getByLabelText<HTMLInputElement>(AGE_CHECK.photoLabel);
    await user.upload(file, photo("passport.png", "image/png"));
    expect(file.files?.[0]?.name).toBe("passport.png");
    await user.click(send(region));
    expect(await region.findByText(AGE_CHECK.pending)).toBeInTheDocument();
    expect(api.calls("PUT /api/player/age-check").map((call) => call.body)).toEqual([
      { kind: "passport", contentType: "image/png", image: JPEG_BASE64 },
    ]);
  });

  it("asks for the kind and the photo before sending anything, beside each field", async () => {
    const api = playerApi(NONE);
    const { user } = renderScreen(<AgeCheckPanel />);
    const region = await panel();
    await user.click(send(region));
    const kind = region.getByLabelText(AGE_CHECK.kindLabel);
    const file = region.getByLabelText(AGE_CHECK.photoLabel);
    expect(await region.findByText(AGE_CHECK.kindRequired)).toBeInTheDocument();
    expect(kind).toHaveAttribute("aria-invalid", "true");
    const photoError = region.getByText(AGE_CHECK.photoRequired);
    expect(file).toHaveAttribute("aria-invalid", "true");
    expect(file).toHaveAttribute("aria-describedby", photoError.id);

    // The kind alone is not enough.
    await user.selectOptions(kind, "nrc");
    await user.click(send(region));
    expect(await region.findByText(AGE_CHECK.photoRequired)).toBeInTheDocument();
    expect(region.queryByText(AGE_CHECK.kindRequired)).not.toBeInTheDocument();
    expect(kind).not.toHaveAttribute("aria-invalid");

    // Nor the photo alone.
    await user.selectOptions(kind, "");
    await user.upload(file, photo());
    await user.click(send(region));
    expect(await region.findByText(AGE_CHECK.kindRequired)).toBeInTheDocument();
    expect(region.queryByText(AGE_CHECK.photoRequired)).not.toBeInTheDocument();
    expect(api.calls("PUT /api/player/age-check")).toHaveLength(0);
  });

  it("refuses a file that is not a photo, or too large, without sending it", async () => {
    const api = playerApi(NONE);
    renderScreen(<AgeCheckPanel />);
    // A phone's file picker may offer any file despite `accept`.
    const user = userEvent.setup({ applyAccept: false });
    const region = await panel();
    await user.selectOptions(region.getByLabelText(AGE_CHECK.kindLabel), "nrc");
    const file = region.getByLabelText(AGE_CHECK.photoLabel);
    await user.upload(file, photo("nrc.pdf", "application/pdf"));
    await user.click(send(region));
    expect(await region.findByText(AGE_CHECK.photoInvalidType)).toBeInTheDocument();

    await user.upload(file, photo("huge.jpg", "image/jpeg", new Uint8Array(AGE_DOCUMENT_MAX_BYTES + 1)));
    await user.click(send(region));
    expect(await region.findByText(AGE_CHECK.photoTooLarge(AGE_DOCUMENT_MAX_MEGABYTES))).toBeInTheDocument();
    expect(region.queryByText(AGE_CHECK.photoInvalidType)).not.toBeInTheDocument();
    expect(api.calls("PUT /api/player/age-check")).toHaveLength(0);
  });

  it("shows the server's verdict on the photo beside it, and any other refusal there too", async () => {
    const api = playerApi(NONE);
    api.set("PUT /api/player/age-check", () =>
      jsonResponse(400, { message: AGE_CHECK.photoUnreadable, errors: { image: AGE_CHECK.photoUnreadable } }),
    );
    const { user } = renderScreen(<AgeCheckPanel />);
    const region = await panel();
    await user.selectOptions(region.getByLabelText(AGE_CHECK.kindLabel), "nrc");
    await user.upload(region.getByLabelText(AGE_CHECK.photoLabel), photo());
    await user.click(send(region));
    expect(await region.findByRole("alert")).toHaveTextContent(AGE_CHECK.photoUnreadable);
    expect(region.getByText(AGE_CHECK.none)).toBeInTheDocument();

    api.set("PUT /api/player/age-check", () => jsonResponse(409, { message: AGE_CHECK.alreadyVerified }));
    await user.click(send(region));
    expect(await region.findByText(AGE_CHECK.alreadyVerified)).toBeInTheDocument();
    expect(region.getByLabelText(AGE_CHECK.photoLabel)).toHaveAttribute("aria-invalid", "true");
    expect(api.calls("PUT /api/player/age-check")).toHaveLength(2);
  });
});

describe("GuardianAgeCheck (through the guardian's link)", () => {
  function guardianApi(view: AgeCheckView) {
    return mockApi({ "POST /api/guardian-consent/age-check/view": () => jsonResponse(200, { ageCheck: view }) });
  }

  it("reads the check with the token in the body, names the child and chooses a birth certificate first", async () => {
    const api = guardianApi(NONE);
    renderScreen(<GuardianAgeCheck token={TOKEN} firstName="Chipo" />);
    const region = await panel();
    expect(region.getByText(AGE_CHECK.guardianIntro("Chipo"))).toBeInTheDocument();
    expect(region.getByText(AGE_CHECK.none)).toBeInTheDocument();
    expect(region.getByLabelText(AGE_CHECK.kindLabel)).toHaveValue("birth-certificate");
    expect(api.sent.map((call) => [call.url, call.body])).toEqual([
      ["/api/guardian-consent/age-check/view", { token: TOKEN }],
    ]);
  });

  it("says a waiting check waits, with no photo to look at", async () => {
    guardianApi({ ...PENDING, documentPath: null });
    renderScreen(<GuardianAgeCheck token={TOKEN} firstName="Chipo" />);
    const region = await panel();
    expect(region.getByText(AGE_CHECK.pending)).toBeInTheDocument();
    expect(region.queryByRole("link")).not.toBeInTheDocument();
    expect(region.getByLabelText(AGE_CHECK.kindLabel)).toHaveValue("passport");
  });

  it("gives staff's reason for a refusal and offers to send another document", async () => {
    guardianApi(REFUSED);
    renderScreen(<GuardianAgeCheck token={TOKEN} firstName="Chipo" />);
    const region = await panel();
    expect(region.getByText(AGE_CHECK.refused(REASON))).toBeInTheDocument();
    expect(region.getByLabelText(AGE_CHECK.kindLabel)).toHaveValue("school-card");
    expect(send(region)).toBeEnabled();
  });

  it("says the child's age is verified, with no form", async () => {
    guardianApi(VERIFIED);
    renderScreen(<GuardianAgeCheck token={TOKEN} firstName="Chipo" />);
    const region = await panel();
    expect(region.getByText("Chipo's age is verified.")).toBeInTheDocument();
    expect(region.queryByText(AGE_CHECK.guardianIntro("Chipo"))).not.toBeInTheDocument();
    expect(region.queryByRole("button")).not.toBeInTheDocument();
  });

  it("sends the document with the link's token in a header, never in the URL", async () => {
    const api = guardianApi(NONE);
    api.set("POST /api/guardian-consent/age-check", () =>
      jsonResponse(200, {
        message: AGE_CHECK.sent,
        ageCheck: { ...PENDING, documentKind: "birth-certificate", documentPath: null },
      }),
    );
    const { user } = renderScreen(<GuardianAgeCheck token={TOKEN} firstName="Chipo" />);
    const region = await panel();
    await user.upload(region.getByLabelText(AGE_CHECK.photoLabel), photo());
    await user.click(send(region));
    expect(await region.findByText(AGE_CHECK.pending)).toBeInTheDocument();
    expect(await screen.findByText(AGE_CHECK.sent)).toBeInTheDocument();
    const sent = api.calls("POST /api/guardian-consent/age-check");
    expect(sent.map((call) => call.body)).toEqual([
      { kind: "birth-certificate", contentType: "image/jpeg", image: JPEG_BASE64 },
    ]);
    // In a header, so the server checks the link before it reads the photo.
    expect(sent.map((call) => call.headers[GUARDIAN_LINK_HEADER])).toEqual([TOKEN]);
    expect(api.sent.some((call) => call.url.includes(TOKEN))).toBe(false);
  });
});
