import MailComposer from "nodemailer/lib/mail-composer";
import { hasLongerLines, isPlainText } from "nodemailer/lib/mime-funcs";

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
   * Content-Transfer-Encoding per part, as `transferEncodingFor` chose it for the same template
   * earlier; a part without one is left to nodemailer, which scans its content to choose.
   */
  transferEncodings?: Partial<Record<"text" | "html" | "amp", TransferEncoding>>;
}

export type TransferEncoding = "quoted-printable" | "base64";

/**
 * The encoding nodemailer would choose for a text part, decided once per template so that each
 * send need not scan the whole document again. Undefined when the part can go as 7bit: nodemailer
 * settles that itself, cheaply, for the actual content. Otherwise its rule (MimeNode
 * `_getTextEncoding`): quoted-printable when Latin letters outnumber 8-bit and control characters,
 * base64 when not.
 */
export function transferEncodingFor(content: string): TransferEncoding | undefined {
  if (isPlainText(content) && !hasLongerLines(content, 76)) return undefined;
  let nonLatin = 0;
  let latin = 0;
  for (let i = 0; i < content.length; i++) {
    const c = content.charCodeAt(i);
    if (c <= 0x08 || c === 0x0b || c === 0x0c || (c >= 0x0e && c <= 0x1f) || c >= 0x80) nonLatin++;
    else if ((c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a)) latin++;
  }
  return nonLatin < latin ? "quoted-printable" : "base64";
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

function part(content: string, contentTransferEncoding: TransferEncoding | undefined) {
  return contentTransferEncoding ? { content, contentTransferEncoding } : content;
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
    text: part(input.text, input.transferEncodings?.text),
    html: part(input.html, input.transferEncodings?.html),
    ...(input.ampHtml ? { amp: part(input.ampHtml, input.transferEncodings?.amp) } : {}),
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
