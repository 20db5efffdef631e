// Signed AMP survey addresses, the last path segment of a survey form's action URL. The survey
// endpoint is anonymous, so only what this deployment signed may store answers:
// - `<formId>.<mac>`: a form, as the AMP build writes it (previews, downloads, and the copies of
//   emails sent before answers were tied to a send). It names no send, so it takes no answers.
// - `<formId>.<sendId>.<mac>`: one sent copy's form, written by the send path; its answers count
//   for that send and that form only.
// Each MAC is HMAC-SHA256 cut to 128 bits under a key derived from SESSION_SECRET with its own
// purpose label, as for unsubscribe tokens, so a signature is useless as anything else (a form's
// signature never passes for a send's).
import { createHmac, timingSafeEqual } from "node:crypto";

const FORM_PURPOSE = "kinetic:amp-survey-form:v1";
const SEND_PURPOSE = "kinetic:amp-survey-send:v1";
/** 128 bits: enough against guessing, short enough for a URL path segment (22 characters). */
const MAC_BYTES = 16;
const SIGNED = /^([A-Za-z0-9_-]{1,100})\.([A-Za-z0-9_-]{22})$/;
const SIGNED_SEND = /^([A-Za-z0-9_-]{1,100})\.([A-Za-z0-9_-]{1,100})\.([A-Za-z0-9_-]{22})$/;

const keys = new Map<string, { secret: string; key: Buffer }>();

function derivedKey(secret: string, purpose: string): Buffer {
  const cached = keys.get(purpose);
  if (cached?.secret === secret) return cached.key;
  const key = createHmac("sha256", secret).update(purpose).digest();
  keys.set(purpose, { secret, key });
  return key;
}

function mac(secret: string, purpose: string, payload: string): string {
  return createHmac("sha256", derivedKey(secret, purpose)).update(payload).digest().subarray(0, MAC_BYTES).toString("base64url");
}

/**
 * Compared as text, so only the one canonical encoding passes (the last base64 character carries
 * spare bits); both are 22 characters here, as timingSafeEqual needs.
 */
function sameMac(given: string, expected: string): boolean {
  const a = Buffer.from(given, "latin1");
  const b = Buffer.from(expected, "latin1");
  return a.length === b.length && timingSafeEqual(a, b);
}

/** `formId` is a plain token (letters, digits, `_`, `-`; checked by the caller). */
export function signFormId(secret: string, formId: string): string {
  return `${formId}.${mac(secret, FORM_PURPOSE, formId)}`;
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
  if (!sameMac(signature, mac(secret, FORM_PURPOSE, formId))) return { ok: false, reason: "forged" };
  return { ok: true, formId };
}

/** One sent copy's survey address. Both ids are plain tokens (checked by the caller); `|` is in neither. */
export function signSurveySend(secret: string, formId: string, sendId: string): string {
  return `${formId}.${sendId}.${mac(secret, SEND_PURPOSE, `${formId}|${sendId}`)}`;
}

export type SurveyAddress =
  | { ok: true; formId: string; sendId: string }
  | { ok: false; reason: "malformed" | "forged" }
  /** Signed here, for a form but no send. */
  | { ok: false; reason: "no-send"; formId: string };

/** What a survey post's path names: a copy's form and send, or only a form (which takes no answers). */
export function verifySurveyAddress(secret: string, segment: string): SurveyAddress {
  const match = SIGNED_SEND.exec(segment);
  if (!match) {
    const form = verifySignedFormId(secret, segment);
    return form.ok ? { ok: false, reason: "no-send", formId: form.formId } : form;
  }
  const [, formId, sendId, signature] = match;
  if (!sameMac(signature, mac(secret, SEND_PURPOSE, `${formId}|${sendId}`))) return { ok: false, reason: "forged" };
  return { ok: true, formId, sendId };
}
