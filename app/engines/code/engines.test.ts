import { sampleBlueprint } from "../../../test/fixtures/blueprints";
import { FakeLlmClient } from "../prompts/fake-llm";
import { CODE_PROMPT_VERSION } from "../prompts/code";
import { extractHtml, LlmCodeEngine } from "./llm";
import { LocalCodeEngine } from "./local";

const DOC = '<!DOCTYPE html>\n<html lang="en"><head><title>x</title></head><body class="body"><p>Hi</p></body></html>';

describe("code engines", () => {
  const blueprint = sampleBlueprint("tabs", "quiz");

  it("local: renders the blueprint and estimates usage", async () => {
    const r = await new LocalCodeEngine().generate({ blueprint });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.html.startsWith("<!DOCTYPE html>")).toBe(true);
    expect(r.usage).toEqual({
      inputTokens: Math.ceil(JSON.stringify(blueprint).length / 4),
      outputTokens: Math.ceil(r.html.length / 4),
      cacheReadTokens: 0,
      cacheWriteTokens: 0,
      estimated: true,
    });
  });

  it("local: refuses an invalid blueprint as a value", async () => {
    const r = await new LocalCodeEngine().generate({ blueprint: { ...blueprint, sections: [] } });
    expect(r.ok).toBe(false);
  });

  it("llm: sends examples as cacheable blocks and extracts the document from a fenced reply", async () => {
    const client = new FakeLlmClient([{ text: `Here you go:\n\`\`\`html\n${DOC}\n\`\`\`\nEnjoy!` }]);
    const r = await new LlmCodeEngine(client).generate({
      blueprint,
      examples: [{ id: "html-1-a", description: "tabs example", html: "<html><body>ex</body></html>" }],
    });
    expect(r).toMatchObject({ ok: true, html: `${DOC}\n` });
    const req = client.requests[0];
    expect(req.role).toBe("code");
    expect(req.promptVersion).toBe(CODE_PROMPT_VERSION);
    expect(req.cacheable).toHaveLength(1);
    expect(req.cacheable![0]).toContain("html-1-a");
    expect(req.prompt).toContain(JSON.stringify(blueprint.subject));
  });

  it("llm: a reply without a document is a failure value", async () => {
    const r = await new LlmCodeEngine(new FakeLlmClient([{ text: "Sorry, I cannot help with that." }])).generate({ blueprint });
    expect(!r.ok && r.error).toMatch(/no complete HTML document/);
  });

  it("extractHtml needs a body and trims chatter", () => {
    expect(extractHtml(`blah ${DOC} blah`)).toBe(`${DOC}\n`);
    expect(extractHtml("<html><head></head></html>")).toBeUndefined();
  });
});
