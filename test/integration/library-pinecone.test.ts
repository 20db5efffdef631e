// The library with VECTOR_INDEX=pinecone: the real Pinecone adapter (SDK included) against a local
// server speaking Pinecone's data plane; embeddings stay local.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadStarterLibrary } from "../../db/seed";
import { startTestServer, type TestServer } from "../helpers/server";
import { createUserWithToken } from "../helpers/users";
import { fakePinecone } from "~/adapters/vector-index/testing/pinecone";
import { AMP_KEYS, BLOG_KEYS, HTML_KEYS, TABS_EMAIL } from "../fixtures/library/documents";

let pinecone: Awaited<ReturnType<typeof fakePinecone>>;
let server: TestServer;
let admin: string;
const NS = "library";
const starter = loadStarterLibrary();

beforeAll(async () => {
  pinecone = await fakePinecone({ pageSize: 10 });
  server = await startTestServer({
    VECTOR_INDEX: "pinecone",
    PINECONE_API_KEY: "pc-test-key",
    PINECONE_INDEX_HOST: pinecone.host,
    PINECONE_NAMESPACE: NS,
    EMBEDDINGS_PROVIDER: "local",
    SEED_LIBRARY: "true",
  });
  admin = (await createUserWithToken(server, { admin: true, credits: 50 })).token;
});
afterAll(async () => {
  await server?.close();
  await pinecone?.close();
});

const post = (path: string, json: unknown) => server.fetch(path, { method: "POST", token: admin, json });
const get = (path: string) => server.fetch(path, { token: admin });
const rowCount = async () => Number((await server.app.database.client.execute("SELECT count(*) AS n FROM rag_documents")).rows[0].n);
const submitTabs = (description = "Shoe tabs") =>
  post("/api/admin/submit-content", {
    uploadType: "html",
    htmlContent: TABS_EMAIL,
    description,
    technique: "tabs",
    complexity: "beginner",
    emailPurpose: "ecommerce",
  });

describe("library on Pinecone", () => {
  it("seeds the starter library into the index and lists every document through paginated listing", async () => {
    expect(pinecone.ids(NS)).toHaveLength(starter.length);
    const listCallsBefore = pinecone.calls.filter((c) => c.op === "list").length;
    const body = await (await get("/api/admin/list-content")).json();
    expect(body.count).toBe(starter.length);
    expect(pinecone.calls.filter((c) => c.op === "list").length - listCallsBefore).toBe(Math.ceil(starter.length / 10));
    const keysOf = (t: string) => Object.keys(body.items.find((i: any) => i.metadata.type === t).metadata).sort();
    expect(keysOf("html")).toEqual(HTML_KEYS);
    expect(keysOf("amp")).toEqual(AMP_KEYS);
    expect(keysOf("blog")).toEqual(BLOG_KEYS);
    // Bodies never go to the index.
    const upserts = pinecone.calls.filter((c) => c.op === "upsert");
    expect(JSON.stringify(upserts.map((u) => u.body.vectors.map((v: any) => v.metadata)))).not.toMatch(/<html|<table/i);
    expect(upserts[0].body.vectors[0].values).toHaveLength(3072);
  });

  it("submits, updates (fresh vector) and deletes through the Pinecone adapter", async () => {
    const res = await submitTabs();
    expect(res.status).toBe(200);
    const { id, metadata } = await res.json();
    expect(pinecone.record(id, NS)!.metadata).toEqual(metadata);
    const before = pinecone.record(id, NS)!.values;

    const upd = await post("/api/admin/update-content", { id, metadata: { technique: "accordion", description: "An accordion now" } });
    expect(upd.status).toBe(200);
    expect(pinecone.record(id, NS)!.metadata).toMatchObject({ technique: "accordion", description: "An accordion now" });
    expect(pinecone.record(id, NS)!.values).not.toEqual(before);

    const list = await (await get("/api/admin/list-content")).json();
    expect(list.items[0].id).toBe(id);

    expect((await post("/api/admin/delete-content", { id })).status).toBe(200);
    expect(pinecone.record(id, NS)).toBeUndefined();
    expect((await post("/api/admin/delete-content", { id })).status).toBe(404);
  });

  it("feeds /api/generate with useRAG from Pinecone", async () => {
    const res = await post("/api/generate", { prompt: "Product launch email with an image carousel of three new sneakers", useRAG: true });
    expect(res.status).toBe(200);
    const { metadata } = await res.json();
    expect(metadata.rag.used).toBe(true);
    expect(metadata.rag.examplesCount).toBeGreaterThanOrEqual(1);
    expect(metadata.rag.examplesCount).toBeLessThanOrEqual(7);
    expect(pinecone.calls.some((c) => c.op === "query" && c.body.filter)).toBe(true);
  });
});

describe("an index outage", () => {
  afterAll(() => pinecone.recover());

  it("submit: 503 with a clear message, no row left behind, no vector", async () => {
    const rows = await rowCount();
    const vectors = pinecone.ids(NS).length;
    pinecone.fail("upsert");
    const res = await submitTabs("Written during an outage");
    expect(res.status).toBe(503);
    const body = await res.json();
    expect(body.success).toBe(false);
    expect(body.error).toMatch(/^Vector index unavailable, nothing was stored: vector index \(pinecone\) upsert failed/);
    expect(await rowCount()).toBe(rows);
    expect(pinecone.ids(NS)).toHaveLength(vectors);
    pinecone.recover();
  });

  it("update: 503 and the stored document is unchanged in both stores", async () => {
    const { id, metadata } = await (await submitTabs("Before the outage")).json();
    const [before] = (
      await server.app.database.client.execute({ sql: "SELECT metadata, embedding_text FROM rag_documents WHERE id = ?", args: [id] })
    ).rows;
    pinecone.fail("upsert");
    const res = await post("/api/admin/update-content", { id, metadata: { description: "During the outage" } });
    expect(res.status).toBe(503);
    expect((await res.json()).error).toMatch(/Vector index unavailable, the document was not changed/);
    pinecone.recover();
    const [after] = (
      await server.app.database.client.execute({ sql: "SELECT metadata, embedding_text FROM rag_documents WHERE id = ?", args: [id] })
    ).rows;
    expect(after).toEqual(before);
    expect(pinecone.record(id, NS)!.metadata).toEqual(metadata);
  });

  it("delete: 503 and the document stays whole; list: 503", async () => {
    const { id } = await (await submitTabs("Kept through an outage")).json();
    pinecone.fail("delete", "list");
    const del = await post("/api/admin/delete-content", { id });
    expect(del.status).toBe(503);
    expect((await del.json()).error).toMatch(/the document was not deleted/);
    const list = await get("/api/admin/list-content");
    expect(list.status).toBe(503);
    expect((await list.json()).error).toMatch(/^Vector index unavailable: vector index \(pinecone\) list failed/);
    pinecone.recover();
    expect(pinecone.record(id, NS)).toBeDefined();
    expect((await server.app.database.client.execute({ sql: "SELECT id FROM rag_documents WHERE id = ?", args: [id] })).rows).toHaveLength(
      1,
    );
    // rag-stats reads rag_documents only, so it answers during an index outage.
    pinecone.fail("list", "fetch", "query");
    expect((await get("/api/admin/rag-stats")).status).toBe(200);
    pinecone.recover();
  });
});
