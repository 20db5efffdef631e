// The library services with an in-memory vector index and embedder and a throwaway database:
// every write reaches the index through its port (and is undone when the index refuses it), the
// listing and reconcile read it, and retrieval returns the nearest documents from it.
import { describe, expect, it } from "vitest";
import { HashingEmbedder, InMemoryVectorIndex } from "../../test/fixtures/in-memory-ports";
import { createTestApp } from "../../test/helpers/app-context";
import type { AppContext } from "~/composition/app.server";
import { makeDocId } from "~/domain/retrieval/doc-id";
import { rewriteQuery } from "~/engines/rewrite/local";
import { countDocuments, getDocument } from "~/models/rag-documents.server";
import type { LibraryInput } from "~/domain/requests/library";
import { deleteContent, submitContent, updateContent } from "./library.server";
import { reconcileLibrary } from "./library-reconcile.server";
import { listContent } from "./library-views.server";
import { retrieveExamples } from "./retrieval.server";

async function setup(): Promise<{ app: AppContext; index: InMemoryVectorIndex; embedder: HashingEmbedder }> {
  const index = new InMemoryVectorIndex();
  const embedder = new HashingEmbedder();
  const app = await createTestApp({ adapters: { vectorIndex: index, embedder } });
  return { app, index, embedder };
}

const HTML = "<html><body><div class='tabs'>Sneakers in three tabs</div></body></html>";

function htmlDoc(overrides: Partial<Extract<LibraryInput, { uploadType: "html" }>> = {}): LibraryInput {
  return {
    uploadType: "html",
    htmlContent: HTML,
    description: "A product showcase in tabs",
    technique: "Tabs",
    complexity: "intermediate",
    emailPurpose: "product-showcase",
    exampleType: "positive",
    keyFeatures: ["radio buttons"],
    bestPracticeTags: ["fallback"],
    ...overrides,
  };
}

/** Adds one document; the test fails if the service refuses it. */
async function add(app: AppContext, input: LibraryInput) {
  const r = await submitContent(app, input);
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

function vectorsEqual(a: Float32Array | undefined, b: Float32Array): boolean {
  return a !== undefined && a.length === b.length && a.every((x, i) => x === b[i]);
}

describe("library writes go to the vector index port", () => {
  it("adding a document stores the row and upserts its vector with exactly the document's vector metadata", async () => {
    const { app, index, embedder } = await setup();
    const r = await add(app, htmlDoc());

    const row = await getDocument(app.database.db, r.id);
    expect(row).not.toBeNull();
    expect(row!.metadata).toMatchObject({ embeddingModel: "memory-hash-v1", embeddingTextSource: "builder" });
    const stored = index.get(r.id);
    expect(stored?.metadata).toEqual({
      type: "html",
      doc_id: r.id,
      submittedAt: expect.any(String),
      description: "A product showcase in tabs",
      technique: "tabs",
      complexity: "intermediate",
      htmlType: "complete",
      emailPurpose: "product-showcase",
      exampleType: "positive",
      keyFeatures: ["radio buttons"],
      bestPracticeTags: ["fallback"],
    });
    expect(stored?.metadata).toEqual(r.metadata);
    // One embedding call, of the text the row keeps; the index holds that vector.
    expect(embedder.calls).toEqual([[row!.embeddingText]]);
    expect(vectorsEqual(stored?.vector, embedder.vectorOf(row!.embeddingText))).toBe(true);
  });

  it("stores nothing anywhere when the embedder or the index refuses the write", async () => {
    const { app, index, embedder } = await setup();
    embedder.failWith("embedder down");
    expect(await submitContent(app, htmlDoc())).toEqual({
      ok: false,
      status: 503,
      error: "Embedding service unavailable, nothing was stored: embedder down",
    });
    embedder.recover();

    index.failWith("upsert", "index down");
    expect(await submitContent(app, htmlDoc())).toEqual({
      ok: false,
      status: 503,
      error: "Vector index unavailable, nothing was stored: index down",
    });
    expect(await countDocuments(app.database.db)).toBe(0);
    expect(index.size).toBe(0);
  });

  it("updating a document re-embeds it and replaces its record's metadata; an index failure leaves both sides as they were", async () => {
    const { app, index, embedder } = await setup();
    const added = await add(app, htmlDoc());

    const r = await updateContent(app, added.id, { technique: "accordion", description: "An FAQ that opens" });
    if (!r.ok) throw new Error(r.error);
    const row = await getDocument(app.database.db, added.id);
    const stored = index.get(added.id);
    expect(stored?.metadata).toMatchObject({
      doc_id: added.id,
      technique: "accordion",
      description: "An FAQ that opens",
      emailPurpose: "product-showcase",
    });
    expect(stored?.metadata).toEqual(r.value.metadata);
    expect(row!.embeddingText).toContain("accordion");
    expect(vectorsEqual(stored?.vector, embedder.vectorOf(row!.embeddingText))).toBe(true);

    index.failWith("upsert", "index down");
    const refused = await updateContent(app, added.id, { technique: "carousel" });
    expect(refused).toEqual({ ok: false, status: 503, error: "Vector index unavailable, the document was not changed: index down" });
    expect(index.get(added.id)?.metadata).toMatchObject({ technique: "accordion" });
    expect((await getDocument(app.database.db, added.id))!.metadata).toMatchObject({ technique: "accordion" });
  });

  it("deleting a document removes its record from the index and its row; a vector without a row is deletable by id", async () => {
    const { app, index } = await setup();
    const keep = await add(app, htmlDoc({ description: "Stays" }));
    const gone = await add(app, htmlDoc({ description: "Goes" }));

    index.failWith("delete", "index down");
    expect(await deleteContent(app, gone.id)).toEqual({
      ok: false,
      status: 503,
      error: "Vector index unavailable, the document was not deleted: index down",
    });
    expect(index.get(gone.id)).toBeDefined();
    expect(await getDocument(app.database.db, gone.id)).not.toBeNull();
    index.recover();

    expect(await deleteContent(app, gone.id)).toEqual({ ok: true, value: { id: gone.id } });
    expect(index.get(gone.id)).toBeUndefined();
    expect(await getDocument(app.database.db, gone.id)).toBeNull();
    expect(index.get(keep.id)).toBeDefined();
    expect(await deleteContent(app, gone.id)).toMatchObject({ ok: false, status: 404 });

    const orphan = makeDocId("html", Date.now(), () => 0.5);
    await index.upsert([{ id: orphan, vector: new HashingEmbedder().vectorOf("orphan"), metadata: { type: "html", doc_id: orphan } }]);
    expect(await deleteContent(app, orphan)).toEqual({ ok: true, value: { id: orphan } });
    expect(index.get(orphan)).toBeUndefined();
    expect(index.size).toBe(1);
  });

  it("the listing reads the index, newest first, and reconcile repairs a missing vector through the port", async () => {
    const { app, index } = await setup();
    const first = await add(app, htmlDoc({ description: "First" }));
    // "Newest" is by the millisecond the document was added: make sure the two differ.
    const addedAt = Date.now();
    while (Date.now() === addedAt) await new Promise((resolve) => setTimeout(resolve, 1));
    const second = await add(app, {
      uploadType: "blog",
      blogTitle: "Why tabs work",
      htmlContent: "<p>Tabs keep emails short.</p>",
      techniquesCovered: ["tabs"],
    });

    const listed = await listContent(app);
    if (!listed.ok) throw new Error(listed.error);
    expect(listed.value.items.map((i) => i.id)).toEqual([second.id, first.id]);
    expect(listed.value.items[0].metadata).toMatchObject({ type: "blog", blogTitle: "Why tabs work", techniquesCovered: ["tabs"] });

    await index.delete([first.id]);
    const found = await reconcileLibrary(app);
    if (!found.ok) throw new Error(found.error);
    expect(found.value.report).toMatchObject({ rows: 2, vectors: 1, missingVectors: [first.id], orphanVectors: [], mismatched: [] });
    const repaired = await reconcileLibrary(app, { repair: true });
    if (!repaired.ok) throw new Error(repaired.error);
    expect(repaired.value.report.repaired).toEqual({ reembedded: 1, deleted: 0, failed: [] });
    expect(index.get(first.id)?.metadata).toEqual(first.metadata);
  });
});

describe("retrieval reads the in-memory index", () => {
  it("returns the nearest positive code examples with their stored HTML, honouring the technique filter and the similarity gate", async () => {
    const { app } = await setup();
    const prompt = "A tabbed showcase for our sneakers";
    // The local rewrite engine (no model configured) turns the prompt into this query.
    const query = rewriteQuery({ prompt, technique: "tabs" });
    const id = async (input: LibraryInput) => (await add(app, input)).id;
    const nearest = await id(htmlDoc({ description: "Nearest", embeddingText: query }));
    const near = await id(htmlDoc({ description: "Near", htmlContent: "<p>near</p>", embeddingText: `${query} with sizes and colours` }));
    const negative = await id(
      htmlDoc({ description: "Negative", htmlContent: "<p>bad</p>", exampleType: "negative", embeddingText: query }),
    );
    const unrelated = await id(
      htmlDoc({ description: "Unrelated", htmlContent: "<p>other</p>", technique: "static", embeddingText: "zebra quantum lighthouse" }),
    );
    const blog = await id({
      uploadType: "blog",
      blogTitle: "Tabs",
      htmlContent: "<p>About tabs</p>",
      techniquesCovered: ["tabs"],
      embeddingText: query,
    });

    const r = await retrieveExamples(app, { prompt, technique: "tabs" });
    if (!r.ok) throw new Error(r.error);
    expect(r.trace.query).toBe(query);
    const ids = r.examples.map((e) => e.id);
    expect(ids).toEqual([nearest, near]);
    for (const id of [negative, unrelated, blog]) expect(ids).not.toContain(id);
    expect(r.examples[0].score).toBeCloseTo(1, 5);
    expect(r.examples[1].score).toBeGreaterThanOrEqual(0.5);
    expect(r.examples[1].score).toBeLessThan(1);
    expect(r.examples[0].document.html).toBe(HTML);
    expect(r.examples[1].document.html).toBe("<p>near</p>");
    // Query A (filtered to tabs) saw the three tabs documents, query B all five; the unrelated one
    // fell below the gate, then the negative and the blog were dropped.
    expect(r.trace).toMatchObject({
      filteredHits: 3,
      unfilteredHits: 5,
      merged: 5,
      aboveGate: 4,
      positive: 3,
      codeExamples: 2,
      reranked: 2,
      fetched: 2,
    });
  });

  it("says the search failed when the index cannot be queried", async () => {
    const { app, index } = await setup();
    index.failWith("query", "index down");
    expect(await retrieveExamples(app, { prompt: "tabs for sneakers", technique: "tabs" })).toMatchObject({
      ok: false,
      stage: "search",
      error: "index down",
    });
  });
});
