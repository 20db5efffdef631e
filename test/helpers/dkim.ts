// A DKIM verifier for tests (RFC 6376, rsa-sha256 with relaxed/relaxed canonicalisation, the form
// nodemailer signs): recomputes the body hash and checks the header signature with a public key.
import crypto from "node:crypto";

export interface DkimResult {
  ok: boolean;
  reason?: string;
  tags: Record<string, string>;
}

interface Header {
  name: string;
  /** The header as written, continuation lines included, without its final CRLF. */
  raw: string;
}

function splitMessage(raw: string): { headers: Header[]; body: string } {
  const end = raw.indexOf("\r\n\r\n");
  const head = end < 0 ? raw : raw.slice(0, end);
  const body = end < 0 ? "" : raw.slice(end + 4);
  const headers: Header[] = [];
  for (const line of head.split("\r\n")) {
    if (/^[ \t]/.test(line) && headers.length) headers[headers.length - 1].raw += `\r\n${line}`;
    else headers.push({ name: line.slice(0, line.indexOf(":")).trim().toLowerCase(), raw: line });
  }
  return { headers, body };
}

/** RFC 6376 §3.4.4. */
export function relaxedBody(body: string): string {
  const lines = body.split("\r\n").map((l) => l.replace(/[ \t]+/g, " ").replace(/ $/, ""));
  while (lines.length && lines[lines.length - 1] === "") lines.pop();
  return lines.length ? `${lines.join("\r\n")}\r\n` : "";
}

/** RFC 6376 §3.4.2. */
export function relaxedHeader(raw: string): string {
  const colon = raw.indexOf(":");
  const name = raw.slice(0, colon).trim().toLowerCase();
  const value = raw
    .slice(colon + 1)
    .replace(/\r\n/g, "")
    .replace(/[ \t]+/g, " ")
    .trim();
  return `${name}:${value}`;
}

function tagsOf(value: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const part of value.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    tags[part.slice(0, eq).replace(/\s+/g, "")] = part.slice(eq + 1).replace(/\s+/g, "");
  }
  return tags;
}

/** Verifies the first DKIM-Signature of a raw CRLF message against `publicKey` (PEM). */
export function verifyDkim(raw: string, publicKey: string): DkimResult {
  const { headers, body } = splitMessage(raw);
  const sig = headers.find((h) => h.name === "dkim-signature");
  if (!sig) return { ok: false, reason: "no DKIM-Signature header", tags: {} };
  const tags = tagsOf(sig.raw.slice(sig.raw.indexOf(":") + 1).replace(/\r\n/g, ""));
  if (tags.a !== "rsa-sha256") return { ok: false, reason: `algorithm ${tags.a}`, tags };
  if (tags.c !== "relaxed/relaxed") return { ok: false, reason: `canonicalisation ${tags.c}`, tags };
  const bh = crypto.createHash("sha256").update(relaxedBody(body), "utf8").digest("base64");
  if (bh !== tags.bh) return { ok: false, reason: `body hash ${bh} differs from bh=${tags.bh}`, tags };
  // Each name in h= takes the last unused instance of that header (§5.4.2).
  const remaining = new Map<string, Header[]>();
  for (const h of headers) if (h !== sig) remaining.set(h.name, [...(remaining.get(h.name) ?? []), h]);
  const signed: string[] = [];
  for (const name of tags.h.toLowerCase().split(":")) {
    const instance = remaining.get(name)?.pop();
    if (instance) signed.push(`${relaxedHeader(instance.raw)}\r\n`);
  }
  // The signature header itself, with its b= value emptied and no final CRLF.
  signed.push(relaxedHeader(sig.raw.replace(/(\bb=)[^;]*/, "$1")));
  const ok = crypto.verify("sha256", Buffer.from(signed.join(""), "utf8"), publicKey, Buffer.from(tags.b, "base64"));
  return ok ? { ok, tags } : { ok, reason: "header signature does not verify", tags };
}
