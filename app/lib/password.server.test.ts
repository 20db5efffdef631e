import { describe, expect, it } from "vitest";
import { CURRENT_PARAMS, hashPassword, needsRehash, verifyPassword } from "./password.server";

const OLD = { N: 2 ** 14, r: 8, p: 1 };

describe("password hashes", () => {
  it("hashes with OWASP's scrypt parameters (N=2^17, r=8, p=1) and verifies", async () => {
    expect(CURRENT_PARAMS).toEqual({ N: 131072, r: 8, p: 1 });
    const stored = await hashPassword("correct horse battery");
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(await verifyPassword("correct horse battery", stored)).toBe(true);
    expect(await verifyPassword("correct horse batteries", stored)).toBe(false);
    expect(needsRehash(stored)).toBe(false);
  });

  it("still verifies hashes made with the old parameters, and says they need a rehash", async () => {
    const old = await hashPassword("pw-123456", OLD);
    expect(old.startsWith("scrypt$16384$8$1$")).toBe(true);
    expect(await verifyPassword("pw-123456", old)).toBe(true);
    expect(await verifyPassword("pw-1234567", old)).toBe(false);
    expect(needsRehash(old)).toBe(true);
  });

  it("refuses malformed or absurd stored hashes without trying them", async () => {
    for (const stored of ["", "plain", "bcrypt$x", "scrypt$16384$8$1$$", "scrypt$1000$8$1$c2FsdA$aGFzaA", "scrypt$4194304$8$1$c2FsdA$aGFzaA", "scrypt$16384$8$1$c2FsdA$aGFzaA$extra"]) {
      expect(await verifyPassword("x", stored), stored).toBe(false);
      expect(needsRehash(stored), stored).toBe(true);
    }
  });
});
