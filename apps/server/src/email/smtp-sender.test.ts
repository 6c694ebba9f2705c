import type { AddressInfo } from "node:net";
import pino from "pino";
import { SMTPServer, type SMTPServerSession } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ConfigError, loadConfig } from "../config.ts";
import { EmailError, createEmailSender } from "./sender.ts";
import { createSmtpSender } from "./smtp-sender.ts";

interface Received {
  mailFrom: string;
  rcptTo: string[];
  user: string | undefined;
  headers: Record<string, string>;
  body: string;
}

/** Splits a raw RFC 5322 message into unfolded headers (lower-case names) and its decoded text body. */
function parseMessage(raw: string): { headers: Record<string, string>; body: string } {
  const [head = "", ...rest] = raw.split("\r\n\r\n");
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, " ").split("\r\n")) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = rest.join("\r\n\r\n");
  if (headers["content-transfer-encoding"] === "quoted-printable") {
    const bytes = Buffer.from(
      body
        .replace(/=\r\n/g, "")
        .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      "latin1",
    );
    body = bytes.toString("utf8");
  } else if (headers["content-transfer-encoding"] === "base64") {
    body = Buffer.from(body, "base64").toString("utf8");
  }
  return { headers, body: body.replace(/\r\n/g, "\n").replace(/\n$/, "") };
}

/** A real SMTP server on loopback that keeps what it receives and can be told to refuse a recipient. */
async function startSmtpServer() {
  const received: Received[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === "mailer" && auth.password === "s3cret-pass") return callback(null, { user: auth.username });
      return callback(new Error("Invalid username or password"));
    },
    onRcptTo(address, _session, callback) {
      if (address.address.endsWith("@refused.example")) {
        const error = new Error("Mailbox unavailable") as Error & { responseCode: number };
        error.responseCode = 550;
        return callback(error);
      }
      return callback();
    },
    onData(stream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const { headers, body } = parseMessage(Buffer.concat(chunks).toString("utf8"));
        received.push({
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          rcptTo: session.envelope.rcptTo.map((r) => r.address),
          user: session.user as string | undefined,
          headers,
          body,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { server, port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe("SMTP e-mail provider (against a real SMTP server on loopback)", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
  });

  it("logs in and delivers recipient, sender, subject and body", async () => {
    const sender = createSmtpSender({
      host: "127.0.0.1",
      port: smtp.port,
      secure: false,
      user: "mailer",
      password: "s3cret-pass",
      from: "Touchline <no-reply@touchline.example>",
    });
    const body = `Hello Mwila,\n\nYour Touchline account has been deleted, together with your profile, photos and videos. ${"This line is long on purpose, so that it must be wrapped by the encoder. ".repeat(3)}\n\nThe Touchline team`;
    await sender.send({ to: "mwila@example.zm", subject: "Your Touchline account has been deleted", body });
    const mail = smtp.received.at(-1)!;
    expect(mail.user).toBe("mailer");
    expect(mail.rcptTo).toEqual(["mwila@example.zm"]);
    expect(mail.mailFrom).toBe("no-reply@touchline.example");
    expect(mail.headers.to).toBe("mwila@example.zm");
    expect(mail.headers.from).toBe("Touchline <no-reply@touchline.example>");
    expect(mail.headers.subject).toBe("Your Touchline account has been deleted");
    expect(mail.headers["content-type"]).toMatch(/^text\/plain/);
    expect(mail.body).toBe(body);
  });

  it("is what EMAIL_PROVIDER=smtp builds from the SMTP_* settings", async () => {
    const config = loadConfig({
      EMAIL_PROVIDER: "smtp",
      SMTP_HOST: "127.0.0.1",
      SMTP_PORT: String(smtp.port),
      SMTP_SECURE: "false",
      SMTP_USER: "mailer",
      SMTP_PASSWORD: "s3cret-pass",
      EMAIL_FROM: "no-reply@touchline.example",
    });
    const sender = createEmailSender(config, pino({ level: "silent" }));
    await sender.send({ to: "chipo@example.zm", subject: "Configured", body: "Sent with the configured transport." });
    const mail = smtp.received.at(-1)!;
    expect(mail).toMatchObject({
      rcptTo: ["chipo@example.zm"],
      user: "mailer",
      body: "Sent with the configured transport.",
    });
    expect(mail.headers.subject).toBe("Configured");
  });

  it("rejects with an EmailError when the server refuses the recipient or the login", async () => {
    const sender = createSmtpSender({
      host: "127.0.0.1",
      port: smtp.port,
      secure: false,
      from: "no-reply@touchline.example",
    });
    const before = smtp.received.length;
    await expect(sender.send({ to: "someone@refused.example", subject: "x", body: "x" })).rejects.toThrow(EmailError);
    const wrongLogin = createSmtpSender({
      host: "127.0.0.1",
      port: smtp.port,
      secure: false,
      user: "mailer",
      password: "wrong",
      from: "no-reply@touchline.example",
    });
    await expect(wrongLogin.send({ to: "mwila@example.zm", subject: "x", body: "x" })).rejects.toThrow(
      /did not accept/,
    );
    expect(smtp.received.length).toBe(before);
  });

  it("rejects with an EmailError when no server answers", async () => {
    const closed = await startSmtpServer();
    await closed.close();
    const sender = createSmtpSender({
      host: "127.0.0.1",
      port: closed.port,
      secure: false,
      from: "no-reply@touchline.example",
    });
    await expect(sender.send({ to: "mwila@example.zm", subject: "x", body: "x" })).rejects.toThrow(EmailError);
  });
});

describe("SMTP configuration", () => {
  const problems = (env: Record<string, string>) => {
    try {
      loadConfig(env);
      return [];
    } catch (error) {
      return (error as ConfigError).problems;
    }
  };

  it("needs SMTP_HOST and EMAIL_FROM when EMAIL_PROVIDER=smtp", () => {
    expect(problems({ EMAIL_PROVIDER: "smtp" })).toEqual([
      "SMTP_HOST: is required when EMAIL_PROVIDER=smtp (got undefined)",
      "EMAIL_FROM: is required when EMAIL_PROVIDER=smtp (got undefined)",
    ]);
  });

  it("checks the sender address, the port, and that user and password come together", () => {
    const base = { EMAIL_PROVIDER: "smtp", SMTP_HOST: "smtp.example.com", EMAIL_FROM: "no-reply@example.com" };
    expect(problems({ ...base, EMAIL_FROM: "Touchline" })[0]).toMatch(/^EMAIL_FROM: must be an e-mail address/);
    expect(problems({ ...base, SMTP_PORT: "99999" })[0]).toMatch(/^SMTP_PORT:/);
    expect(problems({ ...base, SMTP_USER: "mailer" })).toEqual([
      "SMTP_PASSWORD: SMTP_USER and SMTP_PASSWORD must be set together (or neither, for a server without login) (got undefined)",
    ]);
    const config = loadConfig({ ...base, SMTP_PORT: "465" });
    expect(config.SMTP_PORT).toBe(465);
    expect(config.SMTP_SECURE).toBeUndefined();
  });
});
