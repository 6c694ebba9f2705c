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
        BACKUP_SIGNING_KEY: "short-signing-key",
      });
    } catch (e) {
      error = e;
    }
    const message = (error as Error).message;
    expect(message).toContain("S3_BUCKET: must be a bucket name");
    expect(message).toContain("AUTH_SECRET: must be at least 32 characters (value not shown)");
    expect(message).not.toContain("short-but-real-secret");
    expect(message).toContain("BACKUP_SIGNING_KEY: must be at least 32 characters (value not shown)");
    expect(message).not.toContain("short-signing-key");
  });

  it("reads TRUST_PROXY as off, proxies by address (true: on this machine) or a number of hops", () => {
    const trust = (value?: string) => loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY;
    expect(trust()).toBe(false);
    expect(trust("false")).toBe(false);
    expect(trust("0")).toBe(false);
    expect(trust("true")).toEqual({ proxies: ["loopback"] });
    expect(trust("1")).toEqual({ hops: 1 });
    expect(trust("2")).toEqual({ hops: 2 });
    expect(trust("10.0.0.0/8, 127.0.0.1,::1,fd00::/8,uniquelocal")).toEqual({
      proxies: ["10.0.0.0/8", "127.0.0.1", "::1", "fd00::/8", "uniquelocal"],
    });
  });

  it("names the accepted forms of TRUST_PROXY when the value is none of them", () => {
    for (const value of ["yes", "11", "10.0.0.0/33", "10.0.0.300", "proxy.example", "10.0.0.1,", "1.2.3.4/8/1"]) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(
        /TRUST_PROXY: must be false, true \(a proxy on this machine: loopback\), a number of proxy hops/,
      );
    }
  });

  it("requires PUBLIC_URL when NODE_ENV=production, as an http or https origin", () => {
    const production = {
      NODE_ENV: "production",
      AUTH_SECRET: "a-production-secret-of-at-least-32-chars",
      SMS_PROVIDER: "africastalking",
      AFRICASTALKING_USERNAME: "touchline",
      AFRICASTALKING_API_KEY: "key",
      EMAIL_PROVIDER: "smtp",
      SMTP_HOST: "smtp.example.com",
      EMAIL_FROM: "no-reply@touchline.example",
    };
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };
    expect(problems(production)).toEqual([
      expect.stringMatching(/^PUBLIC_URL: is required when NODE_ENV=production \(the public origin/),
    ]);
    expect(problems({ ...production, PUBLIC_URL: "javascript:alert(1)" })).toEqual([
      expect.stringMatching(/^PUBLIC_URL: must start with http:\/\/ or https:\/\//),
    ]);
    expect(loadConfig({ ...production, PUBLIC_URL: "https://touchline.example" }).PUBLIC_URL).toBe(
      "https://touchline.example",
    );
    // Development keeps working without it: pages then use the request's own origin.
    expect(loadConfig({}).PUBLIC_URL).toBeUndefined();
  });
});

describe("messageOrigin, the origin of links in SMS and e-mail", () => {
  it("is PUBLIC_URL when set, else this server's own address from HOST and PORT", () => {
    expect(loadConfig({ PUBLIC_URL: "https://touchline.example/" }).messageOrigin).toBe("https://touchline.example");
    expect(loadConfig({}).messageOrigin).toBe("http://localhost:3000");
    expect(loadConfig({ HOST: "127.0.0.1", PORT: "4312" }).messageOrigin).toBe("http://127.0.0.1:4312");
    expect(loadConfig({ HOST: "::" }).messageOrigin).toBe("http://localhost:3000");
    expect(loadConfig({ HOST: "::1", PORT: "8080" }).messageOrigin).toBe("http://[::1]:8080");
  });
});
