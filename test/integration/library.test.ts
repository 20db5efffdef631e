// The library endpoints over HTTP with the embedded defaults: local embedder, libSQL vector index,
// and the starter library seeded by bootstrap.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadStarterLibrary } from "../../db/seed";
import { startTestServer, type TestServer } from "../helpers/server";
import { createUserWithToken } from "../helpers/users";
import { AMP_FAIL, AMP_PASS, HTML_KEYS, AMP_KEYS, BLOG_KEYS, TABS_EMAIL, bigEmail } from "../fixtures/library/documents";

let server: TestServer;
let admin: string;
const starter = loadStarterLibrary();

beforeAll(async () => {
  server = await startTestServer({ SEED_LIBRARY: "true" });
  admin = (await createUserWithToken(server, { admin: true, credits: 100 })).token;
});
afterAll(() => server?.close());

const post = (path: string, json: unknown) => server.fetch(path, { method: "POST", token: admin, json });
const get = (path: string) => server.fetch(path, { token: admin });
const sql = async (statement: string, args: (string | number)[] = []) =>
  (await server.app.database.client.execute({ sql: statement, args })).rows;
const vectorOf = async (id: string) => {
  const [row] = await sql("SELECT embedding, metadata FROM rag_vectors WHERE doc_id = ?", [id]);
  return row
    ? { embedding: Buffer.from(row.embedding as ArrayBuffer).toString("base64"), metadata: JSON.parse(String(row.metadata)) }
    : null;
};

describe("starter library", () => {
  it("is seeded on first start and listed in full, with the vector metadata per type", async () => {
    const res = await get("/api/admin/list-content");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.success).toBe(true);
    expect(body.count).toBe(starter.length);
    expect(body.items).toHaveLength(starter.length);
    expect(starter.length).toBeGreaterThanOrEqual(40);
    const byType = (t: string) => body.items.filter((i: any) => i.metadata.type === t);
    expect(byType("html")).toHaveLength(starter.filter((d) => d.uploadType === "html").length);
    expect(byType("amp")).toHaveLength(starter.filter((d) => d.uploadType === "amp").length);
    expect(byType("blog")).toHaveLength(starter.filter((d) => d.uploadType === "blog").length);
    expect(Object.keys(byType("html")[0].metadata).sort()).toEqual(HTML_KEYS);
    expect(Object.keys(byType("amp")[0].metadata).sort()).toEqual(AMP_KEYS);
    expect(Object.keys(byType("blog")[0].metadata).sort()).toEqual(BLOG_KEYS);
    for (const item of body.items) {
      expect(item.metadata.doc_id).toBe(item.id);
      expect(item.id).toMatch(/^(html|amp|blog)-\d{13}-[a-z0-9]{8}$/);
    }
    // Every seeded AMP email is valid AMP, and says so.
    expect(byType("amp").every((i: any) => i.metadata.ampValidator === "pass" && i.metadata.ampComponents.length > 0)).toBe(true);
    const dates = body.items.map((i: any) => i.metadata.submittedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it("counts documents and characters in rag-stats", async () => {
    const res = await get("/api/admin/rag-stats");
    expect(res.status).toBe(200);
    const s = await res.json();
    expect(s).toMatchObject({ success: true, totalDocs: starter.length, htmlDocs: expect.any(Number), ampDocs: 6, blogDocs: 6 });
    expect(s.htmlDocs + s.ampDocs + s.blogDocs).toBe(s.totalDocs);
    const chars = starter.reduce((n, d) => n + d.htmlContent.length, 0);
    expect(s.totalChars).toBe(chars);
    expect(s.avgCharsPerDoc).toBe(Math.round(chars / starter.length));
    expect(s.documents).toHaveLength(starter.length);
    expect(s.documents[0]).toEqual({ id: expect.any(String), type: expect.stringMatching(/^(html|amp|blog)$/), chars: expect.any(Number) });
  });

  // Retrieval over the starter library feeds /api/generate (docs/retrieval.md).
  it.each([
    ["tabs", "Spring sale email with tabs for Dresses, Shoes and Bags, 20% off with code BLOOM20"],
    ["accordion", "Newsletter with an FAQ accordion: shipping, returns and sizing questions"],
    ["carousel", "Product launch email with an image carousel of three new sneakers"],
    ["survey", "A short customer satisfaction survey email after a hotel stay"],
    ["quiz", "A quiz email: which coffee roast matches your taste?"],
  ])("/api/generate with useRAG uses 1–7 starter examples for %s", async (technique, prompt) => {
    const res = await post("/api/generate", { prompt, useRAG: true });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.metadata.technique).toContain(technique);
    expect(body.metadata.rag.used).toBe(true);
    expect(body.metadata.rag.examplesCount).toBeGreaterThanOrEqual(1);
    expect(body.metadata.rag.examplesCount).toBeLessThanOrEqual(7);
    const ids: string[] = body.metadata.rag.examples.map((e: any) => e.id);
    expect(ids.every((id) => /^(html|amp)-/.test(id))).toBe(true);
    const [top] = await sql(
      "SELECT json_extract(metadata, '$.technique') AS t, json_extract(metadata, '$.exampleType') AS e FROM rag_documents WHERE id = ?",
      [ids[0]],
    );
    expect(String(top.t)).toContain(technique);
    expect(top.e === null || top.e === "positive").toBe(true);
  });
});

describe("POST /api/admin/submit-content", () => {
  it("stores an html document in rag_documents and its vector with exactly the vector metadata, listed first", async () => {
    const res = await post("/api/admin/submit-content", {
      uploadType: "html",
      htmlContent: TABS_EMAIL,
      description: "Three tabs for a shoe shop",
      technique: "Tabs",
      complexity: "beginner",
      emailPurpose: "ecommerce",
      keyFeatures: ["radio tabs"],
      bestPracticeTags: ["fallback-content"],
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      success: true,
      id: expect.stringMatching(/^html-\d{13}-[a-z0-9]{8}$/),
      metadata: {
        type: "html",
        technique: "tabs",
        complexity: "beginner",
        exampleType: "positive",
        htmlType: "complete",
        emailPurpose: "ecommerce",
      },
    });
    const [, ms] = /^html-(\d+)-/.exec(body.id)!;
    expect(body.metadata.submittedAt).toBe(new Date(Number(ms)).toISOString());

    const [row] = await sql("SELECT html, chars, embedding_text, metadata FROM rag_documents WHERE id = ?", [body.id]);
    expect(row.html).toBe(TABS_EMAIL);
    expect(row.chars).toBe(TABS_EMAIL.length);
    // The builder injects the technique's own description, not just the admin's words.
    expect(String(row.embedding_text)).toContain("Three tabs for a shoe shop");
    expect(String(row.embedding_text)).toMatch(/radio/i);
    expect(JSON.parse(String(row.metadata))).toMatchObject({
      contentHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      embeddingModel: "local-hash-v1",
    });

    const vector = await vectorOf(body.id);
    expect(Object.keys(vector!.metadata).sort()).toEqual(HTML_KEYS);
    expect(vector!.metadata).toEqual(body.metadata);
    expect(JSON.stringify(vector!.metadata)).not.toContain("<html");

    const list = await (await get("/api/admin/list-content")).json();
    expect(list.items[0]).toEqual({ id: body.id, metadata: body.metadata });
  });

  it("embeds a given embeddingText verbatim and fills left-out fields from the tagger", async () => {
    const res = await post("/api/admin/submit-content", {
      uploadType: "html",
      htmlContent: TABS_EMAIL,
      description: "Tabs, reviewed text",
      embeddingText: "Human reviewed: tabbed shoe showcase.",
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.metadata.technique).toBe("tabs");
    expect(body.metadata.keyFeatures.length).toBeGreaterThan(0);
    const [row] = await sql("SELECT embedding_text, metadata FROM rag_documents WHERE id = ?", [body.id]);
    expect(row.embedding_text).toBe("Human reviewed: tabbed shoe showcase.");
    expect(JSON.parse(String(row.metadata)).autoTagged).toEqual(expect.arrayContaining(["technique", "complexity", "emailPurpose"]));
  });

  it("validates AMP uploads and records ampValidator and ampComponents", async () => {
    const ok = await (
      await post("/api/admin/submit-content", {
        uploadType: "amp",
        htmlContent: AMP_PASS,
        description: "AMP accordion",
        technique: "accordion",
        complexity: "intermediate",
      })
    ).json();
    expect(ok).toMatchObject({
      success: true,
      id: expect.stringMatching(/^amp-/),
      metadata: { type: "amp", ampValidator: "pass", ampComponents: ["amp-accordion"] },
    });
    expect(Object.keys(ok.metadata).sort()).toEqual(AMP_KEYS);

    const bad = await (
      await post("/api/admin/submit-content", { uploadType: "amp", htmlContent: AMP_FAIL, description: "AMP with a script" })
    ).json();
    expect(bad.metadata.ampValidator).toBe("fail");
    const [row] = await sql("SELECT metadata FROM rag_documents WHERE id = ?", [bad.id]);
    expect(JSON.parse(String(row.metadata)).ampErrors.length).toBeGreaterThan(0);
  });

  it("stores a blog article with its fields and contentFocus general by default", async () => {
    const res = await post("/api/admin/submit-content", {
      uploadType: "blog",
      blogTitle: "Why labels matter",
      htmlContent: "<article><h1>Why labels matter</h1><p>Labels link to radios so a tap on the tab works.</p></article>",
      blogTopic: "accessibility",
      learningLevel: "beginner",
      techniquesCovered: ["tabs", "Accordion"],
      keyTakeaways: "Use for= on every label.",
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.metadata).toMatchObject({
      type: "blog",
      contentFocus: "general",
      blogTitle: "Why labels matter",
      techniquesCovered: ["tabs", "accordion"],
      learningLevel: "beginner",
    });
    expect(Object.keys(body.metadata).sort()).toEqual(BLOG_KEYS);
  });

  it("accepts a 5 MB document (no size cap) and lists it", async () => {
    const html = bigEmail(5_000_000);
    const res = await post("/api/admin/submit-content", {
      uploadType: "html",
      htmlContent: html,
      description: "A very long newsletter",
      technique: "accordion",
      complexity: "advanced",
      emailPurpose: "newsletter",
    });
    expect(res.status).toBe(200);
    const { id } = await res.json();
    const list = await (await get("/api/admin/list-content")).json();
    expect(list.items.map((i: any) => i.id)).toContain(id);
    const stats = await (await get("/api/admin/rag-stats")).json();
    expect(stats.documents.find((d: any) => d.id === id)).toEqual({ id, type: "html", chars: 5_000_000 });
    const [row] = await sql("SELECT length(html) AS n FROM rag_documents WHERE id = ?", [id]);
    expect(row.n).toBe(5_000_000);
  });

  it.each([
    ["html without htmlContent and description", { uploadType: "html" }, ["htmlContent", "description"]],
    ["amp without description", { uploadType: "amp", htmlContent: AMP_PASS }, ["description"]],
    ["blank description", { uploadType: "html", htmlContent: TABS_EMAIL, description: "  " }, ["description"]],
    ["blog without blogTitle", { uploadType: "blog", htmlContent: "<p>x</p>" }, ["blogTitle"]],
    ["no uploadType", { htmlContent: TABS_EMAIL, description: "x" }, ["uploadType"]],
  ])("400 naming the missing fields: %s", async (_name, payload, missing) => {
    const res = await post("/api/admin/submit-content", payload);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toMatchObject({ success: false, error: "Missing required fields" });
    expect([...body.missing].sort()).toEqual([...missing].sort());
  });

  it.each([
    ["unknown uploadType", { uploadType: "pdf", htmlContent: TABS_EMAIL, description: "x" }],
    ["unknown complexity", { uploadType: "html", htmlContent: TABS_EMAIL, description: "x", complexity: "expert" }],
    ["unknown exampleType", { uploadType: "html", htmlContent: TABS_EMAIL, description: "x", exampleType: "neutral" }],
    ["unknown contentFocus", { uploadType: "blog", blogTitle: "t", htmlContent: "<p>x</p>", contentFocus: "marketing" }],
    ["keyFeatures not a list", { uploadType: "html", htmlContent: TABS_EMAIL, description: "x", keyFeatures: "tabs" }],
  ])("400 for %s, nothing stored", async (_name, payload) => {
    const before = (await sql("SELECT count(*) AS n FROM rag_documents"))[0].n;
    const res = await post("/api/admin/submit-content", payload);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe("Invalid request");
    expect((await sql("SELECT count(*) AS n FROM rag_documents"))[0].n).toBe(before);
  });

  it("is admin only", async () => {
    const user = await createUserWithToken(server, { admin: false });
    const res = await server.fetch("/api/admin/submit-content", {
      method: "POST",
      token: user.token,
      json: { uploadType: "html", htmlContent: TABS_EMAIL, description: "x" },
    });
    expect(res.status).toBe(403);
  });
});

describe("update, delete and auto-tag", () => {
  async function submit(extra: Record<string, unknown> = {}) {
    const res = await post("/api/admin/submit-content", {
      uploadType: "html",
      htmlContent: TABS_EMAIL,
      description: "Shoe tabs",
      technique: "tabs",
      complexity: "beginner",
      emailPurpose: "ecommerce",
      ...extra,
    });
    return (await res.json()) as { id: string; metadata: Record<string, unknown> };
  }

  it("update-content merges fields, rebuilds the embedding text and re-embeds", async () => {
    const doc = await submit();
    const before = await vectorOf(doc.id);
    const [oldRow] = await sql("SELECT embedding_text FROM rag_documents WHERE id = ?", [doc.id]);
    const res = await post("/api/admin/update-content", {
      id: doc.id,
      metadata: { technique: "carousel", complexity: "advanced", exampleType: "negative", description: "Now a carousel" },
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      success: true,
      id: doc.id,
      metadata: {
        technique: "carousel",
        complexity: "advanced",
        exampleType: "negative",
        description: "Now a carousel",
        submittedAt: doc.metadata.submittedAt,
        emailPurpose: "ecommerce",
      },
    });
    const after = await vectorOf(doc.id);
    expect(after!.metadata).toEqual(body.metadata);
    expect(after!.embedding).not.toBe(before!.embedding);
    const [row] = await sql("SELECT embedding_text FROM rag_documents WHERE id = ?", [doc.id]);
    expect(row.embedding_text).not.toBe(oldRow.embedding_text);
    expect(String(row.embedding_text)).toMatch(/Now a carousel/);
    expect(String(row.embedding_text)).toMatch(/Negative example/);
  });

  it("keeps a human-reviewed embedding text on update unless it is replaced or cleared", async () => {
    const doc = await submit({ embeddingText: "Reviewed text." });
    await post("/api/admin/update-content", { id: doc.id, metadata: { description: "Changed" } });
    expect((await sql("SELECT embedding_text FROM rag_documents WHERE id = ?", [doc.id]))[0].embedding_text).toBe("Reviewed text.");
    await post("/api/admin/update-content", { id: doc.id, metadata: { embeddingText: null } });
    expect(String((await sql("SELECT embedding_text FROM rag_documents WHERE id = ?", [doc.id]))[0].embedding_text)).toContain(
      "Description: Changed.",
    );
  });

  it("update-content: 404 for an unknown id, 400 for fields that do not apply or bad values", async () => {
    expect((await post("/api/admin/update-content", { id: "html-1700000000000-nothere0", metadata: { description: "x" } })).status).toBe(
      404,
    );
    const doc = await submit();
    const wrongField = await post("/api/admin/update-content", { id: doc.id, metadata: { blogTitle: "x" } });
    expect(wrongField.status).toBe(400);
    expect((await wrongField.json()).details[0].path).toBe("metadata");
    const badValue = await post("/api/admin/update-content", { id: doc.id, metadata: { complexity: "expert" } });
    expect(badValue.status).toBe(400);
    expect((await badValue.json()).details[0].path).toBe("metadata.complexity");
    expect((await post("/api/admin/update-content", { id: doc.id })).status).toBe(400);
    expect((await vectorOf(doc.id))!.metadata.complexity).toBe("beginner");
    // A blank technique means "unchanged", as on submit.
    const blank = await post("/api/admin/update-content", { id: doc.id, metadata: { technique: "" } });
    expect((await blank.json()).metadata.technique).toBe("tabs");
  });

  it("delete-content removes the row and the vector; a second delete is 404", async () => {
    const doc = await submit();
    const res = await post("/api/admin/delete-content", { id: doc.id });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, id: doc.id });
    expect(await sql("SELECT id FROM rag_documents WHERE id = ?", [doc.id])).toHaveLength(0);
    expect(await vectorOf(doc.id)).toBeNull();
    const list = await (await get("/api/admin/list-content")).json();
    expect(list.items.map((i: any) => i.id)).not.toContain(doc.id);
    expect((await post("/api/admin/delete-content", { id: doc.id })).status).toBe(404);
    expect((await post("/api/admin/delete-content", { id: "not-an-id" })).status).toBe(404);
    expect((await post("/api/admin/delete-content", {})).status).toBe(400);
  });

  it("auto-tag returns the tag engine's fields", async () => {
    const res = await post("/api/admin/auto-tag", { htmlContent: TABS_EMAIL, contentType: "html" });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({
      success: true,
      description: expect.any(String),
      technique: "tabs",
      complexity: expect.stringMatching(/^(beginner|intermediate|advanced)$/),
      emailPurpose: expect.any(String),
      keyFeatures: expect.any(Array),
      bestPracticeTags: expect.any(Array),
      embedding_text: expect.stringContaining("tabs"),
    });
    const amp = await (await post("/api/admin/auto-tag", { htmlContent: AMP_PASS, contentType: "amp" })).json();
    expect(amp.technique).toContain("amp4email");
    expect((await post("/api/admin/auto-tag", { contentType: "html" })).status).toBe(400);
    expect((await post("/api/admin/auto-tag", { htmlContent: TABS_EMAIL, contentType: "pdf" })).status).toBe(400);
  });
});
