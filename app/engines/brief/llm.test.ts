import { describe, expect, it } from "vitest";
import type { LlmJsonRequest } from "~/adapters/llm/port";
import { readBrief } from "~/domain/reader";
import { BRIEF_PROMPT_VERSION, BRIEF_SCHEMA_NAME } from "../prompts/brief";
import { FakeLlmClient } from "../prompts/fake-llm";
import { LlmBriefEngine } from "./llm";
import { LocalBriefEngine } from "./local";
import { toModelBrief } from "./model";
import { NOT_USED_BY_MODEL } from "./tokens";

const PROMPT = "Spring sale for Bloom & Co: Dresses ($49) and Shoes ($79). 20% off with code BLOOM20 until May 3.";

describe("LlmBriefEngine", () => {
  it("asks for the brief with the versioned prompt and its JSON Schema, under the brief role", async () => {
    const client = new FakeLlmClient([{ json: toModelBrief(readBrief(PROMPT), PROMPT) }]);
    const r = await new LlmBriefEngine(client).read({ prompt: PROMPT, emailType: "ecommerce" });
    expect(r).toMatchObject({ ok: true, dropped: [], restored: [], usage: { inputTokens: 120, outputTokens: 80, estimated: false } });
    const req = client.requests[0] as LlmJsonRequest<unknown>;
    expect(req).toMatchObject({ role: "brief", promptVersion: BRIEF_PROMPT_VERSION, schemaName: BRIEF_SCHEMA_NAME, temperature: 0 });
    expect(req.prompt).toContain(PROMPT);
    expect(req.prompt).toContain("ecommerce (given by the caller)");
    expect(req.jsonSchema).toMatchObject({ type: "object", properties: { items: expect.any(Object), offers: expect.any(Object) } });
    expect(req.jsonSchema).not.toHaveProperty("$schema");
    expect(r.ok && r.brief.emailType).toEqual({ value: "ecommerce", source: "hint" });
  });

  it("anchors the model's values in the prompt, drops what it made up and takes back what it lost", async () => {
    const answer = toModelBrief(readBrief(PROMPT), PROMPT);
    answer.brand = "Bloom & Company";
    answer.items = [{ name: "dresses", price: "$49" }, { name: "Shoes" }];
    const r = await new LlmBriefEngine(new FakeLlmClient([{ json: answer }])).read({ prompt: PROMPT });
    if (!r.ok) throw new Error(r.error);
    expect(r.dropped).toEqual(['brand: "Bloom & Company"']);
    expect(r.brief.items.map((i) => [i.name.value, i.price?.display])).toEqual([
      ["Dresses", "$49"],
      ["Shoes", "$79"],
    ]);
    expect(r.restored).toEqual(["$79 (money) → items.1.price", "Bloom & Co: Dresses (name) → brand"]);
    expect(r.brief.brand?.value).toBe("Bloom & Co");
    expect(r.brief.unused.filter((u) => u.reason === NOT_USED_BY_MODEL)).toEqual([]);
  });

  it("returns the model's failure as a value, with what it cost", async () => {
    const r = await new LlmBriefEngine(new FakeLlmClient([{ error: "timeout", message: "no response within 10 ms" }])).read({
      prompt: PROMPT,
    });
    expect(r).toMatchObject({ ok: false, error: "Brief model failed (timeout): no response within 10 ms", usage: { inputTokens: 120 } });
  });

  it("returns an answer that never fits the schema as a failure", async () => {
    const r = await new LlmBriefEngine(new FakeLlmClient([{ json: { items: "Dresses" } }])).read({ prompt: PROMPT });
    expect(!r.ok && r.error).toMatch(/^Brief model failed \(invalid_output\)/);
  });
});

describe("LocalBriefEngine", () => {
  it("is the local reader, at no token cost", async () => {
    const r = await new LocalBriefEngine().read({ prompt: PROMPT, emailType: "ecommerce" });
    expect(r).toEqual({
      ok: true,
      brief: readBrief(PROMPT, { emailType: "ecommerce" }),
      usage: { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, estimated: false },
      dropped: [],
      restored: [],
      reported: [],
    });
  });
});
