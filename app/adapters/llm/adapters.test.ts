import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { createAnthropicClient } from "./anthropic.server";
import type { CoreDeps } from "./core";
import { createOpenAiClient } from "./openai.server";
import type { LlmCallLog, LlmClient, LlmConfig, LlmRole } from "./port";
import { startFakeServer, type FakeServer, type Reply } from "./testing/fake-server";

interface Usage {
  input: number;
  output: number;
  cacheRead?: number;
  cacheWrite?: number;
}

/** What differs between the two vendors: where they live and how their replies look on the wire. */
interface Vendor {
  name: "anthropic" | "openai";
  path: string;
  baseURL(server: FakeServer): string;
  create(cfg: LlmConfig, deps?: CoreDeps): LlmClient;
  ok(text: string, usage?: Usage): Reply;
  error(status: number, message: string, headers?: Record<string, string>): Reply;
  /** Text of every user/assistant turn of a received request, in order. */
  turns(body: unknown): { role: string; text: string }[];
  systemText(body: unknown): string;
}

type Obj = Record<string, unknown>;
const blockText = (content: unknown): string =>
  typeof content === "string" ? content : (content as { text: string }[]).map((b) => b.text).join("\n");

const anthropic: Vendor = {
  name: "anthropic",
  path: "/v1/messages",
  baseURL: (s) => s.url,
  create: createAnthropicClient,
  ok: (text, u = { input: 10, output: 5 }) => ({
    json: {
      id: "msg_test",
      type: "message",
      role: "assistant",
      model: "claude-test-served",
      content: [{ type: "text", text }],
      stop_reason: "end_turn",
      stop_sequence: null,
      usage: {
        input_tokens: u.input,
        output_tokens: u.output,
        cache_read_input_tokens: u.cacheRead ?? 0,
        cache_creation_input_tokens: u.cacheWrite ?? 0,
      },
    },
  }),
  error: (status, message, headers) => ({
    status,
    headers,
    json: { type: "error", error: { type: status === 429 ? "rate_limit_error" : "api_error", message } },
  }),
  turns: (body) =>
    ((body as Obj).messages as { role: string; content: unknown }[]).map((m) => ({ role: m.role, text: blockText(m.content) })),
  systemText: (body) => blockText((body as Obj).system),
};

const openai: Vendor = {
  name: "openai",
  path: "/v1/chat/completions",
  baseURL: (s) => `${s.url}/v1`,
  create: createOpenAiClient,
  ok: (text, u = { input: 10, output: 5 }) => ({
    json: {
      id: "chatcmpl-test",
      object: "chat.completion",
      created: 1_700_000_000,
      model: "gpt-test-served",
      choices: [{ index: 0, message: { role: "assistant", content: text, refusal: null }, finish_reason: "stop", logprobs: null }],
      usage: {
        prompt_tokens: u.input + (u.cacheRead ?? 0),
        completion_tokens: u.output,
        total_tokens: u.input + (u.cacheRead ?? 0) + u.output,
        prompt_tokens_details: { cached_tokens: u.cacheRead ?? 0 },
      },
    },
  }),
  error: (status, message, headers) => ({
    status,
    headers,
    json: { error: { message, type: status === 429 ? "rate_limit_exceeded" : "server_error", code: null } },
  }),
  turns: (body) =>
    ((body as Obj).messages as { role: string; content: string }[])
      .filter((m) => m.role !== "system")
      .map((m) => ({ role: m.role, text: m.content })),
  systemText: (body) =>
    ((body as Obj).messages as { role: string; content: string }[])
      .filter((m) => m.role === "system")
      .map((m) => m.content)
      .join("\n"),
};

const models = (prefix: string): Record<LlmRole, string> => ({
  brief: `${prefix}-brief`,
  copy: `${prefix}-copy`,
  blueprint: `${prefix}-blueprint`,
  code: `${prefix}-code`,
  rewrite: `${prefix}-rewrite`,
  rerank: `${prefix}-rerank`,
  judge: `${prefix}-judge`,
  tag: `${prefix}-tag`,
  refine: `${prefix}-refine`,
});

const Subject = z.object({ subject: z.string(), items: z.array(z.string()).min(1) });

describe.each([anthropic, openai])("$name adapter over its wire format", (vendor) => {
  let server: FakeServer;
  let logs: LlmCallLog[];
  let sleeps: number[];

  beforeEach(async () => {
    server = await startFakeServer();
    logs = [];
    sleeps = [];
  });
  afterEach(async () => {
    await server.close();
  });

  // Backoff waits are recorded instead of slept so the tests can assert on them and stay fast.
  const deps: CoreDeps = {
    sleep: async (ms) => {
      sleeps.push(ms);
    },
  };

  function client(over: Partial<LlmConfig> = {}, d: CoreDeps = deps): LlmClient {
    return vendor.create(
      {
        apiKey: "test-key",
        baseURL: vendor.baseURL(server),
        models: models(vendor.name),
        timeoutMs: 5_000,
        maxRetries: 2,
        retryBaseMs: 10,
        onCall: (log) => logs.push(log),
        ...over,
      },
      d,
    );
  }

  it("completes text with the role's model, the key as bearer token, usage and a call log", async () => {
    server.script(vendor.ok("Spring sale: 20% off everything", { input: 120, output: 8 }));
    const res = await client().complete({
      role: "copy",
      system: "You write email copy.",
      prompt: "Write a subject line",
      promptVersion: "copy@3",
    });
    expect(res).toMatchObject({ ok: true, value: "Spring sale: 20% off everything", attempts: 1 });
    expect(res.usage).toEqual({ inputTokens: 120, outputTokens: 8, cacheReadTokens: 0, cacheWriteTokens: 0 });
    expect(server.received).toHaveLength(1);
    const req = server.received[0];
    expect(req.method).toBe("POST");
    expect(req.url).toBe(vendor.path);
    expect(req.headers.authorization).toBe("Bearer test-key");
    expect((req.body as Obj).model).toBe(`${vendor.name}-copy`);
    expect(vendor.systemText(req.body)).toContain("You write email copy.");
    expect(vendor.turns(req.body)).toEqual([{ role: "user", text: "Write a subject line" }]);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      provider: vendor.name,
      role: "copy",
      promptVersion: "copy@3",
      attempts: 1,
      ok: true,
      usage: { inputTokens: 120, outputTokens: 8 },
    });
    expect(logs[0].model).toBe(res.ok ? res.model : "");
    expect(logs[0].latencyMs).toBeGreaterThanOrEqual(0);
  });

  it("retries a 429 after the server's retry-after and then succeeds", async () => {
    server.script(vendor.error(429, "slow down", { "retry-after": "1" }), vendor.ok("after the wait"));
    const res = await client().complete({ role: "tag", system: "s", prompt: "p" });
    expect(res).toMatchObject({ ok: true, value: "after the wait", attempts: 2 });
    expect(server.received).toHaveLength(2);
    expect(sleeps).toEqual([1_000]);
  });

  it("caps a long retry-after at maxRetryAfterMs", async () => {
    server.script(vendor.error(429, "slow down", { "retry-after": "600" }), vendor.ok("ok"));
    const res = await client({ maxRetryAfterMs: 250 }).complete({ role: "tag", system: "s", prompt: "p" });
    expect(res.ok).toBe(true);
    expect(sleeps).toEqual([250]);
  });

  it("honours retry-after for real when no sleep is injected", async () => {
    server.script(vendor.error(429, "slow down", { "retry-after": "0" }), vendor.ok("done"));
    const res = await client({}, {}).complete({ role: "tag", system: "s", prompt: "p" });
    expect(res).toMatchObject({ ok: true, value: "done", attempts: 2 });
    expect(server.received).toHaveLength(2);
  });

  it("retries a 500 with exponential backoff and then succeeds", async () => {
    server.script(vendor.error(500, "boom"), vendor.error(503, "busy"), vendor.ok("third time"));
    const res = await client({ maxRetries: 3, retryBaseMs: 40 }).complete({ role: "copy", system: "s", prompt: "p" });
    expect(res).toMatchObject({ ok: true, value: "third time", attempts: 3 });
    expect(server.received).toHaveLength(3);
    expect(sleeps).toHaveLength(2);
    expect(sleeps[0]).toBeGreaterThanOrEqual(20);
    expect(sleeps[0]).toBeLessThanOrEqual(40);
    expect(sleeps[1]).toBeGreaterThanOrEqual(40);
    expect(sleeps[1]).toBeLessThanOrEqual(80);
  });

  it("gives up with a server error once retries are exhausted", async () => {
    server.script(vendor.error(502, "bad gateway"));
    const res = await client({ maxRetries: 1 }).complete({ role: "copy", system: "s", prompt: "p" });
    expect(res.ok).toBe(false);
    if (res.ok) return;
    expect(res.error).toMatchObject({ kind: "server", status: 502 });
    expect(res.attempts).toBe(2);
    expect(server.received).toHaveLength(2);
    expect(logs[0]).toMatchObject({ ok: false, errorKind: "server", attempts: 2 });
  });

  it("does not retry a 401 and reports it as auth", async () => {
    server.script(vendor.error(401, "invalid x-api-key"), vendor.ok("never"));
    const res = await client({ maxRetries: 3 }).complete({ role: "copy", system: "s", prompt: "p" });
    expect(res.ok).toBe(false);
    if (res.ok) return;
    expect(res.error).toMatchObject({ kind: "auth", status: 401 });
    expect(server.received).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it("does not retry a 400 and reports it as bad_request", async () => {
    server.script(vendor.error(400, "max_tokens too large"));
    const res = await client().complete({ role: "copy", system: "s", prompt: "p" });
    expect(res).toMatchObject({ ok: false, error: { kind: "bad_request", status: 400 } });
    expect(server.received).toHaveLength(1);
  });

  it("times out a server that never answers, retrying once", async () => {
    server.script("hang");
    // Each attempt's timer runs out once the server holds that attempt's request, however long the
    // request took to get there; the SDK's own timeout (timeoutMs) is far beyond the test.
    const timers: number[] = [];
    const startTimer = (ms: number, expire: () => void) => {
      timers.push(ms);
      void server.receivedCount(timers.length).then(expire);
      return () => undefined;
    };
    const res = await client({ timeoutMs: 600_000, maxRetries: 1 }, { ...deps, startTimer }).complete({
      role: "copy",
      system: "s",
      prompt: "p",
    });
    expect(res.ok).toBe(false);
    if (res.ok) return;
    expect(res.error).toMatchObject({ kind: "timeout", message: "no response within 600000 ms" });
    expect(res.attempts).toBe(2);
    expect(timers).toEqual([600_000, 600_000]);
    expect(server.received).toHaveLength(2);
  });

  it("cuts off a server that never answers with a real timer when none is injected", async () => {
    server.script("hang");
    // The server never answers, so the timer decides however slow the machine is; how many of the
    // two requests arrived before their timer ran out is the machine's speed, so it is not asserted.
    const res = await client({ timeoutMs: 150, maxRetries: 1 }).complete({ role: "copy", system: "s", prompt: "p" });
    expect(res).toMatchObject({ ok: false, error: { kind: "timeout" }, attempts: 2 });
  });

  it("reports a refused connection as a network error", async () => {
    const url = vendor.baseURL(server);
    await server.close();
    const res = await client({ baseURL: url, maxRetries: 1 }).complete({ role: "copy", system: "s", prompt: "p" });
    expect(res).toMatchObject({ ok: false, error: { kind: "network" }, attempts: 2 });
  });

  it("parses JSON wrapped in prose and a code fence without a repair round", async () => {
    server.script(vendor.ok('Here you go:\n```json\n{"subject":"Hi","items":["a"]}\n```\nEnjoy!'));
    const res = await client().completeJson({ role: "blueprint", system: "s", prompt: "p", schema: Subject, schemaName: "Subject" });
    expect(res).toMatchObject({ ok: true, value: { subject: "Hi", items: ["a"] }, attempts: 1 });
    expect(vendor.systemText(server.received[0].body)).toContain("JSON");
  });

  it("repairs output that fails the schema in one round, sending back the zod issues", async () => {
    server.script(
      vendor.ok('{"subject": 42, "items": []}', { input: 100, output: 10, cacheRead: 50, cacheWrite: 0 }),
      vendor.ok('{"subject": "Fixed", "items": ["x"]}', { input: 130, output: 12, cacheRead: 50 }),
    );
    const res = await client().completeJson({
      role: "blueprint",
      system: "s",
      prompt: "Make a subject",
      schema: Subject,
      schemaName: "Subject",
      promptVersion: "bp@1",
    });
    expect(res).toMatchObject({ ok: true, value: { subject: "Fixed", items: ["x"] }, attempts: 2 });
    expect(res.usage).toEqual({ inputTokens: 230, outputTokens: 22, cacheReadTokens: 100, cacheWriteTokens: 0 });
    expect(server.received).toHaveLength(2);
    const turns = vendor.turns(server.received[1].body);
    expect(turns.map((t) => t.role)).toEqual(["user", "assistant", "user"]);
    expect(turns[0].text).toBe("Make a subject");
    expect(turns[1].text).toBe('{"subject": 42, "items": []}');
    expect(turns[2].text).toContain("subject: Expected string, received number");
    expect(turns[2].text).toContain("items:");
    expect(turns[2].text).toContain("Subject");
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ attempts: 2, ok: true, promptVersion: "bp@1", usage: { outputTokens: 22 } });
  });

  it("fails with invalid_output after garbage twice, with usage of both calls", async () => {
    server.script(vendor.ok("I cannot do JSON today", { input: 10, output: 3 }), vendor.ok("{still: not json", { input: 20, output: 4 }));
    const res = await client().completeJson({ role: "judge", system: "s", prompt: "p", schema: Subject, schemaName: "Subject" });
    expect(res.ok).toBe(false);
    if (res.ok) return;
    expect(res.error.kind).toBe("invalid_output");
    expect(res.error.message).toContain("Subject");
    expect(res.attempts).toBe(2);
    expect(res.usage).toMatchObject({ inputTokens: 30, outputTokens: 7 });
    expect(server.received).toHaveLength(2);
    expect(vendor.turns(server.received[1].body)[2].text).toContain("no JSON value found");
  });

  it("retries a 5xx inside the repair round too", async () => {
    server.script(vendor.ok("nope"), vendor.error(500, "boom"), vendor.ok('{"subject":"s","items":["i"]}'));
    const res = await client().completeJson({ role: "judge", system: "s", prompt: "p", schema: Subject, schemaName: "Subject" });
    expect(res).toMatchObject({ ok: true, attempts: 3 });
    expect(vendor.turns(server.received[2].body)).toHaveLength(3);
  });

  it("treats an empty text reply as invalid output", async () => {
    server.script(vendor.ok(""));
    const res = await client().complete({ role: "copy", system: "s", prompt: "p" });
    expect(res).toMatchObject({ ok: false, error: { kind: "invalid_output" } });
  });

  it("survives an onCall hook that throws", async () => {
    server.script(vendor.ok("fine"));
    const res = await client({
      onCall: () => {
        throw new Error("logger down");
      },
    }).complete({ role: "copy", system: "s", prompt: "p" });
    expect(res).toMatchObject({ ok: true, value: "fine" });
  });

  it("places cacheable blocks before the prompt", async () => {
    server.script(vendor.ok("ok"));
    await client().complete({ role: "copy", system: "SYS", cacheable: ["EXAMPLE ONE", "EXAMPLE TWO"], prompt: "PROMPT" });
    const body = server.received[0].body;
    const all = `${vendor.systemText(body)}\n${vendor
      .turns(body)
      .map((t) => t.text)
      .join("\n")}`;
    expect(all.indexOf("SYS")).toBeLessThan(all.indexOf("EXAMPLE ONE"));
    expect(all.indexOf("EXAMPLE ONE")).toBeLessThan(all.indexOf("EXAMPLE TWO"));
    expect(all.indexOf("EXAMPLE TWO")).toBeLessThan(all.indexOf("PROMPT"));
  });
});

describe("anthropic specifics", () => {
  let server: FakeServer;
  beforeEach(async () => {
    server = await startFakeServer();
  });
  afterEach(async () => {
    await server.close();
  });

  const cfg = (s: FakeServer, over: Partial<LlmConfig> = {}): LlmConfig => ({
    apiKey: "k",
    baseURL: s.url,
    models: models("claude"),
    timeoutMs: 5_000,
    maxRetries: 0,
    ...over,
  });

  it("marks the system prompt and each cacheable block with cache_control, not the prompt", async () => {
    server.script(anthropic.ok("ok", { input: 5, output: 1, cacheRead: 900, cacheWrite: 300 }));
    const res = await createAnthropicClient(cfg(server)).complete({
      role: "copy",
      system: "SYSTEM",
      cacheable: ["EXAMPLES A", "EXAMPLES B"],
      prompt: "PROMPT",
      maxTokens: 777,
    });
    expect(res.usage).toEqual({ inputTokens: 5, outputTokens: 1, cacheReadTokens: 900, cacheWriteTokens: 300 });
    const body = server.received[0].body as {
      max_tokens: number;
      system: { type: string; text: string; cache_control?: unknown }[];
      messages: { role: string; content: { type: string; text: string; cache_control?: unknown }[] }[];
    };
    expect(body.max_tokens).toBe(777);
    expect(body.system).toEqual([{ type: "text", text: "SYSTEM", cache_control: { type: "ephemeral" } }]);
    expect(body.messages).toHaveLength(1);
    expect(body.messages[0].content).toEqual([
      { type: "text", text: "EXAMPLES A", cache_control: { type: "ephemeral" } },
      { type: "text", text: "EXAMPLES B", cache_control: { type: "ephemeral" } },
      { type: "text", text: "PROMPT" },
    ]);
  });

  it("keeps within four cache breakpoints when given many cacheable blocks", async () => {
    server.script(anthropic.ok("ok"));
    await createAnthropicClient(cfg(server)).complete({
      role: "copy",
      system: "SYSTEM",
      cacheable: ["b1", "b2", "b3", "b4", "b5"],
      prompt: "PROMPT",
    });
    const body = server.received[0].body as {
      system: { cache_control?: unknown }[];
      messages: { content: { text: string; cache_control?: unknown }[] }[];
    };
    const marked = [...body.system, ...body.messages[0].content].filter((b) => b.cache_control);
    expect(marked).toHaveLength(4);
    // The last block before the prompt must carry one: caching is by prefix up to a breakpoint.
    expect(body.messages[0].content.filter((b) => b.cache_control).map((b) => b.text)).toEqual(["b3", "b4", "b5"]);
  });

  it("keeps cache breakpoints in the repair round", async () => {
    server.script(anthropic.ok("not json"), anthropic.ok('{"subject":"s","items":["i"]}'));
    const res = await createAnthropicClient(cfg(server)).completeJson({
      role: "blueprint",
      system: "SYSTEM",
      cacheable: ["EX"],
      prompt: "P",
      schema: Subject,
      schemaName: "Subject",
    });
    expect(res.ok).toBe(true);
    const body = server.received[1].body as { messages: { role: string; content: unknown }[] };
    expect(body.messages[0].content).toEqual([
      { type: "text", text: "EX", cache_control: { type: "ephemeral" } },
      { type: "text", text: "P" },
    ]);
  });

  it("fails as auth without a request when no key is configured", async () => {
    const res = await createAnthropicClient(cfg(server, { apiKey: undefined })).complete({ role: "copy", system: "s", prompt: "p" });
    expect(res).toMatchObject({ ok: false, error: { kind: "auth" }, attempts: 1 });
    expect(server.received).toHaveLength(0);
  });

  it("ignores ANTHROPIC_* environment variables", async () => {
    const saved = { key: process.env.ANTHROPIC_API_KEY, url: process.env.ANTHROPIC_BASE_URL };
    process.env.ANTHROPIC_API_KEY = "env-key";
    process.env.ANTHROPIC_BASE_URL = "http://127.0.0.1:1";
    try {
      server.script(anthropic.ok("ok"));
      const res = await createAnthropicClient(cfg(server, { apiKey: "cfg-key" })).complete({ role: "copy", system: "s", prompt: "p" });
      expect(res.ok).toBe(true);
      expect(server.received[0].headers.authorization).toBe("Bearer cfg-key");
    } finally {
      if (saved.key === undefined) delete process.env.ANTHROPIC_API_KEY;
      else process.env.ANTHROPIC_API_KEY = saved.key;
      if (saved.url === undefined) delete process.env.ANTHROPIC_BASE_URL;
      else process.env.ANTHROPIC_BASE_URL = saved.url;
    }
  });
});

describe("openai specifics", () => {
  let server: FakeServer;
  beforeEach(async () => {
    server = await startFakeServer();
  });
  afterEach(async () => {
    await server.close();
  });

  const cfg = (s: FakeServer, over: Partial<LlmConfig> = {}): LlmConfig => ({
    apiKey: "k",
    baseURL: `${s.url}/v1`,
    models: models("gpt"),
    timeoutMs: 5_000,
    maxRetries: 0,
    ...over,
  });

  it("asks for json_object only for structured output and passes sampling options", async () => {
    server.script(openai.ok("plain"), openai.ok('{"subject":"s","items":["i"]}'));
    const c = createOpenAiClient(cfg(server));
    await c.complete({ role: "copy", system: "s", prompt: "p", temperature: 0.3, maxTokens: 55 });
    await c.completeJson({ role: "tag", system: "s", prompt: "p", schema: Subject, schemaName: "Subject" });
    const [text, json] = server.received.map((r) => r.body as Obj);
    expect(text.response_format).toBeUndefined();
    expect(text.temperature).toBe(0.3);
    expect(text.max_tokens).toBe(55);
    expect(json.response_format).toEqual({ type: "json_object" });
    expect(json.model).toBe("gpt-tag");
  });

  it("sends one system message holding the system prompt and cacheable blocks", async () => {
    server.script(openai.ok("ok"));
    await createOpenAiClient(cfg(server)).complete({ role: "copy", system: "SYS", cacheable: ["EX1", "EX2"], prompt: "P" });
    const messages = (server.received[0].body as { messages: { role: string; content: string }[] }).messages;
    expect(messages).toEqual([
      { role: "system", content: "SYS\n\nEX1\n\nEX2" },
      { role: "user", content: "P" },
    ]);
  });

  it("uses a dummy key for a local server even when OPENAI_API_KEY is in the environment", async () => {
    const saved = process.env.OPENAI_API_KEY;
    process.env.OPENAI_API_KEY = "env-key-must-not-leak";
    try {
      server.script(openai.ok("from ollama"));
      const res = await createOpenAiClient(cfg(server, { apiKey: undefined })).complete({ role: "copy", system: "s", prompt: "p" });
      expect(res).toMatchObject({ ok: true, value: "from ollama" });
      expect(server.received[0].headers.authorization).toBe("Bearer local");
    } finally {
      if (saved === undefined) delete process.env.OPENAI_API_KEY;
      else process.env.OPENAI_API_KEY = saved;
    }
  });

  it("splits cached prompt tokens out of the input count", async () => {
    server.script(openai.ok("ok", { input: 40, output: 2, cacheRead: 1024 }));
    const res = await createOpenAiClient(cfg(server)).complete({ role: "copy", system: "s", prompt: "p" });
    expect(res.usage).toEqual({ inputTokens: 40, outputTokens: 2, cacheReadTokens: 1024, cacheWriteTokens: 0 });
  });

  it("reports a refusal as invalid output", async () => {
    server.script({
      json: {
        id: "x",
        object: "chat.completion",
        created: 1,
        model: "gpt",
        choices: [{ index: 0, message: { role: "assistant", content: null, refusal: "I can't help with that" }, finish_reason: "stop" }],
        usage: { prompt_tokens: 3, completion_tokens: 1, total_tokens: 4 },
      },
    });
    const res = await createOpenAiClient(cfg(server)).complete({ role: "copy", system: "s", prompt: "p" });
    expect(res).toMatchObject({ ok: false, error: { kind: "invalid_output" } });
  });

  it("honours retry-after-ms", async () => {
    const sleeps: number[] = [];
    server.script(openai.error(429, "slow", { "retry-after-ms": "120" }), openai.ok("ok"));
    const res = await createOpenAiClient(cfg(server, { maxRetries: 1 }), { sleep: async (ms) => void sleeps.push(ms) }).complete({
      role: "copy",
      system: "s",
      prompt: "p",
    });
    expect(res.ok).toBe(true);
    expect(sleeps).toEqual([120]);
  });
});

describe("structured output with a JSON Schema", () => {
  let server: FakeServer;
  beforeEach(async () => {
    server = await startFakeServer();
  });
  afterEach(async () => {
    await server.close();
  });

  const SCHEMA = {
    type: "object",
    properties: { subject: { type: "string" }, items: { type: "array", items: { type: "string" }, minItems: 1 } },
    required: ["subject", "items"],
  };
  const request = { role: "brief" as const, system: "s", prompt: "Read it", schema: Subject, schemaName: "Subject", jsonSchema: SCHEMA };
  const cfg = (baseURL: string): LlmConfig => ({ apiKey: "k", baseURL, models: models("m"), timeoutMs: 5_000, maxRetries: 0 });

  /** A Messages reply whose content is one call of the named tool. */
  const toolUse = (name: string, input: unknown): Reply => {
    const reply = anthropic.ok("");
    const json = (reply as { json: Obj }).json;
    return { json: { ...json, content: [{ type: "tool_use", id: "toolu_1", name, input }], stop_reason: "tool_use" } };
  };

  describe("OpenAI-compatible: response_format json_schema", () => {
    it("sends the schema under the schema name and parses the answer", async () => {
      server.script(openai.ok('{"subject":"Hi","items":["a"]}'));
      const res = await createOpenAiClient(cfg(`${server.url}/v1`)).completeJson(request);
      expect(res).toMatchObject({ ok: true, value: { subject: "Hi", items: ["a"] }, attempts: 1 });
      const body = server.received[0].body as Obj;
      expect(body.response_format).toEqual({ type: "json_schema", json_schema: { name: "Subject", schema: SCHEMA } });
      expect(body.model).toBe("m-brief");
    });

    it("gives an answer that fails the zod check its one repair round, the schema sent again", async () => {
      server.script(openai.ok('{"subject":"Hi","items":[]}'), openai.ok('{"subject":"Hi","items":["a"]}'));
      const res = await createOpenAiClient(cfg(`${server.url}/v1`)).completeJson(request);
      expect(res).toMatchObject({ ok: true, value: { items: ["a"] }, attempts: 2 });
      const repair = server.received[1].body as Obj;
      expect(repair.response_format).toMatchObject({ type: "json_schema" });
      expect(openai.turns(repair).map((t) => t.role)).toEqual(["user", "assistant", "user"]);
      expect(openai.turns(repair)[2].text).toContain("items:");
    });

    it("falls back to json_object when the server refuses the schema with a 400, and keeps to it for later calls", async () => {
      server.script(
        openai.error(400, "response_format type json_schema is not supported"),
        openai.ok('{"subject":"Hi","items":["a"]}'),
        openai.ok('{"subject":"Again","items":["b"]}'),
      );
      const client = createOpenAiClient(cfg(`${server.url}/v1`));
      const first = await client.completeJson(request);
      expect(first).toMatchObject({ ok: true, value: { subject: "Hi" }, attempts: 2 });
      const second = await client.completeJson(request);
      expect(second).toMatchObject({ ok: true, value: { subject: "Again" }, attempts: 1 });
      expect(server.received.map((r) => ((r.body as Obj).response_format as Obj).type)).toEqual([
        "json_schema",
        "json_object",
        "json_object",
      ]);
    });

    it("reports a 400 that stays without the schema as bad_request, and keeps sending the schema", async () => {
      server.script(openai.error(400, "max_tokens too large"));
      const client = createOpenAiClient(cfg(`${server.url}/v1`));
      const res = await client.completeJson(request);
      expect(res).toMatchObject({ ok: false, error: { kind: "bad_request", status: 400 }, attempts: 2 });
      await client.completeJson(request);
      expect(server.received.map((r) => ((r.body as Obj).response_format as Obj).type)).toEqual([
        "json_schema",
        "json_object",
        "json_schema",
        "json_object",
      ]);
    });

    it("still asks for json_object when the request has no schema", async () => {
      server.script(openai.ok('{"subject":"Hi","items":["a"]}'));
      const { jsonSchema: _none, ...plain } = request;
      await createOpenAiClient(cfg(`${server.url}/v1`)).completeJson(plain);
      expect((server.received[0].body as Obj).response_format).toEqual({ type: "json_object" });
    });
  });

  describe("Anthropic: a forced tool", () => {
    it("sends the schema as the input schema of a tool it must call, and reads the tool_use input", async () => {
      server.script(toolUse("Subject", { subject: "Hi", items: ["a"] }));
      const res = await createAnthropicClient(cfg(server.url)).completeJson(request);
      expect(res).toMatchObject({ ok: true, value: { subject: "Hi", items: ["a"] }, attempts: 1 });
      const body = server.received[0].body as Obj;
      expect(body.tools).toEqual([{ name: "Subject", description: expect.any(String), input_schema: SCHEMA }]);
      expect(body.tool_choice).toEqual({ type: "tool", name: "Subject" });
      expect(body.model).toBe("m-brief");
    });

    it("gives a tool input that fails the zod check its one repair round, the input shown back as the assistant's turn", async () => {
      server.script(toolUse("Subject", { subject: 7, items: ["a"] }), toolUse("Subject", { subject: "Fixed", items: ["a"] }));
      const res = await createAnthropicClient(cfg(server.url)).completeJson(request);
      expect(res).toMatchObject({ ok: true, value: { subject: "Fixed" }, attempts: 2 });
      const repair = server.received[1].body as Obj;
      expect(repair.tool_choice).toEqual({ type: "tool", name: "Subject" });
      const turns = anthropic.turns(repair);
      expect(turns.map((t) => t.role)).toEqual(["user", "assistant", "user"]);
      expect(JSON.parse(turns[1].text)).toEqual({ subject: 7, items: ["a"] });
      expect(turns[2].text).toContain("subject: Expected string, received number");
    });

    it("reads a text answer when the model did not call the tool", async () => {
      server.script(anthropic.ok('{"subject":"Plain","items":["a"]}'));
      const res = await createAnthropicClient(cfg(server.url)).completeJson(request);
      expect(res).toMatchObject({ ok: true, value: { subject: "Plain" } });
    });

    it("sends no tool when the request has no schema", async () => {
      server.script(anthropic.ok('{"subject":"Hi","items":["a"]}'));
      const { jsonSchema: _none, ...plain } = request;
      await createAnthropicClient(cfg(server.url)).completeJson(plain);
      expect(server.received[0].body).not.toHaveProperty("tools");
      expect(server.received[0].body).not.toHaveProperty("tool_choice");
    });
  });
});
