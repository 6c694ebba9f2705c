import { afterEach, describe, expect, it } from "vitest";
import { createAfricasTalkingSender } from "./africastalking.ts";
import { startFakeProvider, type RecordedRequest } from "./fake-provider.ts";
import { SmsError } from "./sms-error.ts";

type Fake = Awaited<ReturnType<typeof startFakeProvider>>;
let fake: Fake | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

/** Answers like Africa's Talking does, and refuses requests that break its documented rules. */
function africasTalking(recipientStatus = 101) {
  return (req: RecordedRequest) => {
    const problems: string[] = [];
    if (req.method !== "POST" || req.url !== "/version1/messaging")
      problems.push(`unexpected ${req.method} ${req.url}`);
    if (req.headers.apikey !== "at-key-123")
      return { status: 401, body: "The supplied authentication is invalid", contentType: "text/plain" };
    if (req.headers.accept !== "application/json") problems.push("Accept must be application/json");
    if (!String(req.headers["content-type"]).startsWith("application/x-www-form-urlencoded"))
      problems.push("body must be form-encoded");
    for (const field of ["username", "to", "message"]) if (!req.form.get(field)) problems.push(`${field} missing`);
    if (problems.length) return { status: 400, body: problems.join("; "), contentType: "text/plain" };
    const to = req.form.get("to")!;
    return {
      status: 201,
      body: JSON.stringify({
        SMSMessageData: {
          Message: recipientStatus === 101 ? "Sent to 1/1 Total Cost: ZMW 0.2000" : "Sent to 0/1 Total Cost: 0",
          Recipients: [
            {
              statusCode: recipientStatus,
              number: to,
              status: recipientStatus === 101 ? "Success" : "InvalidPhoneNumber",
              cost: "ZMW 0.2000",
              messageId: "ATXid_1",
            },
          ],
        },
      }),
    };
  };
}

describe("Africa's Talking adapter", () => {
  it("posts the documented form with the apiKey header and accepts a 201 with status 101", async () => {
    fake = await startFakeProvider(africasTalking());
    const sender = createAfricasTalkingSender({
      baseUrl: `${fake.baseUrl}/`,
      username: "touchline",
      apiKey: "at-key-123",
      from: "TOUCHLINE",
    });
    await sender.send("+260971234567", "Touchline: your code is 01234.");
    expect(fake.requests).toHaveLength(1);
    const form = fake.requests[0]!.form;
    expect(Object.fromEntries(form)).toEqual({
      username: "touchline",
      to: "+260971234567",
      message: "Touchline: your code is 01234.",
      from: "TOUCHLINE",
    });
  });

  it("leaves out from when no sender id is configured", async () => {
    fake = await startFakeProvider(africasTalking());
    await createAfricasTalkingSender({ baseUrl: fake.baseUrl, username: "sandbox", apiKey: "at-key-123" }).send(
      "+260971234567",
      "hi",
    );
    expect(fake.requests[0]!.form.has("from")).toBe(false);
  });

  it("fails on an HTTP error, without the number in the error", async () => {
    fake = await startFakeProvider(africasTalking());
    const sender = createAfricasTalkingSender({ baseUrl: fake.baseUrl, username: "touchline", apiKey: "wrong-key" });
    const error = await sender.send("+260971234567", "hi").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsError);
    expect((error as Error).message).toMatch(/HTTP 401/);
    expect((error as Error).message).not.toContain("971234567");
  });

  it("fails when the recipient was not accepted even though the request was", async () => {
    fake = await startFakeProvider(africasTalking(403));
    const sender = createAfricasTalkingSender({ baseUrl: fake.baseUrl, username: "touchline", apiKey: "at-key-123" });
    const error = await sender.send("+260971234567", "hi").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsError);
    expect((error as Error).message).toMatch(/InvalidPhoneNumber/);
  });

  it("fails when the provider cannot be reached", async () => {
    fake = await startFakeProvider(africasTalking());
    const baseUrl = fake.baseUrl;
    await fake.close();
    fake = undefined;
    const error = await createAfricasTalkingSender({ baseUrl, username: "u", apiKey: "k" })
      .send("+260971234567", "hi")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsError);
    expect((error as Error).message).toMatch(/could not be reached/);
  });
});
