import { CopyDocSchema, copyToText } from "./schema";

const copy = {
  subject: "Your spring box is ready",
  preheader: "Fresh picks, delivered Friday.",
  sections: [
    { role: "hero", headline: "Spring is here", body: "Six new flavours.\n\nAll organic.", cta: "Build my box" },
    { role: "closing", headline: "", body: "Questions? Reply any time.", cta: "" },
  ],
  items: [{ label: "Berries", headline: "Strawberry jam", body: "Slow-cooked for eight hours." }],
};

describe("CopyDocSchema", () => {
  it("accepts the API's fields", () => {
    expect(CopyDocSchema.safeParse(copy).success).toBe(true);
  });

  it("rejects a missing subject and a section without a role", () => {
    expect(CopyDocSchema.safeParse({ ...copy, subject: "" }).success).toBe(false);
    expect(CopyDocSchema.safeParse({ ...copy, sections: [{ ...copy.sections[0], role: "" }] }).success).toBe(false);
  });
});

describe("copyToText", () => {
  it("carries every word of the copy, in reading order", () => {
    const text = copyToText(CopyDocSchema.parse(copy));
    const words = [
      copy.subject,
      copy.preheader,
      "Spring is here",
      "Six new flavours.",
      "All organic.",
      "Build my box",
      "Questions? Reply any time.",
      "Berries",
      "Strawberry jam",
      "Slow-cooked for eight hours.",
    ];
    let at = -1;
    for (const w of words) {
      const i = text.indexOf(w);
      expect(i, w).toBeGreaterThan(at);
      at = i;
    }
  });

  it("leaves out empty fields instead of printing blank markers", () => {
    const text = copyToText(CopyDocSchema.parse({ ...copy, items: [] }));
    expect(text).not.toContain("Interactive items");
    expect(text).not.toMatch(/Button: \n|Button: $/);
  });
});
