import fs from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { EmailSender } from "./email-message.ts";

export const EMAIL_OUTBOX_FILE = "email-outbox.jsonl";

/**
 * The development and test "provider": appends {"to","subject","body","sentAt"} as one JSON line
 * to DATA_DIR/email-outbox.jsonl. The log line names the outbox, never the address or the text.
 */
export function createConsoleEmailSender(dataDir: string, log: FastifyBaseLogger): EmailSender {
  const file = path.join(dataDir, EMAIL_OUTBOX_FILE);
  return {
    async send({ to, subject, body }) {
      await fs.mkdir(dataDir, { recursive: true });
      // One write of one line with O_APPEND: concurrent sends never interleave within a line.
      await fs.appendFile(file, `${JSON.stringify({ to, subject, body, sentAt: new Date().toISOString() })}\n`);
      log.info({ outbox: file }, "e-mail written to the console outbox");
    },
  };
}
