// The whole step 4 with the embedded defaults: local embedder, libSQL index, local rewrite and
// re-rank, rows from rag_documents. Checks the pieces agree with each other (e.g. that a matching
// document clears the 0.5 gate), which unit tests of each piece cannot show.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createClient, type Client } from "@libsql/client";
import { migrate } from "../../../db/migrate";
import { createLocalEmbedder } from "~/adapters/embeddings/local";
import { buildEmbeddingText, type EmbeddingTextInput } from "~/domain/retrieval/embedding-text";
import { runRetrieval } from "~/domain/retrieval/pipeline";
import { createLocalRerankEngine } from "~/engines/rerank/local";
import { createLocalRewriteEngine } from "~/engines/rewrite/local";
import { createLibsqlVectorIndex } from "./libsql.server";

let client: Client;
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "kinetic-rag-"));
  client = createClient({ url: `file:${path.join(dir, "r.db")}` });
  await migrate(client);
});

afterAll(() => {
  client.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const DOCS: (EmbeddingTextInput & { id: string })[] = [
  {
    id: "html-1-tabs1",
    type: "html",
    technique: "tabs",
    description: "Sneaker launch, one tab per colourway",
    emailPurpose: "ecommerce",
    complexity: "intermediate",
    exampleType: "positive",
  },
  {
    id: "html-2-tabs2",
    type: "html",
    technique: "tabs",
    description: "Plan comparison behind tabs",
    emailPurpose: "announcement",
    complexity: "beginner",
    exampleType: "positive",
  },
  {
    id: "html-3-tabsbad",
    type: "html",
    technique: "tabs",
    description: "Tabs without a fallback (what not to do)",
    emailPurpose: "ecommerce",
    complexity: "beginner",
    exampleType: "negative",
  },
  {
    id: "html-4-tabsacc",
    type: "html",
    technique: "tabs+accordion",
    description: "Product tabs with an FAQ accordion",
    emailPurpose: "ecommerce",
    complexity: "advanced",
    exampleType: "positive",
  },
  {
    id: "html-5-car",
    type: "html",
    technique: "carousel",
    description: "Lookbook slider",
    emailPurpose: "ecommerce",
    complexity: "intermediate",
    exampleType: "positive",
  },
  {
    id: "html-6-acc",
    type: "html",
    technique: "accordion",
    description: "Shipping FAQ",
    emailPurpose: "transactional",
    complexity: "beginner",
    exampleType: "positive",
  },
  {
    id: "html-7-quiz",
    type: "html",
    technique: "quiz",
    description: "Coffee trivia",
    emailPurpose: "newsletter",
    complexity: "intermediate",
    exampleType: "positive",
  },
  {
    id: "blog-8-tabs",
    type: "blog",
    blogTitle: "Building tabs with :checked",
    blogTopic: "tabs",
    learningLevel: "beginner",
    techniquesCovered: ["tabs"],
    keyTakeaways: "radio buttons and labels",
  },
];

describe("retrieval with the embedded defaults", () => {
  it("returns positive, non-blog examples of the requested technique and a full trace", async () => {
    const embedder = createLocalEmbedder();
    const index = createLibsqlVectorIndex({ client });
    const texts = DOCS.map((d) => buildEmbeddingText(d));
    const emb = await embedder.embed(texts);
    if (!emb.ok) throw new Error(emb.error);
    for (const [i, d] of DOCS.entries()) {
      const { id, ...meta } = d;
      await client.execute({
        sql: "INSERT INTO rag_documents (id, type, html, metadata, embedding_text, chars) VALUES (?, ?, ?, ?, ?, ?)",
        args: [id, d.type, `<html>${id}</html>`, JSON.stringify(meta), texts[i], 20],
      });
      const up = await index.upsert([
        { id, vector: emb.vectors[i], metadata: { ...meta, doc_id: id, submittedAt: "2026-11-21T12:00:00.000Z" } as never },
      ]);
      expect(up.ok).toBe(true);
    }
    const rewrite = createLocalRewriteEngine();
    const rerank = createLocalRerankEngine();
    const out = await runRetrieval(
      {
        rewrite: (i) => rewrite.rewrite(i),
        embed: (t) => embedder.embed(t),
        query: (q) => index.query(q),
        rerank: (i) => rerank.rerank(i),
        fetchDocuments: async (ids) => {
          const r = await client.execute({
            sql: `SELECT id, html FROM rag_documents WHERE id IN (${ids.map(() => "?").join(",")})`,
            args: ids,
          });
          return { ok: true, value: new Map(r.rows.map((row) => [String(row.id), { html: String(row.html) }])) };
        },
      },
      {
        prompt: "A tabbed product showcase for our new sneakers",
        technique: "tabs",
        complexity: "intermediate",
        emailPurpose: "ecommerce",
      },
    );
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    const ids = out.examples.map((e) => e.id);
    expect(ids[0]).toBe("html-1-tabs1");
    expect(ids).toContain("html-2-tabs2");
    expect(ids).not.toContain("html-3-tabsbad");
    expect(ids).not.toContain("blog-8-tabs");
    expect(ids).not.toContain("html-7-quiz");
    expect(out.examples.length).toBeGreaterThanOrEqual(1);
    expect(out.examples.length).toBeLessThanOrEqual(7);
    expect(out.examples.every((e) => e.score >= 0.5)).toBe(true);
    expect(out.examples[0].document.html).toBe("<html>html-1-tabs1</html>");
    expect(out.trace.fetched).toBe(out.examples.length);
    expect(out.trace.aboveGate).toBeGreaterThan(out.trace.codeExamples);
  });
});
