import { answerExpiryDay, createAnswerToken, verifyAnswerToken } from "./answer-token.server";

const SECRET = "s".repeat(32);
const NOW = new Date("2026-11-27T12:00:00Z");
const claim = {
  sendId: "6f1c2f0e-1b2c-4d5e-8f90-123456789abc",
  formId: "gen_1",
  question: "k1.0",
  option: 7,
  lang: "fr",
  expiresDay: answerExpiryDay(NOW, 90),
};

describe("answer tokens", () => {
  it("round-trips what it signs", () => {
    const token = createAnswerToken(SECRET, claim);
    expect(verifyAnswerToken(SECRET, token, NOW)).toEqual({ ok: true, claim });
    // The same claim always gives the same token: a replayed link is the same link.
    expect(createAnswerToken(SECRET, claim)).toBe(token);
  });

  it("refuses a token whose payload or signature was changed (tamper)", () => {
    const token = createAnswerToken(SECRET, claim);
    const [payload, sig] = token.split(".");
    const other = createAnswerToken(SECRET, { ...claim, option: 9 }).split(".")[0];
    expect(verifyAnswerToken(SECRET, `${other}.${sig}`, NOW)).toEqual({ ok: false, reason: "forged" });
    const flipped = sig.slice(0, -1) + (sig.endsWith("A") ? "B" : "A");
    expect(verifyAnswerToken(SECRET, `${payload}.${flipped}`, NOW)).toEqual({ ok: false, reason: "forged" });
    expect(verifyAnswerToken("t".repeat(32), token, NOW)).toEqual({ ok: false, reason: "forged" });
  });

  it("refuses shapes that are not a token", () => {
    for (const bad of ["", "abc", "a.b", `${"x".repeat(500)}.${"y".repeat(22)}`, "abc.def/ghi"]) {
      expect(verifyAnswerToken(SECRET, bad, NOW).ok, bad).toBe(false);
    }
  });

  it("refuses a token after its last day, and takes it on that day (expiry)", () => {
    const token = createAnswerToken(SECRET, claim);
    const lastDay = new Date((claim.expiresDay + 1) * 86_400_000 - 1);
    expect(verifyAnswerToken(SECRET, token, lastDay).ok).toBe(true);
    expect(verifyAnswerToken(SECRET, token, new Date(lastDay.getTime() + 1))).toEqual({ ok: false, reason: "expired", claim });
  });

  it("checks the signature before the expiry: a forged token never learns it expired", () => {
    const token = createAnswerToken(SECRET, { ...claim, expiresDay: 1 });
    expect(verifyAnswerToken("t".repeat(32), token, NOW)).toEqual({ ok: false, reason: "forged" });
  });
});
