import crypto from "node:crypto";
import { SignJWT, jwtVerify, errors } from "jose";
import { LRUCache } from "lru-cache";

const ISSUER = "kinetic";
const AUDIENCE = "kinetic-api";

export interface AccessClaims {
  sub: string;
  email: string;
  jti: string;
}

/** "30m" | "24h" | "7d" | "45s" → seconds. */
export function parseTtl(ttl: string): number | null {
  const m = /^(\d+)\s*([smhd])$/.exec(ttl.trim());
  if (!m) return null;
  const n = Number(m[1]);
  const unit = { s: 1, m: 60, h: 3600, d: 86400 }[m[2] as "s" | "m" | "h" | "d"];
  return n > 0 ? n * unit : null;
}

export async function signAccessToken(
  secret: string,
  user: { id: string; email: string },
  ttlSeconds: number,
  now = Date.now(),
): Promise<{ token: string; jti: string; expiresAt: Date }> {
  const jti = crypto.randomUUID();
  const iat = Math.floor(now / 1000);
  const token = await new SignJWT({ email: user.email })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(user.id)
    .setJti(jti)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .sign(new TextEncoder().encode(secret));
  return { token, jti, expiresAt: new Date((iat + ttlSeconds) * 1000) };
}

export type VerifyResult = { ok: true; claims: AccessClaims } | { ok: false; reason: "expired" | "invalid" };

// Verified tokens by their text. A client sends the same token on every call, and checking the
// signature again gives the same answer; expiry is still checked on every use, and revocation is
// the caller's database lookup.
const verified = new LRUCache<string, { secret: string; claims: AccessClaims; expiresAtMs: number }>({ max: 1000 });

export async function verifyAccessToken(secret: string, token: string, now = Date.now()): Promise<VerifyResult> {
  const hit = verified.get(token);
  if (hit && hit.secret === secret) {
    if (hit.expiresAtMs > now) return { ok: true, claims: hit.claims };
    verified.delete(token);
    return { ok: false, reason: "expired" };
  }
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      algorithms: ["HS256"],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: new Date(now),
    });
    if (
      typeof payload.sub !== "string" ||
      typeof payload.jti !== "string" ||
      typeof payload.email !== "string" ||
      typeof payload.exp !== "number"
    )
      return { ok: false, reason: "invalid" };
    const claims = { sub: payload.sub, email: payload.email, jti: payload.jti };
    verified.set(token, { secret, claims, expiresAtMs: payload.exp * 1000 });
    return { ok: true, claims };
  } catch (e) {
    return { ok: false, reason: e instanceof errors.JWTExpired ? "expired" : "invalid" };
  }
}
