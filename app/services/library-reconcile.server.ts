// Drift between the library's two stores (rows and vectors): found, and repaired on request
// (npm run library:reconcile).
import type { AppContext } from "~/composition/app.server";
import type { VectorMetadata } from "~/domain/retrieval/metadata";
import { listDocumentSummaries, replaceDocument } from "~/models/rag-documents.server";
import { upsertRow, vectorMetadataOf, type StoredDocumentMetadata } from "./library.server";
import { failure, type ServiceResult } from "./result";
import { fetchRecords } from "./library-views.server";

export interface ReconcileReport {
  rows: number;
  vectors: number;
  /** Rows whose vector is missing from the index. */
  missingVectors: string[];
  /** Vectors whose row is gone. */
  orphanVectors: string[];
  /** Both exist, but the index metadata is not what the row says (or the row was embedded by another model). */
  mismatched: { id: string; fields: string[] }[];
  repaired?: { reembedded: number; deleted: number; failed: { id: string; error: string }[] };
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

const REPAIR_BATCH = 50;

export async function reconcileLibrary(
  app: AppContext,
  opts: { repair?: boolean; onProgress?: (done: number, total: number) => void } = {},
): Promise<ServiceResult<{ report: ReconcileReport }>> {
  const { db } = app.database;
  const adapters = app.adapters;
  const rows = await listDocumentSummaries(db);
  const ids = await adapters.vectorIndex.listIds();
  if (!ids.ok) return failure(503, `Vector index unavailable: ${ids.error}`);
  const inIndex = new Set(ids.value);
  const byId = new Map(rows.map((r) => [r.id, r]));

  const report: ReconcileReport = {
    rows: rows.length,
    vectors: inIndex.size,
    missingVectors: rows.filter((r) => !inIndex.has(r.id)).map((r) => r.id),
    orphanVectors: ids.value.filter((id) => !byId.has(id)).sort(),
    mismatched: [],
  };
  const common = rows.filter((r) => inIndex.has(r.id)).map((r) => r.id);
  const fetched = await fetchRecords(adapters.vectorIndex, common);
  if (!fetched.ok) return fetched;
  for (const rec of fetched.value.records) {
    const row = byId.get(rec.id)!;
    const expected = vectorMetadataOf(row.type, { ...row.metadata, type: row.type, doc_id: row.id });
    const fields: string[] = [];
    if (!expected) fields.push("(row metadata invalid)");
    else {
      const keys = new Set([...Object.keys(expected), ...Object.keys(rec.metadata)]);
      for (const k of keys) if (!sameValue((expected as Record<string, unknown>)[k], rec.metadata[k])) fields.push(k);
    }
    if ((row.metadata as StoredDocumentMetadata).embeddingModel !== adapters.embedder.name) fields.push("embeddingModel");
    if (fields.length) report.mismatched.push({ id: rec.id, fields: fields.sort() });
  }
  if (!opts.repair) return { ok: true, value: { report } };

  const repaired: NonNullable<ReconcileReport["repaired"]> = { reembedded: 0, deleted: 0, failed: [] };
  if (report.orphanVectors.length) {
    const r = await adapters.vectorIndex.delete(report.orphanVectors);
    if (r.ok) repaired.deleted = report.orphanVectors.length;
    else for (const id of report.orphanVectors) repaired.failed.push({ id, error: r.error });
  }
  const toEmbed = [...report.missingVectors, ...report.mismatched.map((m) => m.id)];
  let done = 0;
  for (let i = 0; i < toEmbed.length; i += REPAIR_BATCH) {
    const part = toEmbed.slice(i, i + REPAIR_BATCH).map((id) => byId.get(id)!);
    const good: { row: (typeof part)[number]; vectorMeta: VectorMetadata }[] = [];
    for (const row of part) {
      const vectorMeta = vectorMetadataOf(row.type, { ...row.metadata, type: row.type, doc_id: row.id });
      if (vectorMeta) good.push({ row, vectorMeta });
      else repaired.failed.push({ id: row.id, error: "row metadata does not match the library schema" });
    }
    const r = await upsertRow(
      adapters,
      good.map((g) => ({ id: g.row.id, embeddingText: g.row.embeddingText, vectorMeta: g.vectorMeta })),
    );
    if (!r.ok) for (const g of good) repaired.failed.push({ id: g.row.id, error: `${r.stage}: ${r.error}` });
    else {
      repaired.reembedded += good.length;
      for (const g of good) {
        const meta = g.row.metadata as StoredDocumentMetadata;
        if (meta.embeddingModel !== adapters.embedder.name)
          await replaceDocument(db, g.row.id, {
            metadata: { ...meta, embeddingModel: adapters.embedder.name },
            embeddingText: g.row.embeddingText,
            updatedAt: g.row.updatedAt,
          });
      }
    }
    done += part.length;
    opts.onProgress?.(done, toEmbed.length);
  }
  report.repaired = repaired;
  return { ok: true, value: { report } };
}
