// Signed AMP survey form ids: `<formId>.<base64url(HMAC-SHA256(key, formId)) cut to 128 bits>`,
// the last path segment of the form's action URL. The survey endpoint is anonymous, so only a
// form this deployment generated may store answers: an id someone made up has no valid signature.
// The key is derived from SESSION_SECRET with a purpose label, as for unsubscribe tokens, so a
// signature is useless as anything else. A later per-send address can sign more than the form id
// the same way.
import { createHmac, timingSafeEqual } from "node:crypto";

const PURPOSE = "kinetic:amp-survey-form:v1";
/** 128 bits: enough against guessing, short enough for a URL path segment (22 characters). */
const MAC_BYTES = 16;
const SIGNED = /^([A-Za-z0-9_-]{1,100})\.([A-Za-z0-9_-]{22})$/;

let cachedKey: { secret: string; key: Buffer } | undefined;

function derivedKey(secret: string): Buffer {
  if (cachedKey?.secret !== secret) cachedKey = { secret, key: createHmac("sha256", secret).update(PURPOSE).digest() };
  return cachedKey.key;
}

function mac(secret: string, formId: string): Buffer {
  return createHmac("sha256", derivedKey(secret)).update(formId).digest().subarray(0, MAC_BYTES);
}

/** `formId` is a plain token (letters, digits, `_`, `-`; checked by the caller). */
export function signFormId(secret: string, formId: string): string {
  return `${formId}.${mac(secret, formId).toString("base64url")}`;
}

/**
 * The form id a signed id was issued for; `malformed` when it is not shaped like one, `forged`
 * when its signature was not made with this secret (checked in constant time).
 */
export function verifySignedFormId(
  secret: string,
  signed: string,
): { ok: true; formId: string } | { ok: false; reason: "malformed" | "forged" } {
  const match = SIGNED.exec(signed);
  if (!match) return { ok: false, reason: "malformed" };
  const [, formId, signature] = match;
  // Compared as text, so only the one canonical encoding passes (the last base64 character carries
  // spare bits); both are 22 characters here, as timingSafeEqual needs.
  const given = Buffer.from(signature, "latin1");
  const expected = Buffer.from(mac(secret, formId).toString("base64url"), "latin1");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "forged" };
  return { ok: true, formId };
}
