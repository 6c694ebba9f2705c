import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Document = {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        tags?: string[];
        requestBody?: {
          content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }>;
        };
        parameters?: { name: string }[];
      }
    >
  >;
};

it("describes the spec's API from the routes' own zod schemas", async () => {
  const res = await t.app.inject({ url: "/api/openapi.json" });
  expect(res.statusCode).toBe(200);
  const doc = res.json() as Document;
  expect(doc.openapi).toMatch(/^3\./);

  const body = (path: string, method = "post") =>
    doc.paths[path]?.[method]?.requestBody?.content["application/json"]?.schema;
  // the published API, each with its request body as the route validates it.
  expect(body("/api/Authorization/loginScout")?.properties).toHaveProperty("phoneNumber");
  expect(body("/api/Authorization/loginScout")?.properties).toHaveProperty("password");
  expect(body("/api/Authorization/registerScoutWithOtp")?.required).toEqual(
    expect.arrayContaining(["firstName", "lastName", "userName", "dateOfBirth", "email", "phoneNumber", "password"]),
  );
  expect(body("/api/Authorization/verifyGeneralOtp")?.properties).toHaveProperty("otp");
  expect(body("/api/Authorization/requestPasswordResetOtp")?.properties).toHaveProperty("phoneNumber");
  expect(body("/api/Authorization/verifyPasswordResetOtp")?.properties).toHaveProperty("otp");
  expect(body("/api/Authorization/resetPasswordByPhoneNumber")?.properties).toHaveProperty("resetToken");
  expect(body("/api/Scouts/ScoutManagement/CreateNewScout")?.properties).toEqual(
    expect.objectContaining({
      scoutId: expect.anything(),
      coverPhotoPath: expect.anything(),
      videoPath: expect.anything(),
    }),
  );
  expect(
    doc.paths["/api/Scouts/ScoutManagement/GetScoutById/{scoutId}"]?.get?.parameters?.map((p) => p.name),
  ).toContain("scoutId");
  expect(doc.paths["/api/Authorization/loginScout"]!.post!.tags).toEqual(["Authorization"]);
  // Our own routes too; the description itself and the web pages are not operations.
  expect(Object.keys(doc.paths)).toEqual(
    expect.arrayContaining(["/api/uploads", "/api/media/{fileId}", "/api/site/contact-messages", "/api/ready"]),
  );
  expect(Object.keys(doc.paths).every((path) => path.startsWith("/api/"))).toBe(true);
  expect(doc.paths).not.toHaveProperty("/api/openapi.json");
});

it("shows the operations as a readable page without any script, under a strict CSP", async () => {
  const res = await t.app.inject({ url: "/api/docs" });
  expect(res.statusCode).toBe(200);
  expect(res.headers["content-type"]).toMatch(/^text\/html/);
  expect(res.body).toContain("/api/Scouts/ScoutManagement/CreateNewScout");
  expect(res.body).toContain("&quot;phoneNumber&quot;");
  expect(res.body).not.toContain("<script");
  const csp = String(res.headers["content-security-policy"]);
  expect(csp).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'/);
  expect(csp).not.toContain("unsafe-inline");
});
