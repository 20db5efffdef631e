import type { LlmClient, LlmJsonRequest, LlmRequest, LlmResult, LlmUsage } from "~/adapters/llm/port";

/**
 * An in-memory LlmClient for engine tests: scripted replies, every request recorded, and
 * completeJson checked with the request's zod schema the way the real adapters do (no network).
 */
export type FakeReply = { text: string } | { json: unknown } | { error: "timeout" | "invalid_output" | "server"; message?: string };

export class FakeLlmClient implements LlmClient {
  readonly provider = "anthropic" as const;
  readonly requests: LlmRequest[] = [];
  private readonly replies: FakeReply[];

  constructor(
    replies: FakeReply[],
    private readonly usage: LlmUsage = { inputTokens: 120, outputTokens: 80, cacheReadTokens: 30, cacheWriteTokens: 0 },
  ) {
    this.replies = [...replies];
  }

  private next(): FakeReply {
    const r = this.replies.length > 1 ? this.replies.shift() : this.replies[0];
    if (!r) throw new Error("FakeLlmClient: no scripted reply");
    return r;
  }

  async complete(req: LlmRequest): Promise<LlmResult<string>> {
    this.requests.push(req);
    const r = this.next();
    if ("error" in r)
      return { ok: false, error: { kind: r.error, message: r.message ?? r.error }, usage: this.usage, model: "fake", attempts: 1 };
    return { ok: true, value: "text" in r ? r.text : JSON.stringify(r.json), usage: this.usage, model: "fake", attempts: 1 };
  }

  async completeJson<T>(req: LlmJsonRequest<T>): Promise<LlmResult<T>> {
    this.requests.push(req);
    const r = this.next();
    if ("error" in r)
      return { ok: false, error: { kind: r.error, message: r.message ?? r.error }, usage: this.usage, model: "fake", attempts: 1 };
    let value: unknown;
    try {
      value = "json" in r ? r.json : JSON.parse(r.text);
    } catch {
      return { ok: false, error: { kind: "invalid_output", message: "not JSON" }, usage: this.usage, model: "fake", attempts: 2 };
    }
    const parsed = req.schema.safeParse(value);
    if (!parsed.success)
      return { ok: false, error: { kind: "invalid_output", message: parsed.error.message }, usage: this.usage, model: "fake", attempts: 2 };
    return { ok: true, value: parsed.data, usage: this.usage, model: "fake", attempts: 1 };
  }
}
