// The generation pipeline (docs/generation.md "The pipeline", steps 1–9, in order) and the smaller
// endpoints built from the same stages: copy only, blueprint only, direct generation and refine.
import { performance } from "node:perf_hooks";
import type { AppContext } from "~/composition/app.server";
import { withCharge } from "./charge.server";
import { bindAnswerForm } from "~/domain/answers/placeholder";
import { registerAnswerForm } from "./answers.server";
import { brandWebsite, senderLogo } from "./sender-profile.server";
import { failure, type ServiceFailure, type ServiceResult } from "./result";
import type { User } from "~/models/users.server";
import { logQaEvaluation } from "~/models/qa-evaluations.server";
import type { Blueprint, DesignTokens, Technique } from "~/domain/blueprint/schema";
import { mergeDesign } from "~/domain/blueprint/styles";
import type { CopyDoc } from "~/domain/copy/schema";
import { copyToText } from "~/domain/copy/schema";
import { languageWarnings } from "~/domain/copy/phrases";
import { assemblePrompt, extractTechniques, parsePromptFacts, type PromptFacts } from "~/domain/prompt";
import { factsFromBrief, readPrompt } from "~/domain/brief/read";
import { shownCopy, shownTechniques } from "~/domain/blueprint/shown-copy";
import { type Brief, spanOutsidePrompt } from "~/domain/brief/schema";
import type { Complexity, ImageInput, SavedSectionInput } from "~/domain/prompt/inputs";
import { autofixDoc } from "~/domain/autofix/autofix";
import { checkHtmlShape, describeHtmlProblem } from "~/domain/html/limits";
import { qaDoc, qaRun, type QaResult } from "~/domain/qa/qa";
import { userSectionText } from "~/domain/qa/trace";
import type { AmpClipping, AmpParity, AmpValidation } from "~/domain/amp";
import { addUsage, type EngineUsage } from "~/engines/prompts/usage";
import type { CodeExample } from "~/engines/code/port";
import { visibleCopy } from "~/engines/copy/conventions";
import { retrieveExamples } from "./retrieval.server";
import { readPromptBrief } from "./brief.server";
import { buildAmpEmail } from "./amp.server";
import { renderedBlueprintProblem } from "./html-inputs.server";
import { isLayout } from "~/domain/blueprint/layouts";
import { parseInstruction, splitInstructions } from "~/engines/refine/grammar";
import { MAX_REFINE_INSTRUCTIONS } from "~/engines/refine/local";
import { parseContentInstruction } from "~/domain/refine/grammar";
import { refineRefused } from "./refine-refusal";

// Failures are ServiceFailure (./result): `extra` fields join the error body at its top level (docs/api.md "Conventions").

// The neutral start: `estimated` turns true only when a stage that estimated (a local engine) is added.
const ZERO_USAGE: EngineUsage = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, estimated: false };

export interface GenerationInputs {
  prompt: string;
  emailType?: string;
  images?: ImageInput[];
  savedSections?: SavedSectionInput[];
  designTokens?: DesignTokens;
  styleTheory?: string;
  /** A layout family or "auto" (app/domain/blueprint/layouts.ts). */
  layout?: string;
  complexity?: Complexity;
  detectedTechnique?: string;
  /** A brief the client confirmed: used instead of reading the prompt again. */
  brief?: Brief;
}

export interface GenerateInput extends GenerationInputs {
  useRAG?: boolean;
  generateAmp?: boolean;
  blueprint?: Blueprint;
}

export type StageName = "credits" | "prompt" | "techniques" | "retrieval" | "copy" | "blueprint" | "code" | "autofix" | "qa" | "amp";
export type StageListener = (stage: StageName, detail: Record<string, unknown>) => void;

/**
 * Stores what a generation paid for (an email version, an eval result) and settles its pending
 * charge in the same batch: `{ keep: charge.reference }` (or a refund) passed to the model's
 * insert (ADR 032). A failure, or a throw, refunds the charge unless the store settled it.
 */
export type GenerationStore = (response: GenerateResponse, charge: { reference: string }) => Promise<ServiceResult<unknown>>;

/** What the HTML limit names when saved sections and locked sections exceed it together. */
export const CLIENT_HTML_PARTS = "savedSections and blueprint lockedHtml together";

/**
 * The HTML a generation request carries that goes into the email verbatim: saved sections and
 * locked sections of a client's blueprint. The routes check them against the HTML limits
 * (app/domain/html/limits.ts) as one budget, before any credit moves.
 */
export function clientHtmlParts(input: {
  savedSections?: SavedSectionInput[];
  blueprint?: Blueprint;
}): Array<{ field: string; html: string }> {
  const parts: Array<{ field: string; html: string }> = [];
  input.savedSections?.forEach((s, i) => parts.push({ field: `savedSections.${i}.html`, html: s.html }));
  input.blueprint?.sections.forEach((s, i) => {
    if (s.lockedHtml) parts.push({ field: `blueprint.sections.${i}.lockedHtml`, html: s.lockedHtml });
  });
  return parts;
}

// ── shared steps ────────────────────────────────────────────────────────────────────────────────

interface Understood {
  /** The brief the client confirmed, when it sent one: no engine reads the prompt again. */
  confirmed?: Brief;
  facts: PromptFacts;
  techniques: Technique[];
  assembledPrompt: string;
}

/** A request understood, with its brief: the confirmed one, or the brief engine's reading of the prompt. */
interface Read extends Understood {
  brief: Brief;
  /** The brief stage's tokens (a model's reading; zero for the local reader or a confirmed brief). */
  briefUsage: EngineUsage;
  /** For the email's warnings: why the brief was read without the model, when it was. */
  briefWarnings: string[];
}

/** Steps 2–3: the facts of the prompt, the techniques (≤ 2), and the one structured prompt. */
function understand(input: GenerationInputs, fromBlueprint?: Blueprint): ServiceResult<Understood> {
  let facts: PromptFacts;
  if (input.brief) {
    // A confirmed brief's spans point into this prompt; one past its end was read from another.
    const outside = spanOutsidePrompt(input.brief, input.prompt.length);
    if (outside) return failure(400, "The brief does not belong to this prompt", { extra: { field: "brief", detail: outside } });
    facts = factsFromBrief(input.brief, parsePromptFacts(input.prompt, input.emailType));
  } else {
    ({ facts } = readPrompt(input.prompt, input.emailType));
  }
  let techniques: Technique[];
  if (fromBlueprint) {
    techniques = fromBlueprint.interactiveConfig.modules.map((m) => m.technique);
  } else {
    const extracted = extractTechniques(input.prompt, input.detectedTechnique, input.emailType);
    if (!extracted.ok) return failure(400, extracted.error, { extra: { mentioned: extracted.mentioned } });
    techniques = extracted.techniques;
  }
  const assembledPrompt = assemblePrompt({
    prompt: input.prompt,
    emailType: input.emailType,
    techniques,
    designTokens: input.designTokens,
    images: input.images,
    savedSections: input.savedSections,
    styleTheory: input.styleTheory,
    complexity: input.complexity,
    facts,
  });
  return { ok: true, value: { ...(input.brief ? { confirmed: input.brief } : {}), facts, techniques, assembledPrompt } };
}

/**
 * The brief stage, after the request passed its checks (so a refused request asks no model) and
 * before any credit moves: the brief engine reads a prompt that came without a confirmed brief.
 */
async function withBrief(app: AppContext, input: GenerationInputs, u: Understood): Promise<Read> {
  if (u.confirmed) return { ...u, brief: u.confirmed, briefUsage: ZERO_USAGE, briefWarnings: [] };
  const read = await readPromptBrief(app, input.prompt, input.emailType);
  return { ...u, brief: read.brief, briefUsage: read.usage, briefWarnings: read.warnings };
}

/** The words the user wrote into a request: claims in the email may trace to them as to the brief. */
function userWords(input: GenerateInput): string[] {
  const out = [input.prompt];
  for (const s of input.savedSections ?? []) out.push(userSectionText(s.html));
  if (input.blueprint) out.push(JSON.stringify(input.blueprint.sections));
  return out;
}

/** Brand tokens are force-merged after parsing, whoever wrote the blueprint. */
function withBrandTokens(blueprint: Blueprint, tokens: DesignTokens | undefined): Blueprint {
  if (!tokens) return blueprint;
  return { ...blueprint, design: mergeDesign(blueprint.design, tokens) };
}

async function writeCopy(app: AppContext, input: GenerationInputs, u: Read) {
  const { engines } = app.adapters;
  return engines.copy.write({
    prompt: input.prompt,
    emailType: input.emailType,
    facts: u.facts,
    brief: u.brief,
    techniques: u.techniques,
    assembledPrompt: u.assembledPrompt,
  });
}

/** `user`'s brand website leads the calls to action nothing else gives a destination (docs/blueprint.md "Links"). */
async function buildBlueprint(app: AppContext, user: User, input: GenerationInputs, u: Read, copyDoc: CopyDoc) {
  const { engines } = app.adapters;
  const result = await engines.blueprint.build({
    brief: u.brief,
    website: await brandWebsite(app, user),
    prompt: input.prompt,
    copyDoc,
    techniques: u.techniques,
    designTokens: input.designTokens,
    styleTheory: input.styleTheory,
    layout: input.layout,
    images: input.images,
    savedSections: input.savedSections,
    emailType: input.emailType,
    facts: u.facts,
    assembledPrompt: u.assembledPrompt,
  });
  if (!result.ok) return result;
  return { ...result, blueprint: withBrandTokens(result.blueprint, input.designTokens) };
}

/**
 * HTML a model wrote, or rendered from a blueprint a model wrote, is held to the HTML limits before
 * the auto-fixes parse it (building the tree of deeply nested HTML is quadratic, serialising it
 * recursive, and every later stage is linear in its nodes). The local engines' HTML comes from
 * the renderer and the prompt's bounded facts.
 */
function modelHtmlProblem(html: string): string | null {
  const shape = checkHtmlShape(html);
  return shape.ok ? null : describeHtmlProblem("the HTML the model returned", shape.problem);
}

function upstreamError(stage: string, error: string): ServiceFailure {
  return failure(502, `Generation failed at the ${stage} stage: ${error}`);
}

// ── POST /api/gen/copy ──────────────────────────────────────────────────────────────────────────

export async function generateCopy(app: AppContext, input: GenerationInputs) {
  const understood = understand(input);
  if (!understood.ok) return understood;
  const u = await withBrief(app, input, understood.value);
  const copy = await writeCopy(app, input, u);
  if (!copy.ok) return upstreamError("copy", copy.error);
  return {
    ok: true as const,
    value: {
      copyDoc: copy.copyDoc,
      copyText: copyToText(copy.copyDoc),
      techniques: u.techniques,
      brief: u.brief,
    },
  };
}

// ── POST /api/gen/blueprint ─────────────────────────────────────────────────────────────────────

export async function generateBlueprint(app: AppContext, user: User, input: GenerationInputs & { copyDoc?: CopyDoc }) {
  const understood = understand(input);
  if (!understood.ok) return understood;
  const u = await withBrief(app, input, understood.value);
  let copyDoc = input.copyDoc;
  if (!copyDoc) {
    const copy = await writeCopy(app, input, u);
    if (!copy.ok) return upstreamError("copy", copy.error);
    copyDoc = copy.copyDoc;
  }
  const built = await buildBlueprint(app, user, input, u, copyDoc);
  if (!built.ok) return upstreamError("blueprint", built.error);
  return { ok: true as const, value: { blueprint: built.blueprint, notes: built.notes } };
}

// ── POST /api/generate ──────────────────────────────────────────────────────────────────────────

export interface GenerateResponse {
  success: true;
  html: string;
  ampHtml: string;
  blueprint: Blueprint;
  /** What the prompt asks for, as data (the client's own brief when it sent one). */
  brief: Brief;
  metadata: {
    generationId: string;
    technique: string;
    techniques: Technique[];
    ampGenerated: boolean;
    rag: { used: boolean; examplesCount: number; examples: Array<{ id: string; score: number }>; trace?: unknown; error?: string };
    qa: { score: number; qualifiesForFreeRegen: boolean; failedChecks: QaResult["failedChecks"] };
    validator: { fixesApplied: string[]; warnings: string[]; refineTriggered: boolean };
    amp?: {
      validator: AmpValidation["validator"];
      status: AmpValidation["status"];
      errors: AmpValidation["errors"];
      repairs: string[];
      parity: AmpParity;
      clipping: AmpClipping;
      warnings: string[];
    };
    usage: { input_tokens: number; output_tokens: number; estimated: boolean };
    timingsMs: Partial<Record<StageName, number>> & { total: number };
  };
}

/** A request that passed the checks needing no generation, with what they derived from it (its brief is read by generate()). */
export interface PreparedGeneration {
  input: GenerateInput;
  understood: Understood;
}

/** Steps 2–3 and the input checks that need no generation (e.g. three techniques): before any credit moves. */
export function prepareGeneration(input: GenerateInput): ServiceResult<PreparedGeneration> {
  const understood = understand(input, input.blueprint);
  if (!understood.ok) return understood;
  const tooBig = input.blueprint ? renderedBlueprintProblem(input.blueprint) : null;
  return tooBig ?? { ok: true, value: { input, understood: understood.value } };
}

/**
 * Steps 1–9 on a prepared request. Credits are charged first and refunded if anything after that
 * fails. With `store`, the charge is kept only by the store's own batch, so a crash between the
 * generation and its storing refunds it; without, it is kept when the response is ready.
 */
export async function generate(
  app: AppContext,
  user: User,
  { input, understood }: PreparedGeneration,
  onStage: StageListener = () => undefined,
  opts: { store?: GenerationStore } = {},
): Promise<ServiceResult<GenerateResponse>> {
  const started = performance.now();
  const timings: Partial<Record<StageName, number>> = {};
  // The brief is read here rather than in prepareGeneration, which stays synchronous for its callers:
  // still before any credit moves. Its time is in the total, not in the first stage's.
  const u = await withBrief(app, input, understood);
  let last = performance.now();
  const stage = (name: StageName, detail: Record<string, unknown> = {}) => {
    const now = performance.now();
    timings[name] = Number((now - last).toFixed(2));
    last = now;
    onStage(name, { ms: timings[name], ...detail });
  };

  const paid = await withCharge(app, user, async ({ generationId, cost }) => {
    stage("credits", { charged: cost });
    const result = await runPipeline(app, user, input, u, generationId, stage);
    if (!result.ok) return result;
    // Before the store: what it stores carries the timings too.
    result.value.metadata.timingsMs = { ...timings, total: Number((performance.now() - started).toFixed(2)) };
    if (!opts.store) return { ok: true as const, value: result.value, keepCharge: true };
    const stored = await opts.store(result.value, { reference: generationId });
    return stored.ok ? { ok: true as const, value: result.value, keepCharge: "settled" as const } : stored;
  });
  if (!paid.ok) return paid;
  return { ok: true, value: paid.value };
}

async function runPipeline(
  app: AppContext,
  user: User,
  input: GenerateInput,
  u: Read,
  generationId: string,
  stage: (name: StageName, detail?: Record<string, unknown>) => void,
): Promise<ServiceResult<GenerateResponse>> {
  const { engines } = app.adapters;
  const started = performance.now();
  let usage = addUsage(ZERO_USAGE, u.briefUsage);
  stage("prompt", { chars: u.assembledPrompt.length });
  stage("techniques", { techniques: u.techniques });

  // Step 4: retrieval. A retrieval outage degrades to generation without examples, reported truthfully.
  let examples: CodeExample[] = [];
  const rag: GenerateResponse["metadata"]["rag"] = { used: false, examplesCount: 0, examples: [] };
  if (input.useRAG) {
    const retrieved = await retrieveExamples(app, {
      prompt: input.prompt,
      technique: u.techniques.join("+"),
      emailType: input.emailType,
      complexity: input.complexity ?? "intermediate",
      emailPurpose: u.facts.emailType,
    });
    if (retrieved.ok) {
      examples = retrieved.examples.map((e) => ({ id: e.id, description: String(e.metadata.description ?? ""), html: e.document.html }));
      rag.used = examples.length > 0;
      rag.examplesCount = examples.length;
      rag.examples = retrieved.examples.map((e) => ({ id: e.id, score: Number(e.score.toFixed(4)) }));
      rag.trace = retrieved.trace;
    } else {
      rag.error = `retrieval failed at ${retrieved.stage}: ${retrieved.error}`;
      app.logger.warn({ generationId, stage: retrieved.stage, error: retrieved.error }, "retrieval failed; generating without examples");
    }
    stage("retrieval", { used: rag.used, examplesCount: rag.examplesCount });
  }

  // Step 5: the client's blueprint, or copy → blueprint.
  let blueprint: Blueprint;
  let copyDoc: CopyDoc | undefined;
  const copyWarnings: string[] = [];
  if (input.blueprint) {
    blueprint = withBrandTokens(input.blueprint, input.designTokens);
    // A client blueprint's own layout wins; the request's field fills it in when the blueprint has none.
    if (!blueprint.layout && isLayout(input.layout)) blueprint = { ...blueprint, layout: input.layout };
    stage("blueprint", { source: "client" });
  } else {
    const copy = await writeCopy(app, input, u);
    usage = addUsage(usage, copy.usage);
    if (!copy.ok) return upstreamError("copy", copy.error);
    copyDoc = copy.copyDoc;
    // A model's copy that still claims what the brief does not, after its one repair: reported, and QA fails it.
    for (const claim of copy.untraced ?? []) copyWarnings.push(`The copy model's claim ${claim}`);
    stage("copy", { subject: copyDoc.subject });
    const built = await buildBlueprint(app, user, input, u, copyDoc);
    usage = addUsage(usage, built.usage);
    if (!built.ok) return upstreamError("blueprint", built.error);
    blueprint = built.blueprint;
    stage("blueprint", { source: engines.blueprint.kind, sections: blueprint.sections.length });
  }

  // A brief without a logo (the builder's, the API's, a client's blueprint) takes the sender
  // profile's: the email is sent under that brand.
  if (!blueprint.logo) {
    const logo = await senderLogo(app, user);
    if (logo) blueprint = { ...blueprint, logo };
  }

  // Step 6: code (saved sections are locked in the blueprint and injected verbatim; the VIB link is part of the layout).
  const code = await engines.code.generate({ blueprint, assembledPrompt: u.assembledPrompt, examples });
  usage = addUsage(usage, code.usage);
  if (!code.ok) return upstreamError("code", code.error);
  const fromModel = engines.code.kind === "llm" || (engines.blueprint.kind === "llm" && !input.blueprint);
  const codeShape = fromModel ? modelHtmlProblem(code.html) : null;
  if (codeShape) return upstreamError("code", codeShape);
  stage("code", { bytes: code.html.length, engine: engines.code.kind });

  // Step 7: deterministic tiered auto-fixes.
  // QA checks the modules the email holds: one the brief had nothing for was left out, not broken.
  const shown = shownTechniques(blueprint);
  for (const t of u.techniques)
    if (!shown.includes(t)) copyWarnings.push(`The ${t} module was left out: the brief gives nothing for it to show.`);
  const context = { subject: blueprint.subject, preheader: blueprint.preheader, lang: blueprint.lang, techniques: shown };
  // autofixDoc hands QA its fixed tree: one parse for both (`npm run bench -- engine` measures it).
  let fixed = autofixDoc(code.html, context);
  stage("autofix", { fixes: fixed.fixesApplied.length });

  // Step 8: the 28 checks. A model-written email that scores below the free-regeneration line gets
  // one refine pass aimed at its failed checks (the local renderer's output never needs it).
  // QA compares the words as the email shows them (options, answers and prices as separate strings),
  // and looks for the prompt's facts in both the interactive and the fallback view.
  const qaCopy = copyDoc ? visibleCopy(shownCopy(copyDoc, blueprint), u.techniques, blueprint.lang) : undefined;
  // The fact trace (docs/qa.md): every claim must come from the brief or from words the user wrote
  // (the prompt, the saved sections they placed, the copy of a blueprint they supplied).
  const qaContext = { ...context, copyDoc: qaCopy, facts: u.facts, brief: u.brief, userText: userWords(input) };
  // The run keeps what the AMP step's report reuses (the parsed context, fidelity, the trace of these views).
  let qa = qaRun(fixed.doc, qaContext);
  let report = qa.result;
  let refineTriggered = false;
  if (report.qualifiesForFreeRegen && engines.code.kind === "llm") {
    refineTriggered = true;
    const instructions = report.failedChecks.map((c) => `Fix: ${c.title} — ${c.message}`).join("\n");
    const refined = await engines.refine.refine(fixed.html, instructions);
    usage = addUsage(usage, refined.usage);
    if (refined.ok && !modelHtmlProblem(refined.html)) {
      const again = autofixDoc(refined.html, context);
      const second = qaRun(again.doc, qaContext);
      if (second.result.score >= report.score) {
        fixed = {
          ...again,
          fixesApplied: [...fixed.fixesApplied, ...again.fixesApplied],
          warnings: [...fixed.warnings, ...again.warnings],
        };
        qa = second;
        report = second.result;
      }
    }
  }
  await logQaEvaluation(app.database.db, {
    userId: user.id,
    endpoint: "/api/generate",
    techniques: u.techniques,
    qa: report,
    ragUsed: rag.used,
    ragExamplesCount: rag.examplesCount,
    generationMs: performance.now() - started,
  });
  stage("qa", { score: report.score });

  // Step 9: the AMP translation of the same blueprint, repaired against the AMP4EMAIL rules,
  // compared with the finished HTML and measured at 360 px (the same service as /api/gen/amp).
  let ampHtml = "";
  let amp: GenerateResponse["metadata"]["amp"];
  if (input.generateAmp) {
    const built = await buildAmpEmail(app, { blueprint, html: fixed.html, formId: generationId });
    if (!built.ok) return upstreamError("amp", `the blueprint could not be translated to AMP: ${built.error}`);
    const ampEmail = built.value;
    ampHtml = ampEmail.ampHtml;
    amp = {
      validator: ampEmail.validation.validator,
      status: ampEmail.validation.status,
      errors: ampEmail.validation.errors,
      repairs: ampEmail.repairs,
      parity: ampEmail.parity,
      clipping: ampEmail.clipping,
      warnings: ampEmail.warnings,
    };
    stage("amp", { status: ampEmail.validation.status, parity: ampEmail.parity.ok, clipping: ampEmail.clipping.ok });
    // The AMP version's claims are traced too: a claim only it makes holds the score like one in the HTML.
    report = qa.withAmp(ampHtml);
  }

  // The answer links of a survey or quiz name this generation's form; its questions are kept so
  // results carry their labels (docs/answers.md).
  const html = bindAnswerForm(fixed.html, generationId);
  await registerAnswerForm(app, user, generationId, blueprint);

  return {
    ok: true,
    value: {
      success: true,
      html,
      ampHtml,
      blueprint,
      brief: u.brief,
      metadata: {
        generationId,
        technique: u.techniques.join("+"),
        techniques: u.techniques,
        ampGenerated: Boolean(ampHtml),
        rag,
        qa: { score: report.score, qualifiesForFreeRegen: report.qualifiesForFreeRegen, failedChecks: report.failedChecks },
        // A prompt language without a local frame is said first: the email's fixed phrases are English.
        validator: {
          fixesApplied: fixed.fixesApplied,
          warnings: [...languageWarnings(u.facts.language), ...u.briefWarnings, ...copyWarnings, ...fixed.warnings],
          refineTriggered,
        },
        ...(amp ? { amp } : {}),
        usage: { input_tokens: usage.inputTokens, output_tokens: usage.outputTokens, estimated: usage.estimated },
        timingsMs: { total: 0 },
      },
    },
  };
}

// ── POST /api/generate-email ────────────────────────────────────────────────────────────────────

export interface GenerateEmailResponse {
  success: true;
  html: string;
  usage: { input_tokens: number; output_tokens: number; estimated: boolean };
  applied?: string[];
  notApplied?: Array<{ instruction: string; reason: string }>;
  /** Refine mode: the credits charged (every instruction applied; otherwise the request is refused, uncharged). */
  creditsCharged?: number;
  qa: { score: number; qualifiesForFreeRegen: boolean; failedChecks: QaResult["failedChecks"] };
}

/** Direct generation without retrieval, or refine mode on `currentHtml`; charges credits like /api/generate. */
export async function generateEmail(
  app: AppContext,
  user: User,
  input: { prompt: string; refine?: boolean; currentHtml?: string },
): Promise<ServiceResult<GenerateEmailResponse>> {
  if (!input.refine) {
    const prepared = prepareGeneration({ prompt: input.prompt });
    if (!prepared.ok) return prepared;
    const result = await generate(app, user, prepared.value);
    if (!result.ok) return result;
    const { html, metadata } = result.value;
    return {
      ok: true,
      value: {
        success: true,
        html,
        usage: metadata.usage,
        qa: metadata.qa,
      },
    };
  }

  const { engines } = app.adapters;
  // All or nothing (docs/refine.md): the local grammar reads every instruction before a credit
  // moves; any instruction not understood, or not applied, refuses the request and is named.
  if (engines.refine.kind === "local") {
    const list = splitInstructions(input.prompt);
    if (list.length > MAX_REFINE_INSTRUCTIONS) {
      return refineRefused([
        {
          instruction: `(${list.length} instructions)`,
          reason: `At most ${MAX_REFINE_INSTRUCTIONS} instructions are applied per request; send the rest in another one`,
        },
      ]);
    }
    const unread = list.map(parseInstruction).filter((p): p is Extract<typeof p, { error: string }> => "error" in p);
    if (unread.length) {
      return refineRefused(
        unread.map((p) => ({
          instruction: p.instruction,
          reason: /^Not understood/.test(p.error)
            ? `I did not understand “${p.instruction}”${parseContentInstruction(p.instruction) ? " (content edits such as items, prices and questions need a saved version: use the builder)" : ""}`
            : p.error,
        })),
      );
    }
  }
  const paid = await withCharge(app, user, async () => {
    const refined = await engines.refine.refine(input.currentHtml ?? "", input.prompt).catch((e: unknown) => ({
      ok: false as const,
      error: e instanceof Error ? e.message : String(e),
      usage: ZERO_USAGE,
    }));
    const refinedShape = refined.ok && engines.refine.kind === "llm" ? modelHtmlProblem(refined.html) : null;
    if (!refined.ok || refinedShape) return upstreamError("refine", refined.ok ? refinedShape! : refined.error);
    if (refined.notApplied.length || refined.applied.length === 0)
      return refineRefused(
        refined.notApplied.length
          ? refined.notApplied
          : [{ instruction: input.prompt, reason: "Nothing in the instructions could be applied" }],
      );
    return { ok: true as const, value: refined, keepCharge: true };
  });
  if (!paid.ok) return paid;
  const { value: refined, charged } = paid;
  const fixed = autofixDoc(refined.html, {});
  const report = qaDoc(fixed.doc, {});
  return {
    ok: true,
    value: {
      success: true,
      html: fixed.html,
      usage: { input_tokens: refined.usage.inputTokens, output_tokens: refined.usage.outputTokens, estimated: refined.usage.estimated },
      applied: refined.applied,
      notApplied: refined.notApplied,
      creditsCharged: charged,
      qa: { score: report.score, qualifiesForFreeRegen: report.qualifiesForFreeRegen, failedChecks: report.failedChecks },
    },
  };
}
