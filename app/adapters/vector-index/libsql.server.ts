import type { Client, InArgs, InValue } from "@libsql/client";
import type { StoredMetadata } from "~/domain/retrieval/metadata";
import { float32View } from "~/domain/retrieval/vectors";
import { EMBEDDING_DIMENSIONS } from "~/adapters/embeddings/port";
import { Int8VectorStore, type SlotKeys } from "./int8-store";
import {
  inRequestedOrder,
  matchesFilter,
  type IndexFilter,
  type IndexItem,
  type IndexMatch,
  type IndexQuery,
  type IndexRecord,
  type IndexResult,
  type IndexStats,
  type VectorIndex,
} from "./port";

// Vectors live in `rag_vectors` of the application database (docs/architecture.md "Ports and their defaults"). Small libraries are
// answered by exact cosine in SQL. From `annThreshold` rows on, an in-process int8 copy of every
// vector (int8-store.ts) is scanned in full and SQL re-ranks the best few dozen by exact cosine;
// ADR 015 (which replaces ADR 010's projected index) has the measurements behind that choice.

export interface LibsqlIndexOptions {
  client: Client;
  dimensions?: number;
  /** Row count from which queries use the in-memory int8 scan ("ann" path). 0 = always, Infinity = never. */
  annThreshold?: number;
  /** Best of the int8 scan re-ranked by exact cosine in SQL: max(minExact, topK × exactFactor). */
  exactFactor?: number;
  minExact?: number;
  /** Injected for tests; defaults to the wall clock. */
  now?: () => Date;
}

export interface LibsqlVectorIndex extends VectorIndex {
  /** Builds the in-memory int8 copy now instead of on the first large query (bench, startup). */
  warm(): Promise<IndexResult<{ size: number }>>;
  /** Bytes the in-memory copy holds (0 before it is built), for the bench. */
  memoryBytes(): number;
  /** Which path the last query took, for logs and tests. */
  lastQueryPath(): "exact" | "ann" | null;
}

const TABLE = "rag_vectors";
const PAGE = 1000;
const IN_CHUNK = 500;

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

function fail<T>(op: string, e: unknown): IndexResult<T> {
  return { ok: false, error: `vector index (libsql) ${op} failed: ${errorText(e)}` };
}

function vectorArg(v: Float32Array): Uint8Array {
  return new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
}

function keysOf(meta: StoredMetadata): SlotKeys {
  const s = (v: unknown) => (typeof v === "string" ? v : null);
  return { type: s(meta.type) ?? "", technique: s(meta.technique), exampleType: s(meta.exampleType) };
}

function parseMetadata(text: unknown): StoredMetadata {
  if (typeof text !== "string") return {};
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === "object" && !Array.isArray(v) ? (v as StoredMetadata) : {};
  } catch {
    return {};
  }
}

function filterSql(filter: IndexFilter | undefined): { where: string; args: InValue[] } {
  const clauses: string[] = [];
  const args: InValue[] = [];
  if (filter?.type !== undefined) {
    const types = Array.isArray(filter.type) ? filter.type : [filter.type];
    if (types.length === 0) clauses.push("0");
    else {
      clauses.push(`type IN (${types.map(() => "?").join(", ")})`);
      args.push(...types);
    }
  }
  if (filter?.technique !== undefined) {
    clauses.push("technique = ?");
    args.push(filter.technique);
  }
  if (filter?.exampleType !== undefined) {
    clauses.push("example_type = ?");
    args.push(filter.exampleType);
  }
  return { where: clauses.length ? `WHERE ${clauses.join(" AND ")}` : "", args };
}

function chunks<T>(xs: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += size) out.push(xs.slice(i, i + size));
  return out;
}

export function createLibsqlVectorIndex(options: LibsqlIndexOptions): LibsqlVectorIndex {
  const { client } = options;
  const dims = options.dimensions ?? EMBEDDING_DIMENSIONS;
  const annThreshold = options.annThreshold ?? 1000;
  const exactFactor = options.exactFactor ?? 3;
  const minExact = options.minExact ?? 32;
  const now = options.now ?? (() => new Date());

  let ann: Int8VectorStore | null = null;
  let building: Promise<IndexResult<{ size: number }>> | null = null;
  /** PRAGMA data_version when the index was built or the rows counted; it changes when another connection commits. */
  let builtAtVersion: number | null = null;
  let rowCount: number | null = null;
  let lastPath: "exact" | "ann" | null = null;
  /**
   * Writes made by this adapter while a build is paging through the table: the build's cursor may
   * already be past their ids, so they are replayed onto the fresh index when it completes.
   */
  let writesDuringBuild: ({ set: IndexItem } | { del: string })[] | null = null;

  function checkVector(v: Float32Array): string | null {
    if (!(v instanceof Float32Array)) return "vector must be a Float32Array";
    if (v.length !== dims) return `vector has ${v.length} dimensions, index expects ${dims}`;
    for (let i = 0; i < v.length; i++) if (!Number.isFinite(v[i])) return "vector contains a non-finite value";
    return null;
  }

  async function dataVersion(): Promise<number | null> {
    try {
      const r = await client.execute("PRAGMA data_version");
      const v = r.rows[0]?.[0];
      return typeof v === "number" || typeof v === "bigint" ? Number(v) : null;
    } catch {
      return null;
    }
  }

  async function countRows(): Promise<number> {
    const r = await client.execute(`SELECT count(*) FROM ${TABLE}`);
    return Number(r.rows[0]?.[0] ?? 0);
  }

  async function build(): Promise<IndexResult<{ size: number }>> {
    try {
      writesDuringBuild = [];
      const version = await dataVersion();
      // Sized to the table, so a large library does not grow (and copy) its way up.
      const fresh = new Int8VectorStore(dims, Math.max(1024, await countRows()));
      let after = "";
      for (;;) {
        const r = await client.execute({
          sql: `SELECT doc_id, embedding, type, technique, example_type FROM ${TABLE} WHERE doc_id > ? ORDER BY doc_id LIMIT ?`,
          args: [after, PAGE],
        });
        for (const row of r.rows) {
          const blob = row.embedding;
          if (!(blob instanceof ArrayBuffer)) continue;
          // Read in place: the store quantises it at once and keeps no reference.
          const vector = float32View(blob);
          // A row of another width (a table shared with a differently configured index) cannot
          // be scored against this index's queries; the SQL path would reject it the same way.
          if (vector.length !== dims) continue;
          fresh.set(String(row.doc_id), vector, {
            type: String(row.type ?? ""),
            technique: row.technique == null ? null : String(row.technique),
            exampleType: row.example_type == null ? null : String(row.example_type),
          });
        }
        if (r.rows.length < PAGE) break;
        after = String(r.rows[r.rows.length - 1].doc_id);
      }
      for (const w of writesDuringBuild) {
        if ("set" in w) fresh.set(w.set.id, w.set.vector, keysOf(w.set.metadata));
        else fresh.delete(w.del);
      }
      writesDuringBuild = null;
      ann = fresh;
      builtAtVersion = version;
      rowCount = fresh.size;
      return { ok: true, value: { size: fresh.size } };
    } catch (e) {
      writesDuringBuild = null;
      return fail("build", e);
    }
  }

  function ensureBuilt(): Promise<IndexResult<{ size: number }>> {
    if (!building) building = build().finally(() => (building = null));
    return building;
  }

  /**
   * Drops the candidate index (and the cached row count that decides the path) when another
   * connection has written since they were taken.
   */
  async function dropIfStale(): Promise<void> {
    if (!ann && rowCount === null) return;
    const v = await dataVersion();
    if (v !== null && builtAtVersion !== null && v !== builtAtVersion) {
      ann = null;
      rowCount = null;
    }
  }

  async function exactQuery(q: IndexQuery): Promise<IndexMatch[]> {
    const f = filterSql(q.filter);
    const r = await client.execute({
      sql: `SELECT doc_id, metadata, d FROM (SELECT doc_id, metadata, vector_distance_cos(embedding, vector32(?)) AS d FROM ${TABLE} ${f.where}) ORDER BY d ASC, doc_id ASC LIMIT ?`,
      args: [vectorArg(q.vector), ...f.args, q.topK] as InArgs,
    });
    return r.rows.map((row) => ({
      id: String(row.doc_id),
      score: 1 - Number(row.d),
      metadata: parseMetadata(row.metadata),
    }));
  }

  async function rerankExact(vector: Float32Array, ids: string[], topK: number): Promise<IndexMatch[]> {
    if (ids.length === 0) return [];
    const placeholders = ids.map(() => "?").join(", ");
    const r = await client.execute({
      sql: `SELECT doc_id, metadata, vector_distance_cos(embedding, vector32(?)) AS d FROM ${TABLE} WHERE doc_id IN (${placeholders})`,
      args: [vectorArg(vector), ...ids] as InArgs,
    });
    return r.rows
      .map((row) => ({ id: String(row.doc_id), score: 1 - Number(row.d), metadata: parseMetadata(row.metadata) }))
      .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .slice(0, topK);
  }

  return {
    name: "libsql",

    async upsert(items) {
      for (const it of items) {
        const bad = checkVector(it.vector);
        if (bad) return { ok: false, error: `vector index (libsql) upsert rejected ${it.id}: ${bad}` };
        if (!it.id) return { ok: false, error: "vector index (libsql) upsert rejected an empty id" };
      }
      if (items.length === 0) return { ok: true, value: { upserted: 0 } };
      try {
        await client.batch(
          items.map((it) => {
            const k = keysOf(it.metadata);
            const submitted = typeof it.metadata.submittedAt === "string" ? it.metadata.submittedAt : now().toISOString();
            return {
              sql: `INSERT INTO ${TABLE} (doc_id, embedding, metadata, type, technique, example_type, submitted_at)
                    VALUES (?, vector32(?), ?, ?, ?, ?, ?)
                    ON CONFLICT(doc_id) DO UPDATE SET embedding = excluded.embedding, metadata = excluded.metadata,
                      type = excluded.type, technique = excluded.technique, example_type = excluded.example_type,
                      submitted_at = excluded.submitted_at`,
              args: [it.id, vectorArg(it.vector), JSON.stringify(it.metadata), k.type, k.technique, k.exampleType, submitted],
            };
          }),
          "write",
        );
      } catch (e) {
        return fail("upsert", e);
      }
      if (ann) {
        try {
          for (const it of items) ann.set(it.id, it.vector, keysOf(it.metadata));
        } catch {
          // Out of memory for the copy: the rows are written, so drop the copy; the next large
          // query rebuilds it or reports why it cannot.
          ann = null;
          rowCount = null;
          return { ok: true, value: { upserted: items.length } };
        }
        // No data_version refresh: this connection's own commits do not change it, and re-reading
        // here could hide a write another process made in between.
        rowCount = ann.size;
      } else {
        for (const it of items) writesDuringBuild?.push({ set: it });
        rowCount = null;
      }
      return { ok: true, value: { upserted: items.length } };
    },

    async query(q) {
      const bad = checkVector(q.vector);
      if (bad) return { ok: false, error: `vector index (libsql) query rejected: ${bad}` };
      const topK = Math.max(0, Math.floor(q.topK));
      if (topK === 0) return { ok: true, value: [] };
      try {
        await dropIfStale();
        if (!ann) {
          if (rowCount === null) {
            builtAtVersion = await dataVersion();
            rowCount = await countRows();
          }
          if (rowCount >= annThreshold && rowCount > 0) {
            const built = await ensureBuilt();
            if (!built.ok) return built;
          }
        }
        if (ann && ann.size >= annThreshold) {
          lastPath = "ann";
          const filter = q.filter;
          const types = filter?.type === undefined ? null : Array.isArray(filter.type) ? filter.type : [filter.type];
          const accept = filter
            ? (keys: SlotKeys) =>
                (types === null || types.includes(keys.type)) &&
                (filter.technique === undefined || keys.technique === filter.technique) &&
                (filter.exampleType === undefined || keys.exampleType === filter.exampleType)
            : undefined;
          const best = ann.search(q.vector, Math.max(minExact, topK * exactFactor), accept);
          return {
            ok: true,
            value: await rerankExact(
              q.vector,
              best.map((b) => b.id),
              topK,
            ),
          };
        }
        lastPath = "exact";
        return { ok: true, value: await exactQuery({ ...q, topK }) };
      } catch (e) {
        return fail("query", e);
      }
    },

    async fetch(ids) {
      try {
        const out: IndexRecord[] = [];
        for (const part of chunks([...new Set(ids)], IN_CHUNK)) {
          const r = await client.execute({
            sql: `SELECT doc_id, metadata FROM ${TABLE} WHERE doc_id IN (${part.map(() => "?").join(", ")})`,
            args: part,
          });
          for (const row of r.rows) out.push({ id: String(row.doc_id), metadata: parseMetadata(row.metadata) });
        }
        return { ok: true, value: inRequestedOrder(ids, out) };
      } catch (e) {
        return fail("fetch", e);
      }
    },

    async delete(ids) {
      try {
        let deleted = 0;
        for (const part of chunks([...new Set(ids)], IN_CHUNK)) {
          const r = await client.execute({
            sql: `DELETE FROM ${TABLE} WHERE doc_id IN (${part.map(() => "?").join(", ")})`,
            args: part,
          });
          deleted += r.rowsAffected;
        }
        if (ann) {
          for (const id of ids) ann.delete(id);
          rowCount = ann.size;
        } else {
          for (const id of ids) writesDuringBuild?.push({ del: id });
          rowCount = null;
        }
        return { ok: true, value: { deleted } };
      } catch (e) {
        return fail("delete", e);
      }
    },

    async listIds() {
      try {
        const out: string[] = [];
        let after = "";
        for (;;) {
          const r = await client.execute({
            sql: `SELECT doc_id FROM ${TABLE} WHERE doc_id > ? ORDER BY doc_id LIMIT ?`,
            args: [after, PAGE],
          });
          for (const row of r.rows) out.push(String(row.doc_id));
          if (r.rows.length < PAGE) break;
          after = out[out.length - 1];
        }
        return { ok: true, value: out };
      } catch (e) {
        return fail("list", e);
      }
    },

    async stats(): Promise<IndexResult<IndexStats>> {
      try {
        return { ok: true, value: { count: await countRows(), dimension: dims } };
      } catch (e) {
        return fail("stats", e);
      }
    },

    async warm() {
      await dropIfStale();
      if (ann) return { ok: true, value: { size: ann.size } };
      return ensureBuilt();
    },

    lastQueryPath: () => lastPath,

    memoryBytes: () => ann?.memoryBytes() ?? 0,
  };
}

// Re-exported so callers filtering in memory use exactly the adapter's semantics.
export { matchesFilter };
