import http from "node:http";
import type { AddressInfo } from "node:net";
import { createOpenAiEmbedder } from "./openai.server";
import { selectEmbeddingsProvider } from "./select.server";

interface Seen {
  auth?: string;
  body: { model: string; input: string[]; dimensions: number; encoding_format: string };
}

function vectorFor(text: string): Float32Array {
  const v = new Float32Array(3072);
  v[text.length % 3072] = 3;
  v[(text.length * 7 + 1) % 3072] = 4;
  return v;
}

/** Speaks POST /v1/embeddings like OpenAI: base64 little-endian float32 per input. */
async function fakeOpenAi(script: (n: number) => { status: number; headers?: Record<string, string>; body?: unknown } | null) {
  const seen: Seen[] = [];
  let n = 0;
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      const body = JSON.parse(raw) as Seen["body"];
      seen.push({ auth: req.headers.authorization, body });
      const override = script(n++);
      if (override) {
        res.writeHead(override.status, { "content-type": "application/json", ...override.headers });
        res.end(JSON.stringify(override.body ?? { error: { message: "scripted failure", type: "server_error" } }));
        return;
      }
      const data = body.input.map((text, index) => ({
        object: "embedding",
        index,
        embedding: body.encoding_format === "base64" ? Buffer.from(vectorFor(text).buffer).toString("base64") : Array.from(vectorFor(text)),
      }));
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ object: "list", data: data.reverse(), model: body.model, usage: { prompt_tokens: 1, total_tokens: 1 } }));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return { url, seen, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe("OpenAI embedder against a wire-format server", () => {
  it("batches, requests base64 3072-d text-embedding-3-large and decodes in input order", async () => {
    const srv = await fakeOpenAi(() => null);
    try {
      const e = createOpenAiEmbedder({ apiKey: "sk-test", baseURL: srv.url, batchSize: 2 });
      const texts = ["a", "bb", "ccc", ""];
      const r = await e.embed(texts);
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      expect(srv.seen).toHaveLength(2);
      expect(srv.seen[0].auth).toBe("Bearer sk-test");
      expect(srv.seen[0].body).toMatchObject({
        model: "text-embedding-3-large",
        dimensions: 3072,
        encoding_format: "base64",
        input: ["a", "bb"],
      });
      expect(srv.seen[1].body.input).toEqual(["ccc", " "]);
      expect(r.vectors).toHaveLength(4);
      const v = r.vectors[2];
      expect(v).toHaveLength(3072);
      // 3-4-5 triangle, normalised.
      expect(v[3]).toBeCloseTo(0.6, 6);
      expect(v[22]).toBeCloseTo(0.8, 6);
      expect(e.name).toBe("openai:text-embedding-3-large");
    } finally {
      await srv.close();
    }
  });

  it("retries 429 and 5xx (the SDK's retries, honouring retry-after), then succeeds", async () => {
    const srv = await fakeOpenAi((n) =>
      n === 0 ? { status: 429, headers: { "retry-after": "0" } } : n === 1 ? { status: 503, headers: { "retry-after": "0" } } : null,
    );
    try {
      const e = createOpenAiEmbedder({ apiKey: "k", baseURL: srv.url });
      const r = await e.embed(["x"]);
      expect(r.ok).toBe(true);
      expect(srv.seen).toHaveLength(3);
    } finally {
      await srv.close();
    }
  });

  it("does not retry a 401 and reports it as a value", async () => {
    const srv = await fakeOpenAi(() => ({
      status: 401,
      body: { error: { message: "Incorrect API key provided", type: "invalid_request_error" } },
    }));
    try {
      const r = await createOpenAiEmbedder({ apiKey: "bad", baseURL: srv.url }).embed(["x"]);
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.error).toContain("401");
      expect(srv.seen).toHaveLength(1);
    } finally {
      await srv.close();
    }
  });

  it("gives up after the retry budget and on wrong dimensions", async () => {
    const srv = await fakeOpenAi(() => ({ status: 500, headers: { "retry-after": "0" } }));
    try {
      const r = await createOpenAiEmbedder({ apiKey: "k", baseURL: srv.url, maxRetries: 2 }).embed(["x"]);
      expect(r).toMatchObject({ ok: false });
      expect(srv.seen).toHaveLength(3);
    } finally {
      await srv.close();
    }
    const short = await fakeOpenAi(() => ({
      status: 200,
      body: {
        object: "list",
        data: [{ object: "embedding", index: 0, embedding: Buffer.from(new Float32Array(8).buffer).toString("base64") }],
      },
    }));
    try {
      const r = await createOpenAiEmbedder({ apiKey: "k", baseURL: short.url }).embed(["x"]);
      expect(r.ok ? "" : r.error).toContain("got 8 dimensions");
    } finally {
      await short.close();
    }
  });

  it("is unreachable → a clear error value, not a throw", async () => {
    const srv = await fakeOpenAi(() => null);
    await srv.close();
    const r = await createOpenAiEmbedder({ apiKey: "k", baseURL: srv.url, maxRetries: 1 }).embed(["x"]);
    expect(r.ok).toBe(false);
  });
});

describe("selectEmbeddingsProvider", () => {
  it("auto picks openai with a key and local without", () => {
    expect(selectEmbeddingsProvider({ OPENAI_API_KEY: "sk" })).toMatchObject({ ok: true, provider: "openai" });
    expect(selectEmbeddingsProvider({ EMBEDDINGS_PROVIDER: "auto", OPENAI_API_KEY: " " })).toMatchObject({ ok: true, provider: "local" });
    expect(selectEmbeddingsProvider({ EMBEDDINGS_PROVIDER: "local", OPENAI_API_KEY: "sk" })).toMatchObject({ ok: true, provider: "local" });
  });
  it("refuses openai without a key and unknown providers", () => {
    expect(selectEmbeddingsProvider({ EMBEDDINGS_PROVIDER: "openai" })).toMatchObject({ ok: false });
    expect(selectEmbeddingsProvider({ EMBEDDINGS_PROVIDER: "cohere" })).toMatchObject({ ok: false });
  });
});
