// POST /api/send-email-esp (send rules 1–8, docs/api/sending.md "Processing rules"): render, send, record,
// and resolve sends a crash left in flight. What was sent is shown by send-views.server.ts.
import crypto from "node:crypto";
import path from "node:path";
import type { AppContext } from "~/composition/app.server";
import { LRUCache } from "lru-cache";
import { documentDigest } from "~/lib/document-digest.server";
import { openDurableJournal, type DurableJournal } from "~/lib/durable-journal.server";
import { runDocumentTask } from "~/workers/off-thread.server";
import type { SendTemplate } from "~/domain/mime/send-template";
import { unsubscribeUrl } from "~/lib/unsubscribe-token.server";
import { answerLinks, surveyActions } from "./answers.server";
import {
  absolutizeImageUrls,
  attributionBanner,
  attributionBannerAmp,
  buildMime,
  fillPart,
  htmlToText,
  recipientPlaceholders,
  recipientValueMap,
  resolveWorkspacePlaceholders,
  type BuildMimeInput,
  type PartTemplate,
  type RecipientValues,
  type SenderValues,
  type WorkspaceValues,
} from "~/domain/mime";
import { domainOf, type ResolvedSender } from "~/domain/sender/profile";
import type { User } from "~/models/users.server";
import {
  findSendByIdempotencyKey,
  insertSend,
  isIdempotencyConflict,
  markInterruptedSends,
  recordSendOutcome,
  type SendSummary,
} from "~/models/sends.server";
import { checkRecipient } from "./deliverability.server";
import { deliverAlertsInBackground } from "./alerts.server";
import { deploymentSender, ownSenderFooter, senderForSend } from "./sender-profile.server";
import { failure, type ServiceResult } from "./result";

export interface SendInput {
  to: string;
  subject?: string | null;
  html: string;
  ampHtml?: string | null;
  emailName?: string | null;
  projectId?: string | null;
  databaseId?: string | null;
}

export interface SendOutcome {
  message: string;
  sendId: string;
  provider: string;
  notes?: string[];
}

/** A send's result; `replayed` when an Idempotency-Key gave back an earlier send's result. */
export type SendResult = ServiceResult<SendOutcome> & { replayed?: boolean };

export interface SendOptions {
  /** The client's Idempotency-Key: the same key with the same request gives the first result. */
  idempotencyKey?: string;
}

/** What makes two requests "the same" for an Idempotency-Key: every field the client sent. */
function requestHash(input: SendInput): string {
  const fields = [
    input.to.trim(),
    input.subject ?? null,
    input.html,
    input.ampHtml ?? null,
    input.emailName ?? null,
    input.projectId ?? null,
    input.databaseId ?? null,
  ];
  return crypto.createHash("sha256").update(JSON.stringify(fields)).digest("hex");
}

function successMessage(provider: string, to: string): string {
  return provider === "outbox" ? `Email to ${to} kept in the outbox` : `Email sent to ${to}`;
}

/** The result an earlier send with the same Idempotency-Key gave (or why it cannot be given). */
function replay(earlier: SendSummary & { requestHash: string | null }, hash: string): SendResult {
  const same = { sendId: earlier.id, status: earlier.status };
  if (earlier.requestHash !== hash)
    return failure(422, "This Idempotency-Key was already used with a different request; use a new key for a new message", { extra: same });
  switch (earlier.status) {
    case "sent":
      return {
        ok: true,
        replayed: true,
        value: {
          message: successMessage(earlier.provider, earlier.recipient),
          sendId: earlier.id,
          provider: earlier.provider,
          ...(earlier.notes.length ? { notes: earlier.notes } : {}),
        },
      };
    case "failed":
      return {
        ...failure(500, "Send failed", { extra: { sendId: earlier.id, provider: earlier.provider, reason: earlier.error } }),
        replayed: true,
      };
    case "sending":
      return failure(409, "A send with this Idempotency-Key is still in progress", { extra: same, retryAfterSeconds: 1 });
    default:
      return {
        ...failure(
          409,
          "The outcome of the send with this Idempotency-Key is unknown (the server stopped while it was in flight); it was not sent again",
          { extra: same },
        ),
        replayed: true,
      };
  }
}

export interface Sender {
  /** The From header value, `Name <address>` or a bare address. */
  from: string;
  /** The domain of the From address: Message-IDs and the unsubscribe mailbox live there. */
  domain: string;
  replyTo?: string;
}

/** `Name <address>`, the name quoted when RFC 5322 wants it (specials such as , . " or @), or the bare address. */
export function formatAddress(from: ResolvedSender["from"]): string {
  if (typeof from === "string") return from;
  if (/^[A-Za-z0-9 !#$%&'*+\-/=?^_`{|}~]+$/.test(from.name)) return `${from.name} <${from.address}>`;
  return `"${from.name.replace(/[\\"]/g, (c) => `\\${c}`)}" <${from.address}>`;
}

/** The deployment's own sender (MAIL_FROM, or "<BRAND_NAME> <no-reply@<host of BASE_URL>>"). */
export function senderFor(env: AppContext["env"]): Sender {
  const d = deploymentSender(env);
  return { from: formatAddress(d.name ? { name: d.name, address: d.address } : d.address), domain: domainOf(d.address) };
}

/** Header values cannot hold line breaks (header injection); a long subject is folded by MIME. */
function cleanSubject(subject: string | null | undefined, brand: string): string {
  const s = (subject ?? "").replace(/[\r\n]+/g, " ").trim();
  return s || `Your ${brand} Email`;
}

/** Send rules 2–6 (docs/api/sending.md) for one document: workspace values, absolute images, per-recipient values. */
function personalise(doc: string, ctx: { workspace: WorkspaceValues; baseUrl: string; recipient: RecipientValues }): string {
  const withWorkspace = doc.includes("{{") ? resolveWorkspacePlaceholders(doc, ctx.workspace) : doc;
  const absolute = absolutizeImageUrls(withWorkspace, ctx.baseUrl);
  // The AMP survey's action is a per-recipient value without braces.
  return absolute.includes("{{") || absolute.includes("action-xhr=") ? recipientPlaceholders(absolute, ctx.recipient) : absolute;
}

// Bounded by entries and by what they hold: a template keeps its key (the input documents), each
// part's text and its encoded text, about three times the input. One template may take at most a
// quarter of the budget, so a huge one never pushes out the rest.
const TEMPLATE_CACHE_BUDGET_CHARS = 8 * 1024 * 1024;
const templates = new LRUCache<string, SendTemplate>({
  max: 32,
  // lru-cache takes sizes of at least 1.
  sizeCalculation: (t) => Math.max(1, partChars(t.html) + partChars(t.ampHtml) + partChars(t.text)),
  maxSize: TEMPLATE_CACHE_BUDGET_CHARS,
  maxEntrySize: TEMPLATE_CACHE_BUDGET_CHARS / 4,
});

function partChars(part: PartTemplate | undefined): number {
  if (!part) return 0;
  let n = 0;
  for (const t of part.texts) n += t.length;
  for (const t of part.encodedTexts ?? []) n += t.length;
  return n;
}

/** The recipient-independent work of a send (compileSendTemplate), kept for recent documents. */
async function templateFor(
  input: SendInput,
  footer: SenderValues,
  opts: { baseUrl: string; brand: string; bannerSender: string | null },
): Promise<SendTemplate> {
  const workspace = workspaceOf(input, footer);
  // Keyed by a digest of the documents: V8 hashes a string over 16 K characters by its length
  // alone, so documents of one length (a campaign's, varying only in a name) all met in one Map
  // bucket and each lookup compared them in full, milliseconds per send. The AMP part's length
  // marks where it ends.
  const amp = input.ampHtml ?? "";
  const key = documentDigest(
    `${JSON.stringify([workspace, opts, input.ampHtml == null ? -1 : amp.length])}\u0000${amp}\u0000${input.html}`,
  );
  const hit = templates.get(key);
  if (hit) return hit;
  const template = await runDocumentTask(
    "compileSendTemplate",
    { html: input.html, ampHtml: input.ampHtml ?? undefined, workspace, ...opts },
    input.html.length + amp.length,
  );
  templates.set(key, template);
  return template;
}

export interface RenderedMessage {
  html: string;
  ampHtml?: string;
  text: string;
  encoded?: BuildMimeInput["encoded"];
}

function workspaceOf(input: SendInput, sender: SenderValues): WorkspaceValues {
  return { emailName: input.emailName, projectId: input.projectId, databaseId: input.databaseId, sender };
}

/** Send rules 2–6 (docs/api/sending.md) and the text part, for one recipient. */
async function renderFor(
  input: SendInput,
  env: AppContext["env"],
  senderEmail: string,
  footer: SenderValues,
  values: RecipientValues,
): Promise<RenderedMessage> {
  const bannerSender = senderEmail.trim().toLowerCase() !== values.recipient.trim().toLowerCase() ? senderEmail : null;
  // The template path puts the banner in before the recipient values; a sender address that
  // itself looks like a placeholder would then be filled in, so that rare case takes the
  // rule-by-rule path.
  if (bannerSender?.includes("{{")) {
    const ctx = { workspace: workspaceOf(input, footer), baseUrl: env.BASE_URL, recipient: values };
    const html = attributionBanner(personalise(input.html, ctx), bannerSender, env.BRAND_NAME);
    const ampHtml = input.ampHtml ? attributionBannerAmp(personalise(input.ampHtml, ctx), bannerSender, env.BRAND_NAME) : undefined;
    return { html, ampHtml, text: htmlToText(html) };
  }
  const t = await templateFor(input, footer, { baseUrl: env.BASE_URL, brand: env.BRAND_NAME, bannerSender });
  // The text part takes the values as they are (htmlToText decoded the escaped ones).
  const inHtml = recipientValueMap(values, "html", t.answerNames);
  const html = fillPart(t.html, inHtml);
  const text = fillPart(t.text, recipientValueMap(values, "text", t.answerNames));
  const amp = t.ampHtml ? fillPart(t.ampHtml, inHtml) : undefined;
  return {
    html: html.content,
    ampHtml: amp?.content,
    text: text.content,
    encoded: { html: html.encoded, text: text.encoded, amp: amp?.encoded },
  };
}

/** One recipient's values of a send: its hosted copy, its signed unsubscribe link, answer links and AMP survey address. */
export function recipientValuesOf(env: AppContext["env"], to: string, sendId: string, now: Date): RecipientValues {
  // The send id lets the unsubscribe page show the sender's brand (only with the matching address).
  const unsubscribe = `${unsubscribeUrl(env.BASE_URL, env.SESSION_SECRET, to)}?s=${sendId}`;
  return {
    recipient: to,
    sendId,
    vibUrl: `${env.BASE_URL}/vib/${sendId}`,
    unsubscribeUrl: unsubscribe,
    answerUrl: answerLinks(env, sendId, now),
    surveyAction: surveyActions(env, sendId),
  };
}

/**
 * A message as `user`'s send to `values.recipient` would deliver it (rules 2–6 and the text part),
 * built by the send's own code; nothing is sent or stored (the builder's "as sent" downloads).
 */
export async function messageAsSent(
  app: AppContext,
  user: User,
  doc: { html: string; ampHtml?: string | null },
  values: RecipientValues,
): Promise<RenderedMessage> {
  const footer = await ownSenderFooter(app, user);
  return renderFor({ to: values.recipient, html: doc.html, ampHtml: doc.ampHtml }, app.env, user.email, footer, values);
}

export async function sendEmail(app: AppContext, user: User, input: SendInput, opts: SendOptions = {}): Promise<SendResult> {
  const { env, logger } = app;
  const { db } = app.database;
  const to = input.to.trim();
  const now = new Date();
  const idempotencyKey = opts.idempotencyKey;
  const hash = idempotencyKey ? requestHash(input) : null;
  if (idempotencyKey && hash) {
    const earlier = await findSendByIdempotencyKey(db, user.id, idempotencyKey);
    if (earlier) return replay(earlier, hash);
  }

  // Rule 1: suppression and cooldown.
  const check = await checkRecipient(app, to, now);
  if (!check.allowed) {
    return failure(400, "Recipient suppressed", {
      extra: {
        reason: check.reason,
        ...(check.suppression ? { suppression: check.suppression } : {}),
        ...(check.retryAfter ? { retry_after: check.retryAfter.toISOString() } : {}),
      },
      retryAfterSeconds: check.retryAfter ? Math.max(0, Math.ceil((check.retryAfter.getTime() - now.getTime()) / 1000)) : undefined,
    });
  }

  // The From and Reply-To are the user's brand profile, stored server-side (never the client's).
  const who = await senderForSend(app, user);
  if (!who.ok) return who;
  const { sender: resolved, footer } = who.value;
  const sender: Sender = { from: formatAddress(resolved.from), domain: resolved.domain, replyTo: resolved.replyTo };

  const provider = app.adapters.emailProvider;
  const sendId = crypto.randomUUID();
  const subject = cleanSubject(input.subject, env.BRAND_NAME);
  const recipientValues = recipientValuesOf(env, to, sendId, now);

  // Rules 2–6, and the text part.
  const { html, ampHtml, text, encoded } = await renderFor(input, env, user.email, footer, recipientValues);

  // Rule 7.
  const listUnsubscribe = { mailto: `mailto:unsubscribe@${sender.domain}?subject=unsubscribe`, url: recipientValues.unsubscribeUrl };
  const headers = { "X-Kinetic-Send-Id": sendId };
  const mime = await buildMime({
    from: resolved.from,
    ...(sender.replyTo ? { replyTo: sender.replyTo } : {}),
    to,
    subject,
    text,
    html,
    ampHtml,
    messageId: `${sendId}@${sender.domain}`,
    listUnsubscribe,
    headers,
    date: now,
    encoded,
  });

  const row = {
    id: sendId,
    userId: user.id,
    senderEmail: user.email,
    recipient: to,
    subject,
    provider: provider.name,
    messageId: mime.messageId,
    html,
    ampHtml: ampHtml ?? null,
    rawMime: mime.raw,
    emailName: input.emailName ?? null,
    projectId: input.projectId ?? null,
    databaseId: input.databaseId ?? null,
    idempotencyKey: idempotencyKey ?? null,
    requestHash: hash,
    createdAt: now,
  };
  const message = {
    raw: mime.raw,
    from: sender.from,
    ...(sender.replyTo ? { replyTo: sender.replyTo } : {}),
    to,
    sendId,
    subject,
    html,
    text,
    ampHtml,
    headers: {
      ...headers,
      "List-Unsubscribe": `<${listUnsubscribe.mailto}>, <${listUnsubscribe.url}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };

  // Rule 8. A provider that delivers is called only after the attempt is on record, so even a
  // crash mid-send leaves a trace; the outbox delivers nothing, so its row is written once, done.
  // A concurrent request with the same Idempotency-Key got its row in first: its result stands.
  const insertOrReplay = async (values: Parameters<typeof insertSend>[1]): Promise<SendResult | null> => {
    try {
      await insertSend(db, values);
      return null;
    } catch (e) {
      if (!idempotencyKey || !hash || !isIdempotencyConflict(e)) throw e;
      const earlier = await findSendByIdempotencyKey(db, user.id, idempotencyKey);
      if (!earlier) throw e;
      return replay(earlier, hash);
    }
  };
  const external = provider.name !== "outbox";
  if (external) {
    const replayed = await insertOrReplay({ ...row, status: "sending" });
    if (replayed) return replayed;
  }
  const sent = await provider.send(message);
  if (!sent.ok) {
    if (external) {
      if (!(await recordOutcomeDurably(app, sendId, { status: "failed", error: sent.error })))
        return outcomeNotRecorded(sendId, provider.name);
    } else {
      const replayed = await insertOrReplay({ ...row, status: "failed", error: sent.error });
      if (replayed) return replayed;
    }
    logger.warn({ sendId, provider: provider.name, error: sent.error, retryable: sent.retryable }, "send failed");
    return failure(500, "Send failed", { extra: { sendId, provider: provider.name, retryable: sent.retryable } });
  }
  const outcome = { status: "sent" as const, providerId: sent.providerId, notes: sent.notes, sentAt: new Date() };
  if (external) {
    if (!(await recordOutcomeDurably(app, sendId, outcome))) return outcomeNotRecorded(sendId, provider.name);
  } else {
    const replayed = await insertOrReplay({ ...row, ...outcome });
    if (replayed) return replayed;
  }
  return {
    ok: true,
    value: {
      message: successMessage(provider.name, to),
      sendId,
      provider: provider.name,
      ...(sent.notes.length ? { notes: sent.notes } : {}),
    },
  };
}

const OUTCOME_RETRY_MS = 1000;

/**
 * The provider answered but nothing could keep its answer (database and journal both refused):
 * not an acknowledgement. The row stays `sending`, so the sweep marks it `unknown` and alerts, and
 * a retry with the same Idempotency-Key is refused rather than sent twice.
 */
function outcomeNotRecorded(sendId: string, provider: string): SendResult {
  return failure(
    500,
    "The provider answered, but the outcome of this send could not be recorded; it may have been delivered, so do not send it again without checking",
    {
      extra: { sendId, provider },
    },
  );
}

type Outcome = Parameters<typeof recordSendOutcome>[2];
/** An outcome as the journal keeps it (JSON: the date as its ISO string). */
type JournalledOutcome = { status: "sent"; providerId: string; notes: string[]; sentAt: string } | { status: "failed"; error: string };

/**
 * Outcomes the database could not take yet (another process held its write lock), kept on disk
 * beside it until they are written; start-up and the minute sweep replay them.
 */
function outcomeJournal(app: AppContext): DurableJournal<JournalledOutcome> {
  let journal = journals.get(app);
  if (!journal) {
    journal = openDurableJournal<JournalledOutcome>(path.join(app.env.KINETIC_DATA_DIR, "send-outcomes"));
    journals.set(app, journal);
  }
  return journal;
}
const journals = new WeakMap<AppContext, DurableJournal<JournalledOutcome>>();

function toJournal(outcome: Outcome): JournalledOutcome {
  return outcome.status === "sent" ? { ...outcome, sentAt: outcome.sentAt.toISOString() } : outcome;
}

function fromJournal(entry: JournalledOutcome): Outcome {
  return entry.status === "sent" ? { ...entry, sentAt: new Date(entry.sentAt) } : entry;
}

/**
 * Records what the provider said before the client is told (the message has left by now, so a
 * lost outcome would be a message nobody can account for). Normally that is the row's update. If
 * the database cannot take it (another process holds the write lock past DB_BUSY_TIMEOUT_MS), the
 * outcome goes to the fsync'd journal first and the row follows in the background as soon as the
 * lock is free; a crash in between is repaired by the journal's replay at start-up. False when
 * neither could keep it: the send must not be acknowledged then.
 */
async function recordOutcomeDurably(app: AppContext, sendId: string, outcome: Outcome): Promise<boolean> {
  try {
    await recordSendOutcome(app.database.db, sendId, outcome);
    return true;
  } catch (error) {
    const journal = outcomeJournal(app);
    try {
      await journal.record(sendId, toJournal(outcome));
    } catch (journalError) {
      app.logger.error({ err: error, journalError, sendId }, "send outcome neither in the database nor in the journal");
      return false;
    }
    app.logger.warn({ err: error, sendId }, "send outcome journalled; writing it to the database in the background");
    const retry = () => {
      recordSendOutcome(app.database.db, sendId, outcome)
        .then(() => journal.remove(sendId))
        .catch((err: unknown) => {
          app.logger.warn({ err, sendId }, "send outcome still not in the database; retrying");
          setTimeout(retry, OUTCOME_RETRY_MS).unref();
        });
    };
    setTimeout(retry, OUTCOME_RETRY_MS).unref();
    return true;
  }
}

/** Writes journalled outcomes (a crash or a held lock kept them from the database) and forgets them. */
export async function replayJournalledOutcomes(app: AppContext): Promise<number> {
  const journal = outcomeJournal(app);
  const { records, unreadable } = await journal.entries();
  if (unreadable.length)
    app.logger.error({ files: unreadable }, "unreadable entries in the send-outcome journal; left in place for an operator");
  for (const { id, value } of records) {
    await recordSendOutcome(app.database.db, id, fromJournal(value));
    await journal.remove(id);
  }
  return records.length;
}

// ── recovery ────────────────────────────────────────────────────────────────────────────────────

/**
 * A send stays `sending` only while its provider call runs (at most ~15 s, the adapters'
 * timeout) plus the outcome write. Older than this, its process has died; the margin keeps a
 * second server's in-flight sends out of the sweep.
 */
export const SEND_IN_FLIGHT_LIMIT_MS = 2 * 60_000;
export const SEND_SWEEP_INTERVAL_MS = 60_000;

/**
 * Resolves sends a stopped process left `sending`: first the outcomes its journal kept, then the
 * rest marked `unknown` with an operator alert each, never resent (the provider may have delivered
 * them). Run at start and then every minute (app/services/jobs.server.ts).
 */
export async function recoverInterruptedSends(app: AppContext, now = new Date()): Promise<Array<{ id: string; recipient: string }>> {
  // Outcomes acknowledged to clients but not yet in the database are facts, not unknowns.
  const replayed = await replayJournalledOutcomes(app);
  if (replayed) app.logger.warn({ outcomes: replayed }, "send outcomes replayed from the journal");
  const recovered = await markInterruptedSends(app.database.db, new Date(now.getTime() - SEND_IN_FLIGHT_LIMIT_MS), now);
  if (recovered.length) {
    app.logger.error({ sends: recovered.map((r) => r.id) }, "sends left in flight by a stopped server marked unknown; operator alerted");
    deliverAlertsInBackground(app);
  }
  return recovered;
}

// ── tracking ────────────────────────────────────────────────────────────────────────────────────
