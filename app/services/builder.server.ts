// The builder's orchestration (docs/builder.md): a brief (the page's form) becomes the same GenerateInput
// the JSON API takes, and goes through the same services: generateCopy, generateBlueprint,
// prepareGeneration and generate. Every generation is saved as a version; the brief's brand
// tokens and style are saved per user so the next brief starts from them.
import crypto from "node:crypto";
import type { SubmissionResult } from "@conform-to/react";
import { fieldErrors } from "~/lib/form-errors";
import type { AppContext } from "~/composition/app.server";
import type { User } from "~/models/users.server";
import { AI_GENERATION, balanceOf } from "~/models/credits.server";
import {
  findBrandProfile,
  findEmailVersion,
  insertEmailVersion,
  listEmailVersions,
  saveBrandProfile,
  type EmailVersion,
} from "~/models/email-versions.server";
import { DesignTokensSchema, type DesignTokens } from "~/domain/blueprint/schema";
import { STYLE_THEORY_KEYS } from "~/domain/blueprint/styles";
import { CopyDocSchema, type CopyDoc } from "~/domain/copy/schema";
import { type ImageInput } from "~/domain/prompt/inputs";
import { BriefSchema as UnderstoodBriefSchema, spanOutsidePrompt, type Brief as UnderstoodBrief } from "~/domain/brief/schema";
import { briefFromDraft, draftFromForm, type UnderstoodDraft } from "~/domain/brief/form";
import { extractTechniques } from "~/domain/prompt/techniques";
import { BrandSchema, BriefFormSchema, BriefSchema, type Brand, type Brief, type BriefInput } from "~/domain/requests/builder";
import { parsePageForm } from "~/domain/requests/page-form";
import { SIMULATED, simulateWebmail, type WebmailClient } from "~/domain/html/webmail-simulation";
import {
  generate,
  generateBlueprint,
  generateCopy,
  prepareGeneration,
  type GenerateInput,
  type GenerateResponse,
  type StageName,
} from "./generation.server";
import { failure, type ServiceResult } from "./result";
import { readPromptBrief } from "./brief.server";

// ── the brief ───────────────────────────────────────────────────────────────────────────────────

/** Font stacks the brief offers (each valid for FontStackSchema). */
export const FONT_CHOICES = [
  { label: "Helvetica / Arial", value: "'Helvetica Neue', Helvetica, Arial, sans-serif" },
  { label: "System UI", value: "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif" },
  { label: "Georgia (serif)", value: "Georgia, 'Times New Roman', Times, serif" },
  { label: "Verdana", value: "Verdana, Geneva, Tahoma, sans-serif" },
  { label: "Trebuchet", value: "'Trebuchet MS', Helvetica, Arial, sans-serif" },
  { label: "Palatino (serif)", value: "Palatino, 'Palatino Linotype', 'Book Antiqua', Georgia, serif" },
  { label: "Monospace", value: "'SF Mono', Menlo, Consolas, 'Courier New', monospace" },
] as const;

export const BRAND_COLOR_KEYS = ["primary", "accent", "background", "text"] as const;

// The brief's fields: BriefSchema and BrandSchema (domain/requests/builder.ts).
export type { Brand, Brief, BriefInput };

/** Field name → message, keyed like the Check and copy steps' field names (`u.items.0.name`, `copy.sections.1.href`); the brief form's are conform's. */
export type FieldErrors = Record<string, string>;

type FormLike = { get(name: string): FormDataEntryValue | null; getAll(name: string): FormDataEntryValue[] };
const str = (form: FormLike, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
};

// eslint-disable-next-line no-restricted-syntax -- form outcome: field errors and the values to show the form again with, no status
export type ParsedBrief = { ok: true; brief: Brief } | { ok: false; errors: FieldErrors; values: BriefInput };

/** A parsed brief form: the brief, or conform's answer for the page (every refused field marked). */
// eslint-disable-next-line no-restricted-syntax -- form outcome: conform's reply for the page, no status
export type BriefFormResult = { ok: true; brief: Brief } | { ok: false; reply: SubmissionResult<string[]> };

/**
 * The page's brief form (BriefFormSchema through conform), for both the page's post and the
 * streamed generation: one parser. What generate() would refuse about the techniques is put on
 * its field here too, before any credit is charged.
 */
export function parseBriefForm(form: FormData | URLSearchParams): BriefFormResult {
  const submission = parsePageForm(form, { schema: BriefFormSchema });
  if (submission.status !== "success") return { ok: false, reply: submission.reply() };
  const techniques = techniqueErrors(submission.value);
  if (!techniques) return { ok: true, brief: submission.value };
  return { ok: false, reply: submission.reply({ fieldErrors: Object.fromEntries(Object.entries(techniques).map(([k, m]) => [k, [m]])) }) };
}

/**
 * What generate() would refuse about the techniques (a prompt naming three), found before any
 * credit is charged and put on the field to change: the prompt when it names them, else the
 * ticked techniques.
 */
export function techniqueErrors(brief: Brief): FieldErrors | null {
  const input = briefToGenerateInput(brief);
  const r = extractTechniques(brief.prompt, input.detectedTechnique, brief.emailType || undefined);
  if (r.ok) return null;
  return /\bthe prompt\b/.test(r.error) ? { prompt: `${r.error} Name at most two in the prompt.` } : { techniques: r.error };
}

/** A brief carried between steps as JSON (the copy step's hidden field). */
export function parseBriefJson(text: string): ParsedBrief {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, errors: { form: "The brief was lost between steps; start again." }, values: { prompt: "" } };
  }
  const parsed = BriefSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error), values: (raw ?? { prompt: "" }) as BriefInput };
  const techniques = techniqueErrors(parsed.data);
  return techniques ? { ok: false, errors: techniques, values: parsed.data } : { ok: true, brief: parsed.data };
}

export interface CopyDraft {
  subject: string;
  preheader: string;
  /** `href`: where the button (an item) leads, as typed; blank leaves it to the brief and the brand website. */
  sections: Array<{ role: string; headline: string; body: string; cta: string; href?: string }>;
  items: Array<{ label: string; headline: string; body: string; href?: string }>;
}

/** A link field as typed: blank is no link (the brief or the brand website decides). */
const hrefOf = (form: FormLike, name: string) => {
  const v = str(form, name).trim();
  return v ? { href: v } : {};
};

/** The copy step's fields (`copy.subject`, `copy.sections.0.headline`, `copy.items.1.body` …) as typed. */
export function copyDraftFromForm(form: FormLike): CopyDraft {
  const sections: CopyDraft["sections"] = [];
  for (let i = 0; i < 40 && form.get(`copy.sections.${i}.role`) !== null; i++) {
    sections.push({
      role: str(form, `copy.sections.${i}.role`),
      headline: str(form, `copy.sections.${i}.headline`),
      body: str(form, `copy.sections.${i}.body`),
      cta: str(form, `copy.sections.${i}.cta`),
      ...hrefOf(form, `copy.sections.${i}.href`),
    });
  }
  const items: CopyDraft["items"] = [];
  for (let i = 0; i < 40 && form.get(`copy.items.${i}.label`) !== null; i++) {
    items.push({
      label: str(form, `copy.items.${i}.label`),
      headline: str(form, `copy.items.${i}.headline`),
      body: str(form, `copy.items.${i}.body`),
      ...hrefOf(form, `copy.items.${i}.href`),
    });
  }
  return { subject: str(form, "copy.subject"), preheader: str(form, "copy.preheader"), sections, items };
}

/** The copy step's fields → a CopyDoc (CopyDocSchema), or errors keyed by field name. */
// eslint-disable-next-line no-restricted-syntax -- form outcome: field errors and the draft to show the form again with, no status
export function parseCopyForm(form: FormLike): { ok: true; copyDoc: CopyDoc } | { ok: false; errors: FieldErrors; draft: CopyDraft } {
  const draft = copyDraftFromForm(form);
  const parsed = CopyDocSchema.safeParse(draft);
  if (parsed.success) return { ok: true, copyDoc: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const message =
      issue.path.at(-1) === "href"
        ? "Enter a full address starting with https://, http:// or mailto: (e.g. https://example.com/guide), or leave it blank."
        : issue.message;
    errors[["copy", ...issue.path].join(".")] ??= message;
  }
  return { ok: false, errors, draft };
}

/** Brand fields → the API's designTokens (colors, typography, buttons); undefined when nothing is set. */
export function brandTokens(brand: Brand): DesignTokens | undefined {
  const tokens: DesignTokens = {};
  if (brand.useColors) {
    const colors = Object.fromEntries(Object.entries(brand.colors).filter(([, v]) => v));
    if (Object.keys(colors).length) tokens.colors = colors;
  }
  if (brand.fontFamily || brand.headingFontFamily) {
    tokens.typography = {
      ...(brand.fontFamily ? { fontFamily: brand.fontFamily } : {}),
      ...(brand.headingFontFamily ? { headingFontFamily: brand.headingFontFamily } : {}),
    };
  }
  if (brand.buttonRadius !== undefined) tokens.buttons = { radius: brand.buttonRadius };
  return Object.keys(tokens).length ? DesignTokensSchema.parse(tokens) : undefined;
}

/** The brief as the JSON API's GenerateInput: one code path for both. */
export function briefToGenerateInput(brief: Brief): GenerateInput {
  // The logo travels as an image named "logo" (step 2 of docs/generation.md: the brand style guide's logo).
  const images: ImageInput[] = [...brief.images];
  if (brief.brand.logoUrl) images.unshift({ name: "logo", description: "Brand logo", url: brief.brand.logoUrl });
  return {
    prompt: brief.prompt,
    emailType: brief.emailType,
    detectedTechnique: brief.techniques.length ? brief.techniques.join("+") : undefined,
    complexity: brief.complexity,
    styleTheory: brief.styleTheory,
    layout: brief.layout,
    designTokens: brandTokens(brief.brand),
    images: images.length ? images : undefined,
    savedSections: brief.savedSections.length ? brief.savedSections : undefined,
    useRAG: brief.useRAG,
    generateAmp: brief.generateAmp,
    ...(brief.understood ? { brief: brief.understood } : {}),
  };
}

// ── what the brief page starts from ─────────────────────────────────────────────────────────────

export interface BuilderStart {
  /** The brief's initial values: the user's saved brand and style, or a given version's brief. */
  initial: BriefInput;
  cost: number;
  balance: number;
}

/** The saved brand profile as brief fields (the profile stores designTokens plus the brief's brand fields). */
function brandFromProfile(profile: { designTokens: Record<string, unknown> } | null): Brand | undefined {
  const saved = profile?.designTokens.brief;
  const parsed = BrandSchema.safeParse(saved);
  return parsed.success ? parsed.data : undefined;
}

export async function builderStart(app: AppContext, user: User, opts: { fromVersionId?: string } = {}): Promise<BuilderStart> {
  const { db } = app.database;
  const [profile, balance, from] = await Promise.all([
    findBrandProfile(db, user.id),
    balanceOf(db, user.id, AI_GENERATION),
    opts.fromVersionId ? findEmailVersion(db, user.id, opts.fromVersionId) : Promise.resolve(null),
  ]);
  const fromBrief = from ? BriefSchema.safeParse(from.brief) : null;
  let initial: BriefInput;
  if (fromBrief?.success) initial = fromBrief.data;
  else {
    const styleTheory = STYLE_THEORY_KEYS.find((k) => k === profile?.styleTheory) ?? "auto";
    initial = { prompt: "", styleTheory, brand: brandFromProfile(profile) ?? {} };
  }
  return { initial, cost: app.env.CREDITS_PER_GENERATION, balance };
}

// ── what Kinetic understood ────────────────────────────────────────────────────────────────────

/**
 * The domain brief of the prompt (app/domain/brief): what the "Check" step shows, read by the brief
 * engine (a model when one is configured, else the local reader). Reading costs no credit.
 */
export async function understandPrompt(app: AppContext, settings: Brief): Promise<UnderstoodBrief> {
  return (await readPromptBrief(app, settings.prompt, settings.emailType)).brief;
}

/** The "Check" step as posted: the page's brief (hidden JSON `brief`), the brief read (hidden JSON `u.read`) and the draft in the fields. */
export type UnderstoodForm =
  | { ok: true; settings: Brief; read: UnderstoodBrief; draft: UnderstoodDraft }
  // eslint-disable-next-line no-restricted-syntax -- form outcome: field errors and the values to show the form again with, no status
  | { ok: false; errors: FieldErrors; values: BriefInput };

export function parseUnderstoodForm(form: FormLike): UnderstoodForm {
  const settings = parseBriefJson(str(form, "brief"));
  if (!settings.ok) return settings;
  let raw: unknown;
  try {
    raw = JSON.parse(str(form, "u.read"));
  } catch {
    raw = null;
  }
  const read = UnderstoodBriefSchema.safeParse(raw);
  if (!read.success || spanOutsidePrompt(read.data, settings.brief.prompt.length))
    return {
      ok: false,
      errors: { form: "What Kinetic read was lost between steps; continue from the prompt again." },
      values: settings.brief,
    };
  const { understood: _previous, ...rest } = settings.brief;
  return { ok: true, settings: rest, read: read.data, draft: draftFromForm(form, read.data) };
}

/** The confirmed brief on the page's brief (the email type follows an edited one), or the form's errors and asks. */
/* eslint-disable no-restricted-syntax -- form outcome: field errors to show next to the fields, no status */
export function confirmUnderstood(
  settings: Brief,
  read: UnderstoodBrief,
  draft: UnderstoodDraft,
): { ok: true; settings: Brief } | { ok: false; errors: FieldErrors } {
  /* eslint-enable no-restricted-syntax */
  const confirmed = briefFromDraft(draft, read, settings.prompt.length);
  if (!confirmed.ok) return confirmed;
  const emailType = confirmed.brief.emailType.source === "hint" ? confirmed.brief.emailType.value : settings.emailType;
  return { ok: true, settings: { ...settings, emailType, understood: confirmed.brief } };
}

// ── copy first ──────────────────────────────────────────────────────────────────────────────────

/** Step 2 of the page: the CopyDoc the user edits (the same service as /api/gen/copy; no charge). */
export async function briefCopy(app: AppContext, brief: Brief) {
  return generateCopy(app, briefToGenerateInput(brief));
}

// ── generation → a version ──────────────────────────────────────────────────────────────────────

/** A stage the page shows: generate()'s own stages, plus the builder's copy/blueprint from edited copy. */
export type BuilderStageListener = (stage: StageName, detail: Record<string, unknown>) => void;

export interface BuilderGenerateOptions {
  /** Edited copy (the copy step): copy → blueprint → generate with that blueprint, as docs/api.md "Which endpoint" orders them. */
  copyDoc?: CopyDoc;
  kind?: "generate" | "regenerate";
  parentId?: string | null;
}

/** `charged` (set on a failure): whether a credit moved before it failed (and was refunded). */
export type BuilderGenerateResult = ServiceResult<{ versionId: string; response: GenerateResponse }> & { charged?: boolean };

/**
 * Runs a brief through the generation services and saves the result as a version (and the brief's
 * brand as the user's profile). `charged` on a failure says whether a credit moved (generate()
 * refunds it then), so the page can say the credit was given back.
 */
export async function generateFromBrief(
  app: AppContext,
  user: User,
  brief: Brief,
  opts: BuilderGenerateOptions = {},
  onStage: BuilderStageListener = () => undefined,
): Promise<BuilderGenerateResult> {
  const input = briefToGenerateInput(brief);
  if (opts.copyDoc) {
    onStage("copy", { source: "edited", subject: opts.copyDoc.subject });
    const built = await generateBlueprint(app, user, { ...input, copyDoc: opts.copyDoc });
    if (!built.ok) return { ...built, charged: false };
    input.blueprint = built.value.blueprint;
    onStage("blueprint", { source: "your copy", sections: built.value.blueprint.sections.length });
  }
  const prepared = prepareGeneration(input);
  if (!prepared.ok) return { ...prepared, charged: false };

  let charged = false;
  const versionId = crypto.randomUUID();
  const result = await generate(
    app,
    user,
    prepared.value,
    (stage, detail) => {
      if (stage === "credits") charged = Number(detail.charged) > 0;
      // The blueprint was built above from the edited copy: its stage is already shown.
      if (opts.copyDoc && stage === "blueprint") return;
      onStage(stage, detail);
    },
    {
      // The version is what the credit paid for: saved in the batch that keeps the charge.
      store: async (response, charge) => {
        await insertEmailVersion(
          app.database.db,
          {
            id: versionId,
            userId: user.id,
            parentId: opts.parentId ?? null,
            kind: opts.kind ?? "generate",
            prompt: brief.prompt,
            brief: brief as unknown as Record<string, unknown>,
            copyDoc: (opts.copyDoc ?? null) as Record<string, unknown> | null,
            blueprint: response.blueprint as unknown as Record<string, unknown>,
            html: response.html,
            ampHtml: response.ampHtml || null,
            metadata: response.metadata as unknown as Record<string, unknown>,
            subject: response.blueprint.subject,
            qaScore: response.metadata.qa.score,
          },
          { keep: charge.reference },
        );
        return { ok: true, value: versionId };
      },
    },
  );
  if (!result.ok) return { ...result, charged };

  const response = result.value;
  await saveBrandProfile(app.database.db, user.id, {
    designTokens: { ...(briefToGenerateInput(brief).designTokens ?? {}), brief: brief.brand },
    styleTheory: brief.styleTheory,
  });
  return { ok: true, value: { versionId, response } };
}

/** A new version from a saved version's brief (and its edited copy, when it had one). */
export async function regenerateVersion(
  app: AppContext,
  user: User,
  versionId: string,
  onStage?: BuilderStageListener,
): Promise<BuilderGenerateResult> {
  const version: EmailVersion | null = await findEmailVersion(app.database.db, user.id, versionId);
  if (!version) return { ...failure(404, "No such version"), charged: false };
  const brief = BriefSchema.safeParse(version.brief);
  if (!brief.success) return { ...failure(400, "This version has no brief to regenerate from"), charged: false };
  const copy = version.copyDoc ? CopyDocSchema.safeParse(version.copyDoc) : null;
  return generateFromBrief(
    app,
    user,
    brief.data,
    { copyDoc: copy?.success ? copy.data : undefined, kind: "regenerate", parentId: version.id },
    onStage,
  );
}

/** Short balance before streaming starts (generate()'s charge stays the real guard). */
export async function hasCreditsFor(app: AppContext, user: User): Promise<boolean> {
  return (await balanceOf(app.database.db, user.id, AI_GENERATION)) >= app.env.CREDITS_PER_GENERATION;
}

// ── the page's generate request (one parser for the form post and the streaming route) ─────────

export type GenerateRequest =
  | { ok: true; mode: "brief"; brief: Brief; copyDoc?: CopyDoc }
  | { ok: true; mode: "regenerate"; versionId: string }
  // eslint-disable-next-line no-restricted-syntax -- form outcome: which step to show again, with its field errors and values
  | { ok: false; step: "brief" | "copy"; errors: FieldErrors; values: BriefInput; copyDraft?: CopyDraft }
  // eslint-disable-next-line no-restricted-syntax -- form outcome: the brief form again, with conform's reply
  | { ok: false; step: "brief"; reply: SubmissionResult<string[]> };

/**
 * `intent=generate`: the brief's fields, generate directly. `intent=generate-copy`: the brief as
 * JSON (hidden field `brief`) and the edited copy fields. `intent=regenerate`: `versionId`.
 */
export function parseGenerateForm(form: FormData | URLSearchParams): GenerateRequest {
  const intent = str(form, "intent");
  if (intent === "regenerate") {
    const versionId = str(form, "versionId");
    return versionId
      ? { ok: true, mode: "regenerate", versionId }
      : { ok: false, step: "brief", errors: { form: "Which version?" }, values: { prompt: "" } };
  }
  if (intent === "generate-copy") {
    const brief = parseBriefJson(str(form, "brief"));
    if (!brief.ok) return { ok: false, step: "brief", errors: brief.errors, values: brief.values };
    const copy = parseCopyForm(form);
    if (!copy.ok) return { ok: false, step: "copy", errors: copy.errors, values: brief.brief, copyDraft: copy.draft };
    return { ok: true, mode: "brief", brief: brief.brief, copyDoc: copy.copyDoc };
  }
  const brief = parseBriefForm(form);
  return brief.ok ? { ok: true, mode: "brief", brief: brief.brief } : { ok: false, step: "brief", reply: brief.reply };
}

/** Runs what parseGenerateForm accepted. */
export function runGenerateRequest(
  app: AppContext,
  user: User,
  request: Extract<GenerateRequest, { ok: true }>,
  onStage?: BuilderStageListener,
): Promise<BuilderGenerateResult> {
  return request.mode === "regenerate"
    ? regenerateVersion(app, user, request.versionId, onStage)
    : generateFromBrief(app, user, request.brief, { copyDoc: request.copyDoc }, onStage);
}

// ── the version page ────────────────────────────────────────────────────────────────────────────

/** A version and its parent (both the user's own; another user's id reads as missing). */
export async function versionPage(
  app: AppContext,
  user: User,
  id: string,
): Promise<{ version: EmailVersion; parent: EmailVersion | null } | null> {
  const version = await findEmailVersion(app.database.db, user.id, id);
  if (!version) return null;
  const parent = version.parentId ? await findEmailVersion(app.database.db, user.id, version.parentId) : null;
  return { version, parent };
}

export type PreviewView = "original" | WebmailClient;

export interface Preview {
  view: PreviewView;
  label: string;
  html: string;
  simulation: { label: string; explains: string; changes: string[] } | null;
}

/** The HTML a preview frame shows: the original, or simulateWebmail()'s Gmail / Outlook.com version. */
export function previewOf(html: string, view: string | null): Preview {
  if (view === "gmail" || view === "outlook-com") {
    const simulated = simulateWebmail(html, view);
    const { label, explains } = SIMULATED[view];
    return { view, label: `as ${label}`, html: simulated.html, simulation: { label, explains, changes: simulated.changes } };
  }
  return { view: "original", label: "interactive", html, simulation: null };
}

/** The user's most recent versions, newest first (the history page). */
export async function listOwnVersions(app: AppContext, user: User, limit = 200) {
  return listEmailVersions(app.database.db, user.id, limit);
}
