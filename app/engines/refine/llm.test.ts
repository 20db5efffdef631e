import { FakeLlmClient } from "../prompts/fake-llm";
import { REFINE_PROMPT_VERSION } from "../prompts/refine";
import { LlmRefineEngine } from "./llm";

const HTML = '<!DOCTYPE html><html><head><title>A</title></head><body class="body"><h1>Old</h1></body></html>';

describe("LlmRefineEngine", () => {
  it("returns the model's edit and its report", async () => {
    const client = new FakeLlmClient([
      {
        json: {
          html: HTML.replace("Old", "New"),
          applied: ['change the headline to "New"'],
          notApplied: [{ instruction: "make it pop", reason: "too vague" }],
        },
      },
    ]);
    const r = await new LlmRefineEngine(client).refine(HTML, 'change the headline to "New"\nmake it pop');
    expect(r).toMatchObject({
      ok: true,
      applied: ['change the headline to "New"'],
      notApplied: [{ instruction: "make it pop", reason: "too vague" }],
    });
    expect(r.ok && r.html).toContain("<h1>New</h1>");
    expect(client.requests[0]).toMatchObject({ role: "refine", promptVersion: REFINE_PROMPT_VERSION });
    expect(client.requests[0].prompt).toContain(HTML);
  });

  it("refuses a reply that lost the document", async () => {
    const client = new FakeLlmClient([{ json: { html: "<h1>New</h1>", applied: [], notApplied: [] } }]);
    const r = await new LlmRefineEngine(client).refine(HTML, 'change the headline to "New"');
    expect(r.ok).toBe(false);
  });
});
