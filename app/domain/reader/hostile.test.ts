// The reader on hostile prompts: the bench's prompts that hit a parser's worst paths
// (scripts/bench/lib/hostile-inputs.ts) and a few more. Each is read into a schema-valid brief
// whose lists stay within BRIEF_LIMITS and whose spans lie inside the prompt. How long it takes
// is the bench's business, not this file's.
import { describe, expect, it } from "vitest";
import { hostilePrompts } from "../../../scripts/bench/lib/hostile-inputs";
import { BRIEF_LIMITS, type Brief, BriefSchema, briefSpans } from "~/domain/brief/schema";
import { readBrief } from ".";

const fill = (unit: string, chars: number) => unit.repeat(Math.ceil(chars / unit.length)).slice(0, chars);

/** Left out: a URL longer than the schema's limit for a link (BRIEF_LIMITS.url) is kept whole, so the brief fails the schema. */
const LEFT_OUT = new Set(["long-url"]);

const OWN: Record<string, string> = {
  "bullet lines of a priced item": fill("- a $1\n", 20_000),
  "4,000 nested brackets": `${"(".repeat(4_000)}x${")".repeat(4_000)}`,
  "4,000 unclosed brackets": "(".repeat(4_000),
  "nested brackets of two kinds": `${"(".repeat(2_000)}${"[".repeat(2_000)}x${"]".repeat(2_000)}${")".repeat(2_000)}`,
  "10,000 colons": ":".repeat(10_000),
  "one line of 20,000 characters with no blank": fill("Sale:$5,20%off,codeBLOOM20;Q?(a/b);", 20_000),
  "label lines of offers and codes": fill("Offer: 20% off\nCode: A1B2\n", 20_000),
  "lettered questions": fill("Which one? a) x b) y c) z\n", 20_000),
  "FAQ pairs": fill("Q: why?\nA: because.\n", 20_000),
  "table rows": fill("a\t$1\thttps://x.example/p\n", 20_000),
  "CRLF bullet lines": fill("- a $1\r\n", 20_000),
  "nested markup": `${"<div>".repeat(3_000)}x${"</div>".repeat(3_000)}`,
  "unclosed tags": fill("<p><li><b>", 20_000),
  "edits to a headline": fill('Change the headline to "H". ', 20_000),
  "over the prompt cap": fill("Tabs for A, B and C. ", 20_001),
};

/** Each list of the brief against its limit. */
function expectWithinLimits(brief: Brief) {
  const lists: Array<[string, unknown[], number]> = [
    ["items", brief.items, BRIEF_LIMITS.items],
    ["otherItems", brief.otherItems, BRIEF_LIMITS.items],
    ["offers", brief.offers, BRIEF_LIMITS.offers],
    ["questions", brief.questions, BRIEF_LIMITS.questions],
    ["dates", brief.dates, BRIEF_LIMITS.dates],
    ["links", brief.links, BRIEF_LIMITS.links],
    ["codes", brief.codes, BRIEF_LIMITS.codes],
    ["conditions", brief.conditions, BRIEF_LIMITS.offers],
    ["message", brief.message, BRIEF_LIMITS.message],
    ["quoted", brief.quoted, BRIEF_LIMITS.quoted],
    ["faq", brief.faq, BRIEF_LIMITS.faq],
    ["images", brief.images, BRIEF_LIMITS.images],
    ["ctas", brief.ctas, BRIEF_LIMITS.ctas],
    ["ruledOut", brief.ruledOut, BRIEF_LIMITS.ruledOut],
    ["says", brief.says, BRIEF_LIMITS.says],
    ["instructions", brief.instructions, BRIEF_LIMITS.instructions],
    ["headings", brief.headings, BRIEF_LIMITS.instructions],
    ["unused", brief.unused, BRIEF_LIMITS.unused],
    ["event.who", brief.event?.who ?? [], BRIEF_LIMITS.people],
    ["event.agenda", brief.event?.agenda ?? [], BRIEF_LIMITS.agenda],
    ...brief.questions.map((q, i): [string, unknown[], number] => [`questions.${i}.options`, q.options, BRIEF_LIMITS.options]),
    ...brief.techniques.map((t, i): [string, unknown[], number] => [`techniques.${i}.panes`, t.panes, BRIEF_LIMITS.items]),
  ];
  for (const [name, list, max] of lists) expect(list.length, name).toBeLessThanOrEqual(max);
  expect(brief.techniques.length).toBeLessThanOrEqual(2);
}

function expectSound(prompt: string) {
  const brief = readBrief(prompt);
  const parsed = BriefSchema.safeParse(brief);
  expect(parsed.success, parsed.success ? "" : JSON.stringify(parsed.error.issues.slice(0, 3))).toBe(true);
  expectWithinLimits(brief);
  for (const { path, span } of briefSpans(brief)) {
    expect(span.start, path).toBeGreaterThanOrEqual(0);
    expect(span.end, path).toBeGreaterThanOrEqual(span.start);
    expect(span.end, path).toBeLessThanOrEqual(prompt.length);
  }
}

describe("readBrief on the bench's hostile prompts", () => {
  const prompts = Object.entries(hostilePrompts()).filter(([name]) => !LEFT_OUT.has(name));
  it("has the bench's prompts to read", () => {
    expect(prompts.length).toBeGreaterThan(40);
  });
  it.each(prompts)("%s", (_name, prompt) => expectSound(prompt));
});

describe("readBrief on more hostile prompts", () => {
  it.each(Object.entries(OWN))("%s", (_name, prompt) => expectSound(prompt));

  it("reads a prompt of many priced bullet lines into no more items than the limit", () => {
    const prompt = Array.from({ length: 300 }, (_, i) => `- Item number ${i} $${i + 1}`).join("\n");
    const brief = readBrief(prompt);
    expect(brief.items.length).toBe(BRIEF_LIMITS.items);
    expectSound(prompt);
  });

  it("reads a prompt of many questions into no more questions than the limit", () => {
    const prompt = Array.from({ length: 60 }, (_, i) => `Question ${i}: which colour? (red / blue / green)`).join("\n");
    expect(readBrief(prompt).questions.length).toBeLessThanOrEqual(BRIEF_LIMITS.questions);
    expectSound(prompt);
  });
});
