import path from "node:path";
import { z } from "zod";

const bool = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");
const url = z.url();

/**
 * Every environment variable the server reads. README.md's configuration table mirrors this
 * list; keep the two in step.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  PUBLIC_URL: url.optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://").optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  WEB_BUILD_DIR: z.string().optional(),
  APP_DOWNLOAD_URL: url.default("https://example.com/touchline/download"),
  APP_STORE_URL: url.optional(),
  PLAY_STORE_URL: url.optional(),
  GET_STARTED_URL: url.optional(),
  TRUST_PROXY: bool.default(false),
  SMS_PROVIDER: z.enum(["console", "africastalking", "twilio"]).default("console"),
  EMAIL_PROVIDER: z.enum(["console", "smtp"]).default("console"),
  VIDEO_EXPIRY_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
});

export type Env = z.output<typeof envSchema>;

export interface Config extends Env {
  /** Absolute DATA_DIR. */
  dataDir: string;
  /** Absolute path of the built web app (its client/ and server/ folders), or null to serve the API only. */
  webBuildDir: string | null;
  isProduction: boolean;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Parses the environment once at start; a bad value stops the start with every problem named. */
export function loadConfig(env: Record<string, string | undefined> = process.env, overrides: Partial<Env> = {}): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message} (got ${JSON.stringify(cleaned[String(issue.path[0])])})`));
  }
  const parsed = { ...result.data, ...overrides };
  const defaultWebBuild = path.resolve(import.meta.dirname, "../../web/build");
  return {
    ...parsed,
    dataDir: path.resolve(parsed.DATA_DIR),
    webBuildDir: parsed.WEB_BUILD_DIR === "none" ? null : path.resolve(parsed.WEB_BUILD_DIR ?? defaultWebBuild),
    isProduction: parsed.NODE_ENV === "production",
  };
}
