// Signed unsubscribe tokens: base64url(email + "." + HMAC-SHA256(key, email)). The key is derived
// from SESSION_SECRET with a purpose label, so a token is useless as anything else and a leaked
// token only ever unsubscribes the address it names.
import { createHmac, timingSafeEqual } from "node:crypto";

const PURPOSE = "kinetic:unsubscribe:v1";

let cachedKey: { secret: string; key: Buffer } | undefined;

function derivedKey(secret: string): Buffer {
  if (cachedKey?.secret !== secret) cachedKey = { secret, key: createHmac("sha256", secret).update(PURPOSE).digest() };
  return cachedKey.key;
}

function mac(secret: string, email: string): Buffer {
  return createHmac("sha256", derivedKey(secret)).update(email).digest();
}

/** The address is lower-cased and trimmed first: suppression entries are keyed that way. */
export function createUnsubscribeToken(secret: string, email: string): string {
  const address = email.trim().toLowerCase();
  return Buffer.from(`${address}.${mac(secret, address).toString("base64url")}`, "utf8").toString("base64url");
}

/** The address a token was issued for, or null when it was not issued with this secret. */
export function verifyUnsubscribeToken(secret: string, token: string): string | null {
  if (!/^[A-Za-z0-9_-]{1,2048}$/.test(token)) return null;
  const decoded = Buffer.from(token, "base64url").toString("utf8");
  const dot = decoded.lastIndexOf(".");
  if (dot <= 0) return null;
  const address = decoded.slice(0, dot);
  const given = Buffer.from(decoded.slice(dot + 1), "base64url");
  const expected = mac(secret, address);
  // timingSafeEqual needs equal lengths; the length of a MAC is not secret.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (address !== address.trim().toLowerCase() || !address.includes("@")) return null;
  return address;
}

export function unsubscribeUrl(baseUrl: string, secret: string, email: string): string {
  return `${baseUrl}/unsubscribe/${createUnsubscribeToken(secret, email)}`;
}
