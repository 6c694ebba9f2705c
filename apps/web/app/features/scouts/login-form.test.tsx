import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { REGISTER } from "@touchline/contract/messages";
import { mockApi, recordRequests } from "../../test/api-server.ts";
import { jsonResponse, renderScreen } from "../../test/render.tsx";
import { ScoutLoginForm } from "./login-form.tsx";
import { isScoutBrowser } from "./scout-mark.ts";

const LOGIN = "POST /api/scouts/login";

describe("ScoutLoginForm", () => {
  it("asks for the e-mail and password beside their fields and sends nothing without them", async () => {
    const started = recordRequests();
    const { user } = renderScreen(<ScoutLoginForm next="/scouts" />);
    await user.click(screen.getByRole("button", { name: "Log in" }));
    expect(await screen.findByLabelText("E-mail address")).toHaveAccessibleDescription(REGISTER.emailRequired);
    expect(screen.getByLabelText("Password")).toHaveAccessibleDescription("Enter your password");
    expect(screen.getByLabelText("E-mail address")).toHaveFocus();
    expect(started).toEqual([]);
  });

  it("says the server's refusal above the form and stays", async () => {
    mockApi({ [LOGIN]: () => jsonResponse(401, { message: "Wrong e-mail or password." }) });
    const { user } = renderScreen(<ScoutLoginForm next="/scouts" />);
    await user.type(screen.getByLabelText("E-mail address"), "sam@example.org");
    await user.type(screen.getByLabelText("Password"), "not-it");
    await user.click(screen.getByRole("button", { name: "Log in" }));
    expect(await screen.findByText("Wrong e-mail or password.")).toBeInTheDocument();
    expect(screen.queryByTestId("location")).toBeNull();
  });

  it("logs in with what was typed, marks the browser as a scout's and goes where the scout was headed", async () => {
    const api = mockApi({ [LOGIN]: () => jsonResponse(200, { id: "s1" }) });
    const { user } = renderScreen(<ScoutLoginForm next="/scouts/players/chanda10" />);
    await user.type(screen.getByLabelText("E-mail address"), "Sam@Example.org");
    await user.type(screen.getByLabelText("Password"), "Scout@2026ok");
    await user.click(screen.getByRole("checkbox", { name: "Remember me" }));
    await user.click(screen.getByRole("button", { name: "Log in" }));
    expect(await screen.findByTestId("location")).toHaveTextContent(/^\/scouts\/players\/chanda10$/);
    expect(api.calls(LOGIN)[0]!.body).toEqual({ email: "sam@example.org", password: "Scout@2026ok", rememberMe: true });
    expect(isScoutBrowser()).toBe(true);
  });
});
