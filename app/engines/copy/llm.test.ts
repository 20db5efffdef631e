import { readBrief } from "~/domain/brief/read";
import { parsePromptFacts } from "~/domain/prompt/facts";
import { FakeLlmClient } from "../prompts/fake-llm";
import { COPY_PROMPT_VERSION } from "../prompts/copy";
import { LlmCopyEngine } from "./llm";

const prompt = "Spring sale for Bloom Florist: 15% off bouquets with code SPRING15";
const facts = parsePromptFacts(prompt);
const copyDoc = {
  subject: "15% off bouquets at Bloom Florist",
  preheader: "Fresh stems, delivered tomorrow.",
  sections: [{ role: "hero", headline: "Spring is here", body: "Use code SPRING15.", cta: "Shop bouquets" }],
  items: [
    { label: "Tulips", headline: "Tulips", body: "Bright and cheerful." },
    { label: "Roses", headline: "Roses", body: "Classic and romantic." },
  ],
};

describe("LlmCopyEngine", () => {
  it("asks for a CopyDoc with the versioned prompt and returns it with the model's usage", async () => {
    const client = new FakeLlmClient([{ json: copyDoc }]);
    const r = await new LlmCopyEngine(client).write({ prompt, facts, techniques: ["tabs"] });
    expect(r).toMatchObject({ ok: true, copyDoc, usage: { inputTokens: 120, outputTokens: 80, cacheReadTokens: 30, estimated: false } });
    const req = client.requests[0];
    expect(req).toMatchObject({ role: "copy", promptVersion: COPY_PROMPT_VERSION });
    expect(req.prompt).toContain("## Interactive feature selection");
    expect(req.prompt).toContain("Bloom Florist");
    expect(req.prompt).toContain("Interactive modules, in order: tabs");
  });

  it("returns a failure value when the model output never fits the schema", async () => {
    const client = new FakeLlmClient([{ json: { subject: "" } }]);
    const r = await new LlmCopyEngine(client).write({ prompt, facts, techniques: ["tabs"] });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatch(/invalid_output/);
    expect(r.usage.estimated).toBe(false);
  });

  it("reports a timeout as a failure value", async () => {
    const r = await new LlmCopyEngine(new FakeLlmClient([{ error: "timeout" }])).write({ prompt, facts, techniques: ["tabs"] });
    expect(!r.ok && r.error).toMatch(/timeout/);
  });
});

describe("LlmCopyEngine with a brief", () => {
  const briefPrompt =
    "Holiday gift guide for Pine & Thread: Spruce candle $30. Free gift wrap over $50 until Dec 20, and 15% off with code JOY15.";
  const brief = readBrief(briefPrompt);
  const briefFacts = parsePromptFacts(briefPrompt);
  const clean = {
    subject: "Pine & Thread gift guide",
    preheader: "The Spruce candle is $30. Use code JOY15 for 15% off.",
    sections: [{ role: "hero", headline: "The gift guide", body: "Free gift wrap over $50 until Dec 20.", cta: "See the guide" }],
    items: [{ label: "Spruce candle", headline: "Spruce candle — $30", body: "" }],
  };
  const inventive = {
    ...clean,
    sections: [
      { ...clean.sections[0], body: "Free gift wrap over $50 until Dec 20. Free returns and friendly support come with every order." },
    ],
  };

  it("gives the model the brief as JSON with the instruction to use only its facts", async () => {
    const client = new FakeLlmClient([{ json: clean }]);
    const r = await new LlmCopyEngine(client).write({ prompt: briefPrompt, facts: briefFacts, brief, techniques: ["tabs"] });
    expect(r).toMatchObject({ ok: true, copyDoc: clean });
    expect(r.ok && r.untraced).toBeUndefined();
    expect(client.requests).toHaveLength(1);
    expect(client.requests[0].prompt).toContain("## Brief");
    expect(client.requests[0].prompt).toContain("Use only the facts of this brief");
    expect(client.requests[0].prompt).toContain('"JOY15"');
    expect(client.requests[0].prompt).not.toContain('"span"');
  });

  it("asks once more, naming the claims, when the copy makes claims the brief does not, and keeps the repaired copy", async () => {
    const client = new FakeLlmClient([{ json: inventive }, { json: clean }]);
    const r = await new LlmCopyEngine(client).write({ prompt: briefPrompt, facts: briefFacts, brief, techniques: ["tabs"] });
    expect(client.requests).toHaveLength(2);
    expect(client.requests[1].prompt).toContain("## Repair");
    expect(client.requests[1].prompt).toContain("“Free returns” is not in the brief");
    expect(r).toMatchObject({ ok: true, copyDoc: clean });
    expect(r.ok && r.untraced).toBeUndefined();
    expect(r.usage.inputTokens).toBe(240);
  });

  it("reports what is still untraced after the one repair, and asks no more", async () => {
    const client = new FakeLlmClient([{ json: inventive }, { json: inventive }, { json: clean }]);
    const r = await new LlmCopyEngine(client).write({ prompt: briefPrompt, facts: briefFacts, brief, techniques: ["tabs"] });
    expect(client.requests).toHaveLength(2);
    expect(r.ok && r.untraced).toEqual(
      expect.arrayContaining([
        expect.stringContaining("“Free returns” is not in the brief"),
        expect.stringContaining("“Friendly support” is not in the brief"),
      ]),
    );
  });
});
