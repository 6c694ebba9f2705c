import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../config.ts";
import { latestCode, readSmsOutbox, registrationBody } from "../test/auth-helpers.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { startFakeProvider } from "./fake-provider.ts";

const problemsOf = (env: Record<string, string>): string => {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  return "";
};

describe("SMS settings", () => {
  it("need the chosen provider's credentials, naming each missing variable", () => {
    const at = problemsOf({ SMS_PROVIDER: "africastalking" });
    expect(at).toContain("AFRICASTALKING_USERNAME: is required when SMS_PROVIDER=africastalking");
    expect(at).toContain("AFRICASTALKING_API_KEY: is required when SMS_PROVIDER=africastalking");
    const twilio = problemsOf({ SMS_PROVIDER: "twilio" });
    expect(twilio).toContain("TWILIO_ACCOUNT_SID");
    expect(twilio).toContain("TWILIO_AUTH_TOKEN");
    expect(twilio).toContain("TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID");
    expect(
      problemsOf({
        SMS_PROVIDER: "twilio",
        TWILIO_ACCOUNT_SID: "not-a-sid",
        TWILIO_AUTH_TOKEN: "x",
        TWILIO_FROM: "+1",
      }),
    ).toContain("TWILIO_ACCOUNT_SID: must be AC");
    expect(
      problemsOf({
        SMS_PROVIDER: "africastalking",
        AFRICASTALKING_USERNAME: "u",
        AFRICASTALKING_API_KEY: "k",
        AFRICASTALKING_BASE_URL: "nope",
      }),
    ).toContain("AFRICASTALKING_BASE_URL");
  });

  it("are complete with the credentials, and base URLs default to the real APIs", () => {
    const config = loadConfig({
      SMS_PROVIDER: "africastalking",
      AFRICASTALKING_USERNAME: "u",
      AFRICASTALKING_API_KEY: "k",
    });
    expect(config.AFRICASTALKING_BASE_URL).toBe("https://api.africastalking.com");
    expect(config.TWILIO_BASE_URL).toBe("https://api.twilio.com");
  });

  it("refuse the console outbox and a missing AUTH_SECRET in production", () => {
    const problems = problemsOf({ NODE_ENV: "production" });
    expect(problems).toContain("SMS_PROVIDER: must be africastalking or twilio when NODE_ENV=production");
    expect(problems).toContain("AUTH_SECRET: is required when NODE_ENV=production");
    expect(problemsOf({ AUTH_SECRET: "too-short" })).toContain("AUTH_SECRET: must be at least 32 characters");
  });
});

describe("a server configured for Africa's Talking", () => {
  let t: TestApp | undefined;
  let fake: Awaited<ReturnType<typeof startFakeProvider>> | undefined;
  afterEach(async () => {
    await t?.close();
    await fake?.close();
  });

  it("texts the registration code through the provider's API, not the outbox", async () => {
    fake = await startFakeProvider((req) => ({
      status: 201,
      body: JSON.stringify({
        SMSMessageData: {
          Message: "Sent to 1/1",
          Recipients: [{ statusCode: 101, number: req.form.get("to"), status: "Success" }],
        },
      }),
    }));
    t = await createTestApp({
      SMS_PROVIDER: "africastalking",
      AFRICASTALKING_USERNAME: "touchline",
      AFRICASTALKING_API_KEY: "key",
      AFRICASTALKING_BASE_URL: fake.baseUrl,
    });
    const body = registrationBody();
    const res = await t.app.inject({ method: "POST", url: "/api/Authorization/registerScoutWithOtp", payload: body });
    expect(res.statusCode).toBe(201);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.form.get("to")).toBe(body.phoneNumber);
    const code = fake.requests[0]!.form.get("message")!.match(/\b\d{5}\b/)![0];
    expect(readSmsOutbox(t)).toHaveLength(0);
    expect(() => latestCode(t!, body.phoneNumber)).toThrow();
    const verified = await t.app.inject({
      method: "POST",
      url: "/api/Authorization/verifyGeneralOtp",
      payload: { phoneNumber: body.phoneNumber, otp: code },
    });
    expect(verified.statusCode).toBe(200);
  });

  it("answers 503 when the provider refuses, and keeps the account pending", async () => {
    fake = await startFakeProvider(() => ({ status: 500, body: "Internal error", contentType: "text/plain" }));
    t = await createTestApp({
      SMS_PROVIDER: "africastalking",
      AFRICASTALKING_USERNAME: "touchline",
      AFRICASTALKING_API_KEY: "key",
      AFRICASTALKING_BASE_URL: fake.baseUrl,
    });
    const body = registrationBody();
    const res = await t.app.inject({ method: "POST", url: "/api/Authorization/registerScoutWithOtp", payload: body });
    expect(res.statusCode).toBe(503);
    const login = await t.app.inject({
      method: "POST",
      url: "/api/Authorization/loginScout",
      payload: { phoneNumber: body.phoneNumber, password: body.password },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({ code: "PHONE_NOT_VERIFIED", codeSent: false });
  });
});
