import fs from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { maskPhone } from "@touchline/contract/phone";
import type { SmsSender } from "./sender.ts";

export const SMS_OUTBOX_FILE = "sms-outbox.jsonl";

/**
 * The development and test "provider": appends {"to","body","sentAt"} as one JSON line to
 * DATA_DIR/sms-outbox.jsonl (the e2e tests and local users read codes there). The log line
 * says only that a message went to a masked number, never the body.
 */
export function createConsoleSender(dataDir: string, log: FastifyBaseLogger): SmsSender {
  const file = path.join(dataDir, SMS_OUTBOX_FILE);
  return {
    async send(to, body) {
      await fs.mkdir(dataDir, { recursive: true });
      // One write of one line with O_APPEND: concurrent sends never interleave within a line.
      await fs.appendFile(file, `${JSON.stringify({ to, body, sentAt: new Date().toISOString() })}\n`);
      log.info({ to: maskPhone(to), outbox: file }, "SMS written to the console outbox");
    },
  };
}
