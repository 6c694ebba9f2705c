import { act, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AUTH_SCREENS, OTP } from "@touchline/contract/messages";
import { CodeEntry } from "./code-entry.tsx";
import { CODE_INPUT_LABEL } from "./code-input.tsx";
import { mockApi, recordRequests } from "../../test/api-server.ts";
import { jsonResponse, renderScreen } from "../../test/render.tsx";

afterEach(() => vi.useRealTimers());

const RESEND_ROUTE = "POST /api/Authorization/requestPasswordResetOtp";

function Screen({
  phoneNumber = "+260971234567",
  availableAt,
  verify,
}: {
  phoneNumber?: string;
  availableAt?: number;
  verify: (otp: number) => Promise<unknown>;
}) {
  const [resendAt, setResendAt] = useState(availableAt);
  return (
    <CodeEntry
      phoneNumber={phoneNumber}
      resendAvailableAt={resendAt}
      onResendScheduled={setResendAt}
      verify={verify}
      onVerified={() => {}}
    />
  );
}

const codeField = () => screen.getByLabelText(CODE_INPUT_LABEL) as HTMLInputElement;
const digits = () => codeField().value;

describe("CodeEntry", () => {
  it("shows the heading and the number with its plus", () => {
    renderScreen(<Screen verify={vi.fn()} />);
    expect(screen.getByRole("heading", { level: 1, name: OTP.heading })).toBeInTheDocument();
    expect(screen.getByText("+260 97 1234567")).toBeInTheDocument();
  });

  it("keeps Continue disabled until every box has a digit, then sends the code as a number", async () => {
    const verify = vi.fn(async () => ({}));
    const { user } = renderScreen(<Screen verify={verify} />);
    const continueButton = screen.getByRole("button", { name: "Continue" });
    expect(continueButton).toBeDisabled();
    await user.click(codeField());
    await user.keyboard("0123");
    expect(continueButton).toBeDisabled();
    await user.keyboard("4");
    expect(continueButton).toBeEnabled();
    await user.click(continueButton);
    // The boxes are joined and sent as a number, as the companion app does (a leading zero is lost; the server pads it).
    expect(verify).toHaveBeenCalledWith(1234);
    expect(await screen.findByText(OTP.verified)).toBeInTheDocument();
  });

  it("says so, shows the server's reason and empties the boxes when the code is refused", async () => {
    const { ApiError } = await import("../../lib/api.ts");
    const verify = vi.fn(async () => {
      throw new ApiError(400, "The code is wrong or has expired. Check the SMS or request a new code.");
    });
    const { user } = renderScreen(<Screen verify={verify} />);
    await user.click(codeField());
    await user.keyboard("11111");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByText(OTP.verifyFailed)).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("The code is wrong or has expired");
    expect(digits()).toBe("");
    expect(codeField()).toHaveFocus();
    expect(screen.getByRole("button", { name: "Continue" })).toBeDisabled();
  });

  it("resends with requestPasswordResetOtp, confirms, clears the boxes and starts the countdown", async () => {
    const api = mockApi({
      [RESEND_ROUTE]: () => jsonResponse(200, { message: OTP.sent, retryAfterSeconds: 60 }),
    });
    const { user } = renderScreen(<Screen verify={vi.fn()} />);
    await user.click(codeField());
    await user.keyboard("12");
    const resend = screen.getByRole("button", { name: "I didn't get the code" });
    expect(resend).toBeEnabled();
    await user.click(resend);
    expect(await screen.findByText(OTP.sent)).toBeInTheDocument();
    expect(api.sent.map(({ url, body }) => ({ url, body }))).toEqual([
      { url: "/api/Authorization/requestPasswordResetOtp", body: { phoneNumber: "+260971234567" } },
    ]);
    expect(digits()).toBe("");
    expect(screen.getByRole("button", { name: "I didn't get the code" })).toBeDisabled();
    expect(screen.getByRole("timer")).toHaveTextContent(AUTH_SCREENS.resendIn(60));
  });

  it("counts down to the moment a resend is possible again", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderScreen(<Screen verify={vi.fn()} availableAt={Date.now() + 3_000} />);
    expect(screen.getByRole("timer")).toHaveTextContent(AUTH_SCREENS.resendIn(3));
    expect(screen.getByRole("button", { name: "I didn't get the code" })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.getByRole("timer")).toHaveTextContent(AUTH_SCREENS.resendIn(2));
    await act(() => vi.advanceTimersByTimeAsync(2_100));
    await waitFor(() => expect(screen.queryByRole("timer")).not.toBeInTheDocument());
    expect(screen.getByRole("button", { name: "I didn't get the code" })).toBeEnabled();
  });

  it("shows the failure toast and the server's wait when a resend is refused", async () => {
    mockApi({
      [RESEND_ROUTE]: () =>
        jsonResponse(429, { message: "Please wait 42 seconds before requesting a new code.", retryAfterSeconds: 42 }),
    });
    const { user } = renderScreen(<Screen verify={vi.fn()} />);
    await user.click(screen.getByRole("button", { name: "I didn't get the code" }));
    expect(await screen.findByText(OTP.resendFailed)).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("Please wait 42 seconds");
    expect(screen.getByRole("timer")).toHaveTextContent(AUTH_SCREENS.resendIn(42));
  });

  it("does not call the server without a phone number", async () => {
    const started = recordRequests();
    const { user } = renderScreen(<Screen phoneNumber="" verify={vi.fn()} />);
    await user.click(screen.getByRole("button", { name: "I didn't get the code" }));
    expect(await screen.findByText(OTP.phoneMissingToast)).toBeInTheDocument();
    expect(started).toEqual([]);
  });
});
