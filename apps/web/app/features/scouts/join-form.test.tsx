import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { REGISTER, RESET } from "@touchline/contract/messages";
import { SCOUT } from "@touchline/contract/scouts";
import { mockApi, recordRequests } from "../../test/api-server.ts";
import { jsonResponse, renderScreen } from "../../test/render.tsx";
import { ScoutJoinForm } from "./join-form.tsx";
import { isScoutBrowser } from "./scout-mark.ts";

const JOIN = "POST /api/scouts/join";

async function fill(user: ReturnType<typeof renderScreen>["user"], phone: string) {
  await user.type(screen.getByLabelText("First name"), "Sam");
  await user.type(screen.getByLabelText("Last name"), "Okafor");
  await user.type(screen.getByLabelText("Organisation"), "Copperbelt Stars Academy");
  await user.selectOptions(screen.getByLabelText("Kind of organisation"), "academy");
  await user.type(screen.getByLabelText("Your role"), "Chief scout");
  await user.type(screen.getByLabelText("Country you work from"), "United Kingdom");
  await user.type(screen.getByLabelText("Phone number"), phone);
  await user.type(screen.getByLabelText("E-mail address"), "sam@example.org");
  await user.type(screen.getByLabelText("Link that proves your organisation"), "https://example.org/staff/sam");
  await user.type(screen.getByLabelText("Password"), "Scout@2026ok");
}

describe("ScoutJoinForm", () => {
  it("shows the password rule before typing, and the password on request", async () => {
    const { user } = renderScreen(<ScoutJoinForm />);
    const password = screen.getByLabelText("Password");
    expect(password).toHaveAccessibleDescription(RESET.passwordHint);
    await user.type(password, "Scout@2026ok");
    expect(password).toHaveAttribute("type", "password");
    await user.click(screen.getByRole("button", { name: "Show password" }));
    expect(password).toHaveAttribute("type", "text");
  });

  it("checks every field with the contract's rules and sends nothing until they pass", async () => {
    const started = recordRequests();
    const { user } = renderScreen(<ScoutJoinForm />);
    await user.click(screen.getByRole("button", { name: "Join as a scout" }));
    expect(await screen.findByText(REGISTER.firstNameRequired)).toBeInTheDocument();
    expect(screen.getByText(SCOUT.phoneInvalid)).toBeInTheDocument();
    expect(screen.getByText(SCOUT.proofRequired)).toBeInTheDocument();
    expect(started).toEqual([]);
  });

  it("joins with a phone of any country, marks the browser as a scout's and opens the scout area", async () => {
    const api = mockApi({ [JOIN]: () => jsonResponse(201, { message: SCOUT.joined, scout: {} }) });
    const { user } = renderScreen(<ScoutJoinForm />);
    await fill(user, "+44 7700 900123");
    await user.click(screen.getByRole("button", { name: "Join as a scout" }));
    expect(await screen.findByTestId("location")).toHaveTextContent(/^\/scouts$/);
    expect(api.calls(JOIN)[0]!.body).toMatchObject({ phoneNumber: "+447700900123", organisationKind: "academy" });
    expect(isScoutBrowser()).toBe(true);
  });

  it("puts a taken e-mail on its field", async () => {
    mockApi({ [JOIN]: () => jsonResponse(409, { message: SCOUT.emailTaken, errors: { email: SCOUT.emailTaken } }) });
    const { user } = renderScreen(<ScoutJoinForm />);
    await fill(user, "0971234567");
    await user.click(screen.getByRole("button", { name: "Join as a scout" }));
    expect(await screen.findByLabelText("E-mail address")).toHaveAccessibleDescription(SCOUT.emailTaken);
    expect(screen.queryByTestId("location")).toBeNull();
  });
});
