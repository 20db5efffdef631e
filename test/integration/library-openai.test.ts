// The library with EMBEDDINGS_PROVIDER=openai: the real OpenAI embedder (SDK included) against a
// local server speaking /v1/embeddings with base64 float32 vectors; the index stays libSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadStarterLibrary } from "../../db/seed";
import { startTestServer, type TestServer } from "../helpers/server";
import { createUserWithToken } from "../helpers/users";
import { fakeOpenAiEmbeddings } from "../fixtures/library/fakes";
import { TABS_EMAIL } from "../fixtures/library/documents";

let openai: Awaited<ReturnType<typeof fakeOpenAiEmbeddings>>;
let server: TestServer;
let admin: string;
const starter = loadStarterLibrary();

beforeAll(async () => {
  openai = await fakeOpenAiEmbeddings();
  // LLM_PROVIDER=local: a key alone would otherwise route the stage engines to OpenAI too.
  server = await startTestServer({
    EMBEDDINGS_PROVIDER: "openai",
    OPENAI_API_KEY: "sk-test",
    OPENAI_BASE_URL: openai.url,
    LLM_PROVIDER: "local",
    SEED_LIBRARY: "true",
  });
  admin = (await createUserWithToken(server, { admin: true, credits: 50 })).token;
});
afterAll(async () => {
  await server?.close();
  await openai?.close();
});

const post = (path: string, json: unknown) => server.fetch(path, { method: "POST", token: admin, json });
const get = (path: string) => server.fetch(path, { token: admin });
const count = async (table: string) => Number((await server.app.database.client.execute(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);

describe("library with OpenAI embeddings", () => {
  it("seeded the starter library with text-embedding-3-large, 3072 dimensions, base64", async () => {
    const inputs = openai.requests.flatMap((r) => r.body.input);
    expect(inputs.length).toBeGreaterThanOrEqual(starter.length);
    expect(openai.requests[0]).toMatchObject({
      auth: "Bearer sk-test",
      body: { model: "text-embedding-3-large", dimensions: 3072, encoding_format: "base64" },
    });
    const body = await (await get("/api/admin/list-content")).json();
    expect(body.count).toBe(starter.length);
    const [row] = (
      await server.app.database.client.execute("SELECT json_extract(metadata, '$.embeddingModel') AS m FROM rag_documents LIMIT 1")
    ).rows;
    expect(row.m).toBe("openai:text-embedding-3-large");
  });

  it("submits with one embedding call of the built text, updates with a fresh one, deletes", async () => {
    const n = openai.requests.length;
    const res = await post("/api/admin/submit-content", {
      uploadType: "html",
      htmlContent: TABS_EMAIL,
      description: "Shoe tabs",
      technique: "tabs",
      complexity: "beginner",
      emailPurpose: "ecommerce",
      keyFeatures: [],
      bestPracticeTags: [],
    });
    expect(res.status).toBe(200);
    const { id } = await res.json();
    expect(openai.requests).toHaveLength(n + 1);
    const [row] = (await server.app.database.client.execute({ sql: "SELECT embedding_text FROM rag_documents WHERE id = ?", args: [id] }))
      .rows;
    expect(openai.requests[n].body.input).toEqual([row.embedding_text]);

    expect((await post("/api/admin/update-content", { id, metadata: { description: "Updated shoe tabs" } })).status).toBe(200);
    expect(openai.requests).toHaveLength(n + 2);
    expect(openai.requests[n + 1].body.input[0]).toContain("Updated shoe tabs");
    expect((await post("/api/admin/delete-content", { id })).status).toBe(200);
  });

  it("feeds /api/generate with useRAG", async () => {
    const res = await post("/api/generate", { prompt: "Spring sale email with tabs for Dresses, Shoes and Bags", useRAG: true });
    const { metadata } = await res.json();
    expect(metadata.rag.used).toBe(true);
    expect(metadata.rag.examplesCount).toBeGreaterThanOrEqual(1);
    expect(metadata.rag.examplesCount).toBeLessThanOrEqual(7);
  });

  it("an embedder outage is a 503 with a clear message and writes nothing", async () => {
    const { id } = await (
      await post("/api/admin/submit-content", {
        uploadType: "html",
        htmlContent: TABS_EMAIL,
        description: "Before the outage",
        technique: "tabs",
        complexity: "beginner",
        emailPurpose: "ecommerce",
      })
    ).json();
    const [before] = (
      await server.app.database.client.execute({ sql: "SELECT metadata, embedding_text FROM rag_documents WHERE id = ?", args: [id] })
    ).rows;
    const rows = await count("rag_documents");
    const vectors = await count("rag_vectors");
    openai.setFailing(true);
    try {
      const res = await post("/api/admin/submit-content", {
        uploadType: "blog",
        blogTitle: "Outage",
        htmlContent: "<p>During an outage</p>",
      });
      expect(res.status).toBe(503);
      expect((await res.json()).error).toMatch(/^Embedding service unavailable, nothing was stored: /);
      const upd = await post("/api/admin/update-content", { id, metadata: { description: "During the outage" } });
      expect(upd.status).toBe(503);
    } finally {
      openai.setFailing(false);
    }
    expect(await count("rag_documents")).toBe(rows);
    expect(await count("rag_vectors")).toBe(vectors);
    const [after] = (
      await server.app.database.client.execute({ sql: "SELECT metadata, embedding_text FROM rag_documents WHERE id = ?", args: [id] })
    ).rows;
    expect(after).toEqual(before);
  }, 60_000);
});
