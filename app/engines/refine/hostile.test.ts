// The refine grammar and the local refiner on hostile instructions (docs/security.md): long runs of
// blanks and punctuation are read once, and one request applies a bounded number of edits.
import { countRegexWork } from "../../../test/helpers/regex-work";
import { CopyDocSchema } from "~/domain/copy/schema";
import { parseSurveyItem } from "../copy/conventions";
import { writeLocalCopy } from "../copy/local";
import { parseContentInstruction, splitOnConjunctions } from "~/domain/refine/grammar";
import { parseInstruction, splitInstructions } from "./grammar";
import { MAX_REFINE_INSTRUCTIONS, refineLocally } from "./local";

const EMAIL =
  '<html><head><title>Hi</title></head><body><h1>Hello</h1><p>Text</p><a class="kx-btn" href="https://x.example">Go</a></body></html>';

function counted<T>(fn: () => T): { value: T; charsRead: number } {
  const work = countRegexWork();
  try {
    return { value: fn(), charsRead: work.chars };
  } finally {
    work.stop();
  }
}

describe("refine grammar on hostile text", () => {
  it("reads a 20,000-blank run outside quotes as one space", () => {
    const text = `Change the headline to "New"${" \t\u00a0".repeat(7000)}and then make the buttons red`;
    const { value, charsRead } = counted(() => splitInstructions(text));
    expect(value).toEqual(['Change the headline to "New"', "make the buttons red"]);
    expect(charsRead).toBeLessThan(50 * text.length);
  });

  it("keeps blanks inside quotes exactly", () => {
    const quoted = `a${" ".repeat(20_000)}b`;
    const [instruction] = splitInstructions(`Replace "${quoted}" with "c"`);
    expect(parseInstruction(instruction)).toEqual({ instruction, edit: { kind: "replaceText", from: quoted, to: "c" } });
  });

  it("reads a long run of closing punctuation once and does not understand it", () => {
    const { value } = counted(() => parseInstruction(`${"!".repeat(20_000)}x`));
    expect(value).toMatchObject({ error: expect.stringMatching(/^Not understood/) });
  });
});

describe("refineLocally", () => {
  it(`applies at most ${MAX_REFINE_INSTRUCTIONS} instructions of one request and says so`, () => {
    const instructions = Array.from({ length: 600 }, (_, i) => `Change the headline to "H${i}"`).join("\n");
    const out = refineLocally(EMAIL, instructions);
    expect(out.applied).toHaveLength(MAX_REFINE_INSTRUCTIONS);
    expect(out.html).toContain(`>H${MAX_REFINE_INSTRUCTIONS - 1}</h1>`);
    expect(out.notApplied).toEqual([
      { instruction: "(580 more instructions)", reason: expect.stringContaining(`At most ${MAX_REFINE_INSTRUCTIONS} instructions`) },
    ]);
  });
});

describe("the local copy on hostile prompts", () => {
  const write = (prompt: string) => writeLocalCopy({ prompt, facts: undefined as never, techniques: ["survey"] });

  it("composes valid copy from 20,000 characters without a question mark, asking nothing it was not asked", () => {
    for (const prompt of [`survey ${"a".repeat(20_000)}`, `survey ${" ".repeat(20_000)}?`]) {
      const copy = write(prompt);
      expect(CopyDocSchema.safeParse(copy).success).toBe(true);
      expect(copy.items).toEqual([]);
    }
  });

  it("still asks the prompt's own question, with blanks collapsed", () => {
    const copy = write("Poll our readers: which topic should we cover next —  Kubernetes,   Rust or WebAssembly? Thanks");
    expect(parseSurveyItem(copy.items[0]!)).toEqual({
      question: "Which topic should we cover next?",
      options: ["Kubernetes", "Rust", "WebAssembly"],
    });
  });
});

describe("content grammar on hostile text", () => {
  it("splits 4,000 characters of “and add” in one pass", () => {
    const text = "add tea and ".repeat(340);
    const { value, charsRead } = counted(() => splitOnConjunctions(text));
    expect(value).toHaveLength(340);
    expect(charsRead).toBeLessThan(50 * text.length);
  });

  it("does not read an instruction longer than any edit, and reads unclosed quotes and digit runs once", () => {
    expect(parseContentInstruction(`add ${"Oolong ".repeat(20_000)}$12`)).toBeNull();
    for (const text of [
      `add “${"x".repeat(390)}`,
      `change the price of ${"9".repeat(380)} to $12`,
      `free gift wrap over ${"$".repeat(370)}60`,
      `the ${"%".repeat(380)} code ends Dec 20`,
    ]) {
      const { charsRead } = counted(() => parseContentInstruction(text));
      expect(charsRead).toBeLessThan(200 * text.length);
    }
  });
});
