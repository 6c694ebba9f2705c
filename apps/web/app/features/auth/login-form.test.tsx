import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { AUTH, AUTH_SCREENS, LOGIN } from "@touchline/contract/messages";
import { clearFlow, readFlow, updateFlow } from "./flow-storage.ts";
import { LoginForm } from "./login-form.tsx";
import { SESSION_QUERY_KEY } from "../../lib/session.ts";
import { clearLoginSession, readLoginSession, readRememberMe } from "../../lib/session-store.ts";
import { mockApi, recordRequests } from "../../test/api-server.ts";
import { jsonResponse, renderScreen } from "../../test/render.tsx";

/** The answer as it travels: the player's id is `scoutId` there. */
const session = {
  scoutId: "p1",
  username: "chanda10",
  email: "chanda@example.zm",
  phoneNumber: "+260971234567",
  firstName: "Chanda",
  lastName: "Mulenga",
  role: "player",
};

beforeEach(() => {
  clearFlow();
  clearLoginSession();
});
const LOGIN_ROUTE = "POST /api/Authorization/loginScout";

const phone = () => screen.getByLabelText("Phone number") as HTMLInputElement;
const password = () => screen.getByLabelText("Password") as HTMLInputElement;
const logIn = () => screen.getByRole("button", { name: "Log in" });

describe("LoginForm", () => {
  it("has its controls: fixed country, password toggle, Remember me, Forgot password?, Sign Up", () => {
    renderScreen(<LoginForm />);
    expect(screen.getByLabelText(/^Country/)).toBeDisabled();
    expect(screen.getByRole("button", { name: "Show password" })).toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: "Remember me" })).not.toBeChecked();
    expect(screen.getByRole("link", { name: "Forgot password?" })).toHaveAttribute(
      "href",
      "/auth/player-forgot-password",
    );
    expect(screen.getByRole("link", { name: "Sign Up" })).toHaveAttribute("href", "/auth/player-register");
  });

  it("asks for the phone number and the password", async () => {
    const started = recordRequests();
    const { user } = renderScreen(<LoginForm />);
    await user.click(logIn());
    expect(await screen.findByText(LOGIN.phoneRequired)).toBeInTheDocument();
    expect(screen.getByText(LOGIN.passwordRequired)).toBeInTheDocument();
    expect(started).toEqual([]);
  });

  it("logs in, keeps the session object and the Remember me flag, and publishes the session", async () => {
    const api = mockApi({ [LOGIN_ROUTE]: () => jsonResponse(200, session) });
    updateFlow({ phoneNumber: "+260971234567", email: "chanda@example.zm" });
    const { user, queryClient } = renderScreen(<LoginForm />);
    // The number of the journey that led here is filled in already.
    await vi.waitFor(() => expect(phone().value).toBe("+260971234567"));
    await user.clear(phone());
    await user.type(phone(), "0971234567");
    await user.type(password(), "Goal@Kick1");
    await user.click(screen.getByRole("checkbox", { name: "Remember me" }));
    await user.click(logIn());
    expect(await screen.findByText(LOGIN.success)).toBeInTheDocument();
    expect(api.sent.map(({ url, body }) => ({ url, body }))).toEqual([
      {
        url: "/api/Authorization/loginScout",
        body: { phoneNumber: "+260971234567", password: "Goal@Kick1", rememberMe: true },
      },
    ]);
    // Stored as answered; read back, and published, with the player's id as playerId.
    const { scoutId: playerId, ...rest } = session;
    expect(JSON.parse(localStorage.getItem("touchline.session") ?? "null")).toEqual(session);
    expect(readLoginSession()).toEqual({ playerId, ...rest });
    expect(readRememberMe()).toBe(true);
    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toEqual({ playerId, ...rest });
    expect(readFlow()).toEqual({});
  });

  it("keeps a session without Remember me only for this tab", async () => {
    mockApi({ [LOGIN_ROUTE]: () => jsonResponse(200, session) });
    const { user } = renderScreen(<LoginForm />);
    await user.type(phone(), "0971234567");
    await user.type(password(), "Goal@Kick1");
    await user.click(logIn());
    expect(await screen.findByText(LOGIN.success)).toBeInTheDocument();
    expect(readRememberMe()).toBe(false);
    expect(localStorage.getItem("touchline.session")).toBeNull();
    expect(sessionStorage.getItem("touchline.session")).not.toBeNull();
  });

  it("shows the published failure toast and the server's reason for a wrong password", async () => {
    mockApi({ [LOGIN_ROUTE]: () => jsonResponse(401, { message: AUTH.loginFailed }) });
    const { user, queryClient } = renderScreen(<LoginForm />);
    await user.type(phone(), "0971234567");
    await user.type(password(), "wrong-password");
    await user.click(logIn());
    expect(await screen.findByText(LOGIN.failure)).toBeInTheDocument();
    // One failure, said once: the toast, and under it the reason as its explanation.
    expect(screen.getByRole("alert")).toHaveTextContent(AUTH_SCREENS.loginFailureReason(AUTH.loginFailed));
    // A failure is shown as one, not in the success colours.
    expect(screen.getByRole("alert")).toHaveAttribute("data-tone", "error");
    expect(readLoginSession()).toBeNull();
    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toBeUndefined();
  });

  it("offers to verify an unverified number and takes the player to the code screen", async () => {
    mockApi({
      [LOGIN_ROUTE]: () =>
        jsonResponse(403, {
          message: AUTH.phoneNotVerified,
          code: "PHONE_NOT_VERIFIED",
          phoneNumber: "+260971234567",
          codeSent: true,
          retryAfterSeconds: 60,
        }),
    });
    const { user } = renderScreen(<LoginForm />);
    await user.type(phone(), "0971234567");
    await user.type(password(), "Goal@Kick1");
    await user.click(logIn());
    expect(await screen.findByText(AUTH.phoneNotVerified)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Verify my number" }));
    expect(await screen.findByTestId("location")).toHaveTextContent(/^\/auth\/player-register-otp$/);
    const flow = readFlow();
    expect(flow.phoneNumber).toBe("+260971234567");
    expect(flow.resendAvailableAt! - Date.now()).toBeGreaterThan(55_000);
  });
});
