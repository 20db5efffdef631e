import type { StoredMetadata } from "~/domain/retrieval/metadata";

export type IndexResult<T> = { ok: true; value: T } | { ok: false; error: string };

export interface IndexItem {
  id: string;
  vector: Float32Array;
  metadata: StoredMetadata;
}

export interface IndexFilter {
  /** One type or any of several (`html`, `amp`, `blog`). */
  type?: string | string[];
  technique?: string;
  exampleType?: string;
}

export interface IndexQuery {
  vector: Float32Array;
  topK: number;
  filter?: IndexFilter;
}

export interface IndexMatch {
  id: string;
  /** Cosine similarity. */
  score: number;
  metadata: StoredMetadata;
}

export interface IndexRecord {
  id: string;
  metadata: StoredMetadata;
}

export interface IndexStats {
  count: number;
  dimension: number;
}

/**
 * The vector side of the library. Failures are values so the caller can answer 502/503 with a
 * clear message and roll back its relational write.
 */
export interface VectorIndex {
  readonly name: string;
  upsert(items: IndexItem[]): Promise<IndexResult<{ upserted: number }>>;
  query(q: IndexQuery): Promise<IndexResult<IndexMatch[]>>;
  /** Records that exist; unknown ids are simply absent. */
  fetch(ids: string[]): Promise<IndexResult<IndexRecord[]>>;
  delete(ids: string[]): Promise<IndexResult<{ deleted: number }>>;
  /** Every id in the index (no topK cap), paginated internally. */
  listIds(): Promise<IndexResult<string[]>>;
  stats(): Promise<IndexResult<IndexStats>>;
}

/** Filter semantics shared by every adapter (and by the in-memory candidate index). */
export function matchesFilter(metadata: StoredMetadata, filter: IndexFilter | undefined): boolean {
  if (!filter) return true;
  if (filter.type !== undefined) {
    const types = Array.isArray(filter.type) ? filter.type : [filter.type];
    if (!types.includes(String(metadata.type ?? ""))) return false;
  }
  if (filter.technique !== undefined && metadata.technique !== filter.technique) return false;
  if (filter.exampleType !== undefined && metadata.exampleType !== filter.exampleType) return false;
  return true;
}

/** `fetch` answers in the order the ids were asked for, whatever order the store returns. */
export function inRequestedOrder(ids: string[], records: IndexRecord[]): IndexRecord[] {
  const order = new Map(ids.map((id, i) => [id, i]));
  return records.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
}
