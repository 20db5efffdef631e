// What a marketer rejects at a glance in an email written from a prompt (the copy-quality review): the
// brand lost or replaced by a placeholder header, the technique's name used as content, a
// condition sold as an item, product names left lowercase, filler that would fit any product,
// a count that is not the prompt's, the occasion missing from the subject or hero. Each is read
// from the email's visible text against the prompt's facts; pure and linear in the email's size.
import { descendants } from "~/domain/html/dom";
import type { EmailDoc } from "~/domain/html/parse";
import { normalizeText, textOf } from "~/domain/html/text";
import type { PromptFacts } from "~/domain/prompt/facts";
import { fold, viewText } from "~/domain/qa/fidelity";

export interface Defect {
  /** The judge criterion the defect lowers. */
  criterion: "copy-fidelity" | "techniques";
  /** Points taken off that criterion (0–100). */
  penalty: number;
  /** Names the defect and what was seen, e.g. "brand “Ledgerly” lost; the header says “Our shop”". */
  reason: string;
  /** Lowers its criterion only: not sure enough to hold the whole score down. */
  soft?: boolean;
  /** How many faults of the brief it stands for (each lost price, option, item, each broken link…); 1 when unset. */
  faults?: number;
}

export type JudgeFacts = Pick<PromptFacts, "brand" | "items" | "occasion" | "conditions" | "count"> &
  Partial<Pick<PromptFacts, "otherItems">>;

/** Header words a template writes when it has no brand. */
const PLACEHOLDER_HEADER =
  /^(?:our|your|the|my) (?:shop|store|team|company|brand|business|boutique|restaurant|cafe|café)$|^(?:brand|company|shop) name$/i;

/** The technique's own name written as content ("carousel of three roasts", "tabs for our plans"). */
const TECHNIQUE_PHRASE =
  /\b(?:carousel|tabs|tabbed|accordion|item ?cart|slider|slideshow)\s+(?:of|for|with|showing|featuring|about)\b[^.!?]{0,60}/i;

/**
 * Lines that say nothing about what they are next to: they would read the same under any
 * product. Matched after the product's name is taken out of the sentence.
 */
const FILLER = [
  /\bthe everyday things just work\b/i,
  /\bmade for (?:the way you live|everyday life|you)\b/i,
  /\bsomething for everyone\b/i,
  /\byou(?:'|’)ll love (?:it|them)\b/i,
  /\bthe perfect (?:choice|pick|addition)\b/i,
  /\bdesigned with you in mind\b/i,
  /\bquality you can trust\b/i,
  /\beverything you need\b/i,
  /\btake (?:it|things) to the next level\b/i,
  /\ba (?:true )?must-have\b/i,
  /\bmakes? every day (?:better|brighter)\b/i,
  /\bfavou?rite for a reason\b/i,
  /\bwhy not treat yourself\b/i,
];

const MAX_SENTENCES = 400;

function sentences(text: string): string[] {
  return text.split(/(?<=[.!?])\s+/).slice(0, MAX_SENTENCES);
}

function heroText(doc: EmailDoc): string {
  const h1 = doc.byTag.get("h1")?.[0];
  if (h1) return textOf(h1);
  const first = doc.elements.find((e) => e.attribs["data-kx-role"] === "hero" || e.attribs["data-kx-section"] === "hero");
  return first ? textOf(first).slice(0, 400) : "";
}

/** Items a module offers: what each `data-kx-item` holds, in the interactive block or the module. */
function moduleItems(doc: EmailDoc): { technique: string; items: string[] }[] {
  return doc.modules.map((m) => {
    const root = m.int ?? m.element;
    const seen = new Map<string, string>();
    for (const el of descendants(root, (e) => e.attribs["data-kx-item"] !== undefined)) {
      const key = el.attribs["data-kx-item"];
      seen.set(key, `${seen.get(key) ?? ""} ${textOf(el)}`);
    }
    const items = [...seen.values()].map(normalizeText);
    // The survey's thank-you step carries an item index too, but it is not a question.
    return { technique: m.technique ?? "module", items: m.technique === "survey" ? items.slice(0, -1) : items };
  });
}

/** A literal string as a RegExp source. */
export function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function hasLetterCase(s: string): boolean {
  return s.toLowerCase() !== s.toUpperCase();
}

/** Every defect found, each once. */
export function marketerDefects(doc: EmailDoc, facts: JudgeFacts | undefined): Defect[] {
  const out: Defect[] = [];
  const visible = viewText(doc, "interactive");
  const fallback = doc.modules.length ? viewText(doc, "fallback") : visible;
  const both = `${visible} ${fallback}`;
  const folded = fold(both);

  const placeholder = doc.texts.map((t) => normalizeText(t.data)).find((t) => t.length < 40 && PLACEHOLDER_HEADER.test(t));
  if (facts?.brand && !folded.includes(fold(facts.brand))) {
    out.push({
      criterion: "copy-fidelity",
      penalty: 40,
      reason: `brand “${facts.brand}” lost${placeholder ? `; the header says “${placeholder}”` : ""}`,
    });
  } else if (placeholder) {
    out.push({ criterion: "copy-fidelity", penalty: 30, reason: `placeholder header “${placeholder}” instead of a brand` });
  }

  const phrase = TECHNIQUE_PHRASE.exec(both);
  if (phrase) out.push({ criterion: "techniques", penalty: 25, reason: `technique phrase used as content: “${normalizeText(phrase[0])}”` });

  const modules = moduleItems(doc);
  for (const condition of (facts?.conditions ?? []).slice(0, 16)) {
    const c = fold(condition);
    if (c.trim().length < 4) continue;
    const holder = modules.find((m) => m.items.some((i) => fold(i).includes(c)));
    if (holder) {
      out.push({
        criterion: "techniques",
        penalty: 25,
        reason: `condition offered as an item: “${condition}” is one of the ${holder.technique} items`,
      });
      break;
    }
  }

  // A prompt lists a handful of items; past 16 (each needs its own pattern) the rest are not read.
  const names = [...(facts?.items ?? []), ...(facts?.otherItems ?? [])]
    .map((i) => i.name)
    .filter((n) => n && n.length <= 120 && hasLetterCase(n))
    .slice(0, 16);
  const lower = names.filter((name) => {
    // A name cased on purpose ("iPhone", "eBay") is kept as the prompt writes it.
    if (/\p{Lu}/u.test(name.slice(1))) return false;
    const re = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRe(name).replace(/\s+/g, "\\s+")}(?![\\p{L}\\p{N}])`, "giu");
    const seen = [...both.matchAll(re)].map((m) => m[0]);
    return seen.length > 0 && seen.every((s) => s === s.toLowerCase());
  });
  if (lower.length)
    out.push({
      criterion: "copy-fidelity",
      penalty: 15,
      reason: `product names left lowercase: ${lower
        .slice(0, 3)
        .map((n) => `“${n}”`)
        .join(", ")}`,
    });

  // Read per text node: a line of copy is one text node, and block boundaries end sentences.
  const nameRes = names.map((n) => new RegExp(escapeRe(n), "gi"));
  const lines = doc.texts.flatMap((t) => (t.data.trim() ? sentences(normalizeText(t.data)) : []));
  const filler = lines.find((s) => {
    let rest = s;
    for (const re of nameRes) rest = rest.replace(re, "");
    return FILLER.some((f) => f.test(rest));
  });
  if (filler)
    out.push({
      criterion: "copy-fidelity",
      penalty: 20,
      reason: `generic filler line that would fit any product: “${filler.slice(0, 80)}”`,
    });

  const count = facts?.count;
  if (count && modules.length) {
    // A menu's entries are its links, not a list the prompt counts.
    const counted = modules.filter((m) => m.items.length > 0 && m.technique !== "menu");
    if (counted.length && !counted.some((m) => m.items.length === count)) {
      const seen = counted.map((m) => `${m.items.length} in the ${m.technique}`).join(", ");
      out.push({
        criterion: "techniques",
        penalty: 25,
        reason: `count does not match the prompt: it asks for ${count}, the email has ${seen}`,
      });
    }
  }

  if (facts?.occasion) {
    const o = fold(facts.occasion);
    const title = doc.byTag.get("title")?.[0];
    const missing = [
      ...(!title || !fold(textOf(title)).includes(o) ? ["subject"] : []),
      ...(!fold(heroText(doc)).includes(o) ? ["hero"] : []),
    ];
    if (missing.length)
      out.push({
        criterion: "copy-fidelity",
        penalty: 15,
        reason: `occasion “${facts.occasion}” missing from the ${missing.join(" and ")}`,
      });
  }
  return out;
}
