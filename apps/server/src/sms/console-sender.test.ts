import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import pino from "pino";
import { loadConfig } from "../config.ts";
import { createConsoleSender, SMS_OUTBOX_FILE } from "./console-sender.ts";
import { createSmsSender } from "./sender.ts";

function capturingLogger() {
  const lines: string[] = [];
  const log = pino({ level: "info" }, { write: (line: string) => lines.push(line) });
  return { log, lines };
}

describe("console SMS provider", () => {
  it("appends one JSON line per message to DATA_DIR/sms-outbox.jsonl and logs only a masked number", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "touchline-sms-"));
    const { log, lines } = capturingLogger();
    const sender = createConsoleSender(dir, log);
    await Promise.all([
      sender.send("+260971234567", "Touchline: code 12345"),
      sender.send("+260961234567", "Touchline: code 54321"),
    ]);
    const outbox = (await fs.readFile(path.join(dir, SMS_OUTBOX_FILE), "utf8"))
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(outbox).toHaveLength(2);
    expect(outbox.map((m) => m.to).sort()).toEqual(["+260961234567", "+260971234567"]);
    for (const m of outbox) {
      expect(Object.keys(m)).toEqual(["to", "body", "sentAt"]);
      expect(new Date(m.sentAt).toISOString()).toBe(m.sentAt);
    }
    const logged = lines.join("");
    expect(logged).toContain("+260 97*****67");
    expect(logged).not.toContain("971234567");
    expect(logged).not.toContain("12345");
    await fs.rm(dir, { recursive: true, force: true });
  });

  it("is the default and is refused in production", () => {
    const { log } = capturingLogger();
    expect(() => createSmsSender(loadConfig({ DATA_DIR: os.tmpdir() }), log)).not.toThrow();
    const prod = { ...loadConfig({ DATA_DIR: os.tmpdir() }), isProduction: true };
    expect(() => createSmsSender(prod, log)).toThrow(/SMS_PROVIDER=console cannot be used when NODE_ENV=production/);
  });
});
