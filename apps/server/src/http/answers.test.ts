import Fastify from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionSchema, type SessionAnswer } from "@touchline/contract/session";
import { HttpError, installErrorHandler } from "./errors.ts";
import { ACCESS, errorAnswers, installErrorAnswers } from "./answers.ts";
import { answerSerializerCompiler } from "./answer-serializer.ts";

/**
 * A server set up as buildApp sets it up (compiled serialisers, error handler, error answers),
 * with routes whose handlers return more than their answers list: what is not listed never
 * leaves, in production (verify off) as in tests and development (verify on).
 */
const session: SessionAnswer = {
  scoutId: "5b0c1d7e-6a41-4f4f-9a53-0a4f6a3c2b11",
  username: "mwila",
  email: "mwila@example.com",
  phoneNumber: "+260971234567",
  firstName: "Mwila",
  lastName: "Banda",
  role: "player",
};
describe.each([
  { mode: "production", verify: false },
  { mode: "tests and development", verify: true },
])("answers are serialised by their schema ($mode)", ({ verify }) => {
  const app = Fastify({ logger: false });

  beforeAll(async () => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(answerSerializerCompiler({ verify }));
    installErrorHandler(app);
    installErrorAnswers(app);
    const typed = app.withTypeProvider<ZodTypeProvider>();
    const schema = { summary: "A test answer", security: ACCESS.public, response: { 200: sessionSchema } };
    typed.get("/api/leaky", { schema }, async () => ({ ...session, passwordHash: "$argon2id$secret" }));
    typed.post("/api/leaky-error", { schema }, async () => {
      // A refusal carrying a field no error answer lists (the type of `extra` would stop this).
      throw new HttpError(403, "Not for you.", undefined, { code: "NOPE", internalNote: "row 42" } as never);
    });
    typed.get(
      "/api/leaky-listed-error",
      { schema: { ...schema, response: { ...schema.response, ...errorAnswers(409) } } },
      async (_request, reply) => reply.code(409).send({ message: "Taken.", sql: "insert into players …" } as never),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  it("drops a field the handler returns that the answer does not list", async () => {
    const res = await app.inject({ url: "/api/leaky" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(session);
    expect(res.body).not.toContain("passwordHash");
    expect(res.body).not.toContain("argon2id");
  });

  it("drops an unlisted field of an error answer added around the route (403 of a POST)", async () => {
    const res = await app.inject({ method: "POST", url: "/api/leaky-error" });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: "Not for you.", code: "NOPE" });
  });

  it("drops an unlisted field of an error answer the route lists itself (409)", async () => {
    const res = await app.inject({ url: "/api/leaky-listed-error" });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: "Taken." });
  });

  it("answers 500, never the data, when a handler's answer does not fit its schema", async () => {
    const broken = Fastify({ logger: false });
    broken.setValidatorCompiler(validatorCompiler);
    broken.setSerializerCompiler(answerSerializerCompiler({ verify }));
    installErrorHandler(broken);
    installErrorAnswers(broken);
    broken
      .withTypeProvider<ZodTypeProvider>()
      .get("/api/broken", { schema: { response: { 200: sessionSchema } } }, async () => ({ username: 42 }) as never);
    const res = await broken.inject({ url: "/api/broken" });
    await broken.close();
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain("42");
  });
});
