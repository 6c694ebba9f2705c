import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, useLocation } from "react-router";
import { toast } from "sonner";
import { ToastHost } from "../../components/toast-host.tsx";
import { afterEach, describe, expect, it } from "vitest";
import { DELETION_REASONS } from "@touchline/contract/enums";
import { DELETION_REDIRECT_MS } from "@touchline/contract/limits";
import { ACCOUNT_DELETION, DELETION, FIELD, REQUEST_FAILED } from "@touchline/contract/messages";
import DeletePage from "../../routes/public/delete.tsx";
import { mockApi, recordRequests } from "../../test/api-server.ts";
import { jsonResponse as json, WithQueryClient } from "../../test/render.tsx";

function PrivacyStub() {
  const location = useLocation();
  return <p>privacy page {location.pathname + location.search}</p>;
}

const Stub = createRoutesStub([
  { path: "/delete", Component: DeletePage },
  { path: "/privacy", Component: PrivacyStub },
]);

function setup(options: Parameters<typeof userEvent.setup>[0] = {}, at = "/delete") {
  const user = userEvent.setup(options);
  render(
    <WithQueryClient>
      <Stub initialEntries={[at]} />
      <ToastHost />
    </WithQueryClient>,
  );
  return { user };
}

const email = () => screen.getByLabelText("Email address") as HTMLInputElement;
const reason = () => screen.getByLabelText(/Why are you leaving/) as HTMLSelectElement;
const understand = () => screen.getByLabelText(/I understand that deleting my account/) as HTMLInputElement;
const phrase = () => screen.getByLabelText("Type DELETE MY ACCOUNT to confirm") as HTMLInputElement;
const confirmBox = () => screen.getByLabelText(/I confirm that I want/) as HTMLInputElement;
const button = (name: string) => screen.getByRole("button", { name });

async function completeStepOne(user: ReturnType<typeof userEvent.setup>, pick = "privacy") {
  await user.type(email(), "mwila@example.zm");
  await user.selectOptions(reason(), pick);
  await user.click(understand());
  await user.click(button("Continue"));
  await screen.findByText("Step 2 of 2");
}

afterEach(() => {
  toast.dismiss();
});

const REQUEST_ROUTE = "POST /api/site/deletion-requests";
const CONFIRM_ROUTE = "POST /api/site/deletion-requests/confirm";
/** The one request a test expects, with its parsed body. */
const onlyCall = (api: ReturnType<typeof mockApi>) => {
  expect(api.sent).toHaveLength(1);
  return api.sent[0]!;
};

describe("account deletion page", () => {
  it("explains what deletion removes and links Back to Home via /home", () => {
    setup();
    expect(screen.getByRole("heading", { level: 1, name: "Delete your account" })).toBeInTheDocument();
    expect(screen.getByText(/player profile is removed/)).toBeInTheDocument();
    expect(screen.getByText(/highlight videos and photos are deleted/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Back to Home/ })).toHaveAttribute("href", "/home");
  });

  it("offers the five reasons and asks for details only when Other is chosen", async () => {
    const { user } = setup();
    const labels = Array.from(reason().options)
      .filter((o) => o.value)
      .map((o) => o.textContent);
    expect(labels).toEqual(DELETION_REASONS.map((r) => r.label));
    expect(screen.queryByLabelText("Tell us more (optional)")).not.toBeInTheDocument();
    await user.selectOptions(reason(), "other");
    expect(screen.getByLabelText("Tell us more (optional)")).toBeInTheDocument();
    await user.selectOptions(reason(), "not-using");
    expect(screen.queryByLabelText("Tell us more (optional)")).not.toBeInTheDocument();
  });

  it("step 1 requires an e-mail and the understand tick; reason is optional", async () => {
    const started = recordRequests();
    const { user } = setup();
    await user.click(button("Continue"));
    expect(await screen.findByText(FIELD.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(ACCOUNT_DELETION.understandRequired)).toBeInTheDocument();
    expect(screen.getByText("Step 1 of 2")).toBeInTheDocument();

    await user.type(email(), "mwila@");
    await user.click(button("Continue"));
    expect(await screen.findByText(FIELD.emailInvalid)).toBeInTheDocument();

    await user.clear(email());
    await user.type(email(), "mwila@example.zm");
    await user.click(understand());
    await user.click(button("Continue"));
    expect(await screen.findByText("Step 2 of 2")).toBeInTheDocument();
    expect(started).toEqual([]);
  });

  it("step 2 requires the exact, case-sensitive phrase and the confirmation tick", async () => {
    const started = recordRequests();
    const { user } = setup();
    await completeStepOne(user);
    expect(screen.getAllByText("DELETE MY ACCOUNT").length).toBeGreaterThan(0);

    await user.click(button("Submit Request"));
    expect(await screen.findByText(ACCOUNT_DELETION.confirmationTextRequired)).toBeInTheDocument();
    expect(screen.getByText(ACCOUNT_DELETION.confirmationCheckboxRequired)).toBeInTheDocument();

    await user.type(phrase(), "delete my account");
    await user.click(confirmBox());
    await user.click(button("Submit Request"));
    expect(await screen.findByText(ACCOUNT_DELETION.confirmationTextMismatch)).toBeInTheDocument();

    await user.clear(phrase());
    await user.type(phrase(), "Delete My Account");
    await user.click(button("Submit Request"));
    expect(await screen.findByText(ACCOUNT_DELETION.confirmationTextMismatch)).toBeInTheDocument();
    expect(started).toEqual([]);
  });

  it("Back returns to step 1 with every answer kept", async () => {
    const { user } = setup();
    await user.type(email(), "mwila@example.zm");
    await user.selectOptions(reason(), "other");
    await user.type(screen.getByLabelText("Tell us more (optional)"), "Moving abroad");
    await user.click(understand());
    await user.click(button("Continue"));
    await user.type(await screen.findByLabelText("Type DELETE MY ACCOUNT to confirm"), "DELETE MY");

    await user.click(button("Back"));
    expect(await screen.findByText("Step 1 of 2")).toBeInTheDocument();
    expect(email().value).toBe("mwila@example.zm");
    expect(reason().value).toBe("other");
    expect((screen.getByLabelText("Tell us more (optional)") as HTMLTextAreaElement).value).toBe("Moving abroad");
    expect(understand().checked).toBe(true);

    await user.click(button("Continue"));
    expect(((await screen.findByLabelText("Type DELETE MY ACCOUNT to confirm")) as HTMLInputElement).value).toBe(
      "DELETE MY",
    );
  });

  it("stores the request, shows Request Submitted and goes to /privacy after exactly 3 seconds", async () => {
    const api = mockApi({ [REQUEST_ROUTE]: () => json(201, { id: "d1", confirmBy: "2025-03-16T00:00:00.000Z" }) });
    const { user } = setup();
    await user.type(email(), "mwila@example.zm");
    await user.selectOptions(reason(), "other");
    await user.type(screen.getByLabelText("Tell us more (optional)"), "Moving abroad");
    await user.click(understand());
    await user.click(button("Continue"));
    await user.type(await screen.findByLabelText("Type DELETE MY ACCOUNT to confirm"), "DELETE MY ACCOUNT");
    await user.click(confirmBox());
    await user.click(button("Submit Request"));

    expect(await screen.findByRole("heading", { name: DELETION.submittedTitle })).toBeInTheDocument();
    // Real time on purpose: Testing Library's async helpers stall under Vitest's fake timers. The
    // clock starts as soon as the confirmation is seen, before the checks below take their time.
    const shownAt = performance.now();
    // What happens next: nothing until the e-mailed link is opened.
    expect(screen.getByRole("status")).toHaveTextContent(ACCOUNT_DELETION.deletionCheckEmail);
    expect(screen.getByRole("status")).toHaveTextContent(
      ACCOUNT_DELETION.deletionCheckEmailDetail("mwila@example.zm", 7),
    );

    const { url, body } = onlyCall(api);
    expect(url).toBe("/api/site/deletion-requests");
    expect(body).toEqual({
      email: "mwila@example.zm",
      reason: "other",
      otherReason: "Moving abroad",
      understand: true,
      confirmation_text: "DELETE MY ACCOUNT",
      confirmation: true,
    });

    expect(
      await screen.findByText("privacy page /privacy?deletionRequested=1", undefined, {
        timeout: DELETION_REDIRECT_MS + 2000,
      }),
    ).toBeInTheDocument();
    const waited = performance.now() - shownAt;
    // Seen up to a polling interval (more on a busy machine) after it was shown: a margin below.
    expect(waited).toBeGreaterThanOrEqual(DELETION_REDIRECT_MS - 500);
  }, 15_000);

  it("drops details typed for Other when another reason is finally chosen", async () => {
    const api = mockApi({ [REQUEST_ROUTE]: () => json(201, { id: "d2", confirmBy: "2025-03-16T00:00:00.000Z" }) });
    const { user } = setup();
    await user.type(email(), "mwila@example.zm");
    await user.selectOptions(reason(), "other");
    await user.type(screen.getByLabelText("Tell us more (optional)"), "Moving abroad");
    await user.selectOptions(reason(), "switching");
    await user.click(understand());
    await user.click(button("Continue"));
    await user.type(await screen.findByLabelText("Type DELETE MY ACCOUNT to confirm"), "DELETE MY ACCOUNT");
    await user.click(confirmBox());
    await user.click(button("Submit Request"));
    await screen.findByRole("heading", { name: DELETION.submittedTitle });
    expect(onlyCall(api).body).toEqual({
      email: "mwila@example.zm",
      reason: "switching",
      understand: true,
      confirmation_text: "DELETE MY ACCOUNT",
      confirmation: true,
    });
  });

  it("keeps the visitor on the form with everything typed when storing fails", async () => {
    mockApi({ [REQUEST_ROUTE]: () => json(500, { message: REQUEST_FAILED.serverError }) });
    const { user } = setup();
    await completeStepOne(user);
    await user.type(phrase(), "DELETE MY ACCOUNT");
    await user.click(confirmBox());
    await user.click(button("Submit Request"));

    expect(await screen.findByText(ACCOUNT_DELETION.deletionFailed)).toBeInTheDocument(); // the toast
    expect(screen.getByRole("alert", { name: "" })).toHaveTextContent(REQUEST_FAILED.serverError);
    expect(screen.queryByText(DELETION.submittedTitle)).not.toBeInTheDocument();
    expect(phrase().value).toBe("DELETE MY ACCOUNT");
    expect(confirmBox().checked).toBe(true);
    expect(button("Submit Request")).toBeEnabled();

    await user.click(button("Back"));
    expect(email().value).toBe("mwila@example.zm");
    expect(reason().value).toBe("privacy");
  });

  it("shows the server's verdict on a step-1 answer back on step 1", async () => {
    mockApi({
      [REQUEST_ROUTE]: () =>
        json(400, {
          message: REQUEST_FAILED.invalidRequest,
          errors: { email: "This address is not linked to an account" },
        }),
    });
    const { user } = setup();
    await completeStepOne(user);
    await user.type(phrase(), "DELETE MY ACCOUNT");
    await user.click(confirmBox());
    await user.click(button("Submit Request"));
    expect(await screen.findByText("This address is not linked to an account")).toBeInTheDocument();
    expect(screen.getByText("Step 1 of 2")).toBeInTheDocument();
    expect(email().value).toBe("mwila@example.zm");
  });
});

describe("the page opened from the link e-mailed to confirm a request", () => {
  const opened = () => setup({}, "/delete#confirm=tok_123");

  it("asks for one press, sends the token, and says what happens next", async () => {
    const api = mockApi({
      [CONFIRM_ROUTE]: () =>
        json(200, { message: ACCOUNT_DELETION.deletionConfirmed, dueAt: "2026-12-23T10:00:00.000Z" }),
    });
    const { user } = opened();
    expect(await screen.findByRole("heading", { level: 2, name: ACCOUNT_DELETION.deletionConfirmTitle })).toHaveFocus();
    // Opening the link alone confirms nothing (a mail scanner opens links too).
    expect(api.sent).toEqual([]);
    expect(screen.queryByText("Step 1 of 2")).not.toBeInTheDocument();
    await user.click(button("Yes, delete my account"));
    expect(await screen.findByText(ACCOUNT_DELETION.deletionConfirmed)).toBeInTheDocument();
    const { url, body } = onlyCall(api);
    expect(url).toBe("/api/site/deletion-requests/confirm");
    expect(body).toEqual({ token: "tok_123" });
    expect(screen.queryByRole("button", { name: "Yes, delete my account" })).not.toBeInTheDocument();
  });

  it("explains an expired link and offers a new request", async () => {
    mockApi({
      [CONFIRM_ROUTE]: () =>
        json(400, {
          message: ACCOUNT_DELETION.deletionLinkInvalid,
          errors: { token: ACCOUNT_DELETION.deletionLinkInvalid },
        }),
    });
    const { user } = opened();
    await user.click(await screen.findByRole("button", { name: "Yes, delete my account" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(ACCOUNT_DELETION.deletionLinkInvalid);
    await user.click(button("Send a new request"));
    expect(await screen.findByText("Step 1 of 2")).toBeInTheDocument();
  });

  it("keeps the button for another try when the server cannot be reached", async () => {
    mockApi({ [CONFIRM_ROUTE]: () => json(503, { message: REQUEST_FAILED.serviceUnavailable }) });
    const { user } = opened();
    await user.click(await screen.findByRole("button", { name: "Yes, delete my account" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      `${ACCOUNT_DELETION.deletionConfirmFailed} ${REQUEST_FAILED.serviceUnavailable}`,
    );
    expect(button("Yes, delete my account")).toBeEnabled();
  });
});
