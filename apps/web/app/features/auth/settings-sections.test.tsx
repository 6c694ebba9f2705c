import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DELETION_PROCESSING_DAYS } from "@touchline/contract/limits";
import {
  ACCOUNT_DELETION,
  AUTH,
  AUTH_SCREENS,
  DELETION,
  LOGIN,
  REQUEST_FAILED,
  RESET,
} from "@touchline/contract/messages";
import { AccountDeletionRequest } from "./account-deletion-request.tsx";
import { ChangePasswordForm } from "./change-password-form.tsx";
import { LogoutEverywhere } from "./logout-everywhere.tsx";
import { readLoginSession, saveLoginSession } from "../../lib/session-store.ts";
import { mockApi, recordRequests } from "../../test/api-server.ts";
import { jsonResponse, renderScreen } from "../../test/render.tsx";

const sentOf = (api: ReturnType<typeof mockApi>) => api.sent.map(({ url, body }) => ({ url, body }));

describe("ChangePasswordForm", () => {
  const fill = async (user: ReturnType<typeof renderScreen>["user"], current: string, next: string, confirm = next) => {
    await user.type(screen.getByLabelText("Current password"), current);
    await user.type(screen.getByLabelText("New password"), next);
    await user.type(screen.getByLabelText("Confirm new password"), confirm);
    await user.click(screen.getByRole("button", { name: "Change password" }));
  };

  it("asks for every field before sending", async () => {
    const started = recordRequests();
    const { user } = renderScreen(<ChangePasswordForm />);
    await user.click(screen.getByRole("button", { name: "Change password" }));
    expect(await screen.findByText(LOGIN.passwordRequired)).toBeInTheDocument();
    expect(screen.getByText(RESET.newPasswordRequired)).toBeInTheDocument();
    expect(screen.getByText(RESET.confirmRequired)).toBeInTheDocument();
    expect(started).toEqual([]);
  });

  it("applies the reset password rules to the new password", async () => {
    const started = recordRequests();
    const { user } = renderScreen(<ChangePasswordForm />);
    await fill(user, "Old@pass1", "newpassword1", "other");
    expect(await screen.findByText(RESET.passwordRule)).toBeInTheDocument();
    expect(screen.getByText(RESET.mismatch)).toBeInTheDocument();
    expect(started).toEqual([]);
  });

  it("changes the password, confirms and empties the form", async () => {
    const api = mockApi({
      "POST /api/Authorization/changePassword": () =>
        jsonResponse(200, { message: AUTH.passwordChanged, endedSessions: 1 }),
    });
    const { user } = renderScreen(<ChangePasswordForm />);
    await fill(user, "Old@pass1", "New@pass22");
    expect(await screen.findByText(AUTH.passwordChanged)).toBeInTheDocument();
    expect(sentOf(api)).toEqual([
      {
        url: "/api/Authorization/changePassword",
        body: { currentPassword: "Old@pass1", newPassword: "New@pass22", confirmPassword: "New@pass22" },
      },
    ]);
    expect(screen.getByLabelText("Current password")).toHaveValue("");
  });

  it("puts a wrong current password on its field", async () => {
    mockApi({
      "POST /api/Authorization/changePassword": () =>
        jsonResponse(400, {
          message: AUTH.currentPasswordWrong,
          errors: { currentPassword: AUTH.currentPasswordWrong },
        }),
    });
    const { user } = renderScreen(<ChangePasswordForm />);
    await fill(user, "Wrong@pass1", "New@pass22");
    expect(await screen.findByText(AUTH_SCREENS.changePasswordFailed)).toBeInTheDocument();
    expect(screen.getByLabelText("Current password")).toHaveAccessibleDescription(AUTH.currentPasswordWrong);
  });
});

describe("LogoutEverywhere", () => {
  it("asks first, then ends every session, forgets this one and goes to login", async () => {
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
      false,
    );
    const api = mockApi({
      "POST /api/Authorization/logoutEverywhere": () =>
        jsonResponse(200, { message: AUTH.loggedOutEverywhere, endedSessions: 3 }),
    });
    const { user } = renderScreen(<LogoutEverywhere />);
    await user.click(screen.getByRole("button", { name: "Log out of all devices" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Log out of all devices" });
    expect(api.sent).toEqual([]);
    await user.click(within(dialog).getByRole("button", { name: "Log out everywhere" }));
    expect(await screen.findByTestId("location")).toHaveTextContent(/^\/auth\/player-login$/);
    expect(sentOf(api)).toEqual([{ url: "/api/Authorization/logoutEverywhere", body: {} }]);
    expect(readLoginSession()).toBeNull();
    expect(await screen.findByText(AUTH.loggedOutEverywhere)).toBeInTheDocument();
  });
});

describe("AccountDeletionRequest", () => {
  it("shows a request already waiting instead of the form, as after a reload", async () => {
    mockApi({
      "GET /api/site/deletion-requests/own": () =>
        jsonResponse(200, { pending: { id: "d1", dueAt: "2026-12-23T10:00:00.000Z" } }),
    });
    renderScreen(<AccountDeletionRequest email="chanda@example.zm" />);
    expect(await screen.findByText(AUTH_SCREENS.deletionPending("23 Dec 2026"))).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Request account deletion" })).toBeNull();
  });

  it("needs both confirmations and the exact phrase, then files the request for the player's own account", async () => {
    const api = mockApi({
      "GET /api/site/deletion-requests/own": () => jsonResponse(200, { pending: null }),
      "POST /api/site/deletion-requests/own": () => jsonResponse(201, { id: "d1", dueAt: "2026-12-23T10:00:00.000Z" }),
    });
    const { user } = renderScreen(<AccountDeletionRequest email="chanda@example.zm" />);
    const submit = () => user.click(screen.getByRole("button", { name: "Request account deletion" }));
    await submit();
    expect(await screen.findByText(ACCOUNT_DELETION.understandRequired)).toBeInTheDocument();
    expect(screen.getByText(ACCOUNT_DELETION.confirmationTextRequired)).toBeInTheDocument();
    expect(screen.getByText(ACCOUNT_DELETION.confirmationCheckboxRequired)).toBeInTheDocument();

    await user.click(screen.getByRole("checkbox", { name: /I understand/ }));
    await user.type(screen.getByLabelText("Type DELETE MY ACCOUNT to confirm"), "delete my account");
    await user.click(screen.getByRole("checkbox", { name: "Yes, delete my account." }));
    await submit();
    expect(await screen.findByText(ACCOUNT_DELETION.confirmationTextMismatch)).toBeInTheDocument();
    expect(api.sent.filter((request) => request.method === "POST")).toEqual([]);

    await user.clear(screen.getByLabelText("Type DELETE MY ACCOUNT to confirm"));
    await user.type(screen.getByLabelText("Type DELETE MY ACCOUNT to confirm"), "DELETE MY ACCOUNT");
    await user.selectOptions(screen.getByLabelText("Reason (optional)"), "privacy");
    await submit();
    expect(await screen.findByRole("heading", { name: DELETION.submittedTitle })).toBeInTheDocument();
    expect(screen.getByText(AUTH_SCREENS.deletionRequested(DELETION_PROCESSING_DAYS))).toBeInTheDocument();
    // The news replaces a long form: it takes the focus, so it is in view and announced.
    expect(screen.getByRole("heading", { name: DELETION.submittedTitle })).toHaveFocus();
    expect(sentOf(api).filter(({ url, body }) => url.endsWith("/own") && body)).toEqual([
      {
        // The session says whose account: no e-mail is sent, and none could be swapped in.
        url: "/api/site/deletion-requests/own",
        body: {
          reason: "privacy",
          otherReason: "",
          understand: true,
          confirmation_text: "DELETE MY ACCOUNT",
          confirmation: true,
        },
      },
    ]);
  });

  it("keeps the answers and says so when the request fails", async () => {
    mockApi({
      "GET /api/site/deletion-requests/own": () => jsonResponse(200, { pending: null }),
      "POST /api/site/deletion-requests/own": () => jsonResponse(500, { message: REQUEST_FAILED.serverError }),
    });
    const { user } = renderScreen(<AccountDeletionRequest email="chanda@example.zm" />);
    await user.click(screen.getByRole("checkbox", { name: /I understand/ }));
    await user.type(screen.getByLabelText("Type DELETE MY ACCOUNT to confirm"), "DELETE MY ACCOUNT");
    await user.click(screen.getByRole("checkbox", { name: "Yes, delete my account." }));
    await user.click(screen.getByRole("button", { name: "Request account deletion" }));
    expect(await screen.findByText(ACCOUNT_DELETION.deletionFailed)).toBeInTheDocument();
    expect(screen.getByLabelText("Type DELETE MY ACCOUNT to confirm")).toHaveValue("DELETE MY ACCOUNT");
  });
});
