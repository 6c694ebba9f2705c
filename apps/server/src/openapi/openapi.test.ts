import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
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
        summary?: string;
        security?: Record<string, string[]>[];
        responses: Record<
          string,
          { description: string; content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }
        >;
      }
    >
  >;
};

it("describes the API from the routes' own zod schemas", async () => {
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

const operationsOf = (doc: Document) =>
  Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, operation })),
  );

it("describes every operation: what it does, who may call it, and each answer it gives", async () => {
  const doc = (await t.app.inject({ url: "/api/openapi.json" })).json() as Document;
  const operations = operationsOf(doc);
  expect(operations.length).toBeGreaterThan(80);
  for (const { name, operation } of operations) {
    expect(operation.summary, name).toBeTruthy();
    expect(operation.security, name).toBeDefined();
    const statuses = Object.keys(operation.responses);
    expect(
      statuses.some((status) => /^[23]/.test(status)),
      name,
    ).toBe(true);
    // Every error is an ApiErrorBody, but a probe's "not ready", which has the shape of "ready".
    const errors = statuses.filter(
      (status) => /^[45]/.test(status) && !(name === "GET /api/ready" && status === "503"),
    );
    for (const status of errors) {
      const schema = operation.responses[status]!.content?.["application/json"]?.schema;
      expect(schema?.properties, `${name} ${status}`).toHaveProperty("message");
    }
  }
  const login = doc.paths["/api/Authorization/loginScout"]!.post!;
  expect(login.security).toEqual([]);
  expect(Object.keys(login.responses["200"]!.content!["application/json"]!.schema.properties!)).toEqual(
    expect.arrayContaining(["scoutId", "username", "role"]),
  );
  expect(doc.paths["/api/Authorization/session"]!.get!.security).toEqual([{ session: [] }]);
});

it("passes Redocly's recommended rules without an error", async () => {
  const doc = (await t.app.inject({ url: "/api/openapi.json" })).json() as Document;
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "touchline-openapi-"));
  try {
    const file = path.join(dir, "openapi.json");
    await fs.writeFile(file, JSON.stringify(doc));
    const cli = path.join(
      path.dirname(createRequire(import.meta.url).resolve("@redocly/cli/package.json")),
      "bin/cli.js",
    );
    // The CLI exits 1 when it finds an error: the report on stdout says which.
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [cli, "lint", file, "--format=json", "--extends=recommended"],
      { env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" } },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? "" }));
    const report = JSON.parse(stdout) as {
      totals: { errors: number };
      problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
    };
    const errors = report.problems
      .filter((problem) => problem.severity === "error")
      .map((problem) => `${problem.ruleId} ${problem.location[0]?.pointer}: ${problem.message}`);
    expect(errors).toEqual([]);
    expect(report.totals.errors).toBe(0);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
});
