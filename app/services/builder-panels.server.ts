// The actions under a builder version's preview (docs/builder.md): free regeneration,
// feedback, refine, undo, a test send, the .html and .eml downloads and saving to the library.
// Each one calls the same service its JSON endpoint calls (generation, sending, feedback, library),
// so the page and the API share one code path; this module only adds what a version needs around
// it (its brief as the request, the new version row, the free-regeneration guard).
import crypto from "node:crypto";
import type { AppContext } from "~/composition/app.server";
import type { User } from "~/models/users.server";
import { AI_GENERATION, refundPendingCharge, type PendingCharge } from "~/models/credits.server";
import { findEmailVersion, insertEmailVersion, type EmailVersion, type NewEmailVersion } from "~/models/email-versions.server";
import { GenerationInputsSchema } from "~/domain/requests/generation";
import { VersionMetaSchema } from "~/domain/builder/version-meta";
import { SAMPLE_RECIPIENT } from "~/domain/builder/downloads";
import { submitContentSchema } from "~/domain/requests/library";
import { FREE_REGEN_BELOW } from "~/domain/qa/qa";
import { buildMime, htmlToText } from "~/domain/mime";
import type { Rating } from "~/domain/eval/feedback";
import { unsubscribeUrl } from "~/lib/unsubscribe-token.server";
import { generate, prepareGeneration } from "./generation.server";
import { messageAsSent, recipientValuesOf, sendEmail, senderFor } from "./sending.server";
import { senderForSend } from "./sender-profile.server";
import { submitFeedback } from "./feedback.server";
import { autoTag, submitContent } from "./library.server";
import type { AutoTags } from "~/engines/tag/port";
import { failure, type ServiceResult } from "./result";

// Every action answers a ServiceResult (./result); a failure's `code` is what the page branches on.

// ── reading a version's metadata ────────────────────────────────────────────────────────────────

// VersionMetaSchema (domain/builder/version-meta.ts): the QA score and retrieval facts, when well formed.

export type { EmailVersion };

/** One of the user's versions; null for anyone else's, as for a missing one (app/http/own-version.server.ts). */
export function findOwnVersion(app: AppContext, user: Pick<User, "id">, id: string): Promise<EmailVersion | null> {
  return findEmailVersion(app.database.db, user.id, id);
}

/** The stored QA score: the column, else metadata.qa.score; null when neither is a number. */
export function storedScore(version: Pick<EmailVersion, "qaScore" | "metadata">): number | null {
  if (typeof version.qaScore === "number" && Number.isFinite(version.qaScore)) return version.qaScore;
  const meta = VersionMetaSchema.safeParse(version.metadata ?? {});
  const score = meta.success ? meta.data.qa?.score : undefined;
  return typeof score === "number" && Number.isFinite(score) ? score : null;
}

function ragOf(version: Pick<EmailVersion, "metadata">): { used: boolean; examplesCount: number } {
  const meta = VersionMetaSchema.safeParse(version.metadata ?? {});
  const rag = meta.success ? meta.data.rag : undefined;
  return { used: rag?.used ?? false, examplesCount: rag?.examplesCount ?? 0 };
}

/** The original brief's prompt (a refine version's own prompt is its change instructions). */
export function briefPrompt(version: Pick<EmailVersion, "brief" | "prompt">): string {
  const p = (version.brief ?? {}).prompt;
  return typeof p === "string" && p.trim() ? p : version.prompt;
}

const newId = () => crypto.randomUUID();

/** The one id a version's free regeneration may have: its primary key makes "once" hold across processes. */
export function freeRegenVersionId(versionId: string): string {
  const h = crypto.createHash("sha256").update(`free-regen:${versionId}`).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export const freeRegenReference = (versionId: string) => `free-regen:${versionId}`;

// ── free regeneration ───────────────────────────────────────────────────────────────────────────

export type FreeRegenState = { eligible: true } | { eligible: false; reason: "score" | "no-score" | "used"; usedBy?: string };

/** Whether this version may still be regenerated for free (score below 70, not done before). */
export async function freeRegenState(app: AppContext, user: User, version: EmailVersion): Promise<FreeRegenState> {
  const score = storedScore(version);
  if (score === null) return { eligible: false, reason: "no-score" };
  if (score >= FREE_REGEN_BELOW) return { eligible: false, reason: "score" };
  const childId = freeRegenVersionId(version.id);
  if (await findEmailVersion(app.database.db, user.id, childId)) return { eligible: false, reason: "used", usedBy: childId };
  return { eligible: true };
}

// Versions with a free regeneration running in this process (a second click waits for nothing).
const regenerating = new Set<string>();

/** The generation request a version's brief describes (unknown or invalid fields are left out). */
export function regenerationInput(version: EmailVersion) {
  const brief = (version.brief ?? {}) as Record<string, unknown>;
  const techniques = Array.isArray(brief.techniques) ? brief.techniques.filter((t): t is string => typeof t === "string") : [];
  const candidate: Record<string, unknown> = {
    prompt: briefPrompt(version),
    emailType: brief.emailType,
    images: brief.images,
    savedSections: brief.savedSections,
    designTokens: brief.designTokens,
    styleTheory: brief.styleTheory,
    complexity: brief.complexity,
    detectedTechnique:
      typeof brief.detectedTechnique === "string" ? brief.detectedTechnique : techniques.length ? techniques.join(" and ") : undefined,
  };
  const fields: Record<string, unknown> = { prompt: candidate.prompt };
  // Field by field, so one stale field (e.g. tokens of an older shape) does not lose the rest.
  for (const [key, value] of Object.entries(candidate)) {
    if (value === undefined || key === "prompt") continue;
    const tried = GenerationInputsSchema.safeParse({ ...fields, [key]: value });
    if (tried.success) fields[key] = value;
  }
  const inputs = GenerationInputsSchema.parse(fields);
  const flag = (...keys: string[]) => keys.some((k) => brief[k] === true);
  return { ...inputs, useRAG: flag("useRAG", "useRag", "rag"), generateAmp: flag("generateAmp", "amp", "alsoAmp", "withAmp") };
}

/**
 * Regenerates the version from its brief without charging: generate() charges first as always,
 * and the batch that saves the new version refunds it, with reference `free-regen:<versionId>`.
 * Allowed once per version and only when its stored score is below 70; the new version's id is
 * derived from this one's, so a second attempt (even from another process) cannot save.
 */
export async function freeRegenerate(app: AppContext, user: User, version: EmailVersion): Promise<ServiceResult<{ versionId: string }>> {
  const state = await freeRegenState(app, user, version);
  if (!state.eligible) {
    if (state.reason === "used")
      return failure(409, "This version's free regeneration has already been used.", { code: "used", extra: { versionId: state.usedBy } });
    return failure(403, `A free regeneration is offered only when the QA score is below ${FREE_REGEN_BELOW}.`, { code: "not-eligible" });
  }
  if (regenerating.has(version.id)) return failure(409, "A free regeneration of this version is already running.", { code: "running" });
  regenerating.add(version.id);
  try {
    const input = regenerationInput(version);
    const prepared = prepareGeneration(input);
    if (!prepared.ok) return failure(prepared.status, prepared.error);
    const cost = app.env.CREDITS_PER_GENERATION;
    const id = freeRegenVersionId(version.id);
    const result = await generate(app, user, prepared.value, undefined, {
      // The new version and the charge's refund in one batch: a kill before it refunds the
      // pending charge anyway, and one after it finds the version saved and the credit back.
      store: async (response, charge) => {
        const db = app.database.db;
        const pending: Pick<PendingCharge, "reference" | "userId" | "action" | "amount"> = {
          reference: charge.reference,
          userId: user.id,
          action: AI_GENERATION,
          amount: cost,
        };
        const row: NewEmailVersion = {
          id,
          userId: user.id,
          parentId: version.id,
          kind: "regenerate",
          prompt: input.prompt,
          brief: version.brief,
          copyDoc: null,
          blueprint: response.blueprint as unknown as Record<string, unknown>,
          html: response.html,
          ampHtml: response.ampHtml || null,
          metadata: { ...response.metadata, freeRegen: { from: version.id, creditsRefunded: cost } } as unknown as Record<string, unknown>,
          subject: response.blueprint.subject ?? version.subject,
          qaScore: response.metadata.qa.score,
        };
        try {
          await insertEmailVersion(db, row, { refund: pending, ledgerReference: freeRegenReference(version.id) });
        } catch (error) {
          // Refunded either way: nothing was kept for the user.
          await refundPendingCharge(db, pending, undefined, `${freeRegenReference(version.id)}:not-saved`);
          if (await findEmailVersion(db, user.id, id))
            return failure(409, "This version's free regeneration has already been used.", { code: "used", extra: { versionId: id } });
          throw error;
        }
        return { ok: true, value: id };
      },
    });
    if (!result.ok) {
      if (result.status === 402)
        return failure(
          402,
          `Insufficient balance: a free regeneration needs ${app.env.CREDITS_PER_GENERATION} credit(s) available for a moment; they are returned at once.`,
          { code: "balance" },
        );
      if (result.code === "used") return result;
      return failure(result.status, result.error);
    }
    return { ok: true, value: { versionId: id } };
  } finally {
    regenerating.delete(version.id);
  }
}

// ── refine and undo ─────────────────────────────────────────────────────────────────────────────

// Refine lives in ./refine.server.ts (content edits, all or nothing); re-exported for the panels.
export { MAX_INSTRUCTIONS, refineVersion, type RefineRecord } from "./refine.server";

/**
 * Undo: a new version (kind "restore", parent = this one) that copies this version's parent,
 * so the history keeps both the change and its undoing.
 */
export async function restoreParent(app: AppContext, user: User, version: EmailVersion): Promise<ServiceResult<{ versionId: string }>> {
  if (!version.parentId) return failure(400, "This version has no earlier version to go back to.", { code: "no-parent" });
  const parent = await findEmailVersion(app.database.db, user.id, version.parentId);
  if (!parent) return failure(404, "The earlier version no longer exists.", { code: "parent-missing" });
  const id = newId();
  await insertEmailVersion(app.database.db, {
    id,
    userId: user.id,
    parentId: version.id,
    kind: "restore",
    prompt: parent.prompt,
    brief: parent.brief,
    copyDoc: parent.copyDoc,
    blueprint: parent.blueprint,
    html: parent.html,
    ampHtml: parent.ampHtml,
    metadata: { ...(parent.metadata ?? {}), restore: { restored: parent.id, undid: version.id } },
    subject: parent.subject,
    qaScore: parent.qaScore,
  });
  return { ok: true, value: { versionId: id } };
}

// ── feedback ────────────────────────────────────────────────────────────────────────────────────

/** Stored through the service behind /api/admin/submit-feedback, with the version's prompt and retrieval facts. */
export async function versionFeedback(
  app: AppContext,
  user: User,
  version: EmailVersion,
  input: { rating: Rating; comment?: string | null },
) {
  const rag = ragOf(version);
  const saved = await submitFeedback(app, user.id, {
    prompt: version.prompt,
    rating: input.rating,
    ragUsed: rag.used,
    ragExamplesCount: rag.examplesCount,
    comment: input.comment ?? null,
  });
  return { ok: true as const, value: saved };
}

// ── ship: test send, downloads ──────────────────────────────────────────────────────────────────

/** A test send through the one send service (suppression checks, outbox, tracking). */
export async function sendTest(app: AppContext, user: User, version: EmailVersion, to: string) {
  return sendEmail(app, user, {
    to,
    subject: version.subject,
    html: version.html,
    ampHtml: version.ampHtml,
    emailName: `builder:${version.id}`,
  });
}

/** A file name from the subject: letters, digits and dashes, never empty. */
export function downloadName(version: Pick<EmailVersion, "id" | "subject">, ext: "html" | "eml", asSent = false): string {
  const base = (version.subject ?? "")
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .toLowerCase();
  return `${base || "email"}-${version.id.replace(/[^A-Za-z0-9]/g, "").slice(0, 8)}${asSent ? "-as-sent" : ""}.${ext}`;
}

/** Which form a download takes: the template with its placeholders, or the email as sent to a sample recipient. */
export function downloadForm(request: Request): "template" | "sent" {
  return new URL(request.url).searchParams.get("as") === "sent" ? "sent" : "template";
}

/**
 * The version as a send would deliver it to SAMPLE_RECIPIENT: every placeholder filled by the
 * send's own code (messageAsSent) with sample values. The view-in-browser link opens this same
 * hosted copy; the unsubscribe and answer links are signed for the sample recipient, under the
 * version's id in place of a send id.
 */
async function versionAsSent(app: AppContext, user: User, version: EmailVersion) {
  const values = recipientValuesOf(app.env, SAMPLE_RECIPIENT, version.id, new Date());
  values.vibUrl = `${app.env.BASE_URL}/builder/v/${version.id}/download.html?as=sent&inline=1`;
  return messageAsSent(app, user, { html: version.html, ampHtml: version.ampHtml }, values);
}

/** The .html download: the template, or the email as sent (see versionAsSent). */
export async function versionHtml(app: AppContext, user: User, version: EmailVersion, form: "template" | "sent"): Promise<string> {
  return form === "sent" ? (await versionAsSent(app, user, version)).html : version.html;
}

/**
 * The message the sender would build, not sent: the same buildMime, text part and headers. As a
 * template it is addressed to the user with the placeholders unresolved (there is no send id yet);
 * as sent, to SAMPLE_RECIPIENT with every placeholder filled (versionAsSent).
 */
export async function versionEml(
  app: AppContext,
  user: User,
  version: EmailVersion,
  form: "template" | "sent" = "template",
): Promise<string> {
  // The user's brand sender when it may be used; the deployment's otherwise (a send would say why).
  const who = await senderForSend(app, user);
  const sender = who.ok
    ? { from: who.value.sender.from, domain: who.value.sender.domain, replyTo: who.value.sender.replyTo }
    : senderFor(app.env);
  const subject = (version.subject ?? "").replace(/[\r\n]+/g, " ").trim() || `Your ${app.env.BRAND_NAME} Email`;
  const sent = form === "sent" ? await versionAsSent(app, user, version) : null;
  const to = sent ? SAMPLE_RECIPIENT : user.email;
  const mime = await buildMime({
    from: sender.from,
    ...(sender.replyTo ? { replyTo: sender.replyTo } : {}),
    to,
    subject,
    text: sent ? sent.text : htmlToText(version.html),
    html: sent ? sent.html : version.html,
    ampHtml: sent ? sent.ampHtml : (version.ampHtml ?? undefined),
    messageId: `draft-${newId()}@${sender.domain}`,
    listUnsubscribe: {
      mailto: `mailto:unsubscribe@${sender.domain}?subject=unsubscribe`,
      url: unsubscribeUrl(app.env.BASE_URL, app.env.SESSION_SECRET, to),
    },
    headers: { "X-Kinetic-Version-Id": version.id, "X-Unsent": "1" },
  });
  return mime.raw;
}

// ── save to the library (admin) ─────────────────────────────────────────────────────────────────

/** The tagger's fields for this version's HTML, for the admin to review before saving. */
export async function tagVersion(app: AppContext, version: EmailVersion): Promise<ServiceResult<{ tags: AutoTags }>> {
  const r = await autoTag(app, { htmlContent: version.html, contentType: "html" });
  if (!r.ok) return failure(r.status, r.error);
  return { ok: true, value: { tags: r.value.tags } };
}

export interface LibraryForm {
  description: string;
  technique?: string;
  complexity?: string;
  emailPurpose?: string;
  exampleType?: string;
  keyFeatures?: string;
  bestPracticeTags?: string;
}

const list = (v: string | undefined) =>
  (v ?? "")
    .split(",")
    .map((x) => x.trim())
    .filter(Boolean);
const opt = (v: string | undefined) => (v && v.trim() ? v.trim() : undefined);

/** The reviewed fields through the service behind /api/admin/submit-content (the HTML is the version's). */
export async function saveVersionToLibrary(
  app: AppContext,
  version: EmailVersion,
  form: LibraryForm,
): Promise<ServiceResult<{ docId: string }>> {
  const keyFeatures = list(form.keyFeatures);
  const bestPracticeTags = list(form.bestPracticeTags);
  const parsed = submitContentSchema.safeParse({
    uploadType: "html",
    htmlContent: version.html,
    description: form.description,
    technique: opt(form.technique),
    complexity: opt(form.complexity),
    emailPurpose: opt(form.emailPurpose),
    exampleType: opt(form.exampleType),
    ...(keyFeatures.length ? { keyFeatures } : {}),
    ...(bestPracticeTags.length ? { bestPracticeTags } : {}),
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".") || "form"}: ${i.message}`);
    return failure(400, `Check the form: ${problems.join("; ")}`, { code: "invalid" });
  }
  const r = await submitContent(app, parsed.data);
  if (!r.ok) return failure(r.status, r.error);
  return { ok: true, value: { docId: r.value.id } };
}
