import MailComposer from "nodemailer/lib/mail-composer";

export type Address = string | { name: string; address: string };

export interface BuildMimeInput {
  from: Address;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** AMP4EMAIL document; when given it becomes the `text/x-amp-html` part. */
  ampHtml?: string;
  /** With or without angle brackets, e.g. `<uuid@mail.example.com>`. */
  messageId: string;
  listUnsubscribe: { mailto: string; url: string };
  replyTo?: Address;
  /** Fixed `Date` header (tests, reproducible output); defaults to now. */
  date?: Date;
  /** Extra headers, e.g. `X-Kinetic-Send-Id`. */
  headers?: Record<string, string>;
}

export interface BuiltMime {
  raw: string;
  /** The Message-ID with angle brackets, as written in the header. */
  messageId: string;
}

function bracketed(id: string): string {
  const bare = id.trim().replace(/^<|>$/g, "");
  return `<${bare}>`;
}

function mailto(value: string): string {
  return /^mailto:/i.test(value) ? value : `mailto:${value}`;
}

/**
 * Assembles the message with nodemailer's MailComposer: `multipart/alternative` holding
 * `text/plain`, `text/x-amp-html` (when `ampHtml` is given) and `text/html`, in that order (AMP
 * before HTML: clients render the last part they understand). Adds `Message-ID`,
 * `List-Unsubscribe` (mailto and https) and `List-Unsubscribe-Post: List-Unsubscribe=One-Click`
 * (RFC 8058). Returns the raw RFC 5322 message with CRLF line endings.
 */
export function buildMime(input: BuildMimeInput): Promise<BuiltMime> {
  const messageId = bracketed(input.messageId);
  const composer = new MailComposer({
    from: input.from,
    to: input.to,
    replyTo: input.replyTo,
    subject: input.subject,
    text: input.text,
    html: input.html,
    ...(input.ampHtml ? { amp: input.ampHtml } : {}),
    messageId,
    date: input.date,
    headers: {
      ...input.headers,
      "List-Unsubscribe": `<${mailto(input.listUnsubscribe.mailto)}>, <${input.listUnsubscribe.url}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  });
  return new Promise((resolve, reject) => {
    composer.compile().build((err, message) => {
      if (err) reject(err);
      else resolve({ raw: message.toString("utf8"), messageId });
    });
  });
}
