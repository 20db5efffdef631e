// Refining a saved version (docs/refine.md): change instructions, all or nothing. Every instruction
// is read first: content edits (app/domain/refine) change the version's content model and the email
// is rendered again from it, so the HTML and the AMP version stay in step; look edits (the HTML
// grammar of app/engines/refine) change the HTML. When any instruction is not understood or finds
// nothing to change, nothing is applied and nothing is charged, and each one is named.
import crypto from "node:crypto";
import type { AppContext } from "~/composition/app.server";
import type { User } from "~/models/users.server";
import { insertEmailVersion, type EmailVersion, type NewEmailVersion } from "~/models/email-versions.server";
import { BlueprintSchema, type Blueprint, type Technique } from "~/domain/blueprint/schema";
import { BriefSchema as ReadBriefSchema, type Brief as ReadBrief } from "~/domain/brief/schema";
import { factsFromBrief, readPrompt } from "~/domain/brief/read";
import { CopyDocSchema } from "~/domain/copy/schema";
import { parsePromptFacts } from "~/domain/prompt";
import { FRAME_LANGUAGES, type FrameLanguage } from "~/domain/prompt/facts/types";
import { autofixDoc } from "~/domain/autofix/autofix";
import { qaDoc } from "~/domain/qa/qa";
import { userSectionText } from "~/domain/qa/trace";
import { render } from "~/domain/render";
import { bindAnswerForm } from "~/domain/answers/placeholder";
import { parseContentInstruction, splitOnConjunctions, type ContentEdit } from "~/domain/refine/grammar";
import { applyContentEdits, type ContentModel } from "~/domain/refine/apply";
import { parseInstruction, splitInstructions } from "~/engines/refine/grammar";
import { MAX_REFINE_INSTRUCTIONS } from "~/engines/refine/local";
import { visibleCopy } from "~/engines/copy/conventions";
import { withCharge } from "./charge.server";
import { buildAmpEmail } from "./amp.server";
import { registerAnswerForm } from "./answers.server";
import { failure, type ServiceResult } from "./result";
import { refineRefused, type NotApplied } from "./refine-refusal";

export const MAX_INSTRUCTIONS = 4000;

export type { NotApplied } from "./refine-refusal";

export interface RefineRecord {
  instructions: string;
  applied: string[];
  notApplied: NotApplied;
  creditsCharged: number;
  ampDropped: boolean;
  /** Look edits applied on the HTML since the blueprint last rendered it, replayed after a content edit renders it again. */
  htmlEdits: string[];
  /** Every refine's instructions along this version's history: words the user wrote, which the fact trace accepts. */
  userWords: string[];
}

type Step = { instruction: string; lang: FrameLanguage; edit: ContentEdit };

/** Lines, sentences and "then" (the HTML grammar's splitter), then "and" / "et" / "und" / "y" / "e" before a verb. */
export function splitRefineInstructions(text: string): string[] {
  return splitInstructions(text).flatMap(splitOnConjunctions);
}

const notUnderstood = (instruction: string) => ({ instruction, reason: `I did not understand “${instruction}”` });

/** The problems in the order the instructions were written. */
function inOrder(problems: NotApplied, list: string[]): NotApplied {
  return [...problems].sort((a, b) => list.indexOf(a.instruction) - list.indexOf(b.instruction));
}

function frameOf(lang: string | undefined): FrameLanguage {
  const code = (lang ?? "en").slice(0, 2).toLowerCase();
  return (FRAME_LANGUAGES as readonly string[]).includes(code) ? (code as FrameLanguage) : "en";
}

function previousRecord(version: EmailVersion): { htmlEdits: string[]; userWords: string[] } {
  const refine = ((version.metadata ?? {}) as Record<string, unknown>).refine as Partial<RefineRecord> | undefined;
  if (!refine || typeof refine.instructions !== "string") return { htmlEdits: [], userWords: [] };
  const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : undefined);
  // A refine saved before content edits existed changed the HTML only: its instructions are look edits.
  return { htmlEdits: strings(refine.htmlEdits) ?? [refine.instructions], userWords: strings(refine.userWords) ?? [refine.instructions] };
}

/** The prompt's brief: the one the user confirmed (saved on the page's brief as `understood`), else read again. */
function readBriefOf(version: EmailVersion): { prompt: string; brief: ReadBrief; emailType?: string } {
  const saved = (version.brief ?? {}) as Record<string, unknown>;
  const prompt = typeof saved.prompt === "string" && saved.prompt.trim() ? saved.prompt : version.prompt;
  const emailType = typeof saved.emailType === "string" ? saved.emailType : undefined;
  const confirmed = ReadBriefSchema.safeParse(saved.understood);
  return { prompt, emailType, brief: confirmed.success ? confirmed.data : readPrompt(prompt, emailType).brief };
}

/**
 * Applies the instructions to a version and saves the result as a new version (kind "refine",
 * parent = this one). All or nothing: any instruction not understood, or naming an item, question,
 * option or offer the email does not have, refuses the whole request before a credit moves.
 */
export async function refineVersion(
  app: AppContext,
  user: User,
  version: EmailVersion,
  instructions: string,
): Promise<ServiceResult<{ versionId: string }>> {
  const text = instructions.trim();
  if (!text) return failure(400, "Write what to change, e.g. “make the button green”.", { code: "empty" });
  if (text.length > MAX_INSTRUCTIONS)
    return failure(400, `Keep the instructions under ${MAX_INSTRUCTIONS} characters.`, { code: "too-long" });
  const list = splitRefineInstructions(text);
  if (list.length > MAX_REFINE_INSTRUCTIONS) {
    return refineRefused([
      {
        instruction: `(${list.length} instructions)`,
        reason: `At most ${MAX_REFINE_INSTRUCTIONS} instructions are applied per request; send the rest in another one`,
      },
    ]);
  }

  const parsedBlueprint = BlueprintSchema.safeParse(version.blueprint);
  const blueprint: Blueprint | null = parsedBlueprint.success ? parsedBlueprint.data : null;
  const lang = frameOf(blueprint?.lang);
  const { engines } = app.adapters;

  // 1. Read every instruction; nothing is applied yet.
  const steps: Step[] = [];
  const htmlNow: string[] = [];
  const problems: NotApplied = [];
  for (const instruction of list) {
    const look = parseInstruction(instruction);
    if ("edit" in look) {
      htmlNow.push(instruction);
      continue;
    }
    if (!/^Not understood/.test(look.error)) {
      problems.push({ instruction, reason: look.error });
      continue;
    }
    const content = parseContentInstruction(instruction, lang);
    if (content && "edit" in content) steps.push(content);
    else if (content) problems.push({ instruction, reason: content.error });
    // A model refiner reads free words; the local one knows its two grammars only.
    else if (engines.refine.kind === "llm") htmlNow.push(instruction);
    else problems.push(notUnderstood(instruction));
  }
  if (steps.length && !blueprint) {
    for (const s of steps)
      problems.push({ instruction: s.instruction, reason: "This version has no content model (blueprint) to edit; regenerate it first" });
  }

  // 2. Content edits on copies of the model: any one that finds nothing refuses them all. They are
  // tried even when another instruction was not understood, so every problem is named at once.
  const read = readBriefOf(version);
  const copy = version.copyDoc ? CopyDocSchema.safeParse(version.copyDoc) : null;
  let model: ContentModel = {
    blueprint: blueprint!,
    copyDoc: copy?.success ? copy.data : null,
    brief: read.brief,
    promptLength: read.prompt.length,
  };
  let applied: string[] = [];
  if (steps.length && blueprint) {
    const outcome = applyContentEdits(model, steps);
    if (outcome.ok) {
      model = outcome.model;
      applied = outcome.applied;
    } else problems.push(...outcome.problems);
  }
  if (problems.length) return refineRefused(inOrder(problems, list));

  const previous = previousRecord(version);
  const htmlEdits = [...previous.htmlEdits, ...htmlNow];
  const userWords = [...previous.userWords, text].slice(-30);

  // The new version's row (what step 3 pays for).
  function versionRow(
    id: string,
    html: string,
    ampHtml: string | null,
    report: ReturnType<typeof qaDoc>,
    charged: number,
  ): NewEmailVersion {
    const parentMeta = (version.metadata ?? {}) as Record<string, unknown>;
    const refine: RefineRecord = {
      instructions: text,
      applied,
      notApplied: [],
      creditsCharged: charged,
      ampDropped: Boolean(version.ampHtml) && !ampHtml,
      htmlEdits,
      userWords,
    };
    const savedBrief = { ...((version.brief ?? {}) as Record<string, unknown>) };
    // The confirmed brief, when the page saved one, follows the content edits.
    if (steps.length && ReadBriefSchema.safeParse(savedBrief.understood).success && model.brief) savedBrief.understood = model.brief;
    return {
      id,
      userId: user.id,
      parentId: version.id,
      kind: "refine",
      prompt: text,
      brief: savedBrief,
      copyDoc: (model.copyDoc ?? version.copyDoc ?? null) as Record<string, unknown> | null,
      blueprint: (steps.length ? model.blueprint : version.blueprint) as unknown as Record<string, unknown> | null,
      html,
      ampHtml,
      metadata: {
        technique: parentMeta.technique,
        techniques: parentMeta.techniques,
        rag: parentMeta.rag,
        ampGenerated: Boolean(ampHtml),
        qa: { score: report.score, qualifiesForFreeRegen: report.qualifiesForFreeRegen, failedChecks: report.failedChecks },
        validator: { fixesApplied: [], warnings: [], refineTriggered: false },
        refine,
      },
      subject: steps.length ? model.blueprint.subject : version.subject,
      qaScore: report.score,
    };
  }

  // 3. Charged: render, replay and apply the look edits, check, and the AMP version.
  const paid = await withCharge(app, user, async ({ generationId, cost }) => {
    let html = version.html;
    if (steps.length) {
      const rendered = render(model.blueprint);
      if (!rendered.ok) return failure(500, "The edited email could not be rendered");
      html = rendered.html;
      // Look edits of earlier refines were made on the HTML: they are made again on the new rendering.
      if (previous.htmlEdits.length) {
        const replay = await engines.refine.refine(html, previous.htmlEdits.join("\n"));
        if (replay.ok && replay.applied.length) html = replay.html;
      }
    }
    if (htmlNow.length) {
      const looked = await engines.refine
        .refine(html, htmlNow.join("\n"))
        .catch((e: unknown) => ({ ok: false as const, error: e instanceof Error ? e.message : String(e) }));
      if (!looked.ok) return failure(502, `The refiner failed: ${looked.error}`);
      if (looked.notApplied.length) return refineRefused(looked.notApplied);
      html = looked.html;
      applied = [...applied, ...looked.applied];
    }
    const bp = model.blueprint;
    const techniques = (bp?.interactiveConfig.modules.map((m) => m.technique) ?? []) as Technique[];
    const fixed = autofixDoc(html, bp ? { subject: bp.subject, preheader: bp.preheader, lang: bp.lang, techniques } : {});
    const brief = model.brief ?? undefined;
    const facts = brief ? factsFromBrief(brief, parsePromptFacts(read.prompt, read.emailType)) : undefined;
    const savedSections = Array.isArray((version.brief as Record<string, unknown> | null)?.savedSections)
      ? ((version.brief as Record<string, unknown>).savedSections as Array<{ html?: unknown }>)
      : [];
    const userText = [
      read.prompt,
      ...savedSections.map((s) => (typeof s.html === "string" ? userSectionText(s.html) : "")),
      userWords.join("\n"),
    ].filter(Boolean);
    const qaContext = {
      ...(bp ? { subject: bp.subject, preheader: bp.preheader, lang: bp.lang, techniques } : {}),
      ...(model.copyDoc && bp ? { copyDoc: visibleCopy(model.copyDoc, techniques, bp.lang) } : {}),
      facts,
      brief,
      userText,
    };
    // The AMP version follows the content only while the HTML is the blueprint's rendering.
    let ampHtml: string | null = null;
    const wantsAmp = Boolean(version.ampHtml);
    if (wantsAmp && steps.length && htmlEdits.length === 0) {
      const amp = await buildAmpEmail(app, { blueprint: bp, html: fixed.html, formId: generationId });
      if (!amp.ok) return failure(502, `The AMP version could not be rebuilt: ${amp.error}`);
      ampHtml = amp.value.ampHtml;
    }
    const report = qaDoc(fixed.doc, { ...qaContext, ...(ampHtml ? { ampHtml } : {}) });
    let finalHtml = fixed.html;
    if (steps.length) {
      // The answer links name this refine's form, whose questions are the edited ones.
      finalHtml = bindAnswerForm(fixed.html, generationId);
      await registerAnswerForm(app, user, generationId, bp);
    }
    // The new version is what the credit paid for: saved in the batch that keeps the charge.
    const id = crypto.randomUUID();
    await insertEmailVersion(app.database.db, versionRow(id, finalHtml, ampHtml, report, cost), { keep: generationId });
    return { ok: true as const, value: { versionId: id }, keepCharge: "settled" as const };
  });
  if (!paid.ok) return paid.status === 402 ? failure(402, paid.error, { code: "balance" }) : paid;
  return { ok: true, value: { versionId: paid.value.versionId } };
}
