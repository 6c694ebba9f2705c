import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPlayer, loginCookie } from "../test/auth-helpers.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { fixture, uploadBytes } from "../test/upload-client.ts";
import { scrubUrl, toggleDebugLevel } from "./logger.ts";

/**
 * Every line a request writes (Fastify's own, services', the tus upload hooks') is one JSON
 * object carrying that request's reqId; phone numbers are masked and credentials never appear.
 */
const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: "info" }, { logStream: { write: (line) => lines.push(line) } });
});
afterAll(() => t.close());

type Line = { reqId?: string; msg?: string; level: number; req?: { url?: string }; [field: string]: unknown };
const parsed = () => lines.map((line) => JSON.parse(line) as Line);
/** The lines of the one request whose "incoming request" line has this URL. */
const linesOfRequestTo = (url: string): Line[] => {
  const incoming = parsed()
    .filter((line) => line.msg === "incoming request" && line.req?.url === url)
    .at(-1);
  expect(incoming?.reqId).toBeTruthy();
  return parsed().filter((line) => line.reqId === incoming!.reqId);
};

describe("request logs", () => {
  it("give a service's lines the reqId of the request that caused them", async () => {
    const refused = await t.app.inject({
      method: "POST",
      url: "/api/Authorization/loginScout",
      payload: { phoneNumber: "0971234567", password: "not-the-password" },
    });
    expect(refused.statusCode).toBe(401);
    const own = linesOfRequestTo("/api/Authorization/loginScout");
    expect(own.map((line) => line.msg)).toEqual(["incoming request", "login refused", "request completed"]);
    // The number is masked in the service's line.
    const serviceLine = own.find((line) => line.msg === "login refused")!;
    expect(JSON.stringify(serviceLine)).not.toContain("971234567");
  });

  it("give the tus upload hooks' lines the reqId of the PATCH that finished the upload", async () => {
    const cookie = await loginCookie(t, await createPlayer(t));
    const result = await uploadBytes(t.app, cookie, fixture("faststart.mp4"), { kind: "video", filetype: "video/mp4" });
    expect(result.status).toBe(200);
    const finished = parsed().find((line) => line.msg === "upload complete and checked");
    expect(finished).toMatchObject({ uploadId: result.body.fileId, kind: "video" });
    const sameRequest = parsed().filter((line) => line.reqId === finished!.reqId);
    expect(sameRequest.map((line) => line.msg)).toEqual([
      "incoming request",
      // The video's renditions job, queued with the file in one transaction.
      "job enqueued",
      "upload complete and checked",
      "request completed",
    ]);
    expect(sameRequest[0]!.req).toMatchObject({ url: result.location });
  });

  it("mask phone numbers and redact credentials whatever a line is given", () => {
    const before = lines.length;
    t.app.log.info(
      {
        phoneNumber: "+260971234567",
        to: "+260977654321",
        password: "hunter22",
        token: "abc",
        nested: { code: "12345", phone: "0971234567" },
      },
      "probe",
    );
    const line = lines.slice(before).join("");
    for (const secret of ["971234567", "977654321", "hunter22", '"abc"', "12345"]) expect(line).not.toContain(secret);
    expect(JSON.parse(line)).toMatchObject({
      phoneNumber: "+260 97*****67",
      password: "[redacted]",
      nested: { code: "[redacted]" },
    });
  });

  it("cut secret-looking query parameters out of logged URLs", () => {
    expect(scrubUrl("/auth/reset?token=abcdef&next=%2Fplayer")).toBe("/auth/reset?token=[redacted]&next=%2Fplayer");
    expect(scrubUrl("/x?a=1&code=55555")).toBe("/x?a=1&code=[redacted]");
  });

  // A mail or SMS app that rewrites our links can move the token out of the fragment, where
  // browsers keep it, into the path or the query, and so into the request log.
  const TOKEN = "Zq3x9KpL2mN8vR4tY7wB1cD5fG6hJ0kA-_sUeIoPaQw";
  it.each([
    `/scouts/unsubscribe/${TOKEN}`,
    `/unsubscribe/${TOKEN}`,
    `/api/scouts/digest/unsubscribe/${TOKEN}?from=sms`,
    `/scouts/confirm-email/${TOKEN}`,
    `/guardian/${TOKEN}`,
    `/coach/${TOKEN}/`,
    `/scouts/unsubscribe%23token=${TOKEN}`,
    `/guardian?consent=${TOKEN}`,
    `/coach?vouch=${TOKEN}&lang=en`,
  ])("keep the link token of %s out of the request log", async (url) => {
    const before = lines.length;
    await t.app.inject({ method: "GET", url });
    const written = lines.slice(before).join("\n");
    expect(written).toContain("incoming request");
    expect(written).not.toContain(TOKEN);
    expect(written).toContain("[redacted]");
  });

  it("keep the ids and route words of ordinary paths in the request log", () => {
    const id = "0b9e7f3a-5c1d-4e2f-8a6b-9c0d1e2f3a4b";
    for (const url of [
      `/api/admin/age-checks/${id}/document`,
      `/api/coaches/${id}`,
      "/api/guardian-consent/age-check/view",
      "/api/scouts/digest/unsubscribe",
      "/scouts/unsubscribe",
    ])
      expect(scrubUrl(url)).toBe(url);
    // A raw fragment (no browser sends one, a hand-made client can).
    expect(scrubUrl(`/scouts/unsubscribe#token=${TOKEN}`)).toBe("/scouts/unsubscribe#[redacted]");
  });
});

describe("the log level", () => {
  it("comes from LOG_LEVEL, and SIGUSR2's toggle switches debug on and back", () => {
    const log = t.app.log;
    expect(log.level).toBe("info");
    expect(toggleDebugLevel(log, "info")).toBe("debug");
    const before = lines.length;
    log.debug("now visible");
    expect(lines.length).toBe(before + 1);
    expect(toggleDebugLevel(log, "info")).toBe("info");
    log.debug("hidden again");
    expect(lines.length).toBe(before + 1);
  });
});
