// Every table of the service. Migrations are generated from this file (`npm run db:generate`)
// and committed; never edit a generated migration.
import { sql } from "drizzle-orm";
import { customType, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

export const EMBEDDING_DIMENSIONS = 3072;

/** libSQL native vector column; written with vector32(json). */
export const f32Vector = customType<{ data: Float32Array; driverData: ArrayBuffer | Uint8Array }>({
  dataType() {
    return `F32_BLOB(${EMBEDDING_DIMENSIONS})`;
  },
  toDriver(value) {
    return sql`vector32(${JSON.stringify(Array.from(value))})` as unknown as ArrayBuffer;
  },
  fromDriver(value) {
    const bytes = value instanceof Uint8Array ? value : new Uint8Array(value);
    return new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  },
});

const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

// ── users, auth, credits ────────────────────────────────────────────────────────────────────────

export const users = sqliteTable("users", {
  id: text("id").primaryKey(),
  email: text("email").notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  createdAt: createdAt(),
});

/** Admin means the user's email is listed here (docs/api.md "Authentication"). */
export const adminUsers = sqliteTable("admin_users", {
  email: text("email").primaryKey(),
  createdAt: createdAt(),
});

/** Issued API tokens (the JWT itself is never stored): listing and revocation by jti. */
export const apiTokens = sqliteTable(
  "api_tokens",
  {
    jti: text("jti").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("api_tokens_user_idx").on(t.userId)],
);

/**
 * Page sessions kept on the server, so signing out ends them (the cookie only names one). The id
 * in the cookie is never stored: `idHash` is its SHA-256. Each session has its own CSRF token.
 */
export const pageSessions = sqliteTable(
  "page_sessions",
  {
    idHash: text("id_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    csrfToken: text("csrf_token").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("page_sessions_user_idx").on(t.userId), index("page_sessions_expires_idx").on(t.expiresAt)],
);

/**
 * Fixed-window counters for rate limits and lockouts (sign-in per IP and per account, anonymous
 * AMP survey posts), in the database so they hold across restarts.
 */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: integer("window_start", { mode: "timestamp_ms" }).notNull(),
  count: integer("count").notNull(),
  blockedUntil: integer("blocked_until", { mode: "timestamp_ms" }),
});

export const creditBalances = sqliteTable(
  "credit_balances",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    action: text("action").notNull(),
    balance: integer("balance").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.action] })],
);

export const creditLedger = sqliteTable(
  "credit_ledger",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    action: text("action").notNull(),
    delta: integer("delta").notNull(),
    kind: text("kind", { enum: ["initial", "grant", "charge", "refund"] }).notNull(),
    reference: text("reference"),
    balanceAfter: integer("balance_after").notNull(),
    /** Why, when the kind alone does not say (a refund made at start-up: "refund: interrupted by a restart"). */
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [index("credit_ledger_user_idx").on(t.userId), index("credit_ledger_reference_idx").on(t.reference)],
);

/**
 * A charge whose outcome is not known yet: written with the charge, deleted with its refund or
 * when the work keeps it. One left behind by a process that is gone is refunded (start-up and a
 * sweep every minute; app/services/interrupted-work.server.ts).
 */
export const pendingCharges = sqliteTable(
  "pending_charges",
  {
    /** The ledger reference of the charge (and of its refund): the generation id. */
    reference: text("reference").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    action: text("action").notNull(),
    amount: integer("amount").notNull(),
    /** The server process doing the work (server_instances.id). */
    instanceId: text("instance_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("pending_charges_instance_idx").on(t.instanceId)],
);

/**
 * Server processes that may have work in flight (pending charges, page eval runs), with a
 * heartbeat: what lets one process tell whether another sharing the database is still alive.
 */
export const serverInstances = sqliteTable("server_instances", {
  id: text("id").primaryKey(),
  /** The host name and PID namespace: a pid means something only on the same one. */
  host: text("host").notNull(),
  pid: integer("pid").notNull(),
  startedAt: integer("started_at", { mode: "timestamp_ms" }).notNull(),
  /** The last heartbeat. */
  seenAt: integer("seen_at", { mode: "timestamp_ms" }).notNull(),
});

// ── retrieval library ───────────────────────────────────────────────────────────────────────────

/** Source of truth for library documents: full HTML, metadata and embedding text (no size cap). */
export const ragDocuments = sqliteTable(
  "rag_documents",
  {
    id: text("id").primaryKey(),
    type: text("type", { enum: ["html", "amp", "blog"] }).notNull(),
    html: text("html").notNull(),
    metadata: text("metadata", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    embeddingText: text("embedding_text").notNull(),
    chars: integer("chars").notNull(),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [index("rag_documents_type_idx").on(t.type)],
);

/** The libSQL vector index: the vector plus the small metadata of docs/api/library.md, keyed by the same doc_id. */
export const ragVectors = sqliteTable(
  "rag_vectors",
  {
    docId: text("doc_id").primaryKey(),
    embedding: f32Vector("embedding").notNull(),
    metadata: text("metadata").notNull(),
    type: text("type").notNull(),
    technique: text("technique"),
    exampleType: text("example_type"),
    submittedAt: text("submitted_at").notNull(),
  },
  (t) => [index("rag_vectors_filter_idx").on(t.type, t.technique)],
);

// ── generation ──────────────────────────────────────────────────────────────────────────────────

export const qaEvaluations = sqliteTable(
  "qa_evaluations",
  {
    id: text("id").primaryKey(),
    userId: text("user_id"),
    endpoint: text("endpoint").notNull(),
    techniques: text("techniques", { mode: "json" }).$type<string[]>().notNull(),
    score: real("score").notNull(),
    qualifiesForFreeRegen: integer("qualifies_for_free_regen", { mode: "boolean" }).notNull(),
    failedChecks: text("failed_checks", { mode: "json" }).$type<unknown[]>().notNull(),
    checks: text("checks", { mode: "json" }).$type<unknown[]>().notNull(),
    ragUsed: integer("rag_used", { mode: "boolean" }).notNull().default(false),
    ragExamplesCount: integer("rag_examples_count").notNull().default(0),
    generationMs: integer("generation_ms"),
    createdAt: createdAt(),
  },
  (t) => [index("qa_evaluations_created_idx").on(t.createdAt)],
);

/**
 * The builder's history: every generation, regeneration and refine a user made, newest last.
 * `parentId` is the version it was made from (refine, undo), so any version can be reopened.
 */
export const emailVersions = sqliteTable(
  "email_versions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    parentId: text("parent_id"),
    kind: text("kind", { enum: ["generate", "regenerate", "refine", "restore"] }).notNull(),
    /** The prompt, or the change instructions of a refine. */
    prompt: text("prompt").notNull(),
    /** The builder's brief as submitted (techniques, type, complexity, style, tokens, images, toggles). */
    brief: text("brief", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    copyDoc: text("copy_doc", { mode: "json" }).$type<Record<string, unknown>>(),
    blueprint: text("blueprint", { mode: "json" }).$type<Record<string, unknown>>(),
    html: text("html").notNull(),
    ampHtml: text("amp_html"),
    /** The generation metadata (QA, validator, retrieval, AMP report, usage). */
    metadata: text("metadata", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    subject: text("subject"),
    qaScore: real("qa_score"),
    createdAt: createdAt(),
  },
  (t) => [index("email_versions_user_idx").on(t.userId, t.createdAt)],
);

/** Brand tokens and style a user last generated with, so the next email starts from them. */
export const userBrandProfiles = sqliteTable("user_brand_profiles", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  designTokens: text("design_tokens", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
  styleTheory: text("style_theory"),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`),
});

/**
 * Who a user's emails come from (the brand page, /brand): read on every send. Kept apart from
 * user_brand_profiles, which each generation overwrites with the design it used; this one only the
 * user edits. One per user: an account is the unit that signs in and sends (there is no workspace).
 */
export const senderProfiles = sqliteTable("sender_profiles", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  senderName: text("sender_name").notNull(),
  fromAddress: text("from_address"),
  replyTo: text("reply_to"),
  postalAddress: text("postal_address"),
  logoUrl: text("logo_url"),
  websiteUrl: text("website_url"),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`),
});

// ── sending and deliverability ──────────────────────────────────────────────────────────────────

export const emailSends = sqliteTable(
  "email_sends",
  {
    id: text("id").primaryKey(), // the send id ({{SEND_ID}})
    userId: text("user_id").notNull(),
    senderEmail: text("sender_email").notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    provider: text("provider").notNull(),
    providerId: text("provider_id"),
    messageId: text("message_id").notNull(),
    // `unknown`: the server stopped while the provider call was in flight (see docs/sending.md).
    status: text("status", { enum: ["sending", "sent", "failed", "unknown"] }).notNull(),
    error: text("error"),
    html: text("html").notNull(), // as the recipient got it (View in browser)
    ampHtml: text("amp_html"),
    rawMime: text("raw_mime"),
    emailName: text("email_name"),
    projectId: text("project_id"),
    databaseId: text("database_id"),
    notes: text("notes", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    /** The client's Idempotency-Key header, and a hash of the request it came with. */
    idempotencyKey: text("idempotency_key"),
    requestHash: text("request_hash"),
    createdAt: createdAt(),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("email_sends_idempotency_idx").on(t.userId, t.idempotencyKey),
    index("email_sends_created_idx").on(t.createdAt),
    index("email_sends_user_idx").on(t.userId),
    index("email_sends_provider_id_idx").on(t.providerId),
    index("email_sends_message_id_idx").on(t.messageId),
  ],
);

/** Permanent (until IS NULL) or timed suppression entries, one per address. */
export const emailSuppressions = sqliteTable("email_suppressions", {
  email: text("email").primaryKey(),
  reason: text("reason", {
    enum: ["hard_bounce", "complaint", "unsubscribe", "soft_bounce_escalated", "soft_bounce_cooldown", "manual"],
  }).notNull(),
  until: integer("until", { mode: "timestamp_ms" }),
  source: text("source"),
  createdAt: createdAt(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`),
});

/** The deliverability state machine's state per recipient (domain/deliverability). */
export const emailRecipientStates = sqliteTable("email_recipient_states", {
  email: text("email").primaryKey(),
  state: text("state", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`),
});

export const emailBounceLog = sqliteTable(
  "email_bounce_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    email: text("email").notNull(),
    sendId: text("send_id"),
    eventId: text("event_id"),
    /** The provider's id of the message that failed (retries of one message share it). */
    messageId: text("message_id"),
    /** Another temporary failure of a message already counted: logged, not counted again. */
    retry: integer("retry", { mode: "boolean" }).notNull().default(false),
    reason: text("reason"),
    consecutive: integer("consecutive").notNull(),
    escalation: text("escalation"),
    occurredAt: integer("occurred_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("email_bounce_log_email_idx").on(t.email, t.occurredAt)],
);

export const emailDeliveryEvents = sqliteTable(
  "email_delivery_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    eventId: text("event_id").notNull(),
    provider: text("provider").notNull(),
    sendId: text("send_id"),
    email: text("email").notNull(),
    kind: text("kind").notNull(),
    severity: text("severity"),
    reason: text("reason"),
    occurredAt: integer("occurred_at", { mode: "timestamp_ms" }).notNull(),
    payload: text("payload", { mode: "json" }).$type<unknown>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("email_delivery_events_event_idx").on(t.provider, t.eventId),
    index("email_delivery_events_send_idx").on(t.sendId, t.id),
  ],
);

/** De-duplication and replay protection for webhooks: one row per provider event id / token. */
export const webhookReceipts = sqliteTable(
  "webhook_receipts",
  {
    provider: text("provider").notNull(),
    receiptId: text("receipt_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.receiptId] })],
);

export const operatorAlerts = sqliteTable(
  "operator_alerts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind").notNull(),
    recipient: text("recipient"),
    message: text("message").notNull(),
    deliveredAt: integer("delivered_at", { mode: "timestamp_ms" }),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    /** An admin has seen it (the deliverability page); who and when. */
    acknowledgedAt: integer("acknowledged_at", { mode: "timestamp_ms" }),
    acknowledgedBy: text("acknowledged_by"),
    createdAt: createdAt(),
  },
  (t) => [index("operator_alerts_pending_idx").on(t.deliveredAt)],
);

/** Responses posted by AMP survey forms (action-xhr). */
export const ampSurveyResponses = sqliteTable("amp_survey_responses", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  formId: text("form_id").notNull(),
  sender: text("sender"),
  answers: text("answers", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
});

/**
 * The questions of a generated email's survey and quiz modules, written at generation, so answers
 * can be counted with their labels, quiz answers marked right or wrong, and NPS scored.
 */
export const answerForms = sqliteTable(
  "answer_forms",
  {
    id: text("id").primaryKey(), // the generation id (the AMP form id)
    userId: text("user_id").notNull(),
    lang: text("lang").notNull(),
    /** AnswerQuestion[] (app/domain/answers/questions.ts). */
    questions: text("questions", { mode: "json" }).$type<unknown[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("answer_forms_user_idx").on(t.userId)],
);

/**
 * Survey and quiz answers from the HTML email's signed links and from the AMP form: one row per
 * send and question (a later answer replaces the earlier one). AMP posts without a known send id
 * have none and each keeps its own row.
 */
export const answers = sqliteTable(
  "answers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    formId: text("form_id"),
    sendId: text("send_id"),
    /** `<module ns>.<question index>`, e.g. `k1.0`. */
    question: text("question").notNull(),
    /** The option index chosen, or null when only a label arrived (an AMP post no form describes). */
    optionIndex: integer("option_index"),
    value: text("value").notNull(),
    source: text("source", { enum: ["html", "amp"] }).notNull(),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [uniqueIndex("answers_send_question_idx").on(t.sendId, t.question), index("answers_form_idx").on(t.formId)],
);

// ── evaluation and feedback ─────────────────────────────────────────────────────────────────────

export const evalRuns = sqliteTable(
  "eval_runs",
  {
    id: text("id").primaryKey(),
    label: text("label").notNull(),
    promptSetVersion: text("prompt_set_version").notNull(),
    promptCount: integer("prompt_count").notNull(),
    status: text("status", { enum: ["running", "complete"] })
      .notNull()
      .default("running"),
    resultCount: integer("result_count").notNull().default(0),
    errorCount: integer("error_count").notNull().default(0),
    avgQaScore: real("avg_qa_score"),
    avgJudgeScore: real("avg_judge_score"),
    avgGenerationMs: real("avg_generation_ms"),
    /** The server process executing a run started from the admin page (server_instances.id); null for runs a client drives. */
    runnerInstanceId: text("runner_instance_id"),
    createdAt: createdAt(),
    completedAt: integer("completed_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("eval_runs_created_idx").on(t.createdAt)],
);

export const evalResults = sqliteTable(
  "eval_results",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    runId: text("run_id")
      .notNull()
      .references(() => evalRuns.id, { onDelete: "cascade" }),
    promptId: text("prompt_id"),
    prompt: text("prompt"),
    qaScore: real("qa_score"),
    judgeScore: real("judge_score"),
    generationMs: integer("generation_ms"),
    error: text("error"),
    details: text("details", { mode: "json" }).$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index("eval_results_run_idx").on(t.runId)],
);

export const feedback = sqliteTable(
  "feedback",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id"),
    prompt: text("prompt").notNull(),
    rating: text("rating").notNull(),
    positive: integer("positive", { mode: "boolean" }).notNull(),
    ragUsed: integer("rag_used", { mode: "boolean" }).notNull().default(false),
    ragExamplesCount: integer("rag_examples_count").notNull().default(0),
    comment: text("comment"),
    createdAt: createdAt(),
  },
  (t) => [index("feedback_created_idx").on(t.createdAt)],
);
