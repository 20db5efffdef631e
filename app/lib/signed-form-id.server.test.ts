import { describe, expect, it } from "vitest";
import { signFormId, signSurveySend, verifySignedFormId, verifySurveyAddress } from "./signed-form-id.server";

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

describe("signed survey addresses of a sent copy", () => {
  const FORM = "6f1c2f0e-1b2c-4d5e-8f90-123456789abc";
  const SEND = "0b8e7d6c-5a4b-4c3d-9e2f-abcdef012345";

  it("round-trips the form and the send, as a plain path segment", () => {
    const address = signSurveySend(SECRET, FORM, SEND);
    expect(address).toMatch(new RegExp(`^${FORM}\\.${SEND}\\.[A-Za-z0-9_-]{22}$`));
    expect(encodeURIComponent(address)).toBe(address);
    expect(verifySurveyAddress(SECRET, address)).toEqual({ ok: true, formId: FORM, sendId: SEND });
  });

  it("refuses another send's or form's signature, another secret's, a tampered one, and a form's signature", () => {
    const good = signSurveySend(SECRET, FORM, SEND);
    const sig = good.split(".")[2];
    expect(verifySurveyAddress(SECRET, `${FORM}.other-send.${sig}`)).toEqual({ ok: false, reason: "forged" });
    expect(verifySurveyAddress(SECRET, `other-form.${SEND}.${sig}`)).toEqual({ ok: false, reason: "forged" });
    expect(verifySurveyAddress(SECRET, signSurveySend("another-secret-of-at-least-32-characters!", FORM, SEND))).toEqual({
      ok: false,
      reason: "forged",
    });
    // The form's own signature under the send's shape: the purposes differ.
    expect(verifySurveyAddress(SECRET, `${FORM}.${SEND}.${signFormId(SECRET, FORM).split(".")[1]}`)).toEqual({
      ok: false,
      reason: "forged",
    });
    const at = good.lastIndexOf(".") + 1;
    for (let i = at; i < good.length; i++) {
      const flipped = good.slice(0, i) + (good[i] === "A" ? "B" : "A") + good.slice(i + 1);
      expect(verifySurveyAddress(SECRET, flipped), flipped).toEqual({ ok: false, reason: "forged" });
    }
    for (const bad of ["", "..", `${FORM}.${SEND}.${sig}x`, `${FORM}.${SEND}.${SEND}.${sig}`, `${FORM}.${"x".repeat(101)}.${sig}`]) {
      expect(verifySurveyAddress(SECRET, bad), bad).toEqual({ ok: false, reason: "malformed" });
    }
  });

  it("tells a form signed here without a send from one not signed here", () => {
    expect(verifySurveyAddress(SECRET, signFormId(SECRET, FORM))).toEqual({ ok: false, reason: "no-send", formId: FORM });
    expect(verifySurveyAddress(SECRET, `${FORM}.AAAAAAAAAAAAAAAAAAAAAA`)).toEqual({ ok: false, reason: "forged" });
  });
});
