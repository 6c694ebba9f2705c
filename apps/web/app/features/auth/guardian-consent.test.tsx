import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { GUARDIAN_LINK_HEADER, type AgeCheckView } from "@touchline/contract/age-check";
import { GUARDIAN, type GuardianConsentView } from "@touchline/contract/guardian";
import { INTEREST } from "@touchline/contract/interest";
import { AGE_CHECK, AUTH } from "@touchline/contract/messages";
import { CODE_INPUT_LABEL } from "./code-input.tsx";
import { GuardianConsent } from "./guardian-consent.tsx";
import { mockApi } from "../../test/api-server.ts";
import { jsonResponse, renderScreen } from "../../test/render.tsx";

const TOKEN = "k3Yt0ken_of-the-link-0123456789abcdefghij";

afterEach(() => {
  window.location.hash = "";
});

const view = (overrides: Partial<GuardianConsentView> = {}): GuardianConsentView => ({
  state: "waiting",
  guardianName: "Grace Banda",
  playerFirstName: "Chipo",
  playerUsername: "chipo10",
  decidedAt: null,
  managesConsent: true,
  profile: "approved",
  ...overrides,
});

/** The age check a guardian sees once consent is given: none sent yet, unless a test says otherwise. */
const NO_AGE_CHECK: AgeCheckView = {
  state: "none",
  documentKind: null,
  sentAt: null,
  decidedAt: null,
  refusalReason: null,
  documentPath: null,
};

/** The calls about consent, leaving out the age check's and the interest's own reads beside them. */
const consentCalls = <T extends { url: string }>(sent: T[]) =>
  sent.filter((call) => !call.url.includes("/age-check/") && !call.url.endsWith("/interest"));

/** The guardian's API (every call a POST): each path answers from its list in turn. */
function api(answers: Record<string, Response[]>) {
  return mockApi({
    "POST /api/guardian-consent/age-check/view": () => jsonResponse(200, { ageCheck: NO_AGE_CHECK }),
    // No profile yet, unless a test says otherwise: the page then shows no counts.
    "POST /api/guardian-consent/interest": () => jsonResponse(404, { message: GUARDIAN.linkInvalid }),
    ...Object.fromEntries(
      Object.entries(answers).map(([path, responses]) => [
        `POST ${path}`,
        () => responses.shift() ?? jsonResponse(599, { message: `no more answers for ${path}` }),
      ]),
    ),
  });
}

describe("GuardianConsent", () => {
  it("says a link without a token, or one the server does not know, is not valid", async () => {
    renderScreen(<GuardianConsent />);
    expect(await screen.findByText(GUARDIAN.linkInvalid)).toBeInTheDocument();

    window.location.hash = `#consent=${TOKEN}`;
    api({ "/api/guardian-consent/view": [jsonResponse(404, { message: GUARDIAN.linkInvalid })] });
    renderScreen(<GuardianConsent />);
    expect(await screen.findAllByText(GUARDIAN.linkInvalid)).not.toHaveLength(0);
  });

  it("offers no consent buttons on a link about one scout request, and says which link does", async () => {
    window.location.hash = `#consent=${TOKEN}`;
    api({ "/api/guardian-consent/view": [jsonResponse(200, view({ state: "given", managesConsent: false }))] });
    renderScreen(<GuardianConsent />);
    expect(await screen.findByText(GUARDIAN.requestLinkOnly)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Withdraw my consent" })).not.toBeInTheDocument();
  });

  it("shows what the profile shows and hides, then agrees with the code sent to the guardian", async () => {
    window.location.hash = `#consent=${TOKEN}`;
    const calls = api({
      "/api/guardian-consent/view": [jsonResponse(200, view())],
      "/api/guardian-consent/code": [jsonResponse(200, { message: GUARDIAN.codeSent })],
      "/api/guardian-consent/agree": [
        jsonResponse(400, { message: AUTH.codeInvalid, errors: { otp: AUTH.codeInvalid } }),
        jsonResponse(200, {
          message: GUARDIAN.consentGiven,
          consent: view({ state: "given", decidedAt: "2026-11-24T10:00:00.000Z" }),
        }),
      ],
    });
    const { user } = renderScreen(<GuardianConsent />);
    expect(await screen.findByRole("heading", { name: "Consent for Chipo's football profile" })).toBeInTheDocument();
    expect(screen.getByText(/They will never see:/).parentElement).toHaveTextContent(
      "the phone number, e-mail address, date of birth or home address",
    );

    await user.click(screen.getByRole("button", { name: "Send me a code to agree" }));
    expect(await screen.findByText("Enter the code we sent to your phone to agree.")).toBeInTheDocument();
    const agree = screen.getByRole("button", { name: "I agree" });
    expect(agree).toBeDisabled();
    await user.type(screen.getByLabelText(CODE_INPUT_LABEL), "12345");
    await user.click(agree);
    expect(await screen.findByText(AUTH.codeInvalid)).toBeInTheDocument();
    await user.type(screen.getByLabelText(CODE_INPUT_LABEL), "54321");
    await user.click(screen.getByRole("button", { name: "I agree" }));
    expect(await screen.findByRole("status")).toHaveTextContent(
      "You agreed on 24 Nov 2026. Chipo's profile is public: clubs and scouts can see it now.",
    );
    expect(screen.getByRole("button", { name: GUARDIAN.withdrawButton })).toBeInTheDocument();
    // The token only ever travels in bodies.
    expect(calls.sent.some((call) => call.url.includes(TOKEN))).toBe(false);
    expect(consentCalls(calls.sent).map((call) => call.body)).toEqual([
      { token: TOKEN },
      { token: TOKEN },
      { token: TOKEN, otp: "12345" },
      { token: TOKEN, otp: "54321" },
    ]);
    // Two five-digit codes typed key by key: over 5 s on a busy machine.
  }, 15_000);

  it("withdraws a consent given only after a confirmation that says what will happen, without a code", async () => {
    window.location.hash = `#consent=${TOKEN}`;
    const calls = api({
      "/api/guardian-consent/view": [
        jsonResponse(200, view({ state: "given", decidedAt: "2026-11-20T10:00:00.000Z" })),
      ],
      "/api/guardian-consent/withdraw": [
        jsonResponse(200, {
          message: GUARDIAN.consentWithdrawn,
          consent: view({ state: "withdrawn", decidedAt: "2026-11-24T10:00:00.000Z" }),
        }),
      ],
    });
    const { user } = renderScreen(<GuardianConsent />);
    await user.click(await screen.findByRole("button", { name: GUARDIAN.withdrawButton }));
    const dialog = await screen.findByRole("alertdialog", { name: GUARDIAN.withdrawTitle });
    expect(dialog).toHaveTextContent(GUARDIAN.withdrawWarning("Chipo"));
    // Cancelling changes nothing.
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(consentCalls(calls.sent).map((call) => call.url)).toEqual(["/api/guardian-consent/view"]);

    await user.click(screen.getByRole("button", { name: GUARDIAN.withdrawButton }));
    await user.click(await screen.findByRole("button", { name: GUARDIAN.withdrawConfirm }));
    expect(await screen.findByText(GUARDIAN.consentWithdrawn)).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent(
      "You said no on 24 Nov 2026, so Chipo's profile is not public. It will not be until you agree again.",
    );
    expect(screen.queryByText(/You have not agreed/)).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Send me a code to agree" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: GUARDIAN.withdrawButton })).not.toBeInTheDocument();
  });

  it("shows the lasting link how many looked at the player's profile, by first name, and never who", async () => {
    window.location.hash = `#consent=${TOKEN}`;
    const mock = api({ "/api/guardian-consent/view": [jsonResponse(200, view({ state: "given" }))] });
    mock.set("POST /api/guardian-consent/interest", () =>
      jsonResponse(200, {
        isPublic: true,
        visitors: 7,
        scouts: { total: 2, byKind: { club: 1, academy: 1, agency: 0, "national-team": 0 } },
        shortlisted: 0,
        savedSearches: 0,
        requests: 0,
      }),
    );
    renderScreen(<GuardianConsent />);
    const card = await screen.findByRole("region", { name: INTEREST.title });
    expect(within(card).getByText("7 people opened Chipo's profile this month.")).toBeInTheDocument();
    expect(
      within(card).getByText("2 verified scouts looked at Chipo's profile this month: 1 club and 1 academy."),
    ).toBeInTheDocument();
    expect(within(card).getByText(INTEREST.howCountedGuardian)).toBeInTheDocument();
    expect(mock.calls("POST /api/guardian-consent/interest")[0]?.body).toEqual({ token: TOKEN });
  });

  it("asks no counts through a link about one scout request", async () => {
    window.location.hash = `#consent=${TOKEN}`;
    const mock = api({ "/api/guardian-consent/view": [jsonResponse(200, view({ managesConsent: false }))] });
    renderScreen(<GuardianConsent />);
    expect(await screen.findByText(GUARDIAN.requestLinkOnly)).toBeInTheDocument();
    expect(mock.calls("POST /api/guardian-consent/interest")).toHaveLength(0);
  });

  it("never calls a profile public that is waiting for review or whose public time ended", async () => {
    window.location.hash = `#consent=${TOKEN}`;
    api({ "/api/guardian-consent/view": [jsonResponse(200, view({ state: "given", profile: "in-review" }))] });
    renderScreen(<GuardianConsent />);
    expect(await screen.findByRole("status")).toHaveTextContent(
      "You agreed. Our team is checking Chipo's profile. It will be public once they approve it.",
    );
    expect(screen.queryByText(/can be public once our team has checked it/)).not.toBeInTheDocument();
  });

  it("leads with what is asked now, then what the consent covers, and puts withdrawing last", async () => {
    window.location.hash = `#consent=${TOKEN}`;
    api({ "/api/guardian-consent/view": [jsonResponse(200, view({ state: "given" }))] });
    renderScreen(
      <GuardianConsent
        askedNow={<button type="button">Accept the scout&apos;s request</button>}
        later={<p>Earlier requests</p>}
      />,
    );
    const accept = await screen.findByRole("button", { name: "Accept the scout's request" });
    const covers = screen.getByRole("heading", { name: "What your consent covers" });
    const withdraw = screen.getByRole("button", { name: GUARDIAN.withdrawButton });
    const follows = (a: Element, b: Element) =>
      Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(accept, screen.getByRole("status"))).toBe(true);
    expect(follows(accept, covers)).toBe(true);
    expect(follows(covers, screen.getByText("Earlier requests"))).toBe(true);
    expect(follows(screen.getByText("Earlier requests"), withdraw)).toBe(true);
  });

  it("lets a guardian whose consent is given send a photo of the child's birth certificate", async () => {
    window.location.hash = `#consent=${TOKEN}`;
    const calls = api({
      "/api/guardian-consent/view": [
        jsonResponse(200, view({ state: "given", decidedAt: "2026-11-20T10:00:00.000Z" })),
      ],
      "/api/guardian-consent/age-check": [
        jsonResponse(200, {
          message: AGE_CHECK.sent,
          ageCheck: {
            ...NO_AGE_CHECK,
            state: "pending",
            documentKind: "birth-certificate",
            sentAt: "2026-11-24T10:00:00.000Z",
          },
        }),
      ],
    });
    const { user } = renderScreen(<GuardianConsent />);
    const section = within(await screen.findByRole("region", { name: AGE_CHECK.sectionTitle }));
    expect(section.getByText(AGE_CHECK.guardianIntro("Chipo"))).toBeInTheDocument();
    expect(section.getByText(AGE_CHECK.none)).toBeInTheDocument();
    // A birth certificate is what most children have: it is chosen already.
    expect(section.getByLabelText(AGE_CHECK.kindLabel)).toHaveValue("birth-certificate");
    await user.upload(
      section.getByLabelText(AGE_CHECK.photoLabel),
      new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], "certificate.jpg", { type: "image/jpeg" }),
    );
    await user.click(section.getByRole("button", { name: AGE_CHECK.send }));
    expect(await section.findByText(AGE_CHECK.pending)).toBeInTheDocument();
    expect(calls.calls("POST /api/guardian-consent/age-check/view").map((call) => call.body)).toEqual([
      { token: TOKEN },
    ]);
    const sent = calls.calls("POST /api/guardian-consent/age-check");
    expect(sent.map((call) => call.body)).toEqual([
      { kind: "birth-certificate", contentType: "image/jpeg", image: "/9j/4A==" },
    ]);
    expect(sent.map((call) => call.headers[GUARDIAN_LINK_HEADER])).toEqual([TOKEN]);
    expect(calls.sent.some((call) => call.url.includes(TOKEN))).toBe(false);
  });
});
