// What the brief asks beyond its facts, folded into copy-verbatim (docs/qa.md): a word the prompt
// rules out is not in the email, and no instruction to Kinetic is printed in it, in either view.
import { describe, expect, it } from "vitest";
import type { Brief } from "~/domain/brief/schema";
import { goodEmail } from "../../../test/fixtures/emails";
import { briefWith, text } from "../../../test/helpers/brief";
import { QA_CHECKS } from "./catalogue";
import { qa, READY_TO_SEND_MIN_SCORE } from "./qa";

/** The contract email (tabs) with a line in its hero, or in one view of its module. */
function emailWith(line: string, where: "hero" | "interactive view" | "fallback" = "hero"): string {
  const html = goodEmail(["tabs"]);
  const p = `<p style="font-size:16px;color:#1a1a1a">${line}</p>`;
  if (where === "hero")
    return html.replace("Fresh produce from local farms, cooked simply.</p>", `Fresh produce from local farms, cooked simply.</p>${p}`);
  if (where === "interactive view") return html.replace("</div>\n<!--<![endif]-->", `${p}</div>\n<!--<![endif]-->`);
  return html.replace(/(<div class="kx-fb k1-fb"[^>]*>)/, `$1${p}`);
}

const BRIEF: Brief = briefWith({
  ruledOut: [text("free shipping"), text("financing")],
  instructions: [
    { kind: "avoid", text: text("Don't mention free shipping.") },
    { kind: "say", text: text("Say it takes under a minute.") },
    { kind: "length", text: text("Keep it short.") },
    { kind: "tone", text: text("Warm.") },
  ],
});

// The trace is left out: these cases are about what the brief asks, not about where a claim comes from.
const check = (html: string, brief: Brief = BRIEF) => {
  const r = qa(html, { techniques: ["tabs"], brief, trace: false });
  return { result: r, check: r.checks.find((c) => c.id === "copy-verbatim")! };
};

describe("what the brief asks is kept (folded into copy-verbatim)", () => {
  it("passes an email that says nothing ruled out and prints no instruction", () => {
    const { result, check: c } = check(emailWith("It takes under a minute."));
    expect(c.passed, c.message).toBe(true);
    expect(c.message).toContain("nothing it rules out and none of its instructions in the email");
    expect(result.score).toBe(100);
  });

  // [case, the email, passes?, what the failure names]
  const TABLE: Array<[string, string, boolean, string?]> = [
    [
      "a ruled-out word in the hero",
      emailWith("Free shipping on every order."),
      false,
      "“free shipping” is ruled out by the brief but in the email (interactive view and fallback)",
    ],
    [
      "a ruled-out word in the interactive view only",
      emailWith("Ask about financing", "interactive view"),
      false,
      "“financing” is ruled out by the brief but in the email (interactive view)",
    ],
    [
      "a ruled-out word in the fallback only",
      emailWith("Ask about financing", "fallback"),
      false,
      "“financing” is ruled out by the brief but in the email (fallback)",
    ],
    ["a ruled-out word across case and blanks", emailWith("FREE&nbsp;\n Shipping"), false, "“free shipping”"],
    ["a word that only contains the ruled-out one", emailWith("Refinancing is not our thing."), true],
    [
      "an instruction printed as written",
      emailWith("Say it takes under a minute."),
      false,
      "the instruction “Say it takes under a minute.” is printed in the email (interactive view and fallback)",
    ],
    ["an instruction printed without its stop", emailWith("Keep it short"), false, "the instruction “Keep it short.”"],
    ["an instruction of fewer than three words", emailWith("Warm."), true],
    ["what the instruction asks said in the email's words", emailWith("It takes under a minute."), true],
  ];
  it.each(TABLE)("%s", (_case, html, passes, named) => {
    const { result, check: c } = check(html);
    expect(c.passed, c.message).toBe(passes);
    if (passes) return;
    expect(c.message).toContain(named);
    // A fault of the brief: held below Ready to send, named in the cap.
    expect(result.score).toBeLessThan(READY_TO_SEND_MIN_SCORE);
    expect(result.scoreCap).toMatch(/^Held at \d+: /);
  });

  it("counts each word said and each instruction printed as a fault of the brief, 3 points apiece", () => {
    const one = check(emailWith("Free shipping today.")).result.score;
    const two = check(emailWith("Free shipping today. Ask about financing.")).result.score;
    expect(two).toBe(one - 3);
  });

  it("stays a check of copy-verbatim: QA still has exactly 28 checks", () => {
    expect(QA_CHECKS).toHaveLength(28);
    expect(check(emailWith("Free shipping")).result.checks).toHaveLength(28);
  });

  it("does not apply without a brief, or with one that rules nothing out and gives no instruction", () => {
    expect(qa(emailWith("Free shipping. Say it takes under a minute."), { techniques: ["tabs"] }).score).toBe(100);
    const none = check(emailWith("Free shipping. Say it takes under a minute."), briefWith()).check;
    expect(none.message).not.toMatch(/rules out|instructions/);
  });

  it("reads a long email in bounded work", () => {
    const { check: c } = check(emailWith("Nothing to see here. ".repeat(5_000)));
    expect(c.passed).toBe(true);
  });
});
