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
});
