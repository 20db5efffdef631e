// Signed answer links of the HTML email: `/r/<token>`, one per send, question and option. The
// token is base64url("a1|sendId|formId|question|option|lang|expiryDay") + "." + a 128-bit HMAC of
// that payload under a key derived from SESSION_SECRET with its own purpose label (as unsubscribe
// tokens and AMP form ids are), so a token is useless as anything else and no field can change
// without the signature failing. Nothing about the recipient is in it but the send id.
import { createHmac, timingSafeEqual } from "node:crypto";

const PURPOSE = "kinetic:answer-link:v1";
const VERSION = "a1";
const MAC_BYTES = 16;
const DAY_MS = 86_400_000;
const TOKEN = /^([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{22})$/;
const ID = /^[A-Za-z0-9_-]{1,100}$/;
const QUESTION = /^k[a-z0-9]{1,6}\.\d{1,2}$/;
const LANG = /^[a-z]{2}$/;

export interface AnswerClaim {
  sendId: string;
  /** Empty when the email was sent without a generated form (its answers count per send only). */
  formId: string;
  /** `<module ns>.<question index>`, e.g. `k1.0`. */
  question: string;
  option: number;
  lang: string;
  /** Days since 1970-01-01 (UTC) after which the link is refused. */
  expiresDay: number;
}

let cachedKey: { secret: string; key: Buffer } | undefined;

function derivedKey(secret: string): Buffer {
  if (cachedKey?.secret !== secret) cachedKey = { secret, key: createHmac("sha256", secret).update(PURPOSE).digest() };
  return cachedKey.key;
}

function mac(secret: string, payload: string): string {
  return createHmac("sha256", derivedKey(secret)).update(payload).digest().subarray(0, MAC_BYTES).toString("base64url");
}

export function answerExpiryDay(now: Date, lifetimeDays: number): number {
  return Math.floor(now.getTime() / DAY_MS) + lifetimeDays;
}

export function createAnswerToken(secret: string, claim: AnswerClaim): string {
  const payload = [VERSION, claim.sendId, claim.formId, claim.question, String(claim.option), claim.lang, String(claim.expiresDay)].join(
    "|",
  );
  const encoded = Buffer.from(payload, "utf8").toString("base64url");
  return `${encoded}.${mac(secret, encoded)}`;
}

/** An expired token's claim is still given: it was signed, so its send and language may be trusted for the page. */
export type AnswerTokenVerdict =
  { ok: true; claim: AnswerClaim } | { ok: false; reason: "malformed" | "forged" } | { ok: false; reason: "expired"; claim: AnswerClaim };

/** Checks shape, then signature (constant time), then expiry: a forged token never learns whether it expired. */
export function verifyAnswerToken(secret: string, token: string, now: Date): AnswerTokenVerdict {
  const match = TOKEN.exec(token);
  if (!match) return { ok: false, reason: "malformed" };
  const [, encoded, signature] = match;
  const given = Buffer.from(signature, "latin1");
  const expected = Buffer.from(mac(secret, encoded), "latin1");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "forged" };
  const parts = Buffer.from(encoded, "base64url").toString("utf8").split("|");
  if (parts.length !== 7 || parts[0] !== VERSION) return { ok: false, reason: "malformed" };
  const [, sendId, formId, question, option, lang, day] = parts;
  if (
    !ID.test(sendId) ||
    (formId !== "" && !ID.test(formId)) ||
    !QUESTION.test(question) ||
    !/^\d{1,2}$/.test(option) ||
    !LANG.test(lang) ||
    !/^\d{1,6}$/.test(day)
  ) {
    return { ok: false, reason: "malformed" };
  }
  const claim = { sendId, formId, question, option: Number(option), lang, expiresDay: Number(day) };
  if (Math.floor(now.getTime() / DAY_MS) > claim.expiresDay) return { ok: false, reason: "expired", claim };
  return { ok: true, claim };
}
