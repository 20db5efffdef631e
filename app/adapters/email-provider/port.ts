export type EmailProviderName = "outbox" | "smtp" | "mailgun" | "resend";

/** A message ready to go: `raw` is the complete MIME from `buildMime`; the rest describes it for providers that cannot take raw MIME (Resend). */
export interface OutgoingMessage {
  raw: string;
  /** Envelope sender: a bare address or `"Name" <address>`. */
  from: string;
  to: string;
  /** A bare address (the sender's brand profile), for providers that build the message themselves. */
  replyTo?: string;
  sendId: string;
  subject: string;
  html: string;
  text: string;
  ampHtml?: string;
  /** Headers to carry when the provider builds the message itself (List-Unsubscribe, …). */
  headers: Record<string, string>;
}

export type SendResult =
  | { ok: true; providerId: string; notes: string[] }
  /** `retryable`: a timeout, a 4xx SMTP reply, HTTP 429 or 5xx — trying again later may work. */
  | { ok: false; error: string; retryable: boolean };

export interface EmailProvider {
  name: EmailProviderName;
  send(msg: OutgoingMessage): Promise<SendResult>;
  /** Releases pooled connections (SMTP). */
  close?(): Promise<void>;
}
