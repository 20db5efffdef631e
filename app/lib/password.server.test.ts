import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server";
import { PASSWORD_COSTS, currentParams, hashPassword, needsRehash, verifyPassword } from "./password.server";

const WEAKER = { N: 2 ** 8, r: 8, p: 1 };

describe("password hashes", () => {
  it("by default hashes with OWASP's scrypt parameters (N=2^17, r=8, p=1), and such a hash verifies", async () => {
    expect(parseEnv({}).PASSWORD_HASH_COST).toBe("owasp");
    expect(PASSWORD_COSTS.owasp).toEqual({ N: 131072, r: 8, p: 1 });
    // The one production-strength hash of the suite (~0.7 s on the 2-core dev machine).
    const stored = await hashPassword("correct horse battery", PASSWORD_COSTS.owasp);
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(await verifyPassword("correct horse battery", stored)).toBe(true);
    expect(await verifyPassword("correct horse batteries", stored)).toBe(false);
    expect(needsRehash(stored, PASSWORD_COSTS.owasp)).toBe(false);
  });

  it("tests hash with the cheap parameters PASSWORD_HASH_COST=insecure-test names (test/setup.ts)", async () => {
    expect(currentParams()).toEqual({ N: 1024, r: 8, p: 1 });
    const stored = await hashPassword("pw-123456");
    expect(stored.startsWith("scrypt$1024$8$1$")).toBe(true);
    expect(await verifyPassword("pw-123456", stored)).toBe(true);
    // A server switched back to the default rehashes such a password at the next sign-in.
    expect(needsRehash(stored)).toBe(false);
    expect(needsRehash(stored, PASSWORD_COSTS.owasp)).toBe(true);
  });

  it("refuses any other PASSWORD_HASH_COST", () => {
    for (const value of ["", "low", "1024", "OWASP"])
      expect(() => parseEnv({ PASSWORD_HASH_COST: value }), value).toThrow(/PASSWORD_HASH_COST/);
  });

  it("still verifies hashes made with weaker parameters, and says they need a rehash", async () => {
    const old = await hashPassword("pw-123456", WEAKER);
    expect(old.startsWith("scrypt$256$8$1$")).toBe(true);
    expect(await verifyPassword("pw-123456", old)).toBe(true);
    expect(await verifyPassword("pw-1234567", old)).toBe(false);
    expect(needsRehash(old)).toBe(true);
  });

  it("refuses malformed or absurd stored hashes without trying them", async () => {
    for (const stored of [
      "",
      "plain",
      "bcrypt$x",
      "scrypt$16384$8$1$$",
      "scrypt$1000$8$1$c2FsdA$aGFzaA",
      "scrypt$4194304$8$1$c2FsdA$aGFzaA",
      "scrypt$16384$8$1$c2FsdA$aGFzaA$extra",
    ]) {
      expect(await verifyPassword("x", stored), stored).toBe(false);
      expect(needsRehash(stored), stored).toBe(true);
    }
  });
});
