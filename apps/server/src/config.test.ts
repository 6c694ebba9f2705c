import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("loadConfig", () => {
  it("has working defaults for a fresh machine", () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.dataDir.endsWith("data")).toBe(true);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SMS_PROVIDER).toBe("console");
  });

  it("works jobs in the server process by default; separate workers only with PostgreSQL", () => {
    const config = loadConfig({});
    expect(config.JOBS_IN_PROCESS).toBe(true);
    expect(config.WORKER_CONCURRENCY).toBe(1);
    expect(config.JOB_LEASE_SECONDS).toBe(30);
    expect(() => loadConfig({ JOBS_IN_PROCESS: "false" })).toThrow(
      "JOBS_IN_PROCESS: must be true without DATABASE_URL (the embedded database has no separate workers: the server works the jobs)",
    );
    const split = loadConfig({
      DATABASE_URL: "postgres://db/touchline",
      JOBS_IN_PROCESS: "false",
      WORKER_CONCURRENCY: "4",
      JOB_LEASE_SECONDS: "20",
    });
    expect([split.JOBS_IN_PROCESS, split.WORKER_CONCURRENCY, split.JOB_LEASE_SECONDS]).toEqual([false, 4, 20]);
    expect(() => loadConfig({ WORKER_CONCURRENCY: "0", JOB_LEASE_SECONDS: "1" })).toThrow(
      /WORKER_CONCURRENCY[\s\S]*JOB_LEASE_SECONDS/,
    );
  });

  it("names the variable that is wrong", () => {
    let error: unknown;
    try {
      loadConfig({ PORT: "eighty", DATABASE_URL: "mysql://x" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain("PORT");
    expect((error as Error).message).toContain("DATABASE_URL");
  });

  it("needs the bucket and its keys when STORAGE=s3, and reads the S3 settings", () => {
    let error: unknown;
    try {
      loadConfig({ STORAGE: "s3" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain("S3_BUCKET: is required when STORAGE=s3");
    expect(message).toContain("S3_ACCESS_KEY_ID: is required when STORAGE=s3");
    expect(message).toContain("S3_SECRET_ACCESS_KEY: is required when STORAGE=s3");

    const config = loadConfig({
      STORAGE: "s3",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_BUCKET: "touchline-media",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
      S3_FORCE_PATH_STYLE: "true",
    });
    expect(config).toMatchObject({
      STORAGE: "s3",
      S3_BUCKET: "touchline-media",
      S3_REGION: "us-east-1",
      S3_FORCE_PATH_STYLE: true,
    });
    expect(loadConfig({}).STORAGE).toBe("disk");
  });

  it("refuses a bad bucket name and never repeats a secret's value in its message", () => {
    let error: unknown;
    try {
      loadConfig({
        STORAGE: "s3",
        S3_BUCKET: "Bad_Bucket",
        S3_ACCESS_KEY_ID: "k",
        S3_SECRET_ACCESS_KEY: "s",
        AUTH_SECRET: "short-but-real-secret",
      });
    } catch (e) {
      error = e;
    }
    const message = (error as Error).message;
    expect(message).toContain("S3_BUCKET: must be a bucket name");
    expect(message).toContain("AUTH_SECRET: must be at least 32 characters (value not shown)");
    expect(message).not.toContain("short-but-real-secret");
  });
});
