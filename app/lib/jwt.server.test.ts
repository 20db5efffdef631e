import { describe, expect, it } from "vitest";
import { parseTtl, signAccessToken, verifyAccessToken } from "./jwt.server";
import { hashPassword, verifyPassword } from "./password.server";

const secret = "s".repeat(40);

describe("access tokens", () => {
  it("round-trips and rejects expired, foreign and tampered tokens", async () => {
    const user = { id: "u1", email: "a@b.co" };
    const { token } = await signAccessToken(secret, user, 60);
    expect(await verifyAccessToken(secret, token)).toMatchObject({ ok: true, claims: { sub: "u1", email: "a@b.co" } });
    const old = await signAccessToken(secret, user, 60, Date.now() - 3600_000);
    expect(await verifyAccessToken(secret, old.token)).toEqual({ ok: false, reason: "expired" });
    expect(await verifyAccessToken("x".repeat(40), token)).toEqual({ ok: false, reason: "invalid" });
    expect(await verifyAccessToken(secret, token.slice(0, -2) + "xx")).toEqual({ ok: false, reason: "invalid" });
    expect(await verifyAccessToken(secret, "garbage")).toEqual({ ok: false, reason: "invalid" });
  });

  it("remembers a verified token only under its own secret and only until it expires", async () => {
    const { token, expiresAt } = await signAccessToken(secret, { id: "u2", email: "b@b.co" }, 60);
    expect(await verifyAccessToken(secret, token)).toMatchObject({ ok: true, claims: { sub: "u2" } });
    expect(await verifyAccessToken(secret, token)).toMatchObject({ ok: true, claims: { sub: "u2" } });
    expect(await verifyAccessToken("y".repeat(40), token)).toEqual({ ok: false, reason: "invalid" });
    expect(await verifyAccessToken(secret, token, expiresAt.getTime() - 1)).toMatchObject({ ok: true });
    expect(await verifyAccessToken(secret, token, expiresAt.getTime())).toEqual({ ok: false, reason: "expired" });
    expect(await verifyAccessToken(secret, token, expiresAt.getTime() + 1000)).toEqual({ ok: false, reason: "expired" });
  });

  it("parses lifetimes", () => {
    expect(parseTtl("24h")).toBe(86400);
    expect(parseTtl("30m")).toBe(1800);
    expect(parseTtl("7d")).toBe(604800);
    expect(parseTtl("0h")).toBeNull();
    expect(parseTtl("soon")).toBeNull();
  });
});

describe("passwords", () => {
  it("hashes with scrypt and verifies", async () => {
    const hash = await hashPassword("correct horse");
    expect(hash.startsWith("scrypt$")).toBe(true);
    expect(await verifyPassword("correct horse", hash)).toBe(true);
    expect(await verifyPassword("wrong horse", hash)).toBe(false);
    expect(await verifyPassword("x", "not-a-hash")).toBe(false);
  });
});
