import { isDeepStrictEqual } from "node:util";
import fastJsonStringify from "fast-json-stringify";
import type { FastifySerializerCompiler } from "fastify";
import { createSerializerCompiler } from "fastify-type-provider-zod";
import { $ZodType, toJSONSchema } from "zod/v4/core";

type Serialize = (data: unknown) => string;
type JsonSchema = Record<string, unknown>;

/**
 * The serializer of every answer that has a zod schema. fastify-type-provider-zod's own parses
 * the answer against the schema and then runs JSON.stringify, which on a profile with its videos
 * cost more than the rest of the route. Here the same schema is turned into a JSON Schema once
 * and compiled with fast-json-stringify (what Fastify itself uses): it writes only the properties
 * the schema names, so a field a handler adds by mistake still never leaves the server.
 *
 * Schemas JSON Schema cannot describe (transforms, dates, custom checks) keep the zod serializer.
 * An answer the compiled one refuses (a required field missing, no branch of a union matching) is
 * handed to the zod serializer, which strips it as before or fails the request as before.
 *
 * With verify (everywhere but production: tests and development), every answer is also parsed
 * by zod and the two must be the same answer, so the whole test suite checks that the two agree
 * and a handler that returns something its schema does not allow fails as strictly as before.
 */
export function answerSerializerCompiler(options: { verify: boolean }): FastifySerializerCompiler<unknown> {
  const parsing = createSerializerCompiler({}) as FastifySerializerCompiler<unknown>;
  return (route) => {
    const parse = parsing(route) as Serialize;
    const compiled = compiledSerializerOf(route.schema);
    if (!compiled) return parse;
    if (!options.verify) {
      return (data) => attempt(compiled, data) ?? parse(data);
    }
    return (data) => {
      const expected = parse(data);
      const written = attempt(compiled, data) ?? expected;
      // fast-json-stringify writes required properties before optional ones: the same answer
      // may come in another key order, which no JSON reader sees.
      if (written !== expected && !isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
        throw new Error(
          `the compiled serializer of ${route.method} ${route.url} (${route.httpStatus}) writes another answer than zod`,
        );
      }
      return written;
    };
  };
}

/** The compiled serializer's text, or null when it refused the answer. */
function attempt(compiled: Serialize, data: unknown): string | null {
  try {
    return compiled(data);
  } catch {
    return null;
  }
}

/** One compiled serializer per zod schema, shared by every route and app that answers with it. */
const compiledBySchema = new WeakMap<object, Serialize | null>();

/** The compiled serializer of a route's answer schema, or null when it keeps the zod one. */
export function compiledSerializerOf(routeSchema: unknown): Serialize | null {
  const schema = zodSchemaOf(routeSchema);
  if (!schema) return null;
  let compiled = compiledBySchema.get(schema);
  if (compiled === undefined) {
    const json = answerJsonSchema(schema);
    compiled = json ? compile(json) : null;
    compiledBySchema.set(schema, compiled);
  }
  return compiled;
}

/** fast-json-stringify's serializer of a JSON Schema, or null when it cannot compile it. */
function compile(json: JsonSchema): Serialize | null {
  try {
    return fastJsonStringify(json) as Serialize;
  } catch {
    return null;
  }
}

/**
 * The JSON Schema of what a zod schema lets out, or null when JSON Schema cannot say it exactly
 * (zod refuses to convert it: a transform, a date, a custom type).
 */
export function answerJsonSchema(schema: $ZodType): JsonSchema | null {
  let json: JsonSchema;
  try {
    json = toJSONSchema(schema, {
      target: "draft-7",
      io: "output",
      unrepresentable: "throw",
      cycles: "ref",
      reused: "inline",
    }) as JsonSchema;
  } catch {
    return null;
  }
  delete json.$schema;
  return withNullableTypes(json) as JsonSchema;
}

const SIMPLE_TYPES = new Set(["string", "number", "integer", "boolean", "object", "array"]);

/**
 * zod writes a nullable enum or object as `anyOf: [the schema, { type: "null" }]`. For an anyOf,
 * fast-json-stringify asks Ajv at every answer which member fits (a schema lookup each time: on
 * GetScoutById, most of the serializer's time); the same thing said as `type: [type, "null"]` is
 * a typeof check. Only this serializer's copy is rewritten, never the document's.
 */
function withNullableTypes(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withNullableTypes);
  if (!node || typeof node !== "object") return node;
  const out = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, withNullableTypes(value)]));
  const members = out.anyOf as JsonSchema[] | undefined;
  if (Object.keys(out).length !== 1 || members?.length !== 2) return out;
  const nullIndex = members.findIndex((member) => Object.keys(member).length === 1 && member.type === "null");
  const other = members[1 - nullIndex];
  if (nullIndex < 0 || !other || typeof other.type !== "string" || !SIMPLE_TYPES.has(other.type)) return out;
  if (["anyOf", "oneOf", "allOf", "$ref", "if", "not", "const"].some((key) => key in other)) return out;
  const nullable: JsonSchema = { ...other, type: [other.type, "null"] };
  if (Array.isArray(other.enum)) nullable.enum = [...(other.enum as unknown[]), null];
  return nullable;
}

/** The zod schema of an answer: given as is, or under `properties` (the provider accepts both). */
function zodSchemaOf(routeSchema: unknown): $ZodType | null {
  if (routeSchema instanceof $ZodType) return routeSchema;
  const properties = (routeSchema as { properties?: unknown } | null)?.properties;
  return properties instanceof $ZodType ? properties : null;
}
