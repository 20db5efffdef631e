// The AMP part of an email (step 9 of docs/generation.md "The pipeline", and docs/api/amp.md): translate
// the blueprint, repair it against the AMP4EMAIL rules, validate (official engine when installed),
// compare with the finished HTML and measure clipping at 360 px. Also the survey endpoint's rules:
// which origins and senders may post, and how the posted fields become stored answers.
import crypto from "node:crypto";
import type { ZodIssue } from "zod";
import type { AppContext } from "~/composition/app.server";
import type { Env } from "~/lib/env.server";
import {
  ampClipping,
  ampComponentsUsed,
  ampParity,
  buildAmp,
  repairAmp,
  validateAmp,
  type AmpClipping,
  type AmpParity,
  type AmpValidation,
} from "~/domain/amp";
import { byteLength } from "~/domain/amp/validate";
import { HTML_LIMITS, PLACED_HTML_LIMITS } from "~/domain/html/limits";
import { MAX_DOCUMENT_BYTES } from "~/domain/amp/rules";
import { validateAmpBoth, type AmpVerdict } from "~/adapters/amp-validator/official.server";
import { signFormId, verifySurveyAddress } from "~/lib/signed-form-id.server";
import { insertAmpSurveyResponse } from "~/models/amp-survey.server";
import { hitRateLimits } from "~/models/rate-limits.server";
import type { SurveyFields } from "~/domain/requests/amp";
import type { Blueprint } from "~/domain/blueprint/schema";
import type { User } from "~/models/users.server";
import { upsertAnswers } from "~/models/answers.server";
import { ampAnswers, registerAnswerForm, surveyActionPrefix, UNKNOWN_FORM } from "./answers.server";
import { checkHtmlInputs, renderedBlueprintProblem } from "./html-inputs.server";
import { failure, type ServiceResult } from "./result";

export interface AmpEmailInput {
  blueprint: unknown;
  /** The finished HTML email, the parity reference. */
  html?: string;
  /** Names the survey endpoint the form posts to (the generation id for /api/generate). */
  formId: string;
}

export interface AmpEmail {
  formId: string;
  ampHtml: string;
  validation: AmpValidation;
  repairs: string[];
  parity: AmpParity;
  clipping: AmpClipping;
  /** Configuration problems that do not stop the build (an http BASE_URL). */
  warnings: string[];
  /** The blueprint as the build read it. */
  blueprint: Blueprint;
}

/** The settings the AMP build reads (SESSION_SECRET signs the survey's form id), so scripts can run it without a database. */
export type AmpSettings = Pick<Env, "BASE_URL" | "AMP_VALIDATOR_JS" | "SESSION_SECRET">;

export const FORM_ID = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * The survey form's action URL: the endpoint with the signed form id. It names no send, so it
 * takes no answers itself: each send puts its own copy's address in its place (surveyActions,
 * app/services/answers.server.ts). AMP forms post over https only, so an http BASE_URL
 * (local development) is upgraded to https for the action URL and the caller is warned: the form
 * would work once served over https.
 */
export function surveyActionUrl(settings: Pick<Env, "BASE_URL" | "SESSION_SECRET">, formId: string): { url: string; warning?: string } {
  const base = settings.BASE_URL.replace(/\/+$/, "");
  const url = surveyActionPrefix(settings) + signFormId(settings.SESSION_SECRET, formId);
  if (base.startsWith("https://")) return { url };
  return {
    url,
    warning: `BASE_URL (${base}) is not https; the AMP survey form posts to ${url} because AMP for Email only allows https form endpoints`,
  };
}

function issueDetails(issues: ZodIssue[], prefix: string) {
  return issues.map((i) => ({ path: [prefix, ...i.path].join("."), message: i.message, code: i.code }));
}

function unavailableParity(reason: string): AmpParity {
  return { available: false, reason, ok: false, missingWords: [], extraWords: [], missingLinks: [], extraLinks: [], items: [] };
}

/**
 * The verdict the server gives an AMP document: the built-in rules, and the official engine's when
 * AMP_VALIDATOR_JS points at one (its verdict then wins), with the document size limit enforced.
 * `npm run amp:validate` reports this same verdict.
 */
export async function ampVerdict(settings: Pick<Env, "AMP_VALIDATOR_JS">, html: string, builtin?: AmpValidation): Promise<AmpVerdict> {
  const verdict = await validateAmpBoth(html, settings.AMP_VALIDATOR_JS, builtin);
  return { ...verdict, validation: withSizeLimit(verdict.validation, html) };
}

/** buildAmp → repairAmp → validation (official when installed) → parity → clipping. */
export async function ampEmail(settings: AmpSettings, input: AmpEmailInput): Promise<ServiceResult<AmpEmail>> {
  if (!FORM_ID.test(input.formId)) return failure(400, "Invalid form id");
  const action = surveyActionUrl(settings, input.formId);
  const built = buildAmp(input.blueprint, { surveyActionUrl: action.url });
  if (!built.ok) return failure(400, "Invalid blueprint", { details: issueDetails(built.issues, "blueprint") });

  // One parse and one built-in verdict of the repaired document serve the validation, parity and
  // clipping (the build's own repair already checked a document holding saved sections).
  const repaired = repairAmp(built.ampHtml, built.checked);
  const verdict = await ampVerdict(settings, repaired.html, repaired.validation);
  const ampRoot = repaired.parsed?.root;
  const validation = verdict.validation;
  // The https warning matters only when the email really has a survey form.
  const hasForm = built.blueprint.interactiveConfig.modules.some((m) => m.technique === "survey");
  const warnings = action.warning && hasForm ? [action.warning] : [];
  if (verdict.officialError) warnings.push(verdict.officialError);

  let parity: AmpParity;
  if (input.html === undefined) parity = unavailableParity("no HTML reference was given");
  else {
    try {
      parity = ampParity(repaired.html, input.html, ampRoot);
    } catch (e) {
      // A reference is user input: whatever it holds, parity is a report, never the request's failure.
      parity = unavailableParity(`the reference could not be compared: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  return {
    ok: true,
    value: {
      formId: input.formId,
      ampHtml: repaired.html,
      validation,
      repairs: repaired.repairs,
      parity,
      clipping: ampClipping(repaired.html, undefined, ampRoot),
      warnings,
      blueprint: built.blueprint,
    },
  };
}

/** The built-in code and the official engine's code for the same rule. */
const SIZE_ERROR_CODES = new Set(["AMP_DOC_TOO_LARGE", "DOCUMENT_SIZE_LIMIT_EXCEEDED"]);

/**
 * The size limit belongs to the format, whichever engine judged it: an oversized document is a
 * failing verdict (never a truncated document), even if an engine left that rule out.
 */
function withSizeLimit(validation: AmpValidation, html: string): AmpValidation {
  const bytes = byteLength(html);
  if (bytes <= MAX_DOCUMENT_BYTES) return validation;
  if (validation.errors.some((e) => SIZE_ERROR_CODES.has(String(e.code)))) return validation;
  return {
    ...validation,
    status: "fail",
    errors: [
      { code: "AMP_DOC_TOO_LARGE", line: 1, message: `The document is ${bytes} bytes; AMP for Email allows at most ${MAX_DOCUMENT_BYTES}` },
      ...validation.errors,
    ],
  };
}

export function buildAmpEmail(app: Pick<AppContext, "env">, input: AmpEmailInput): Promise<ServiceResult<AmpEmail>> {
  return ampEmail(app.env, input);
}

/**
 * POST /api/gen/amp: a client's blueprint (and optional reference HTML) checked against the input
 * limits before anything parses them for real, then built with a new form id. The reference HTML
 * and the blueprint's locked sections are parsed (parity, the AMP build); locked sections are held
 * to the limits of a generation except in characters, so that an AMP document over AMP's 200 KB
 * limit stays reachable, to be reported as such (AMP_DOC_TOO_LARGE). Characters of the rendered
 * blueprint are not limited either; the request schema bounds them to ~400 KB. What the form asks
 * is kept for the user (registerAnswerForm).
 */
export async function buildClientAmpEmail(
  app: Pick<AppContext, "env" | "database">,
  user: User,
  input: { blueprint: Record<string, unknown>; html?: string | null },
): Promise<ServiceResult<AmpEmail>> {
  const sections = input.blueprint.sections;
  const locked = (Array.isArray(sections) ? sections : []).flatMap((s: unknown, i) => {
    const html = (s as { lockedHtml?: unknown } | null)?.lockedHtml;
    return typeof html === "string" ? [{ field: `blueprint.sections.${i}.lockedHtml`, html }] : [];
  });
  const refused =
    (input.html ? await checkHtmlInputs([{ field: "html", html: input.html }]) : null) ??
    (await checkHtmlInputs(locked, "blueprint lockedHtml together", { ...PLACED_HTML_LIMITS, maxChars: HTML_LIMITS.maxChars })) ??
    renderedBlueprintProblem(input.blueprint, { maxChars: Infinity });
  if (refused) return refused;
  const built = await buildAmpEmail(app, { blueprint: input.blueprint, html: input.html ?? undefined, formId: crypto.randomUUID() });
  // The form's questions are kept under its id for the user, as a generation keeps them: a sent
  // copy's survey takes only the answers its form asks for, and only for its owner's sends.
  if (built.ok) await registerAnswerForm(app, user, built.value.formId, built.value.blueprint);
  return built;
}

/** Metadata of a library upload of type `amp` (built-in rules; synchronous for the upload path). */
export function ampLibraryMetadata(html: string): { ampValidator: "pass" | "fail"; ampComponents: string[] } {
  return { ampValidator: validateAmp(html).status, ampComponents: ampComponentsUsed(html) };
}

// ── POST /api/amp/survey/:formId ────────────────────────────────────────────────────────────────

/** Origins of the mail clients that render AMP and post forms (through their proxies). */
export const EMAIL_CLIENT_ORIGINS = [
  "https://mail.google.com",
  "https://amp.gmail.dev",
  "https://playground.amp.dev",
  "https://mail.yahoo.com",
];

export function allowedSurveyOrigins(env: Pick<Env, "BASE_URL">): Set<string> {
  const origins = new Set(EMAIL_CLIENT_ORIGINS);
  try {
    origins.add(new URL(env.BASE_URL).origin);
  } catch {
    // BASE_URL is validated at startup; should it not parse anyway, only the mail clients remain allowed.
  }
  return origins;
}

/** The bare address of a From value such as `Brand <news@brand.example>`. */
export function mailAddress(from: string): string {
  const angle = /<([^<>]+)>/.exec(from);
  return (angle ? angle[1] : from).trim().toLowerCase();
}

/**
 * Which sender an AMP request may be answered for: any sender when MAIL_FROM is not set (the
 * deployment has not pinned its From address), otherwise only MAIL_FROM's address.
 */
export function senderAllowed(env: Pick<Env, "MAIL_FROM">, sender: string): boolean {
  if (!env.MAIL_FROM) return true;
  return mailAddress(sender) === mailAddress(env.MAIL_FROM);
}

/** The CORS headers to answer with, or a 403. */
export type AmpCorsDecision = ServiceResult<Record<string, string>>;

/**
 * The CORS answer AMP for Email requires (amp.dev "CORS in AMP for Email"): version 2 clients send
 * `Origin` + `AMP-Email-Sender` and expect `Access-Control-Allow-Origin` + `AMP-Email-Allow-Sender`;
 * version 1 clients put the sender in `__amp_source_origin` and expect
 * `AMP-Access-Control-Allow-Source-Origin`, exposed. A request without `Origin` is not a browser's
 * cross-origin request, so it is answered without CORS headers.
 */
export function ampCorsDecision(
  env: Pick<Env, "BASE_URL" | "MAIL_FROM">,
  request: { origin: string | null; sender: string | null; sourceOrigin: string | null },
): AmpCorsDecision {
  const headers: Record<string, string> = { Vary: "Origin, AMP-Email-Sender" };
  if (request.origin !== null) {
    if (!allowedSurveyOrigins(env).has(request.origin)) return failure(403, "Origin not allowed");
    headers["Access-Control-Allow-Origin"] = request.origin;
    headers["Access-Control-Allow-Credentials"] = "true";
  }
  if (request.sender !== null) {
    if (!senderAllowed(env, request.sender)) return failure(403, "Sender not allowed");
    headers["AMP-Email-Allow-Sender"] = request.sender;
  }
  if (request.sourceOrigin !== null) {
    if (!senderAllowed(env, request.sourceOrigin)) return failure(403, "Source origin not allowed");
    headers["AMP-Access-Control-Allow-Source-Origin"] = request.sourceOrigin;
    headers["Access-Control-Expose-Headers"] = "AMP-Access-Control-Allow-Source-Origin";
  }
  return { ok: true, value: headers };
}

// What one survey post may hold: SurveyFieldsSchema (domain/requests/amp.ts).

/**
 * The form and send a post's path names: its signed address (the action URL's last segment)
 * checked against SESSION_SECRET. 400 for something not shaped like one, 404 for one this
 * deployment did not sign (made up, tampered, or signed with a secret since changed), 410 for a
 * form signed here without a send (a preview's, or a copy sent before answers were tied to each
 * copy): only a sent copy's form takes answers. Nothing is read or counted first.
 */
export function surveyAddress(env: Pick<Env, "SESSION_SECRET">, segment: string): ServiceResult<{ formId: string; sendId: string }> {
  const verified = verifySurveyAddress(env.SESSION_SECRET, segment);
  if (verified.ok) return { ok: true, value: { formId: verified.formId, sendId: verified.sendId } };
  if (verified.reason === "malformed") return failure(400, "Invalid form id");
  if (verified.reason === "no-send") return failure(410, NO_SEND);
  return failure(404, UNKNOWN_FORM);
}

/** Said to a post whose address names a form but no send. */
export const NO_SEND =
  "This survey's address names no send: only the form of a copy sent from here takes answers (emails sent before answers were tied to each copy take them through their answer links)";

/** Admitted, or a 429 with `retryAfterSeconds`. */
export type SurveyAdmission = ServiceResult<null>;

export const SURVEY_RATE_WINDOW_MS = 60_000;
export const SURVEY_ADDRESS_WINDOW_MS = 3_600_000;

/**
 * The endpoint is anonymous, so what one client address may write is bounded three ways, each a
 * fixed window in the rate_limits table (so it holds across processes and restarts):
 * AMP_SURVEY_MAX_PER_MINUTE posts a minute to one form, AMP_SURVEY_MAX_PER_ADDRESS_PER_HOUR posts
 * an hour to all forms together, and AMP_SURVEY_MAX_BYTES_PER_ADDRESS_PER_HOUR bytes of body an
 * hour. Every post that got past the form and size checks counts against all three, valid or not.
 */
export async function admitSurveyPost(
  app: Pick<AppContext, "database" | "env">,
  input: { clientIp: string; formId: string; bytes: number },
  now = Date.now(),
): Promise<SurveyAdmission> {
  const { env } = app;
  const decisions = await hitRateLimits(
    app.database.db,
    [
      {
        key: `amp-survey:${input.formId}:${input.clientIp}`,
        rule: { limit: env.AMP_SURVEY_MAX_PER_MINUTE, windowMs: SURVEY_RATE_WINDOW_MS },
      },
      {
        key: `amp-survey-posts:${input.clientIp}`,
        rule: { limit: env.AMP_SURVEY_MAX_PER_ADDRESS_PER_HOUR, windowMs: SURVEY_ADDRESS_WINDOW_MS },
      },
      {
        key: `amp-survey-bytes:${input.clientIp}`,
        rule: { limit: env.AMP_SURVEY_MAX_BYTES_PER_ADDRESS_PER_HOUR, windowMs: SURVEY_ADDRESS_WINDOW_MS },
        amount: input.bytes,
      },
    ],
    now,
  );
  const refused = decisions.filter((d) => !d.allowed);
  if (refused.length === 0) return { ok: true, value: null };
  const retryAfterSeconds = Math.max(...refused.map((d) => d.retryAfterSeconds));
  return failure(429, "Too many survey answers from this address; try again later", {
    retryAfterSeconds,
    extra: { retry_after_seconds: retryAfterSeconds },
  });
}

export interface StoredSurveyResponse {
  id: number;
}

/**
 * Stores one submission of a sent copy's form, once every field has been checked against the
 * form's questions (ampAnswers: nothing is stored for a refused post): the raw log, with the
 * copy's send id, and the answers, one per send and question (the latest kept). `sender` is the
 * address the email was sent from (AMP-Email-Sender or the older `__amp_source_origin`).
 */
export async function storeSurveyResponse(
  app: Pick<AppContext, "database">,
  input: { formId: string; sendId: string; sender: string | null; fields: SurveyFields },
  now = new Date(),
): Promise<ServiceResult<StoredSurveyResponse>> {
  const answers = await ampAnswers(app, input);
  if (!answers.ok) return answers;
  const { db } = app.database;
  const id = await insertAmpSurveyResponse(db, {
    formId: input.formId,
    sender: input.sender,
    answers: { ...input.fields, sendId: input.sendId },
  });
  // The same store as the HTML email's answer links, so results count both.
  await upsertAnswers(db, answers.value, now);
  return { ok: true, value: { id } };
}
