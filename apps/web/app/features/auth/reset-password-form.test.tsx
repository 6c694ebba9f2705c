import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { AUTH, RESET } from "@touchline/contract/messages";
import { clearFlow, readFlow, updateFlow } from "./flow-storage.ts";
import { ResetPasswordForm } from "./reset-password-form.tsx";
import { saveLoginSession, readLoginSession } from "../../lib/session-store.ts";
import { mockApi } from "../../test/api-server.ts";
import { jsonResponse, renderScreen } from "../../test/render.tsx";

afterEach(() => clearFlow());

const RESET_ROUTE = "POST /api/Authorization/resetPasswordByPhoneNumber";

const newPassword = () => screen.getByLabelText("New password");
const confirmPassword = () => screen.getByLabelText("Confirm password");
const submit = () => screen.getByRole("button", { name: "Submit" });

function setup() {
  return renderScreen(<ResetPasswordForm phoneNumber="+260971234567" resetToken="token-abc" />);
}

describe("ResetPasswordForm", () => {
  it("asks for both passwords", async () => {
    const { user } = setup();
    await user.click(submit());
    expect(await screen.findByText(RESET.newPasswordRequired)).toBeInTheDocument();
    expect(screen.getByText(RESET.confirmRequired)).toBeInTheDocument();
  });

  it("asks for at least 8 characters", async () => {
    const { user } = setup();
    await user.type(newPassword(), "Ab1@");
    await user.click(submit());
    expect(await screen.findByText(RESET.passwordTooShort)).toBeInTheDocument();
  });

  it.each([
    ["no uppercase letter", "goal@kick1"],
    ["no lowercase letter", "GOAL@KICK1"],
    ["no number", "Goal@Kicks"],
    ["no special character", "GoalKick12"],
    ["a character outside the allowed set", "Goal#Kick1"],
  ])("explains the character rule for a password with %s", async (_case, password) => {
    const { user } = setup();
    await user.type(newPassword(), password);
    await user.type(confirmPassword(), password);
    await user.click(submit());
    expect(await screen.findByText(RESET.passwordRule)).toBeInTheDocument();
  });

  it("requires the confirmation to match", async () => {
    const { user } = setup();
    await user.type(newPassword(), "Goal@Kick1");
    await user.type(confirmPassword(), "Goal@Kick2");
    await user.click(submit());
    expect(await screen.findByText(RESET.mismatch)).toBeInTheDocument();
  });

  it("sets the password with the phone and token of the earlier steps, forgets the old session and goes to login", async () => {
    saveLoginSession(
      {
        playerId: "p1",
        username: "chanda10",
        email: "c@example.zm",
        phoneNumber: "+260971234567",
        firstName: "C",
        lastName: "M",
        role: "player",
      },
      true,
    );
    updateFlow({ phoneNumber: "+260971234567", resetToken: "token-abc" });
    const api = mockApi({ [RESET_ROUTE]: () => jsonResponse(200, { message: AUTH.passwordReset }) });
    const { user } = setup();
    await user.type(newPassword(), "Goal@Kick1");
    await user.type(confirmPassword(), "Goal@Kick1");
    await user.click(submit());
    expect(await screen.findByText(RESET.success)).toBeInTheDocument();
    expect(await screen.findByTestId("location")).toHaveTextContent(/^\/auth\/player-login$/);
    expect(api.sent.map(({ url, body }) => ({ url, body }))).toEqual([
      {
        url: "/api/Authorization/resetPasswordByPhoneNumber",
        body: {
          phoneNumber: "+260971234567",
          resetToken: "token-abc",
          newPassword: "Goal@Kick1",
          confirmPassword: "Goal@Kick1",
        },
      },
    ]);
    expect(readLoginSession()).toBeNull();
    // The spent token is gone; the number stays to prefill the login.
    expect(readFlow()).toEqual({ phoneNumber: "+260971234567" });
  });

  it("shows the failure toast and the server's message when the token is no longer valid", async () => {
    mockApi({
      [RESET_ROUTE]: () =>
        jsonResponse(400, { message: AUTH.resetTokenInvalid, errors: { resetToken: AUTH.resetTokenInvalid } }),
    });
    const { user } = setup();
    await user.type(newPassword(), "Goal@Kick1");
    await user.type(confirmPassword(), "Goal@Kick1");
    await user.click(submit());
    expect(await screen.findByText(RESET.failure)).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent(AUTH.resetTokenInvalid);
    expect(screen.queryByTestId("location")).not.toBeInTheDocument();
  });
});
