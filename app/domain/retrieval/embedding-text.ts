import { isTechnique, TECHNIQUE_DESCRIPTIONS, type Technique } from "./techniques";

export interface EmbeddingTextInput {
  type: string;
  description?: string;
  technique?: string;
  complexity?: string;
  emailPurpose?: string;
  exampleType?: string;
  keyFeatures?: readonly string[];
  bestPracticeTags?: readonly string[];
  ampComponents?: readonly string[];
  blogTitle?: string;
  blogTopic?: string;
  learningLevel?: string;
  techniquesCovered?: readonly string[];
  keyTakeaways?: string;
  /** Human-reviewed text; when present (non-blank) it is used as is. */
  embeddingText?: string;
}

/** "tabs+accordion", "tabs, accordion" and "tabs accordion" all name two techniques. */
export function splitTechniques(value: string | undefined | readonly string[]): Technique[] {
  const parts = typeof value === "string" ? value.split(/[\s,+/&|]+/) : (value ?? []);
  const out: Technique[] = [];
  for (const p of parts) {
    const t = normaliseTechnique(p);
    if (t && !out.includes(t)) out.push(t);
  }
  return out;
}

export function normaliseTechnique(value: string): Technique | null {
  const v = value.trim();
  if (isTechnique(v)) return v;
  const lower = v.toLowerCase().replace(/[^a-z0-9]/g, "");
  const aliases: Record<string, Technique> = {
    tab: "tabs",
    tabs: "tabs",
    tabbed: "tabs",
    accordion: "accordion",
    accordions: "accordion",
    carousel: "carousel",
    slider: "carousel",
    survey: "survey",
    poll: "survey",
    quiz: "quiz",
    menu: "menu",
    hamburger: "menu",
    itemcart: "itemCart",
    cart: "itemCart",
    amp: "amp4email",
    amp4email: "amp4email",
  };
  return aliases[lower] ?? null;
}

function sentence(label: string, value: string | undefined): string | null {
  const v = value?.trim();
  return v ? `${label}: ${v}.` : null;
}

function list(label: string, values: readonly string[] | undefined): string | null {
  const v = (values ?? []).map((x) => x.trim()).filter(Boolean);
  return v.length ? `${label}: ${v.join(", ")}.` : null;
}

/**
 * The text that gets embedded for a library document. Short admin descriptions ("tabs for shoes")
 * embed poorly, so the technique's own description (what it is, how the CSS works, what it is used
 * for) is injected; queries rewritten with the same vocabulary then land near it.
 */
export function buildEmbeddingText(meta: EmbeddingTextInput): string {
  if (meta.embeddingText && meta.embeddingText.trim()) return meta.embeddingText.trim();

  const techniques = splitTechniques(meta.type === "blog" ? [...(meta.techniquesCovered ?? [])] : meta.technique);
  const lines: (string | null)[] = [];

  if (meta.type === "blog") {
    lines.push(sentence("Article", meta.blogTitle), sentence("Topic", meta.blogTopic));
    lines.push(sentence("Learning level", meta.learningLevel), sentence("Key takeaways", meta.keyTakeaways));
    lines.push(list("Techniques covered", meta.techniquesCovered));
  } else {
    const kind = meta.type === "amp" ? "AMP4Email interactive email" : "Interactive HTML email";
    lines.push(`${kind}${techniques.length ? ` using ${techniques.join(" and ")}` : ""}.`);
    lines.push(sentence("Description", meta.description));
    lines.push(sentence("Complexity", meta.complexity), sentence("Email purpose", meta.emailPurpose));
    if (meta.exampleType === "negative") lines.push("Negative example: shows what not to do.");
    lines.push(list("Key features", meta.keyFeatures), list("Best practices", meta.bestPracticeTags));
    lines.push(list("AMP components", meta.ampComponents));
  }

  for (const t of techniques) {
    const d = TECHNIQUE_DESCRIPTIONS[t];
    lines.push(`${d.what} Built with: ${d.mechanism} Used for: ${d.useCases}`);
  }
  if (techniques.length === 2) {
    lines.push(`Combines two namespaced modules: ${techniques[0]} and ${techniques[1]} in one email.`);
  }
  return lines.filter((l): l is string => l !== null).join("\n");
}
