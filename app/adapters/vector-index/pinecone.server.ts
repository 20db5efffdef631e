import type { Index, RecordMetadata } from "@pinecone-database/pinecone";
import type { StoredMetadata } from "~/domain/retrieval/metadata";
import { EMBEDDING_DIMENSIONS } from "~/adapters/embeddings/port";
import {
  inRequestedOrder,
  type IndexFilter,
  type IndexMatch,
  type IndexRecord,
  type IndexResult,
  type IndexStats,
  type VectorIndex,
} from "./port";

export interface PineconeIndexConfig {
  apiKey: string;
  /** Data-plane host of the index (from the console or describeIndex), e.g. https://kinetic-abc.svc…pinecone.io. */
  indexHost: string;
  namespace?: string;
  dimensions?: number;
  /** SDK retries on 5xx/network failures; 0 answers an outage at once. */
  maxRetries?: number;
}

// Pinecone limits per request: upsert ≤ 1000 vectors (and 2 MB; 3072 floats ≈ 30 KB of JSON, so
// 50 per request), delete ≤ 1000 ids, fetch: ids travel in the query string, so small batches.
const UPSERT_BATCH = 50;
const DELETE_BATCH = 1000;
const FETCH_BATCH = 100;
const LIST_PAGE = 100;

function errorText(e: unknown): string {
  const msg = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  return msg.length > 300 ? `${msg.slice(0, 300)}…` : msg;
}

function fail<T>(op: string, e: unknown): IndexResult<T> {
  return { ok: false, error: `vector index (pinecone) ${op} failed: ${errorText(e)}` };
}

/** Pinecone metadata values are strings, numbers, booleans or string lists; nulls are dropped. */
function toPineconeMetadata(meta: StoredMetadata): RecordMetadata {
  const out: RecordMetadata = {};
  for (const [k, v] of Object.entries(meta)) {
    if (v === null || v === undefined) continue;
    out[k] = v;
  }
  return out;
}

function fromPineconeMetadata(meta: RecordMetadata | undefined): StoredMetadata {
  return meta ? { ...(meta as StoredMetadata) } : {};
}

/** The port's filter in Pinecone's metadata filter language. */
export function toPineconeFilter(filter: IndexFilter | undefined): object | undefined {
  if (!filter) return undefined;
  const clauses: object[] = [];
  if (filter.type !== undefined) {
    clauses.push(Array.isArray(filter.type) ? { type: { $in: filter.type } } : { type: { $eq: filter.type } });
  }
  if (filter.technique !== undefined) clauses.push({ technique: { $eq: filter.technique } });
  if (filter.exampleType !== undefined) clauses.push({ exampleType: { $eq: filter.exampleType } });
  if (clauses.length === 0) return undefined;
  return clauses.length === 1 ? clauses[0] : { $and: clauses };
}

export function createPineconeVectorIndex(config: PineconeIndexConfig): VectorIndex {
  const dims = config.dimensions ?? EMBEDDING_DIMENSIONS;
  const namespace = config.namespace ?? "";
  // The SDK is loaded at the first call, so a server on the libSQL index never loads it (start-up time).
  let opened: Promise<Index<RecordMetadata>> | undefined;
  const index = () =>
    (opened ??= import("@pinecone-database/pinecone").then(({ Pinecone }) =>
      new Pinecone({ apiKey: config.apiKey, maxRetries: config.maxRetries ?? 2 }).index({ host: config.indexHost, namespace }),
    ));

  function checkVector(v: Float32Array): string | null {
    if (v.length !== dims) return `vector has ${v.length} dimensions, index expects ${dims}`;
    for (let i = 0; i < v.length; i++) if (!Number.isFinite(v[i])) return "vector contains a non-finite value";
    return null;
  }

  return {
    name: "pinecone",

    async upsert(items) {
      for (const it of items) {
        const bad = checkVector(it.vector);
        if (bad) return { ok: false, error: `vector index (pinecone) upsert rejected ${it.id}: ${bad}` };
      }
      try {
        for (let i = 0; i < items.length; i += UPSERT_BATCH) {
          await (
            await index()
          ).upsert({
            records: items.slice(i, i + UPSERT_BATCH).map((it) => ({
              id: it.id,
              values: Array.from(it.vector),
              metadata: toPineconeMetadata(it.metadata),
            })),
          });
        }
        return { ok: true, value: { upserted: items.length } };
      } catch (e) {
        return fail("upsert", e);
      }
    },

    async query(q) {
      const bad = checkVector(q.vector);
      if (bad) return { ok: false, error: `vector index (pinecone) query rejected: ${bad}` };
      if (q.topK <= 0) return { ok: true, value: [] };
      try {
        const filter = toPineconeFilter(q.filter);
        const r = await (
          await index()
        ).query({
          vector: Array.from(q.vector),
          topK: Math.floor(q.topK),
          includeMetadata: true,
          includeValues: false,
          ...(filter ? { filter } : {}),
        });
        const matches: IndexMatch[] = (r.matches ?? []).map((m) => ({
          id: m.id,
          score: typeof m.score === "number" ? m.score : 0,
          metadata: fromPineconeMetadata(m.metadata),
        }));
        return { ok: true, value: matches };
      } catch (e) {
        return fail("query", e);
      }
    },

    async fetch(ids) {
      try {
        const out: IndexRecord[] = [];
        const unique = [...new Set(ids)];
        for (let i = 0; i < unique.length; i += FETCH_BATCH) {
          const r = await (await index()).fetch({ ids: unique.slice(i, i + FETCH_BATCH) });
          for (const rec of Object.values(r.records ?? {})) {
            out.push({ id: rec.id, metadata: fromPineconeMetadata(rec.metadata) });
          }
        }
        return { ok: true, value: inRequestedOrder(ids, out) };
      } catch (e) {
        return fail("fetch", e);
      }
    },

    async delete(ids) {
      try {
        const unique = [...new Set(ids)];
        for (let i = 0; i < unique.length; i += DELETE_BATCH) {
          await (await index()).deleteMany({ ids: unique.slice(i, i + DELETE_BATCH) });
        }
        // Pinecone does not report how many existed; deleting an unknown id is not an error.
        return { ok: true, value: { deleted: unique.length } };
      } catch (e) {
        return fail("delete", e);
      }
    },

    async listIds() {
      try {
        const out: string[] = [];
        let token: string | undefined;
        const seen = new Set<string>();
        do {
          const page = await (await index()).listPaginated({ limit: LIST_PAGE, ...(token ? { paginationToken: token } : {}) });
          for (const v of page.vectors ?? []) if (v.id) out.push(v.id);
          const next = page.pagination?.next;
          // A server that repeats a token would loop forever; stop and report instead.
          if (next && seen.has(next)) return { ok: false, error: "vector index (pinecone) list failed: pagination token repeated" };
          if (next) seen.add(next);
          token = next || undefined;
        } while (token);
        return { ok: true, value: out };
      } catch (e) {
        return fail("list", e);
      }
    },

    async stats(): Promise<IndexResult<IndexStats>> {
      try {
        const s = await (await index()).describeIndexStats();
        const ns = s.namespaces?.[namespace];
        const count = namespace ? (ns?.recordCount ?? 0) : (s.totalRecordCount ?? ns?.recordCount ?? 0);
        return { ok: true, value: { count, dimension: s.dimension ?? dims } };
      } catch (e) {
        return fail("stats", e);
      }
    },
  };
}
