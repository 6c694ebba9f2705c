import { fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { todayIso } from "@touchline/contract/age";
import { oldestBirthDateIso } from "@touchline/contract/registration";
import { GUARDIAN } from "@touchline/contract/guardian";
import { MAX_REGISTRATION_AGE, MIN_REGISTRATION_AGE } from "@touchline/contract/limits";
import { AUTH, FIELD, REGISTER, RESET } from "@touchline/contract/messages";
import { readFlow, clearFlow } from "./flow-storage.ts";
import { RegisterForm } from "./register-form.tsx";
import { mockApi, recordRequests } from "../../test/api-server.ts";
import { jsonResponse, renderScreen } from "../../test/render.tsx";

afterEach(() => clearFlow());

const REGISTER_ROUTE = "POST /api/Authorization/registerScoutWithOtp";

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const signUp = () => screen.getByRole("button", { name: "Sign Up" });
const yearsAgo = (years: number, days = 0) => {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

async function fillValid(user: ReturnType<typeof renderScreen>["user"], age = 19) {
  await user.type(field("First name"), "Chanda");
  await user.type(field("Last name"), "Mulenga");
  await user.type(field("Username"), "chanda10");
  fireEvent.input(field("Date of birth"), { target: { value: yearsAgo(age) } });
  await user.type(field("Email"), "chanda@example.zm");
  await user.type(field("Phone number"), "097 1234567");
  await user.type(field("Password"), "Goal@kick10");
}

describe("RegisterForm", () => {
  it("names every missing field with its published message and sends nothing", async () => {
    const started = recordRequests();
    const { user } = renderScreen(<RegisterForm />);
    await user.click(signUp());
    expect(await screen.findByText(REGISTER.firstNameRequired)).toBeInTheDocument();
    for (const message of [
      REGISTER.lastNameRequired,
      REGISTER.usernameRequired,
      REGISTER.dateOfBirthRequired,
      REGISTER.emailRequired,
      REGISTER.passwordRequired,
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    // "Phone number is required" and "Password is required" are both there, each once.
    expect(screen.getAllByText(REGISTER.phoneRequired)).toHaveLength(1);
    expect(field("First name")).toHaveAttribute("aria-invalid", "true");
    expect(started).toEqual([]);
  });

  it("rejects a username with a space", async () => {
    const { user } = renderScreen(<RegisterForm />);
    await user.type(field("Username"), "chanda ten");
    await user.click(signUp());
    expect(await screen.findByText(REGISTER.usernameNoSpaces)).toBeInTheDocument();
  });

  it("caps the date picker at today and rejects a future date", async () => {
    const { user } = renderScreen(<RegisterForm />);
    expect(field("Date of birth")).toHaveAttribute("max", todayIso());
    fireEvent.input(field("Date of birth"), { target: { value: yearsAgo(-1) } });
    await user.click(signUp());
    expect(await screen.findByText(REGISTER.dateOfBirthFuture)).toBeInTheDocument();
  });

  it("requires an age of at least 14", async () => {
    const { user } = renderScreen(<RegisterForm />);
    // One day short of the 14th birthday.
    fireEvent.input(field("Date of birth"), { target: { value: yearsAgo(14, 1) } });
    await user.click(signUp());
    expect(await screen.findByText(REGISTER.tooYoung)).toBeInTheDocument();
    fireEvent.input(field("Date of birth"), { target: { value: yearsAgo(14) } });
    await user.click(signUp());
    await vi.waitFor(() => expect(screen.queryByText(REGISTER.tooYoung)).not.toBeInTheDocument());
  });

  it("rejects a malformed e-mail address", async () => {
    const { user } = renderScreen(<RegisterForm />);
    await user.type(field("Email"), "chanda@example");
    await user.click(signUp());
    expect(await screen.findByText(REGISTER.emailInvalid)).toBeInTheDocument();
  });

  it("rejects a password shorter than 8 characters", async () => {
    const { user } = renderScreen(<RegisterForm />);
    await user.type(field("Password"), "seven77");
    await user.click(signUp());
    expect(await screen.findByText(REGISTER.passwordTooShort)).toBeInTheDocument();
  });

  it("holds the password to the same rule as the reset screen, and says so beside the field", async () => {
    const started = recordRequests();
    const { user } = renderScreen(<RegisterForm />);
    expect(field("Password")).toHaveAccessibleDescription(RESET.passwordHint);
    await fillValid(user);
    for (const weak of ["password", "12345678"]) {
      await user.clear(field("Password"));
      await user.type(field("Password"), weak);
      await user.click(signUp());
      expect(await screen.findByText(RESET.passwordRule)).toBeInTheDocument();
    }
    expect(started).toEqual([]);
  });

  it("floors the date picker 100 years back and refuses an older date", async () => {
    const { user } = renderScreen(<RegisterForm />);
    expect(field("Date of birth")).toHaveAttribute("min", oldestBirthDateIso());
    fireEvent.input(field("Date of birth"), { target: { value: "1900-01-01" } });
    await user.click(signUp());
    expect(await screen.findByText(FIELD.dateOfBirthTooOld(MAX_REGISTRATION_AGE))).toBeInTheDocument();
  });

  it("shows a registration waiting for its code beside the phone number", async () => {
    const message = AUTH.registrationPending(7);
    mockApi({
      [REGISTER_ROUTE]: () => jsonResponse(409, { message, errors: { phoneNumber: message }, retryAfterSeconds: 400 }),
    });
    const { user } = renderScreen(<RegisterForm />);
    await fillValid(user);
    await user.click(signUp());
    expect(await screen.findByText(REGISTER.failure)).toBeInTheDocument();
    expect(field("Phone number")).toHaveAccessibleDescription(message);
    expect(screen.queryByTestId("location")).not.toBeInTheDocument();
  });

  it("shows the phone field fixed to Zambia", () => {
    renderScreen(<RegisterForm />);
    const country = screen.getByLabelText(/^Country/);
    expect(country).toBeDisabled();
    expect(country).toHaveDisplayValue("ZM +260");
  });

  it("registers, keeps the number and e-mail for the code screen (not in the URL) and goes there", async () => {
    const api = mockApi({
      [REGISTER_ROUTE]: () =>
        jsonResponse(201, {
          message: AUTH.registered,
          phoneNumber: "+260971234567",
          codeSent: true,
          retryAfterSeconds: 60,
        }),
    });
    const { user } = renderScreen(<RegisterForm />);
    await fillValid(user);
    await user.click(signUp());
    expect(await screen.findByText(REGISTER.success)).toBeInTheDocument();
    expect(await screen.findByTestId("location")).toHaveTextContent(/^\/auth\/player-register-otp$/);
    expect(api.sent.map(({ url, body }) => ({ url, body }))).toEqual([
      {
        url: "/api/Authorization/registerScoutWithOtp",
        body: {
          firstName: "Chanda",
          lastName: "Mulenga",
          userName: "chanda10",
          dateOfBirth: yearsAgo(19),
          email: "chanda@example.zm",
          phoneNumber: "+260971234567",
          password: "Goal@kick10",
        },
      },
    ]);
    const flow = readFlow();
    expect(flow).toMatchObject({ phoneNumber: "+260971234567", email: "chanda@example.zm" });
    expect(flow.resendAvailableAt! - Date.now()).toBeGreaterThan(55_000);
  });

  it("says at once that a date of birth under 14 is too young, and asks for no guardian", async () => {
    renderScreen(<RegisterForm />);
    fireEvent.input(field("Date of birth"), { target: { value: yearsAgo(MIN_REGISTRATION_AGE - 1) } });
    expect(await screen.findByText(REGISTER.tooYoung)).toBeInTheDocument();
    expect(screen.queryByText(GUARDIAN.registrationHint)).toBeNull();
    expect(screen.queryByLabelText("Parent's or guardian's name")).toBeNull();
  });

  it("asks a player under 18 for a parent's or guardian's name and number, and sends them", async () => {
    const api = mockApi({
      [REGISTER_ROUTE]: () =>
        jsonResponse(201, { message: AUTH.registered, phoneNumber: "+260971234567", codeSent: true }),
    });
    const { user } = renderScreen(<RegisterForm />);
    await fillValid(user);
    expect(screen.queryByLabelText("Parent's or guardian's name")).toBeNull();
    fireEvent.input(field("Date of birth"), { target: { value: yearsAgo(16) } });
    expect(await screen.findByText(GUARDIAN.registrationHint)).toBeInTheDocument();
    await user.click(signUp());
    expect(await screen.findByText(GUARDIAN.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(GUARDIAN.phoneRequired)).toBeInTheDocument();
    expect(api.sent).toEqual([]);

    await user.type(field("Parent's or guardian's name"), "Grace Mulenga");
    await user.type(field("Parent's or guardian's phone number"), "097 1234567");
    await user.click(signUp());
    expect(await screen.findByText(GUARDIAN.phoneNotOwn)).toBeInTheDocument();
    await user.clear(field("Parent's or guardian's phone number"));
    await user.type(field("Parent's or guardian's phone number"), "0955 123456");
    await user.click(signUp());
    await vi.waitFor(() => expect(api.sent).toHaveLength(1));
    expect(api.sent[0]!.body).toMatchObject({
      dateOfBirth: yearsAgo(16),
      guardianName: "Grace Mulenga",
      guardianPhone: "+260955123456",
    });
  });

  it("puts the server's 'already taken' answers on the right fields and keeps the form", async () => {
    mockApi({
      [REGISTER_ROUTE]: () =>
        jsonResponse(409, {
          message: `${AUTH.phoneTaken} ${AUTH.usernameTaken}`,
          errors: { phoneNumber: AUTH.phoneTaken, userName: AUTH.usernameTaken },
        }),
    });
    const { user } = renderScreen(<RegisterForm />);
    await fillValid(user);
    await user.click(signUp());
    expect(await screen.findByText(REGISTER.failure)).toBeInTheDocument();
    expect(field("Phone number")).toHaveAccessibleDescription(AUTH.phoneTaken);
    expect(field("Username")).toHaveAccessibleDescription(AUTH.usernameTaken);
    expect(field("First name").value).toBe("Chanda");
    expect(screen.queryByTestId("location")).not.toBeInTheDocument();
  });
});
