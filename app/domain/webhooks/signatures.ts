import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { findJsonMember } from "./json-member";

export type VerifyError = "missing_signature" | "invalid_signature" | "stale_timestamp" | "bad_secret";

/**
 * Compares two signatures as text, in constant time, as the providers' own libraries do
 * (hash_equals, hmac.compare_digest): no decoding first, so another spelling of the same bytes
 * (uppercase hex, base64 without padding or URL-safe, trailing junk) is a different signature.
 * timingSafeEqual needs equal lengths; the length of a well-formed signature is not secret.
 */
function textEqual(expected: string, given: string): boolean {
  const a = Buffer.from(expected, "utf8");
  const b = Buffer.from(given, "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}

function isFresh(timestampSec: number, now: Date, maxAgeSec: number): boolean {
  return Number.isFinite(timestampSec) && Math.abs(now.getTime() / 1000 - timestampSec) <= maxAgeSec;
}

// ---------------------------------------------------------------- Mailgun

/**
 * The `signature` object Mailgun puts in every webhook body. Events of a subaccount's domain also
 * carry `parent-signature`: the same HMAC keyed with the primary account's signing key.
 */
export const mailgunSignatureSchema = z.object({
  timestamp: z.union([z.string(), z.number()]).transform(String),
  token: z.string().min(1),
  signature: z.string().min(1),
  "parent-signature": z.string().optional(),
});

const mailgunSignedBodySchema = z.object({ signature: mailgunSignatureSchema });

export type MailgunVerifyResult = { ok: true; token: string; timestamp: Date } | { ok: false; error: VerifyError };

/** What Mailgun sends: 64 lowercase hex digits (a SHA-256 hexdigest), nothing else. */
const MAILGUN_HEX_DIGEST = /^[0-9a-f]{64}$/;

function mailgunMatches(expectedHex: string, given: string | undefined): boolean {
  return given !== undefined && MAILGUN_HEX_DIGEST.test(given) && textEqual(expectedHex, given);
}

/**
 * Mailgun's scheme: `signature.signature` is the hex HMAC-SHA256 of `timestamp + token` keyed with
 * the HTTP webhook signing key of the account that owns the domain. A subaccount's events also
 * carry `parent-signature`, the same HMAC keyed with the primary account's key; either one
 * matching the key we hold is enough, so the primary key accepts the events of every subaccount
 * and a subaccount's key accepts its own. Each is compared as text in constant time and must be
 * 64 lowercase hex digits. A timestamp more than `maxAgeSec` away from `now` (either way) is
 * rejected. The token is returned so the caller can refuse a replay (store it with a unique
 * index; Mailgun tokens are 50 random characters).
 */
export function verifyMailgun(body: unknown, signingKey: string, opts: { now: Date; maxAgeSec: number }): MailgunVerifyResult {
  if (!signingKey) return { ok: false, error: "bad_secret" };
  const parsed = mailgunSignedBodySchema.safeParse(body);
  if (!parsed.success) return { ok: false, error: "missing_signature" };
  const { timestamp, token, signature } = parsed.data.signature;
  const expected = createHmac("sha256", signingKey)
    .update(timestamp + token)
    .digest("hex");
  // Both are checked, so the time taken does not tell which one matched.
  const own = mailgunMatches(expected, signature);
  const parent = mailgunMatches(expected, parsed.data.signature["parent-signature"]);
  if (!own && !parent) return { ok: false, error: "invalid_signature" };
  const seconds = Number(timestamp);
  if (!isFresh(seconds, opts.now, opts.maxAgeSec)) return { ok: false, error: "stale_timestamp" };
  return { ok: true, token, timestamp: new Date(seconds * 1000) };
}

/** Mailgun's signature object is a few short strings (a 50-character token, 64 hex digits each). */
export const MAILGUN_SIGNATURE_MAX_CHARS = 4096;

/**
 * Mailgun's check on the raw body, reading only as far as its top-level `signature` member: the
 * rest of the body (the event) is neither parsed nor validated until the signature holds. A body
 * that is not a JSON object, or whose signature member cannot be read, is a missing signature.
 */
export function verifyMailgunBody(rawBody: string, signingKey: string, opts: { now: Date; maxAgeSec: number }): MailgunVerifyResult {
  if (!signingKey) return { ok: false, error: "bad_secret" };
  const member = findJsonMember(rawBody, "signature", MAILGUN_SIGNATURE_MAX_CHARS);
  if (!member.ok || !member.found) return { ok: false, error: "missing_signature" };
  let signature: unknown;
  try {
    signature = JSON.parse(member.text);
  } catch {
    return { ok: false, error: "missing_signature" };
  }
  return verifyMailgun({ signature }, signingKey, opts);
}

/**
 * Produces a Mailgun `signature` object (tests, the benchmark, local tooling); with `parentKey`,
 * as a subaccount's event: `signature` keyed with `signingKey` (the subaccount's) and
 * `parent-signature` with `parentKey` (the primary account's).
 */
export function signMailgun(
  signingKey: string,
  opts: { timestampSec?: number; token?: string; parentKey?: string } = {},
): { timestamp: string; token: string; signature: string; "parent-signature"?: string } {
  const timestamp = String(opts.timestampSec ?? Math.floor(Date.now() / 1000));
  const token = opts.token ?? randomBytes(25).toString("hex");
  const hmac = (key: string) =>
    createHmac("sha256", key)
      .update(timestamp + token)
      .digest("hex");
  return { timestamp, token, signature: hmac(signingKey), ...(opts.parentKey ? { "parent-signature": hmac(opts.parentKey) } : {}) };
}

// ---------------------------------------------------------------- Svix / Standard Webhooks

export type HeaderSource = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderSource, name: string): string | undefined {
  if (typeof (headers as Headers).get === "function") return (headers as Headers).get(name) ?? undefined;
  const record = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(record).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * How a Svix / Standard Webhooks secret is written: `whsec` is the usual `whsec_<base64>` (or the
 * bare base64; the libraries' default constructors take both), `raw` means the secret's own
 * UTF-8 bytes are the HMAC key (the libraries' raw constructors: `new Webhook(secret, { format:
 * "raw" })`, `NewWebhookRaw`, `Webhook::fromRaw`).
 */
export type SvixSecretFormat = "whsec" | "raw";

/** The HMAC key of a secret, or null when it has none (empty, or `whsec` that is not base64). */
function svixKey(secret: string, format: SvixSecretFormat = "whsec"): Buffer | null {
  if (format === "raw") return secret.length > 0 ? Buffer.from(secret, "utf8") : null;
  const b64 = secret.startsWith("whsec_") ? secret.slice("whsec_".length) : secret;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(b64)) return null;
  const key = Buffer.from(b64, "base64");
  return key.length > 0 ? key : null;
}

function svixSignature(key: Buffer, id: string, timestamp: string, body: string): string {
  return createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64");
}

/** The three signature headers (svix-* or the Standard Webhooks webhook-* names), when all are there. */
export function svixHeaders(headers: HeaderSource): { id: string; timestamp: string; signatures: string } | null {
  const id = header(headers, "svix-id") ?? header(headers, "webhook-id");
  const timestamp = header(headers, "svix-timestamp") ?? header(headers, "webhook-timestamp");
  const signatures = header(headers, "svix-signature") ?? header(headers, "webhook-signature");
  return id && timestamp && signatures ? { id, timestamp, signatures } : null;
}

export type SvixVerifyResult = { ok: true; id: string; timestamp: Date } | { ok: false; error: VerifyError };

/**
 * Standard Webhooks / Svix, as Resend sends them: headers `svix-id`, `svix-timestamp` (seconds)
 * and `svix-signature` (space-separated `v1,<base64>` entries, any of which may match). The
 * signed content is `${id}.${timestamp}.${rawBody}` — the raw body exactly as received, before
 * any JSON parsing. The `webhook-*` header names of the Standard Webhooks spec are accepted too.
 * Each entry's signature (everything after its first comma) is compared as text with the
 * standard, padded base64 of the HMAC, as the official libraries compare it.
 */
export function verifySvix(
  rawBody: string,
  headers: HeaderSource,
  secret: string,
  opts: { now: Date; toleranceSec: number; secretFormat?: SvixSecretFormat },
): SvixVerifyResult {
  const key = svixKey(secret, opts.secretFormat);
  if (!key) return { ok: false, error: "bad_secret" };
  const signed = svixHeaders(headers);
  if (!signed) return { ok: false, error: "missing_signature" };
  const { id, timestamp, signatures } = signed;
  const expected = svixSignature(key, id, timestamp, rawBody);
  let matched = false;
  for (const entry of signatures.split(" ")) {
    const comma = entry.indexOf(",");
    if (comma < 0 || entry.slice(0, comma) !== "v1") continue;
    // Check every entry so the time taken does not depend on which one matched.
    if (textEqual(expected, entry.slice(comma + 1))) matched = true;
  }
  if (!matched) return { ok: false, error: "invalid_signature" };
  const seconds = /^\d+$/.test(timestamp) ? Number(timestamp) : NaN;
  if (!isFresh(seconds, opts.now, opts.toleranceSec)) return { ok: false, error: "stale_timestamp" };
  return { ok: true, id, timestamp: new Date(seconds * 1000) };
}

/** Produces the three Svix headers for a body (tests, the benchmark, local tooling). */
export function signSvix(
  secret: string,
  body: string,
  opts: { id?: string; timestampSec?: number; secretFormat?: SvixSecretFormat } = {},
): { "svix-id": string; "svix-timestamp": string; "svix-signature": string } {
  const key = svixKey(secret, opts.secretFormat);
  if (!key) throw new TypeError(opts.secretFormat === "raw" ? "secret must not be empty" : "secret must be whsec_<base64>");
  const id = opts.id ?? `msg_${randomBytes(12).toString("hex")}`;
  const timestamp = String(opts.timestampSec ?? Math.floor(Date.now() / 1000));
  return { "svix-id": id, "svix-timestamp": timestamp, "svix-signature": `v1,${svixSignature(key, id, timestamp, body)}` };
}
