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
 *
 * When every part comes pre-encoded (a send), nodemailer still writes the headers (encoded words,
 * addresses, folding, the boundary) but the message is joined here rather than streamed: its
 * stream machinery (a pass-through, a pipeline, a transform and an immediate per part) cost
 * about half a millisecond per send to copy strings that are already final. The result is the
 * same bytes as nodemailer's own build (build.test.ts compares them).
 */
export function buildMime(input: BuildMimeInput, options: { baseBoundary?: string; streamed?: boolean } = {}): Promise<BuiltMime> {
  const messageId = bracketed(input.messageId);
  const parts = [
    part(input.text, "text/plain", input.encoded?.text),
    input.ampHtml ? part(input.ampHtml, "text/x-amp-html", input.encoded?.amp) : undefined,
    part(input.html, "text/html", input.encoded?.html),
  ];
  const composer = new MailComposer({
    from: input.from,
    to: input.to,
    replyTo: input.replyTo,
    subject: input.subject,
    text: parts[0],
    html: parts[2],
    ...(input.ampHtml ? { amp: parts[1] } : {}),
    messageId,
    date: input.date,
    headers: {
      ...input.headers,
      "List-Unsubscribe": `<${mailto(input.listUnsubscribe.mailto)}>, <${input.listUnsubscribe.url}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
    // Both options are for the test that compares the joined message with nodemailer's own build.
    ...(options.baseBoundary ? { baseBoundary: options.baseBoundary } : {}),
  });
  const root = composer.compile();
  const raws = parts.filter((p): p is { raw: string } => typeof p === "object" && p !== null);
  if (raws.length >= 2 && raws.length === parts.filter(Boolean).length && root.childNodes.length === raws.length && !options.streamed) {
    // What MimeNode.stream writes for a multipart node whose children are raw.
    const head = root.buildHeaders();
    const delimiter = `--${root.boundary}`;
    let raw = `${head}\r\n\r\n`;
    raws.forEach((p, i) => (raw += `${i ? "\r\n" : ""}${delimiter}\r\n${p.raw}`));
    raw += `\r\n${delimiter}--\r\n`;
    return Promise.resolve({ raw, messageId });
  }
  return new Promise((resolve, reject) => {
    root.build((err, message) => {
      if (err) reject(err);
      else resolve({ raw: message.toString("utf8"), messageId });
    });
  });
}
