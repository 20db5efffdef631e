// Synthetic library and prompts for the retrieval benchmark: deterministic (seeded), so every run
// and every size sees the same kind of data.
import { buildEmbeddingText } from "../../../app/domain/retrieval/embedding-text";
import { makeDocId } from "../../../app/domain/retrieval/doc-id";
import { TECHNIQUES, EMAIL_PURPOSES } from "../../../app/domain/retrieval/techniques";
import { rng } from "./stats";

export const BRANDS = [
  "Northwind",
  "Aurora Outfitters",
  "Pixel & Pine",
  "Tidewater Coffee",
  "Lumen Labs",
  "Fjord Bikes",
  "Saffron Kitchen",
  "Orbit Books",
  "Maple Health",
  "Cobalt Games",
  "Harbor Bank",
  "Juniper Florist",
];
const PRODUCTS = [
  "sneakers",
  "running shoes",
  "espresso beans",
  "yoga mats",
  "headphones",
  "winter jackets",
  "cookbooks",
  "bike helmets",
  "skincare sets",
  "board games",
  "savings accounts",
  "bouquets",
  "laptops",
  "tea samplers",
  "backpacks",
  "sunglasses",
];
export const ANGLES = [
  "spring launch",
  "holiday gift guide",
  "loyalty rewards",
  "back to school",
  "flash sale",
  "new arrivals",
  "customer feedback",
  "webinar invitation",
  "weekly digest",
  "order update",
  "welcome series",
  "product comparison",
  "size guide",
  "store opening",
  "member survey",
  "trivia night",
];
export const FEATURES = [
  "hover states",
  "dark mode",
  "mobile first",
  "bulletproof buttons",
  "fallback content",
  "retina images",
  "progressive enhancement",
  "gmail fallback",
  "outlook conditional comments",
  "accessible labels",
  "live text",
  "css counters",
  "preheader",
  "view in browser link",
];
const COMPLEXITY = ["beginner", "intermediate", "advanced"];

export interface Synth {
  id: string;
  type: "html" | "amp" | "blog";
  metadata: Record<string, string | string[]>;
  text: string;
  html: string;
}

function pick<T>(r: () => number, xs: readonly T[]): T {
  return xs[Math.floor(r() * xs.length)];
}

export function synthesise(n: number, seed: number): Synth[] {
  const r = rng(seed);
  const out: Synth[] = [];
  const t0 = Date.UTC(2026, 0, 1);
  for (let i = 0; i < n; i++) {
    const roll = r();
    const type = roll < 0.8 ? "html" : roll < 0.9 ? "amp" : "blog";
    const technique =
      type === "amp"
        ? "amp4email"
        : r() < 0.12
          ? `${pick(r, TECHNIQUES.slice(0, 7))}+${pick(r, TECHNIQUES.slice(0, 7))}`
          : pick(r, TECHNIQUES.slice(0, 7));
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
      metadata = {
        type,
        doc_id: id,
        submittedAt,
        contentFocus: "general",
        blogTitle: `How ${brand} uses ${technique}`,
        blogTopic: angle,
        learningLevel: complexity,
        techniquesCovered: technique.split("+"),
        keyTakeaways: description,
      };
    } else if (type === "amp") {
      metadata = {
        type,
        doc_id: id,
        submittedAt,
        description,
        technique,
        complexity,
        htmlType: "complete",
        ampComponents: ["amp-carousel", "amp-form"],
        ampValidator: "pass",
      };
    } else {
      metadata = {
        type,
        doc_id: id,
        submittedAt,
        description,
        technique,
        complexity,
        htmlType: "complete",
        emailPurpose: purpose,
        exampleType: r() < 0.1 ? "negative" : "positive",
        keyFeatures: features,
        bestPracticeTags: [pick(r, FEATURES)],
      };
    }
    const text = buildEmbeddingText(metadata as never);
    const html = `<!DOCTYPE html><html><body class="body"><div class="kx-module" data-kx-technique="${technique}">${`<p>${description}</p>`.repeat(20)}</div></body></html>`;
    out.push({ id, type, metadata, text, html });
  }
  return out;
}

export function prompts(n: number, seed: number): { prompt: string; technique: string | null; complexity: string }[] {
  const r = rng(seed);
  const verbs: Record<string, string> = {
    tabs: "a tabbed showcase",
    accordion: "an FAQ accordion",
    carousel: "an image carousel",
    survey: "a quick feedback survey",
    quiz: "a product finder quiz",
    menu: "a hamburger navigation menu",
    itemCart: "a tap-to-add cart",
    amp4email: "an AMP email with a live form",
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

/**
 * Vectors for a large synthetic library without embedding every document (the local embedder
 * costs ~2 ms a document: 100k documents would take minutes). The first `pool` documents are
 * embedded; every later document is a blend of two pool embeddings, mostly one that shares its
 * technique: v = normalise((1 − w)·E[j] + w·E[k]), w in [0.15, 0.45). The library gets denser in
 * near-duplicates as it grows, which is the hard case for an approximate index. A recipe keeps
 * exact cosine against any query cheap: q·v = ((1 − w)·q·E[j] + w·q·E[k]) / |…|.
 */
export interface VectorRecipe {
  j: number;
  k: number;
  w: number;
  /** 1 / |(1 − w)·E[j] + w·E[k]| */
  inv: number;
}

export interface LibraryVectors {
  pool: Float32Array[];
  /** Per document: its pool index (number) for the first `pool.length`, a recipe after. */
  recipes: (number | VectorRecipe)[];
}

function dot(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}

function techniqueKey(d: Synth): string {
  const t = d.metadata.technique ?? d.metadata.techniquesCovered;
  return `${d.type}:${Array.isArray(t) ? t.join("+") : t}`;
}

export function libraryVectors(docs: Synth[], poolSize: number, embed: (text: string) => Float32Array, seed: number): LibraryVectors {
  const r = rng(seed);
  const pool: Float32Array[] = [];
  const recipes: (number | VectorRecipe)[] = [];
  const byKey = new Map<string, number[]>();
  for (let i = 0; i < docs.length; i++) {
    const d = docs[i];
    if (i < poolSize) {
      pool.push(embed(d.text));
      recipes.push(i);
      const key = techniqueKey(d);
      byKey.set(key, [...(byKey.get(key) ?? []), i]);
      continue;
    }
    const same = byKey.get(techniqueKey(d));
    const j = same && same.length ? same[Math.floor(r() * same.length)] : Math.floor(r() * pool.length);
    const k = Math.floor(r() * pool.length);
    const w = 0.15 + 0.3 * r();
    const a = 1 - w;
    const n2 = a * a + w * w + 2 * a * w * dot(pool[j], pool[k]);
    recipes.push({ j, k, w, inv: n2 > 0 ? 1 / Math.sqrt(n2) : 0 });
  }
  return { pool, recipes };
}

/** The float32 vector of document `i`, as stored. */
export function vectorOf(lib: LibraryVectors, i: number): Float32Array {
  const rec = lib.recipes[i];
  if (typeof rec === "number") return lib.pool[rec];
  const a = lib.pool[rec.j];
  const b = lib.pool[rec.k];
  const out = new Float32Array(a.length);
  for (let x = 0; x < a.length; x++) out[x] = ((1 - rec.w) * a[x] + rec.w * b[x]) * rec.inv;
  return out;
}

/**
 * Exact cosine of `q` against the first `n` documents, from the recipes: one pass over the pool,
 * then O(1) a document. `q` need not be unit length.
 */
export function exactScores(lib: LibraryVectors, q: Float32Array, n: number): Float64Array {
  const qn = Math.sqrt(dot(q, q)) || 1;
  const poolDots = lib.pool.map((p) => dot(q, p) / qn);
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const rec = lib.recipes[i];
    out[i] = typeof rec === "number" ? poolDots[rec] : ((1 - rec.w) * poolDots[rec.j] + rec.w * poolDots[rec.k]) * rec.inv;
  }
  return out;
}
