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
