import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../config.ts";
import { createConsoleEmailSender, EMAIL_OUTBOX_FILE } from "./console-sender.ts";
import { createEmailSender } from "./sender.ts";

function capturingLogger() {
  const lines: string[] = [];
  const log = pino({ level: "info" }, { write: (line: string) => lines.push(line) });
  return { log, lines };
}

describe("console e-mail provider", () => {
  it("appends one JSON line per e-mail to DATA_DIR/email-outbox.jsonl and logs neither address nor text", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "touchline-email-"));
    try {
      const { log, lines } = capturingLogger();
      const sender = createConsoleEmailSender(dir, log);
      await Promise.all([
        sender.send({ to: "mwila@example.zm", subject: "First", body: "Line one\nLine two" }),
        sender.send({ to: "chipo@example.zm", subject: "Second", body: "Hello" }),
      ]);
      const outbox = (await fs.readFile(path.join(dir, EMAIL_OUTBOX_FILE), "utf8"))
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l));
      expect(outbox).toHaveLength(2);
      const first = outbox.find((m) => m.to === "mwila@example.zm");
      expect(Object.keys(first)).toEqual(["to", "subject", "body", "sentAt"]);
      expect(first).toMatchObject({ subject: "First", body: "Line one\nLine two" });
      expect(new Date(first.sentAt).toISOString()).toBe(first.sentAt);
      const logged = lines.join("");
      expect(logged).toContain(EMAIL_OUTBOX_FILE);
      expect(logged).not.toContain("example.zm");
      expect(logged).not.toContain("Line one");
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it("is the default provider", () => {
    const config = loadConfig({ DATA_DIR: os.tmpdir() });
    expect(config.EMAIL_PROVIDER).toBe("console");
    expect(() => createEmailSender(config, capturingLogger().log)).not.toThrow();
  });

  it("is refused when NODE_ENV=production, by the configuration and by the sender", () => {
    const production = {
      NODE_ENV: "production",
      AUTH_SECRET: "a-production-secret-of-at-least-32-chars",
      SMS_PROVIDER: "twilio",
      TWILIO_ACCOUNT_SID: `AC${"0".repeat(32)}`,
      TWILIO_AUTH_TOKEN: "token",
      TWILIO_FROM: "+15005550006",
      PUBLIC_URL: "https://touchline.example",
    };
    expect(() => loadConfig(production)).toThrow(ConfigError);
    try {
      loadConfig(production);
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([
        expect.stringMatching(/^EMAIL_PROVIDER: must be smtp when NODE_ENV=production/),
      ]);
    }
    expect(() =>
      loadConfig({
        ...production,
        EMAIL_PROVIDER: "smtp",
        SMTP_HOST: "smtp.example.com",
        EMAIL_FROM: "Touchline <no-reply@example.com>",
      }),
    ).not.toThrow();
    const forced = { ...loadConfig({ DATA_DIR: os.tmpdir() }), isProduction: true };
    expect(() => createEmailSender(forced, capturingLogger().log)).toThrow(
      /EMAIL_PROVIDER=console cannot be used when NODE_ENV=production/,
    );
  });
});
