import MailComposer from "nodemailer/lib/mail-composer";
import { canonicalLineBreaks, type EncodedBody } from "./part-template";

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
  /**
   * Parts already transfer-encoded (see part-template.ts), each the encoding of its `text`,
   * `html` or `ampHtml` content; nodemailer encodes any part not given here itself.
   */
  encoded?: Partial<Record<"text" | "html" | "amp", EncodedBody>>;
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

// The headers nodemailer itself writes for a text part, so a pre-encoded part looks the same.
// (An empty content leaves the part out, as nodemailer does.)
function part(content: string, contentType: string, encoded: EncodedBody | undefined) {
  if (!content) return content;
  if (!encoded) return canonicalLineBreaks(content);
  return { raw: `Content-Type: ${contentType}; charset=utf-8\r\nContent-Transfer-Encoding: ${encoded.encoding}\r\n\r\n${encoded.body}` };
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
    text: part(input.text, "text/plain", input.encoded?.text),
    html: part(input.html, "text/html", input.encoded?.html),
    ...(input.ampHtml ? { amp: part(input.ampHtml, "text/x-amp-html", input.encoded?.amp) } : {}),
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
