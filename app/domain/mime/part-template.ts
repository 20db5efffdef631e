// A message part whose content is the same for every recipient except a few placeholders. Its
// fixed text is transfer-encoded once; each send encodes only its own values and joins the
// pieces. Encoding a 20 KB document as quoted-printable costs about as much as the rest of a
// send, and campaigns send one document to many recipients one request at a time.
import { encode as base64Encode, wrap as base64Wrap } from "nodemailer/lib/base64";
import { encode as qpEncode, wrap as qpWrap } from "nodemailer/lib/qp";
import { hasLongerLines, isPlainText } from "nodemailer/lib/mime-funcs";

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

/** A part's body already transfer-encoded, ready to follow its MIME headers. */
export interface EncodedBody {
  encoding: TransferEncoding;
  body: string;
}

export interface PartTemplate {
  /** The fixed text around the placeholders: `texts.length === names.length + 1`. */
  texts: string[];
  /** The placeholder names in document order (repeats included). */
  names: string[];
  /** Undefined: the content can go as it is (7bit), which MIME settles per send. */
  encoding: TransferEncoding | undefined;
  /** Quoted-printable only: each fixed text encoded and wrapped. */
  encodedTexts?: string[];
}

// RFC 2045 §6.7: encoded lines are at most 76 characters. Pieces are wrapped one short of that
// so the soft line break that joins a piece to the next still fits on its last line.
const QP_PIECE_LINE = 75;
const QP_SOFT_BREAK = "=\r\n";

/**
 * A text part's content in MIME canonical form: every line break CRLF (RFC 2046 §4.1.1), since a
 * bare LF is not allowed in a message (RFC 5322 §2.3). Stored documents keep their own breaks.
 */
export function canonicalLineBreaks(text: string): string {
  return text.replace(/\r\n|\r|\n/g, "\r\n");
}

function qpPiece(text: string): string {
  return qpWrap(qpEncode(canonicalLineBreaks(text)), QP_PIECE_LINE);
}

/**
 * Splits `doc` at `placeholder` (a global pattern; the name is its first group that matched, so one
 * pattern may hold placeholders of more than one shape). `encoding` is
 * the one chosen for the whole document (transferEncodingFor); quoted-printable pieces are
 * encoded here, once.
 */
export function compilePart(doc: string, placeholder: RegExp, encoding: TransferEncoding | undefined): PartTemplate {
  const texts: string[] = [];
  const names: string[] = [];
  let last = 0;
  for (const m of doc.matchAll(placeholder)) {
    texts.push(doc.slice(last, m.index));
    names.push(m.slice(1).find((g) => g !== undefined) ?? m[0]);
    last = m.index + m[0].length;
  }
  texts.push(doc.slice(last));
  return { texts, names, encoding, ...(encoding === "quoted-printable" ? { encodedTexts: texts.map((t) => (t ? qpPiece(t) : "")) } : {}) };
}

/**
 * The part for one recipient: its content, and its encoded body unless it goes as 7bit.
 * Quoted-printable pieces are joined with soft line breaks, which decode to nothing, so the body
 * decodes to exactly `content` in canonical form. Values are expected to be non-empty (every
 * recipient value is): an empty one leaves the texts on either side encoded apart, which differs
 * only where it splits a CRLF or a surrogate pair.
 */
export function fillPart(part: PartTemplate, values: Record<string, string>): { content: string; encoded?: EncodedBody } {
  let content = part.texts[0];
  for (let i = 0; i < part.names.length; i++) content += values[part.names[i]] + part.texts[i + 1];
  if (!part.encoding) return { content };
  if (part.encoding === "base64")
    return { content, encoded: { encoding: "base64", body: base64Wrap(base64Encode(canonicalLineBreaks(content)), 76) } };
  const encoded = part.encodedTexts!;
  const pieces: string[] = [];
  if (encoded[0]) pieces.push(encoded[0]);
  for (let i = 0; i < part.names.length; i++) {
    const value = values[part.names[i]];
    if (value) pieces.push(qpPiece(value));
    if (encoded[i + 1]) pieces.push(encoded[i + 1]);
  }
  return { content, encoded: { encoding: "quoted-printable", body: pieces.join(QP_SOFT_BREAK) } };
}
