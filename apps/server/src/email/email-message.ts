/** What every e-mail sender takes and how it fails (sender.ts picks the sender). */
export interface EmailMessage {
  to: string;
  subject: string;
  /** Plain text: every mail client shows it, and nothing in it can be a tracking pixel. */
  body: string;
}

/** Delivers one e-mail. Rejects (with an EmailError) when the provider did not accept it. */
export interface EmailSender {
  send(message: EmailMessage): Promise<void>;
}

export class EmailError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "EmailError";
  }
}
