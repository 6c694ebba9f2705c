import path from "node:path";
import { z } from "zod";
import { DELIVERY_RETENTION_DAYS_DEFAULT } from "@touchline/contract/limits";
import { SMS_DEFAULT_COUNTRIES } from "@touchline/contract/sms-budget";
import { parseTrustProxy, TRUST_PROXY_FORMAT, type TrustProxy } from "./http/trust-proxy.ts";
import { BUDGET_FORMAT, parseBudgetSetting, type BudgetSetting } from "./sms/sms-budget-setting.ts";
import { isPhoneCountry } from "./sms/sms-country.ts";

const bool = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");
const url = z.url();

/** SMS_BUDGET_PER_HOUR / _PER_DAY: one figure for every country, or per country (sms/sms-budget-setting.ts). */
const smsBudget = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value, ctx): BudgetSetting => {
      const setting = parseBudgetSetting(value);
      if (setting === null) {
        ctx.addIssue({ code: "custom", message: BUDGET_FORMAT });
        return z.NEVER;
      }
      return setting;
    });

/**
 * Every environment variable the server reads. README.md's configuration table mirrors this
 * list; keep the two in step.
 */
const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    DATA_DIR: z.string().default("./data"),
    /** Required in production: page links never come from a request's Host header there. */
    PUBLIC_URL: url.regex(/^https?:\/\//, "must start with http:// or https://").optional(),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
      .optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    WEB_BUILD_DIR: z.string().optional(),
    /** Unset: the download buttons lead to our own "the app is coming" page. */
    APP_DOWNLOAD_URL: url.optional(),
    APP_STORE_URL: url.optional(),
    PLAY_STORE_URL: url.optional(),
    GET_STARTED_URL: url.optional(),
    /** Which proxies may tell the client's address (http/trust-proxy.ts). */
    TRUST_PROXY: z
      .string()
      .default("false")
      .transform((value, ctx): TrustProxy => {
        const trust = parseTrustProxy(value);
        if (trust === null) {
          ctx.addIssue({ code: "custom", message: TRUST_PROXY_FORMAT });
          return z.NEVER;
        }
        return trust;
      }),
    SMS_PROVIDER: z.enum(["console", "africastalking", "twilio"]).default("console"),
    AFRICASTALKING_USERNAME: z.string().optional(),
    AFRICASTALKING_API_KEY: z.string().optional(),
    AFRICASTALKING_FROM: z.string().optional(),
    AFRICASTALKING_BASE_URL: url.default("https://api.africastalking.com"),
    TWILIO_ACCOUNT_SID: z
      .string()
      .regex(/^AC[0-9a-fA-F]{32}$/, "must be AC followed by 32 hex digits")
      .optional(),
    TWILIO_AUTH_TOKEN: z.string().optional(),
    TWILIO_FROM: z.string().optional(),
    TWILIO_MESSAGING_SERVICE_SID: z
      .string()
      .regex(/^MG[0-9a-fA-F]{32}$/, "must be MG followed by 32 hex digits")
      .optional(),
    TWILIO_BASE_URL: url.default("https://api.twilio.com"),
    /** Keys the HMAC of stored SMS codes; required in production (see auth/secrets.ts). */
    AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    /** Signs backups; restore refuses archives not signed with it (backup/archive-signature.ts). */
    BACKUP_SIGNING_KEY: z.string().min(32, "must be at least 32 characters").optional(),
    EMAIL_PROVIDER: z.enum(["console", "smtp"]).default("console"),
    SMTP_HOST: z.string().optional(),
    SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
    /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. Default: true on port 465. */
    SMTP_SECURE: bool.optional(),
    SMTP_USER: z.string().optional(),
    SMTP_PASSWORD: z.string().optional(),
    EMAIL_FROM: z
      .string()
      .regex(
        /^(?:[^<>]+<\s*[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+\s*>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/,
        'must be an e-mail address, optionally with a name: "Touchline <no-reply@example.com>"',
      )
      .optional(),
    /** Headers, and the body of any request but an upload chunk, must arrive within this (http/timeouts.ts). */
    HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    /** A connection on which nothing moves either way for this long is closed (upload chunks included). */
    HTTP_IDLE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    /** A document photo for an age check (up to 8.4 MB of JSON) must arrive within this. */
    AGE_DOCUMENT_BODY_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
    RATE_LIMIT_ADDRESS_MULTIPLIER: z.coerce.number().int().min(1).max(1000).default(1),
    VIDEO_EXPIRY_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
    /** Minutes between sweeps of unused uploads (older than 24 hours); 0 turns the sweep off. */
    MEDIA_SWEEP_MINUTES: z.coerce.number().int().min(0).max(10080).default(60),
    /** Where media bytes live: DATA_DIR/uploads, or an S3-compatible bucket (needed by several instances). */
    STORAGE: z.enum(["disk", "s3"]).default("disk"),
    /** Unset means Amazon S3 itself (from S3_REGION); MinIO, R2, Spaces, … give their endpoint. */
    S3_ENDPOINT: url.optional(),
    S3_BUCKET: z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        "must be a bucket name: 3-63 lower-case letters, digits, dots and dashes",
      )
      .optional(),
    S3_REGION: z
      .string()
      .regex(/^[a-z0-9-]+$/, "must be a region name such as us-east-1 (or auto)")
      .default("us-east-1"),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    /** Bucket in the path (http://host/bucket/key) instead of the host name; most self-hosted servers need it. */
    S3_FORCE_PATH_STYLE: bool.default(false),
    /** Whether the server process also works jobs, one at a time (always, with the embedded database). */
    JOBS_IN_PROCESS: bool.default(true),
    /** Jobs one `npm run worker` process works at the same time. */
    WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
    /** How long a job stays claimed by a worker that stopped answering (killed, frozen) before another takes it. */
    JOB_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(30),
    /** ffmpeg and ffprobe to run; by default the ones npm installed (@ffmpeg-installer, @ffprobe-installer). */
    FFMPEG_PATH: z.string().min(1).optional(),
    FFPROBE_PATH: z.string().min(1).optional(),
    /** Keep each player's original video beside its renditions (for staff and re-processing); false deletes it once ready. */
    KEEP_ORIGINAL_VIDEOS: bool.default(true),
    /** Hold notification SMS written between 21:00 and 07:00 Lusaka time until 07:00 (codes always go at once). */
    SMS_QUIET_HOURS: bool.default(true),
    /** Days delivery records (and messages to people without an account) are kept; the notification sweep deletes older ones. */
    DELIVERY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(DELIVERY_RETENTION_DAYS_DEFAULT),
    /** The only countries SMS go to (ISO 3166 codes); a number elsewhere gets e-mail or the inbox instead. */
    SMS_COUNTRIES: z
      .string()
      .default(SMS_DEFAULT_COUNTRIES.join(","))
      .transform((value, ctx): string[] => {
        const codes = value
          .split(",")
          .map((code) => code.trim().toUpperCase())
          .filter(Boolean);
        const unknown = codes.filter((code) => !isPhoneCountry(code));
        if (codes.length === 0 || unknown.length > 0) {
          ctx.addIssue({
            code: "custom",
            message: `must be ISO 3166 country codes separated by commas (ZM,MW,TZ)${unknown.length ? `; not a country: ${unknown.join(", ")}` : ""}`,
          });
          return z.NEVER;
        }
        return [...new Set(codes)];
      }),
    /** SMS the whole product may send to one country in a clock hour (codes and notifications together). */
    SMS_BUDGET_PER_HOUR: smsBudget("ZM=300,*=30"),
    /** The same for a day, from midnight Lusaka time. */
    SMS_BUDGET_PER_DAY: smsBudget("ZM=2000,*=150"),
  })
  .superRefine(requireSettingsOfChoices);

/** Settings that become required by another choice: the chosen SMS provider's, and production's. */
function requireSettingsOfChoices(env: Record<string, unknown>, ctx: z.RefinementCtx): void {
  const need = (name: string, why: string) => {
    if (env[name] === undefined) ctx.addIssue({ code: "custom", path: [name], message: `is required ${why}` });
  };
  if (env.SMS_PROVIDER === "africastalking") {
    need("AFRICASTALKING_USERNAME", "when SMS_PROVIDER=africastalking");
    need("AFRICASTALKING_API_KEY", "when SMS_PROVIDER=africastalking");
  }
  if (env.SMS_PROVIDER === "twilio") {
    need("TWILIO_ACCOUNT_SID", "when SMS_PROVIDER=twilio");
    need("TWILIO_AUTH_TOKEN", "when SMS_PROVIDER=twilio");
    if (env.TWILIO_FROM === undefined && env.TWILIO_MESSAGING_SERVICE_SID === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["TWILIO_FROM"],
        message: "TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID is required when SMS_PROVIDER=twilio",
      });
    }
  }
  if (env.EMAIL_PROVIDER === "smtp") {
    need("SMTP_HOST", "when EMAIL_PROVIDER=smtp");
    need("EMAIL_FROM", "when EMAIL_PROVIDER=smtp");
    if ((env.SMTP_USER === undefined) !== (env.SMTP_PASSWORD === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: [env.SMTP_USER === undefined ? "SMTP_USER" : "SMTP_PASSWORD"],
        message: "SMTP_USER and SMTP_PASSWORD must be set together (or neither, for a server without login)",
      });
    }
  }
  if (env.STORAGE === "s3") {
    need("S3_BUCKET", "when STORAGE=s3");
    need("S3_ACCESS_KEY_ID", "when STORAGE=s3");
    need("S3_SECRET_ACCESS_KEY", "when STORAGE=s3");
  }
  if (env.JOBS_IN_PROCESS === false && env.DATABASE_URL === undefined) {
    ctx.addIssue({
      code: "custom",
      path: ["JOBS_IN_PROCESS"],
      message:
        "must be true without DATABASE_URL (the embedded database has no separate workers: the server works the jobs)",
    });
  }
  if (env.NODE_ENV === "production") {
    if (env.EMAIL_PROVIDER === "console") {
      ctx.addIssue({
        code: "custom",
        path: ["EMAIL_PROVIDER"],
        message: "must be smtp when NODE_ENV=production (the console outbox is for development only)",
      });
    }
    if (env.SMS_PROVIDER === "console") {
      ctx.addIssue({
        code: "custom",
        path: ["SMS_PROVIDER"],
        message:
          "must be africastalking or twilio when NODE_ENV=production (the console outbox is for development only)",
      });
    }
    need("AUTH_SECRET", "when NODE_ENV=production");
    need(
      "PUBLIC_URL",
      "when NODE_ENV=production (the public origin, https://your.domain: links in pages must not come from the request's Host header)",
    );
  }
}

export type Env = z.output<typeof envSchema>;

export interface Config extends Env {
  /** Absolute DATA_DIR. */
  dataDir: string;
  /** Absolute path of the built web app (its client/ and server/ folders), or null to serve the API only. */
  webBuildDir: string | null;
  isProduction: boolean;
  /**
   * The origin of every link written into an SMS or an e-mail: PUBLIC_URL, else this server's
   * own address from HOST and PORT. Never a request's Host header, which the client chooses.
   */
  messageOrigin: string;
}

/** http://HOST:PORT as a browser on this machine reaches it (a wildcard address means localhost). */
export function listenOrigin(host: string, port: number): string {
  const name = host === "0.0.0.0" || host === "::" || host === "" ? "localhost" : host;
  return `http://${name.includes(":") && !name.startsWith("[") ? `[${name}]` : name}:${port}`;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** The bad value, quoted, for the error message; never the value of a secret (it may be real and merely short). */
function shownValue(name: string, env: Record<string, string | undefined>): string {
  if (/SECRET|PASSWORD|TOKEN|API_KEY|SIGNING_KEY/.test(name))
    return env[name] === undefined ? " (got undefined)" : " (value not shown)";
  return ` (got ${JSON.stringify(env[name])})`;
}

/** Parses the environment once at start; a bad value stops the start with every problem named. */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  overrides: Partial<Env> = {},
): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map(
        (issue) => `${issue.path.join(".")}: ${issue.message}${shownValue(String(issue.path[0]), cleaned)}`,
      ),
    );
  }
  const parsed = { ...result.data, ...overrides };
  const defaultWebBuild = path.resolve(import.meta.dirname, "../../web/build");
  return {
    ...parsed,
    dataDir: path.resolve(parsed.DATA_DIR),
    webBuildDir: parsed.WEB_BUILD_DIR === "none" ? null : path.resolve(parsed.WEB_BUILD_DIR ?? defaultWebBuild),
    isProduction: parsed.NODE_ENV === "production",
    messageOrigin: parsed.PUBLIC_URL?.replace(/\/+$/, "") ?? listenOrigin(parsed.HOST, parsed.PORT),
  };
}
