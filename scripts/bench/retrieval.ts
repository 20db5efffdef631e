// Retrieval benchmark: `npx tsx scripts/bench/retrieval.ts [--docs 1000,10000] [--queries 60]`.
// Synthesises a library with the local embedder into a temporary libSQL file, then times the whole
// retrieval step of SPEC.md (rewrite, embed, both queries in parallel, merge, gate, re-rank, fetch
// full rows) and measures recall@7 of the ANN path against exact cosine on the same data.
// Prints one JSON line per library size.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createClient, type Client } from "@libsql/client";
import { migrate } from "../../db/migrate";
import { createLocalEmbedder, embedLocal } from "../../app/adapters/embeddings/local";
import { createLibsqlVectorIndex, type LibsqlVectorIndex } from "../../app/adapters/vector-index/libsql.server";
import { buildEmbeddingText } from "../../app/domain/retrieval/embedding-text";
import { runRetrieval } from "../../app/domain/retrieval/pipeline";
import { makeDocId } from "../../app/domain/retrieval/doc-id";
import { TECHNIQUES, EMAIL_PURPOSES } from "../../app/domain/retrieval/techniques";
import { createLocalRewriteEngine } from "../../app/engines/rewrite/local";
import { createLocalRerankEngine } from "../../app/engines/rerank/local";
import { float32ToBytes } from "../../app/domain/retrieval/vectors";
import { percentile, rng } from "./lib/stats";

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

const SIZES = arg("docs", "1000,10000").split(",").map(Number);
const QUERIES = Number(arg("queries", "60"));
const PROJECTED = Number(arg("projected", "256"));
const OVERFETCH = Number(arg("overfetch", "30"));
const MIN_CANDIDATES = Number(arg("min-candidates", "300"));
const MIN_EXACT = Number(arg("min-exact", "24"));
const ANN_THRESHOLD = Number(arg("ann-threshold", "1000"));


const BRANDS = ["Northwind", "Aurora Outfitters", "Pixel & Pine", "Tidewater Coffee", "Lumen Labs", "Fjord Bikes", "Saffron Kitchen", "Orbit Books", "Maple Health", "Cobalt Games", "Harbor Bank", "Juniper Florist"];
const PRODUCTS = ["sneakers", "running shoes", "espresso beans", "yoga mats", "headphones", "winter jackets", "cookbooks", "bike helmets", "skincare sets", "board games", "savings accounts", "bouquets", "laptops", "tea samplers", "backpacks", "sunglasses"];
const ANGLES = ["spring launch", "holiday gift guide", "loyalty rewards", "back to school", "flash sale", "new arrivals", "customer feedback", "webinar invitation", "weekly digest", "order update", "welcome series", "product comparison", "size guide", "store opening", "member survey", "trivia night"];
const FEATURES = ["hover states", "dark mode", "mobile first", "bulletproof buttons", "fallback content", "retina images", "progressive enhancement", "gmail fallback", "outlook conditional comments", "accessible labels", "live text", "css counters", "preheader", "view in browser link"];
const COMPLEXITY = ["beginner", "intermediate", "advanced"];

interface Synth {
  id: string;
  type: "html" | "amp" | "blog";
  metadata: Record<string, string | string[]>;
  text: string;
  html: string;
}

function pick<T>(r: () => number, xs: readonly T[]): T {
  return xs[Math.floor(r() * xs.length)];
}

function synthesise(n: number, seed: number): Synth[] {
  const r = rng(seed);
  const out: Synth[] = [];
  const t0 = Date.UTC(2026, 0, 1);
  for (let i = 0; i < n; i++) {
    const roll = r();
    const type = roll < 0.8 ? "html" : roll < 0.9 ? "amp" : "blog";
    const technique = type === "amp" ? "amp4email" : r() < 0.12 ? `${pick(r, TECHNIQUES.slice(0, 7))}+${pick(r, TECHNIQUES.slice(0, 7))}` : pick(r, TECHNIQUES.slice(0, 7));
    const brand = pick(r, BRANDS);
    const product = pick(r, PRODUCTS);
    const angle = pick(r, ANGLES);
    const purpose = pick(r, EMAIL_PURPOSES);
    const complexity = pick(r, COMPLEXITY);
    const features = [pick(r, FEATURES), pick(r, FEATURES), pick(r, FEATURES)];
    const id = makeDocId(type, t0 + i * 60_000, r);
    const description = `${brand} ${angle} email featuring ${product} with ${features[0]} and ${features[1]}`;
    const submittedAt = new Date(t0 + i * 60_000).toISOString();
    let metadata: Record<string, string | string[]>;
    if (type === "blog") {
      metadata = { type, doc_id: id, submittedAt, contentFocus: "general", blogTitle: `How ${brand} uses ${technique}`, blogTopic: angle, learningLevel: complexity, techniquesCovered: technique.split("+"), keyTakeaways: description };
    } else if (type === "amp") {
      metadata = { type, doc_id: id, submittedAt, description, technique, complexity, htmlType: "complete", ampComponents: ["amp-carousel", "amp-form"], ampValidator: "pass" };
    } else {
      metadata = { type, doc_id: id, submittedAt, description, technique, complexity, htmlType: "complete", emailPurpose: purpose, exampleType: r() < 0.1 ? "negative" : "positive", keyFeatures: features, bestPracticeTags: [pick(r, FEATURES)] };
    }
    const text = buildEmbeddingText(metadata as never);
    const html = `<!DOCTYPE html><html><body class="body"><div class="kx-module" data-kx-technique="${technique}">${`<p>${description}</p>`.repeat(20)}</div></body></html>`;
    out.push({ id, type, metadata, text, html });
  }
  return out;
}

function prompts(n: number, seed: number): { prompt: string; technique: string | null; complexity: string }[] {
  const r = rng(seed);
  const verbs: Record<string, string> = {
    tabs: "a tabbed showcase", accordion: "an FAQ accordion", carousel: "an image carousel", survey: "a quick feedback survey",
    quiz: "a product finder quiz", menu: "a hamburger navigation menu", itemCart: "a tap-to-add cart", amp4email: "an AMP email with a live form",
  };
  return Array.from({ length: n }, () => {
    const t = pick(r, TECHNIQUES);
    return {
      prompt: `${verbs[t]} for ${pick(r, BRANDS)}'s ${pick(r, ANGLES)} of ${pick(r, PRODUCTS)}`,
      technique: r() < 0.9 ? t : null,
      complexity: pick(r, COMPLEXITY),
    };
  });
}

async function load(client: Client, docs: Synth[]): Promise<void> {
  for (let i = 0; i < docs.length; i += 250) {
    const part = docs.slice(i, i + 250);
    const stmts = part.flatMap((d) => {
      const v = embedLocal(d.text);
      return [
        {
          sql: "INSERT INTO rag_documents (id, type, html, metadata, embedding_text, chars) VALUES (?, ?, ?, ?, ?, ?)",
          args: [d.id, d.type, d.html, JSON.stringify(d.metadata), d.text, d.html.length],
        },
        {
          sql: "INSERT INTO rag_vectors (doc_id, embedding, metadata, type, technique, example_type, submitted_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
          args: [d.id, float32ToBytes(v), JSON.stringify(d.metadata), d.type, (d.metadata.technique as string) ?? null, (d.metadata.exampleType as string) ?? null, d.metadata.submittedAt as string],
        },
      ];
    });
    await client.batch(stmts, "write");
  }
}


async function benchSize(n: number): Promise<Record<string, unknown>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kinetic-bench-retrieval-"));
  const client = createClient({ url: `file:${path.join(dir, "bench.db")}` });
  try {
    await client.execute("PRAGMA journal_mode=WAL");
    if (process.argv.includes("--big-cache")) await client.execute("PRAGMA cache_size=-262144");
    await migrate(client);
    const tSynth = performance.now();
    const docs = synthesise(n, 42 + n);
    await load(client, docs);
    const loadMs = performance.now() - tSynth;

    const index: LibsqlVectorIndex = createLibsqlVectorIndex({ client, annThreshold: ANN_THRESHOLD, projectedDims: PROJECTED, overfetch: OVERFETCH, minCandidates: MIN_CANDIDATES, minExact: MIN_EXACT });
    const exact = createLibsqlVectorIndex({ client, annThreshold: Number.POSITIVE_INFINITY });
    const tWarm = performance.now();
    const warmed = await index.warm();
    if (!warmed.ok) throw new Error(warmed.error);
    const warmMs = performance.now() - tWarm;

    const embedder = createLocalEmbedder();
    const rewrite = createLocalRewriteEngine();
    const rerank = createLocalRerankEngine();
    const fetchDocuments = async (ids: string[]) => {
      if (ids.length === 0) return { ok: true as const, value: new Map<string, { html: string }>() };
      const r = await client.execute({ sql: `SELECT id, html, metadata, embedding_text FROM rag_documents WHERE id IN (${ids.map(() => "?").join(",")})`, args: ids });
      return { ok: true as const, value: new Map(r.rows.map((row) => [String(row.id), { html: String(row.html) }])) };
    };
    const deps = {
      rewrite: (i: Parameters<typeof rewrite.rewrite>[0]) => rewrite.rewrite(i),
      embed: (t: string[]) => embedder.embed(t),
      query: (q: Parameters<typeof index.query>[0]) => index.query(q).then((r) => r),
      rerank: (i: Parameters<typeof rerank.rerank>[0]) => rerank.rerank(i),
      fetchDocuments,
      clock: () => performance.now(),
    };

    const ps = prompts(QUERIES, 7 + n);
    // Warm-up: JIT and SQLite page cache, not measured.
    for (const p of ps.slice(0, 5)) await runRetrieval(deps, p);

    const times: number[] = [];
    const cpuTimes: number[] = [];
    const examplesCounts: number[] = [];
    const stepTotals: Record<string, number> = {};
    for (const p of ps) {
      const t = performance.now();
      const cpu = process.cpuUsage();
      const out = await runRetrieval(deps, p);
      times.push(performance.now() - t);
      const used = process.cpuUsage(cpu);
      cpuTimes.push((used.user + used.system) / 1000);
      if (!out.ok) throw new Error(`${out.stage}: ${out.error}`);
      examplesCounts.push(out.examples.length);
      for (const [k, v] of Object.entries(out.trace.timingsMs)) stepTotals[k] = (stepTotals[k] ?? 0) + (v ?? 0);
    }

    // Recall@7 of the ANN path against exact cosine, for both query shapes of step 4.
    let hit = 0;
    let total = 0;
    for (const p of ps) {
      const q = await rewrite.rewrite(p);
      if (!q.ok) continue;
      const vector = embedLocal(q.query);
      for (const filter of [undefined, p.technique ? { technique: p.technique } : undefined]) {
        if (filter === undefined && total > 0 && !p.technique) continue;
        const a = await index.query({ vector, topK: 7, filter });
        const e = await exact.query({ vector, topK: 7, filter });
        if (!a.ok || !e.ok) throw new Error("query failed");
        const want = new Set(e.value.map((m) => m.id));
        hit += a.value.filter((m) => want.has(m.id)).length;
        total += want.size;
      }
    }

    const exactTimes: number[] = [];
    for (const p of ps.slice(0, 10)) {
      const vector = embedLocal((await rewrite.rewrite(p)).ok ? ((await rewrite.rewrite(p)) as { query: string }).query : p.prompt);
      const t = performance.now();
      await exact.query({ vector, topK: 15 });
      exactTimes.push(performance.now() - t);
    }

    return {
      bench: "retrieval",
      docs: n,
      p50_ms: Number(percentile(times, 50).toFixed(2)),
      p95_ms: Number(percentile(times, 95).toFixed(2)),
      p50_cpu_ms: Number(percentile(cpuTimes, 50).toFixed(2)),
      p95_cpu_ms: Number(percentile(cpuTimes, 95).toFixed(2)),
      recall_at_7: Number((total ? hit / total : 1).toFixed(4)),
      path: index.lastQueryPath(),
      exact_query_p50_ms: Number(percentile(exactTimes, 50).toFixed(2)),
      avg_examples: Number((examplesCounts.reduce((a, b) => a + b, 0) / examplesCounts.length).toFixed(2)),
      queries: ps.length,
      mean_step_ms: Object.fromEntries(Object.entries(stepTotals).map(([k, v]) => [k, Number((v / ps.length).toFixed(2))])),
      load_s: Number((loadMs / 1000).toFixed(1)),
      ann_build_ms: Math.round(warmMs),
      projected_dims: PROJECTED,
      candidates: Math.max(MIN_CANDIDATES, 15 * OVERFETCH),
      exact_reranked: Math.max(MIN_EXACT, 15 * 2),
      load_avg_1m: Number(os.loadavg()[0].toFixed(2)),
    };
  } finally {
    client.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  for (const n of SIZES) console.log(JSON.stringify(await benchSize(n)));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
