// The retrieval library (docs/library.md "Two stores, one id"): the full document in rag_documents (the
// source of truth), the vector and its small metadata (docs/api/library.md) in the vector index, one doc_id for both.
// Write order is always relational row first, index second, undoing the row when the index write
// fails, so a document is never listed by the index without its HTML being fetchable.
import crypto from "node:crypto";
import type { AppContext } from "~/composition/app.server";
import type { Adapters } from "~/composition/adapters.server";
import { runDocumentTask } from "~/workers/off-thread.server";
import { makeDocId, parseDocId } from "~/domain/retrieval/doc-id";
import { buildEmbeddingText, splitTechniques, type EmbeddingTextInput } from "~/domain/retrieval/embedding-text";
import {
  ampVectorMetadataSchema,
  blogVectorMetadataSchema,
  htmlVectorMetadataSchema,
  type ContentType,
  type StoredMetadata,
  type VectorMetadata,
} from "~/domain/retrieval/metadata";
import type { IndexItem } from "~/adapters/vector-index/port";
import type { AutoTags } from "~/engines/tag/port";
import { deleteDocuments, getDocument, insertDocuments, replaceDocument, type NewRagDocument } from "~/models/rag-documents.server";
import { updateContentSchemas, type AutoTagInput, type LibraryInput } from "~/domain/requests/library";
import { failure, type ServiceFailure, type ServiceResult } from "./result";

export interface LibraryItem {
  id: string;
  metadata: VectorMetadata;
}

/** Where the embedded text came from: a person (kept on update) or us (rebuilt on update). */
type EmbeddingTextSource = "builder" | "given" | "auto-tag";

/** rag_documents.metadata: the vector metadata (docs/api/library.md) plus what only the relational side keeps. */
export interface StoredDocumentMetadata extends Record<string, unknown> {
  embeddingModel: string;
  embeddingTextSource: EmbeddingTextSource;
  contentHash: string;
  autoTagged?: string[];
  whatIsWrong?: string;
  ampErrors?: { code: string; message: string }[];
  seed?: { key: string; complete?: boolean };
}

export interface AddOptions {
  /** Starter-library key, so seeding can resume after an interrupted first start. */
  seedKey?: string;
  /** Import: the tagger's structural text is embedded, but rebuilt from metadata on update. */
  embeddingTextSource?: EmbeddingTextSource;
}

const unavailable = (what: "embed" | "index" | "tag", error: string): ServiceFailure =>
  failure(
    503,
    what === "embed"
      ? `Embedding service unavailable, nothing was stored: ${error}`
      : what === "index"
        ? `Vector index unavailable, nothing was stored: ${error}`
        : `Auto-tagging unavailable: ${error}`,
  );

export function contentHash(html: string): string {
  return crypto.createHash("sha256").update(html.trim()).digest("hex");
}

/** "Tabs" → "tabs", "tabs + cart" → "tabs+itemCart"; unrecognised names are kept as written. */
export function canonicalTechnique(value: string): string {
  const parts = value.split(/[\s,+/&|]+/).filter(Boolean);
  const known = splitTechniques(value);
  return known.length > 0 && known.length === parts.length ? known.join("+") : value.trim();
}

/** Exactly the vector metadata of docs/api/library.md for the document's type; extra relational fields are dropped. */
export function vectorMetadataOf(type: ContentType, metadata: Record<string, unknown>): VectorMetadata | null {
  const schema = type === "html" ? htmlVectorMetadataSchema : type === "amp" ? ampVectorMetadataSchema : blogVectorMetadataSchema;
  const parsed = schema.safeParse(metadata);
  return parsed.success ? parsed.data : null;
}

function embeddingInput(meta: VectorMetadata): EmbeddingTextInput {
  return meta;
}

interface Prepared {
  row: NewRagDocument & { metadata: StoredDocumentMetadata };
  vectorMeta: VectorMetadata;
}

function htmlTypeOf(html: string): string {
  return /<html[\s>]/i.test(html) ? "complete" : "fragment";
}

/** Fills the html/amp fields the admin left out from the tag engine; the rest stay as given. */
async function tagsIfNeeded(adapters: Adapters, app: AppContext, input: LibraryInput): Promise<AutoTags | null> {
  if (input.uploadType === "blog") return null;
  const needs =
    !input.technique ||
    !input.complexity ||
    (input.uploadType === "html" && (!input.emailPurpose || !input.keyFeatures || !input.bestPracticeTags));
  if (!needs) return null;
  const r = await adapters.engines.tag.tag({ htmlContent: input.htmlContent, contentType: input.uploadType });
  if (r.ok) return r.tags;
  app.logger.warn({ error: r.error }, "auto-tag failed while filling library fields; using defaults");
  return null;
}

async function prepare(app: AppContext, adapters: Adapters, input: LibraryInput, when: number, options: AddOptions): Promise<Prepared> {
  const id = makeDocId(input.uploadType, when, Math.random);
  const submittedAt = new Date(when).toISOString();
  const html = input.htmlContent;
  const autoTagged: string[] = [];
  let vectorMeta: VectorMetadata;
  const extra: Partial<StoredDocumentMetadata> = {};

  if (input.uploadType === "blog") {
    vectorMeta = {
      type: "blog",
      doc_id: id,
      submittedAt,
      contentFocus: input.contentFocus ?? "general",
      blogTitle: input.blogTitle.trim(),
      blogTopic: input.blogTopic ?? "",
      learningLevel: input.learningLevel ?? "intermediate",
      techniquesCovered: (input.techniquesCovered ?? []).map(canonicalTechnique),
      keyTakeaways: input.keyTakeaways ?? "",
    };
  } else {
    const tagsFound = await tagsIfNeeded(adapters, app, input);
    const pick = <K extends "technique" | "complexity" | "emailPurpose" | "keyFeatures" | "bestPracticeTags">(
      key: K,
      given: AutoTags[K] | undefined,
      fallback: AutoTags[K],
    ): AutoTags[K] => {
      if (given !== undefined && given !== "") return given;
      if (tagsFound) {
        autoTagged.push(key);
        return tagsFound[key];
      }
      return fallback;
    };
    const common = {
      doc_id: id,
      submittedAt,
      description: input.description.trim(),
      technique: canonicalTechnique(pick("technique", input.technique, "static")),
      complexity: pick("complexity", input.complexity, "intermediate"),
      htmlType: input.htmlType || htmlTypeOf(html),
    };
    if (input.uploadType === "html") {
      vectorMeta = {
        type: "html",
        ...common,
        emailPurpose: pick("emailPurpose", input.emailPurpose, "general"),
        exampleType: input.exampleType ?? "positive",
        keyFeatures: pick("keyFeatures", input.keyFeatures, []),
        bestPracticeTags: pick("bestPracticeTags", input.bestPracticeTags, []),
      };
      if (input.whatIsWrong) extra.whatIsWrong = input.whatIsWrong;
    } else {
      const { validation, components } = await runDocumentTask("analyseAmp", html, html.length);
      vectorMeta = {
        type: "amp",
        ...common,
        ampComponents: components,
        ampValidator: validation.status,
      };
      if (validation.errors.length) extra.ampErrors = validation.errors.map((e) => ({ code: e.code, message: e.message }));
    }
  }

  const given = input.embeddingText?.trim();
  const embeddingText = given || buildEmbeddingText(embeddingInput(vectorMeta));
  const metadata: StoredDocumentMetadata = {
    ...vectorMeta,
    ...extra,
    embeddingModel: adapters.embedder.name,
    embeddingTextSource: given ? (options.embeddingTextSource ?? "given") : "builder",
    contentHash: contentHash(html),
    ...(autoTagged.length ? { autoTagged } : {}),
    ...(options.seedKey ? { seed: { key: options.seedKey } } : {}),
  };
  return {
    row: {
      id,
      type: input.uploadType,
      html,
      metadata,
      embeddingText,
      chars: html.length,
      createdAt: new Date(when),
      updatedAt: new Date(when),
    },
    vectorMeta,
  };
}

/** Best effort: a partially applied multi-batch upsert must not leave vectors whose rows we undo. */
async function undoIndexWrite(app: AppContext, adapters: Adapters, ids: string[]): Promise<void> {
  const r = await adapters.vectorIndex.delete(ids);
  if (!r.ok) app.logger.warn({ ids: ids.length, error: r.error }, "could not remove possibly written vectors; library:reconcile will");
}

/**
 * Adds documents: one embedding call for all of them, one relational batch, one index upsert.
 * Either every document is stored in both places or none is.
 */
export async function addDocuments(
  app: AppContext,
  entries: { input: LibraryInput; options?: AddOptions }[],
): Promise<ServiceResult<{ items: LibraryItem[] }>> {
  if (entries.length === 0) return { ok: true, value: { items: [] } };
  const adapters = app.adapters;
  const base = Date.now();
  const prepared: Prepared[] = [];
  // Distinct milliseconds keep "newest first" a total order within one batch.
  for (let i = 0; i < entries.length; i++)
    prepared.push(await prepare(app, adapters, entries[i].input, base + i, entries[i].options ?? {}));

  const embedded = await adapters.embedder.embed(prepared.map((p) => p.row.embeddingText));
  if (!embedded.ok) return unavailable("embed", embedded.error);

  await insertDocuments(
    app.database.db,
    prepared.map((p) => p.row),
  );
  const items: IndexItem[] = prepared.map((p, i) => ({
    id: p.row.id,
    vector: embedded.vectors[i],
    metadata: p.vectorMeta as unknown as StoredMetadata,
  }));
  const upserted = await adapters.vectorIndex.upsert(items);
  if (!upserted.ok) {
    const ids = prepared.map((p) => p.row.id);
    await deleteDocuments(app.database.db, ids);
    await undoIndexWrite(app, adapters, ids);
    app.logger.error({ ids: ids.length, error: upserted.error }, "library write rolled back: vector index upsert failed");
    return unavailable("index", upserted.error);
  }
  return { ok: true, value: { items: prepared.map((p) => ({ id: p.row.id, metadata: p.vectorMeta })) } };
}

export async function submitContent(app: AppContext, input: LibraryInput, options: AddOptions = {}): Promise<ServiceResult<LibraryItem>> {
  const r = await addDocuments(app, [{ input, options }]);
  if (!r.ok) return r;
  return { ok: true, value: r.value.items[0] };
}

/** Re-embeds the stored document with the current embedder and writes the vector (reconcile, update). */
export async function upsertRow(adapters: Adapters, rows: { id: string; embeddingText: string; vectorMeta: VectorMetadata }[]) {
  const embedded = await adapters.embedder.embed(rows.map((r) => r.embeddingText));
  if (!embedded.ok) return { ok: false as const, stage: "embed" as const, error: embedded.error };
  const upserted = await adapters.vectorIndex.upsert(
    rows.map((r, i) => ({ id: r.id, vector: embedded.vectors[i], metadata: r.vectorMeta as unknown as StoredMetadata })),
  );
  if (!upserted.ok) return { ok: false as const, stage: "index" as const, error: upserted.error };
  return { ok: true as const };
}

const REQUIRED_VALUES = new Set(["technique", "emailPurpose", "htmlType"]);

export async function updateContent(app: AppContext, id: string, patch: Record<string, unknown>): Promise<ServiceResult<LibraryItem>> {
  const { db } = app.database;
  const row = await getDocument(db, id);
  if (!row) return failure(404, `No library document with id ${id}`);
  const parsed = updateContentSchemas[row.type].safeParse(patch);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => ({ path: ["metadata", ...i.path].join("."), message: i.message, code: i.code }));
    return failure(400, `Invalid metadata for a ${row.type} document`, { details });
  }
  const changes = parsed.data as Record<string, unknown>;
  const old = row.metadata as StoredDocumentMetadata;
  const merged: Record<string, unknown> = { ...old };
  for (const [k, v] of Object.entries(changes)) {
    if (k === "embeddingText" || v === undefined) continue;
    // These always carry a value; a blank one means "leave as is", as on submit.
    if (REQUIRED_VALUES.has(k) && v === "") continue;
    merged[k] =
      k === "technique" && typeof v === "string"
        ? canonicalTechnique(v)
        : k === "techniquesCovered" && Array.isArray(v)
          ? v.map(String).map(canonicalTechnique)
          : typeof v === "string"
            ? v.trim()
            : v;
  }
  if (typeof merged.whatIsWrong === "string" && merged.whatIsWrong === "") delete merged.whatIsWrong;
  const vectorMeta = vectorMetadataOf(row.type, { ...merged, type: row.type, doc_id: row.id });
  if (!vectorMeta) return failure(500, "Stored metadata no longer matches the library schema");

  const adapters = app.adapters;
  let embeddingText: string;
  let source: EmbeddingTextSource;
  const givenText = changes.embeddingText;
  if (typeof givenText === "string" && givenText.trim()) {
    embeddingText = givenText.trim();
    source = "given";
  } else if (givenText === undefined && old.embeddingTextSource === "given") {
    embeddingText = row.embeddingText;
    source = "given";
  } else {
    embeddingText = buildEmbeddingText(embeddingInput(vectorMeta));
    source = "builder";
  }
  const metadata: StoredDocumentMetadata = {
    ...(merged as StoredDocumentMetadata),
    ...vectorMeta,
    embeddingTextSource: source,
    embeddingModel: adapters.embedder.name,
  };
  if (
    changes.technique !== undefined ||
    changes.complexity !== undefined ||
    changes.emailPurpose !== undefined ||
    changes.keyFeatures !== undefined ||
    changes.bestPracticeTags !== undefined
  ) {
    const still = (old.autoTagged ?? []).filter((k) => changes[k] === undefined);
    if (still.length) metadata.autoTagged = still;
    else delete metadata.autoTagged;
  }

  const embedded = await adapters.embedder.embed([embeddingText]);
  if (!embedded.ok) return unavailable("embed", embedded.error);
  await replaceDocument(db, id, { metadata, embeddingText });
  const upserted = await adapters.vectorIndex.upsert([
    { id, vector: embedded.vectors[0], metadata: vectorMeta as unknown as StoredMetadata },
  ]);
  if (!upserted.ok) {
    await replaceDocument(db, id, { metadata: row.metadata, embeddingText: row.embeddingText, updatedAt: row.updatedAt });
    app.logger.error({ id, error: upserted.error }, "library update rolled back: vector index upsert failed");
    return failure(503, `Vector index unavailable, the document was not changed: ${upserted.error}`);
  }
  return { ok: true, value: { id, metadata: vectorMeta } };
}

export async function deleteContent(app: AppContext, id: string): Promise<ServiceResult<{ id: string }>> {
  const { db } = app.database;
  const adapters = app.adapters;
  const row = await getDocument(db, id);
  if (!row) {
    // A vector whose row is gone (drift) is still deletable by its id.
    if (!parseDocId(id)) return failure(404, `No library document with id ${id}`);
    const found = await adapters.vectorIndex.fetch([id]);
    if (!found.ok) return failure(503, `Vector index unavailable: ${found.error}`);
    if (found.value.length === 0) return failure(404, `No library document with id ${id}`);
  }
  // Index first: if it fails the document stays whole; the reverse would leave a vector pointing nowhere.
  const removed = await adapters.vectorIndex.delete([id]);
  if (!removed.ok) return failure(503, `Vector index unavailable, the document was not deleted: ${removed.error}`);
  if (row) await deleteDocuments(db, [id]);
  return { ok: true, value: { id } };
}

export async function autoTag(app: AppContext, input: AutoTagInput): Promise<ServiceResult<{ tags: AutoTags }>> {
  const r = await app.adapters.engines.tag.tag(input);
  if (!r.ok) return unavailable("tag", r.error);
  return { ok: true, value: { tags: r.tags } };
}
