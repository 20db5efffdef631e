// Which interactive modules an email gets (step 3 of docs/generation.md "The pipeline"), from the
// brief: the modules the prompt asks for (`brief.techniques`), then the caller's hint (the
// builder's feature picker, an API client's `detectedTechnique`), then one inferred from what the
// brief holds and its email type. The prompt is not read again: what it names is in the brief's
// techniques and instructions.
import { TECHNIQUES, type Technique } from "~/domain/blueprint/schema";
import { cuesFor } from "~/domain/reader/cues";
import { wordsOf } from "~/domain/reader/tokens/words";
import { MAX_TECHNIQUES } from "./kinds";
import type { Brief } from "./schema";

export type { Technique };
export { MAX_TECHNIQUES };

export function isTechnique(value: unknown): value is Technique {
  return typeof value === "string" && (TECHNIQUES as readonly string[]).includes(value);
}

export type TechniqueSource = "prompt" | "hint" | "inferred";

export type ChosenTechniques =
  | {
      ok: true;
      techniques: Technique[];
      /** amp4email is a second output format, not a CSS module; the caller decides what to do with it. */
      ampRequested: boolean;
      source: TechniqueSource;
    }
  | { ok: false; error: string; mentioned: Technique[] };

// Bare "amp" is left out on purpose: "amp up your sales" is not a request for AMP4Email.
const AMP_PATTERN = /\bamp4email\b|\bamp for email\b|\bamp (?:email|version|variant|html|output|part)\b|\bamp-html\b/i;

/** Instructions longer than this are not read for module names: a request names its modules in a sentence. */
const MAX_INSTRUCTION_CHARS = 2_000;

/** The modules named in a piece of text, in order, by the reader's own technique words of the language. */
function techniquesIn(text: string, lang: string): Array<{ technique: Technique; at: number }> {
  const cues = cuesFor(lang);
  return cues.techniques.all(wordsOf(text.slice(0, MAX_INSTRUCTION_CHARS), cues.lang)).map((m) => ({ technique: m.key, at: m.start }));
}

/**
 * Every module the prompt names, in the prompt's order. The brief keeps two (an email holds no
 * more); a third named in the same request is still found in the instruction's words, so a prompt
 * asking for three is refused rather than trimmed.
 */
export function namedTechniques(brief: Brief): Technique[] {
  const found = brief.techniques.map((t) => ({ technique: t.technique, at: t.span.start }));
  for (const i of brief.instructions)
    for (const t of techniquesIn(i.text.value, brief.language.code)) found.push({ technique: t.technique, at: i.text.span.start + t.at });
  const out: Technique[] = [];
  for (const f of found.sort((a, b) => a.at - b.at)) if (!out.includes(f.technique)) out.push(f.technique);
  return out;
}

/** Whether the prompt's instructions, or the hint, ask for an AMP4Email version. */
export function ampRequested(brief: Brief, hint?: string | null): boolean {
  return brief.instructions.some((i) => AMP_PATTERN.test(i.text.value)) || (hint ? AMP_PATTERN.test(hint) : false);
}

/** The hint's modules: exact names ("itemCart"), or the words a picker or a client writes ("slider, faq"). */
function hintTechniques(hint: string, lang: string): Technique[] {
  const out: Technique[] = [];
  for (const part of hint
    .slice(0, MAX_INSTRUCTION_CHARS)
    .split(/[,+&/|]|\band\b/)
    .map((p) => p.trim())
    .filter(Boolean)) {
    const exact = TECHNIQUES.find((t) => t.toLowerCase() === part.toLowerCase().replace(/[\s_-]/g, ""));
    for (const t of exact ? [exact] : techniquesIn(part, lang).map((m) => m.technique)) if (!out.includes(t)) out.push(t);
  }
  return out;
}

const tooMany = (what: string, mentioned: Technique[]): ChosenTechniques => ({
  ok: false,
  error: `At most ${MAX_TECHNIQUES} interactive techniques per email; ${what} ${mentioned.length} (${mentioned.join(", ")}).`,
  mentioned,
});

/**
 * One module when nothing names one: what the brief holds first (FAQ pairs are an accordion,
 * questions a survey or a quiz, priced items a cart), then its email type.
 */
export function inferTechnique(brief: Brief): Technique {
  const type = brief.emailType.value;
  if (brief.faq.length > 0) return "accordion";
  if (brief.questions.some((q) => q.correct !== undefined) || brief.occasion.kind === "quiz") return "quiz";
  // A question asked with its answers is a survey; a question in the copy alone ("Ready for spring?") is not.
  if (brief.questions.some((q) => q.options.length >= 2 || q.scale) || brief.occasion.kind === "survey" || brief.occasion.kind === "nps")
    return "survey";
  switch (type) {
    case "ecommerce":
      return [...brief.items, ...brief.otherItems].some((i) => i.price) ? "itemCart" : "carousel";
    case "restaurant":
    case "onboarding":
    case "nonprofit":
      return "tabs";
    case "event":
    case "newsletter":
    case "transactional":
      return "accordion";
    case "announcement":
    case "travel":
      return "carousel";
    case "education":
      return "quiz";
    case "feedback":
      return "survey";
    default:
      return "tabs";
  }
}

/** The email's modules: the prompt's (at most two), else the hint's, else one inferred from the brief. */
export function chooseTechniques(brief: Brief, hint?: string | null): ChosenTechniques {
  const amp = ampRequested(brief, hint);
  const named = namedTechniques(brief);
  if (named.length > MAX_TECHNIQUES) return tooMany("the prompt asks for", named);
  if (named.length > 0) return { ok: true, techniques: named, ampRequested: amp, source: "prompt" };
  if (hint) {
    const fromHint = hintTechniques(hint, brief.language.code);
    if (fromHint.length > MAX_TECHNIQUES) return tooMany("the hint names", fromHint);
    if (fromHint.length > 0) return { ok: true, techniques: fromHint, ampRequested: amp, source: "hint" };
  }
  return { ok: true, techniques: [inferTechnique(brief)], ampRequested: amp, source: "inferred" };
}
