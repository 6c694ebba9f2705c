import { afterEach, describe, expect, it } from "vitest";
import { startFakeProvider, type RecordedRequest } from "./fake-provider.ts";
import { SmsError } from "./sms-error.ts";
import { createTwilioSender } from "./twilio.ts";

type Fake = Awaited<ReturnType<typeof startFakeProvider>>;
let fake: Fake | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const SID = `AC${"a1".repeat(16)}`;
const TOKEN = "twilio-auth-token";

/** Answers like Twilio's Messages resource, checking auth and the documented parameters. */
function twilio(req: RecordedRequest) {
  const expectedAuth = `Basic ${Buffer.from(`${SID}:${TOKEN}`).toString("base64")}`;
  if (req.headers.authorization !== expectedAuth) {
    return {
      status: 401,
      body: JSON.stringify({
        code: 20003,
        message: "Authenticate",
        more_info: "https://www.twilio.com/docs/errors/20003",
        status: 401,
      }),
    };
  }
  if (req.method !== "POST" || req.url !== `/2010-04-01/Accounts/${SID}/Messages.json`)
    return { status: 404, body: JSON.stringify({ code: 20404, message: "Not found", status: 404 }) };
  if (!String(req.headers["content-type"]).startsWith("application/x-www-form-urlencoded"))
    return { status: 400, body: JSON.stringify({ code: 400, message: "form expected", status: 400 }) };
  const to = req.form.get("To");
  if (!to || !req.form.get("Body") || (!req.form.get("From") && !req.form.get("MessagingServiceSid"))) {
    return {
      status: 400,
      body: JSON.stringify({
        code: 21604,
        message: "A 'To', 'Body' and 'From' or 'MessagingServiceSid' are required.",
        status: 400,
      }),
    };
  }
  if (to === "+260970000000") {
    return {
      status: 400,
      body: JSON.stringify({
        code: 21211,
        message: `The 'To' number ${to} is not a valid phone number.`,
        more_info: "https://www.twilio.com/docs/errors/21211",
        status: 400,
      }),
    };
  }
  return {
    status: 201,
    body: JSON.stringify({ sid: `SM${"0".repeat(32)}`, status: "queued", to, body: req.form.get("Body") }),
  };
}

describe("Twilio adapter", () => {
  it("posts To, From and Body with HTTP Basic auth to the account's Messages resource", async () => {
    fake = await startFakeProvider(twilio);
    await createTwilioSender({ baseUrl: fake.baseUrl, accountSid: SID, authToken: TOKEN, from: "+15005550006" }).send(
      "+260971234567",
      "Touchline: 12345",
    );
    expect(fake.requests).toHaveLength(1);
    expect(Object.fromEntries(fake.requests[0]!.form)).toEqual({
      To: "+260971234567",
      Body: "Touchline: 12345",
      From: "+15005550006",
    });
    expect(fake.requests[0]!.headers.accept).toBe("application/json");
  });

  it("sends through a messaging service when one is configured", async () => {
    fake = await startFakeProvider(twilio);
    const mg = `MG${"b2".repeat(16)}`;
    await createTwilioSender({
      baseUrl: fake.baseUrl,
      accountSid: SID,
      authToken: TOKEN,
      messagingServiceSid: mg,
      from: "+15005550006",
    }).send("+260971234567", "hi");
    expect(fake.requests[0]!.form.get("MessagingServiceSid")).toBe(mg);
    expect(fake.requests[0]!.form.has("From")).toBe(false);
  });

  it("fails with Twilio's error code, and without the quoted number", async () => {
    fake = await startFakeProvider(twilio);
    const error = await createTwilioSender({
      baseUrl: fake.baseUrl,
      accountSid: SID,
      authToken: TOKEN,
      from: "+15005550006",
    })
      .send("+260970000000", "hi")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsError);
    expect((error as Error).message).toMatch(/HTTP 400 \(error 21211\)/);
    expect((error as Error).message).not.toContain("970000000");
  });

  it("fails on wrong credentials", async () => {
    fake = await startFakeProvider(twilio);
    const error = await createTwilioSender({
      baseUrl: fake.baseUrl,
      accountSid: SID,
      authToken: "wrong",
      from: "+15005550006",
    })
      .send("+260971234567", "hi")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsError);
    expect((error as Error).message).toMatch(/HTTP 401/);
  });
});
