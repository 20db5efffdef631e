import { describe, expect, it } from "vitest";
import { signFormId, verifySignedFormId } from "./signed-form-id.server";

const SECRET = "a-session-secret-of-at-least-32-characters";

describe("signed AMP survey form ids", () => {
  it("round-trips a form id, and the signed id is a plain path segment", () => {
    const signed = signFormId(SECRET, "6f1c2f0e-1b2c-4d5e-8f90-123456789abc");
    expect(signed).toMatch(/^6f1c2f0e-1b2c-4d5e-8f90-123456789abc\.[A-Za-z0-9_-]{22}$/);
    expect(encodeURIComponent(signed)).toBe(signed);
    expect(verifySignedFormId(SECRET, signed)).toEqual({ ok: true, formId: "6f1c2f0e-1b2c-4d5e-8f90-123456789abc" });
  });

  it("refuses made-up ids, another form's signature, another secret's and a tampered one", () => {
    const good = signFormId(SECRET, "form-a");
    const sig = good.split(".")[1];
    expect(verifySignedFormId(SECRET, "form-a")).toEqual({ ok: false, reason: "malformed" });
    expect(verifySignedFormId(SECRET, `form-b.${sig}`)).toEqual({ ok: false, reason: "forged" });
    expect(verifySignedFormId(SECRET, signFormId("another-secret-of-at-least-32-characters!", "form-a"))).toEqual({
      ok: false,
      reason: "forged",
    });
    // Any one character changed, the last one included (it carries spare bits in base64).
    const at = good.indexOf(".") + 1;
    for (let i = at; i < good.length; i++) {
      const flipped = good.slice(0, i) + (good[i] === "A" ? "B" : "A") + good.slice(i + 1);
      expect(verifySignedFormId(SECRET, flipped), flipped).toEqual({ ok: false, reason: "forged" });
    }
    for (const bad of ["", ".", `form-a.${sig}x`, `form a.${sig}`, `${"x".repeat(101)}.${sig}`, `form-a.${sig}.${sig}`]) {
      expect(verifySignedFormId(SECRET, bad), bad).toEqual({ ok: false, reason: "malformed" });
    }
  });
});
