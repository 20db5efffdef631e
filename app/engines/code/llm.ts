import type { LlmClient } from "~/adapters/llm/port";
import { BlueprintSchema } from "~/domain/blueprint/schema";
import { CODE_PROMPT_VERSION, CODE_SYSTEM, codePrompt, exampleBlocks } from "../prompts/code";
import { estimateUsage, fromLlmUsage } from "../prompts/usage";
import type { CodeEngine, CodeInput, CodeResult } from "./port";

/**
 * Pulls the HTML document out of a model reply: fences and chatter around it are dropped. Works on
 * the reply's outer text only (where the document starts and ends), not on its structure.
 */
export function extractHtml(reply: string): string | undefined {
  let text = reply.trim();
  const fenced = /```(?:html)?\s*\n([\s\S]*?)```/i.exec(text);
  if (fenced && /<html[\s>]/i.test(fenced[1])) text = fenced[1].trim();
  const lower = text.toLowerCase();
  const start = lower.indexOf("<!doctype html") >= 0 ? lower.indexOf("<!doctype html") : lower.indexOf("<html");
  const end = lower.lastIndexOf("</html>");
  if (start < 0 || end < start) return undefined;
  const html = text.slice(start, end + "</html>".length);
  return /<body[\s>]/i.test(html) ? `${html}\n` : undefined;
}

export class LlmCodeEngine implements CodeEngine {
  readonly kind = "llm" as const;
  constructor(
    private readonly client: LlmClient,
    private readonly options: { maxTokens?: number } = {},
  ) {}

  async generate(input: CodeInput): Promise<CodeResult> {
    const parsed = BlueprintSchema.safeParse(input.blueprint);
    if (!parsed.success) return { ok: false, error: "Invalid blueprint", issues: parsed.error.issues, usage: estimateUsage("", "") };
    const r = await this.client.complete({
      role: "code",
      system: CODE_SYSTEM,
      cacheable: input.examples && input.examples.length > 0 ? exampleBlocks(input.examples) : undefined,
      prompt: codePrompt({ blueprint: parsed.data, assembledPrompt: input.assembledPrompt }),
      maxTokens: this.options.maxTokens ?? 16_000,
      promptVersion: CODE_PROMPT_VERSION,
    });
    const usage = fromLlmUsage(r.usage);
    if (!r.ok) return { ok: false, error: `Code model failed (${r.error.kind}): ${r.error.message}`, usage };
    const html = extractHtml(r.value);
    if (!html) return { ok: false, error: "Code model reply held no complete HTML document (<html> … <body> … </html>)", usage };
    return { ok: true, html, usage };
  }
}
