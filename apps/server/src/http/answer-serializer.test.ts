import Fastify, { type FastifyInstance, type FastifySerializerCompiler } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { afterAll, describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { playerInfoAnswerSchema } from "@touchline/contract/answers/account";
import type { PlayerInfoResponse } from "@touchline/contract/profile";
import { registerOpenApi } from "../openapi/openapi.ts";
import { answerJsonSchema, answerSerializerCompiler, compiledSerializerOf } from "./answer-serializer.ts";
import { installErrorHandler } from "./errors.ts";

/** GetScoutById's answer for a player whose clip is ready, as profileAnswer builds it. */
const profile: PlayerInfoResponse = {
  scout: {
    scoutsInformationId: "7d7c5a1e-2b7f-4a55-9f0e-1c2d3e4f5a6b",
    scoutId: "5b0c1d7e-6a41-4f4f-9a53-0a4f6a3c2b11",
    username: "mwila",
    firstName: "Mwila",
    lastName: "Banda",
    email: "mwila@example.com",
    phoneNumber: "+260971234567",
    coverPhotoPath: "/media/photos/cover.webp",
    videoPath: "/media/videos/clip.mp4",
    videoPathTwo: null,
    position: "Striker",
    secondaryPosition: null,
    heightInCm: 178,
    weightInKg: 70.5,
    preferredFoot: "Right",
    currentFitnessStatus: "Fit",
    aboutYourself: 'Quick, "two-footed" and \u2028 never tired\n',
    province: "lusaka",
    town: null,
    fullMatchUrl: null,
    submissionDate: "2026-11-20T10:00:00.000Z",
    videoUploadDate: "2026-11-20T10:05:00.000Z",
    isVideoApproved: true,
    reviewStatus: "approved",
    rejectionReason: null,
    canResubmit: false,
    waitingForGuardian: false,
  },
  isVideoExpired: false,
  daysUntilExpiration: 83,
  videoExpirationDate: "2027-02-18T10:05:00.000Z",
  videos: [
    {
      url: "/media/videos/clip.mp4",
      status: "ready",
      progressPercent: null,
      durationSeconds: 12.4,
      renditions: [{ label: "360p", width: 640, height: 360, url: "/media/videos/clip-360.mp4", bytes: 812_345 }],
      posters: [{ format: "webp", width: 640, height: 360, url: "/media/videos/clip.webp" }],
      failureMessage: null,
    },
  ],
};

/** The same answer with a field no schema names at every level: the object, a nested one, and list items. */
const leaky = {
  ...profile,
  passwordHash: "$argon2id$secret",
  scout: { ...profile.scout, dateOfBirth: "2009-04-01" },
  videos: profile.videos!.map((video) => ({
    ...video,
    storageKey: "players/1/private.mp4",
    renditions: video.renditions.map((rendition) => ({ ...rendition, path: "/data/private/360.mp4" })),
  })),
};
const LEAKS = ["passwordHash", "argon2id", "dateOfBirth", "2009-04-01", "storageKey", "private"];

/** A union of objects: the compiled serializer matches a branch by its schema, extra fields and all. */
const eventSchema = z.union([
  z.object({ kind: z.literal("goal"), minute: z.number() }),
  z.object({ kind: z.literal("card"), colour: z.enum(["yellow", "red"]) }),
]);
/** An optional member before a required one: fast-json-stringify writes the required one first. */
const noteSchema = z.object({ note: z.optional(z.string()), id: z.string() });
/** A transform: JSON Schema cannot say what it lets out, so zod writes it. */
const shoutSchema = z.object({
  text: z.pipe(
    z.string(),
    z.transform((text) => text.toUpperCase()),
  ),
});

async function serverWith(compiler: Parameters<FastifyInstance["setSerializerCompiler"]>[0]) {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(compiler);
  installErrorHandler(app);
  await registerOpenApi(app);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get("/api/profile", { schema: { response: { 200: playerInfoAnswerSchema } } }, async () => leaky);
  typed.get("/api/profile-broken", { schema: { response: { 200: playerInfoAnswerSchema } } }, async () => {
    // A handler bug: the nested profile lost a required field and carries one no schema names.
    const { username: _dropped, ...scout } = leaky.scout;
    return { ...leaky, scout } as never;
  });
  typed.get("/api/event", { schema: { response: { 200: eventSchema } } }, async () => ({
    kind: "goal" as const,
    minute: 81,
    scorerPhone: "+260971234567",
  }));
  typed.get("/api/note", { schema: { response: { 200: noteSchema } } }, async () => ({
    note: "seen",
    id: "n1",
    author: "+260971234567",
  }));
  typed.get("/api/shout", { schema: { response: { 200: shoutSchema } } }, async () => ({ text: "offside" }));
  await app.ready();
  return app;
}

const servers = {
  production: await serverWith(answerSerializerCompiler({ verify: false })),
  verifying: await serverWith(answerSerializerCompiler({ verify: true })),
};
afterAll(async () => {
  await Promise.all(Object.values(servers).map((app) => app.close()));
});

describe.each(Object.entries(servers))("the compiled answer serializer (%s)", (_mode, app) => {
  it("sends no field the schema does not name, nested or in a list, and what zod would send", async () => {
    const res = await app.inject({ url: "/api/profile" });
    expect(res.statusCode).toBe(200);
    for (const leak of LEAKS) expect(res.body).not.toContain(leak);
    expect(res.json()).toEqual(profile);
    expect(res.body).toBe(JSON.stringify(z.parse(playerInfoAnswerSchema, leaky)));
  });

  it("answers 500, never the data, when a required field is missing", async () => {
    const res = await app.inject({ url: "/api/profile-broken" });
    expect(res.statusCode).toBe(500);
    for (const leak of [...LEAKS, "Mwila", "+260971234567"]) expect(res.body).not.toContain(leak);
  });

  it("strips a union member's unnamed field as zod does", async () => {
    const res = await app.inject({ url: "/api/event" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('{"kind":"goal","minute":81}');
  });

  it("sends the same answer as zod when only its key order differs", async () => {
    const res = await app.inject({ url: "/api/note" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('{"id":"n1","note":"seen"}');
  });

  it("leaves a schema with a transform to zod", async () => {
    const res = await app.inject({ url: "/api/shout" });
    expect(res.json()).toEqual({ text: "OFFSIDE" });
  });
});

describe("which schemas are compiled", () => {
  it("compiles GetScoutById's answer once, for every route and app that answers with it", () => {
    const compiled = compiledSerializerOf(playerInfoAnswerSchema);
    expect(compiled).toBeTypeOf("function");
    // It writes the answer itself (no handing over to zod): the same text zod would send.
    expect(compiled!(leaky)).toBe(JSON.stringify(z.parse(playerInfoAnswerSchema, leaky)));
    expect(compiledSerializerOf({ properties: playerInfoAnswerSchema })).toBe(compiled);
  });

  it("asks no union at every answer of GetScoutById (its nullable province is a type list)", () => {
    expect(JSON.stringify(answerJsonSchema(playerInfoAnswerSchema))).not.toContain("anyOf");
  });

  it("keeps zod's serializer for a transform", () => {
    expect(compiledSerializerOf(shoutSchema)).toBeNull();
  });
});

describe("nullable members (written as a type list, not a union)", () => {
  const schema = z.object({
    province: z.nullable(z.enum(["lusaka", "central"])),
    guardian: z.nullable(z.object({ name: z.string() })),
    clips: z.nullable(z.array(z.object({ url: z.string() }))),
    score: z.nullable(z.union([z.number(), z.string()])),
  });
  const compiled = compiledSerializerOf(schema)!;

  it.each([
    { province: null, guardian: null, clips: null, score: null },
    {
      province: "lusaka",
      guardian: { name: "Ruth", phone: "+260971234567" },
      clips: [{ url: "/a.mp4", storageKey: "private" }],
      score: 3,
    },
    { province: "central", guardian: { name: "Ruth" }, clips: [], score: "3-1" },
  ])("writes what zod writes: %j", (answer) => {
    const written = compiled(answer);
    expect(written).toBe(JSON.stringify(z.parse(schema, answer)));
    expect(written).not.toContain("+260971234567");
    expect(written).not.toContain("private");
  });
});

describe("verify (tests and development)", () => {
  it("fails an answer whose field has the wrong type, as zod's serializer did", async () => {
    const app = Fastify({ logger: false });
    app.setSerializerCompiler(answerSerializerCompiler({ verify: true }));
    installErrorHandler(app);
    app.get("/api/typed", { schema: { response: { 200: eventSchema } } }, async () => ({ kind: "goal", minute: "81" }));
    const res = await app.inject({ url: "/api/typed" });
    await app.close();
    expect(res.statusCode).toBe(500);
  });
});

it("leaves the OpenAPI document as zod's serializer had it", async () => {
  const before = await serverWith(serializerCompiler as FastifySerializerCompiler<unknown>);
  try {
    await before.inject({ url: "/api/profile" });
    await servers.production.inject({ url: "/api/profile" });
    const document = servers.production.swagger();
    expect(document.paths?.["/api/profile"]).toBeDefined();
    expect(JSON.stringify(document)).toBe(JSON.stringify(before.swagger()));
  } finally {
    await before.close();
  }
});
