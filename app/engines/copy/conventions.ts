/**
 * How technique-specific facts that CopyDoc has no field for (prices, quiz answers, survey
 * options, link targets) are written into CopyDoc's own words, so a CopyDoc stays exactly the API's
 * shape, a person proofing `copyText` sees them, and the blueprinter can read them back — also
 * from a CopyDoc a client edited or an LLM wrote. Pure.
 *
 * - itemCart item: `label` = product, `headline` = the price alone ("$18", "€3.50"), `body` = description.
 * - survey item: `headline` = the question, `body` = options separated by " / ".
 * - quiz item: `headline` = the question, `body` = "A / B / C" on the first line, then
 *   "Answer: <the right option>. <explanation>".
 * - menu item: `label` = link text, `body` = the link URL (or empty), `headline` empty.
 * - Sections with role "thanks" hold the survey's thank-you; role "footer" the footer line.
 * - Two techniques: each technique's items are contiguous, in technique order; for two content
 *   techniques (tabs, accordion, carousel) the first ⌈n/2⌉ items belong to the first.
 */
import type { CopyItem } from "~/domain/copy/schema";
import type { Technique } from "~/domain/blueprint/schema";
import { formatMoney } from "~/domain/blueprint/currency";
import { parsePrice, type Price } from "~/domain/prompt/facts";

export const OPTION_SEPARATOR = " / ";

export function formatOptions(options: string[]): string {
  return options.join(OPTION_SEPARATOR);
}

export function parseOptions(line: string): string[] {
  return line
    .split(/\s+\/\s+|\s*\|\s*/)
    .map((o) => o.replace(/^\s*(?:[-*•]|[A-Da-d][.)]|\d[.)])\s*/, "").trim())
    .filter((o) => o.length > 0);
}

export function formatQuizBody(options: string[], answer: number, explanation: string): string {
  return `${formatOptions(options)}\nAnswer: ${options[answer]}. ${explanation}`;
}

export interface QuizExtras {
  question: string;
  options: string[];
  answer: number;
  explanation: string;
}

export function parseQuizItem(item: CopyItem): QuizExtras | undefined {
  const lines = item.body
    .split(/\n+/)
    .map((l) => l.trim())
    .filter(Boolean);
  const answerIdx = lines.findIndex((l) => /^answer\s*:/i.test(l));
  if (answerIdx < 0) return undefined;
  const optionLine = lines.slice(0, answerIdx).find((l) => parseOptions(l).length >= 2);
  if (!optionLine) return undefined;
  const options = parseOptions(optionLine);
  const answerText = lines[answerIdx].replace(/^answer\s*:\s*/i, "");
  // Longest option first, so "New York City" wins over "New York".
  const ranked = options.map((o, i) => ({ o, i })).sort((a, b) => b.o.length - a.o.length);
  const hit = ranked.find(({ o }) => answerText.toLowerCase().startsWith(o.toLowerCase()));
  if (!hit) return undefined;
  const rest = [answerText, ...lines.slice(answerIdx + 1)].join(" ");
  return { question: item.headline || item.label, options, answer: hit.i, explanation: rest };
}

export interface SurveyExtras {
  question: string;
  options: string[];
}

export function parseSurveyItem(item: CopyItem): SurveyExtras | undefined {
  const question = item.headline || item.label;
  const lines = item.body
    .split(/\n+/)
    .map((l) => l.trim())
    .filter(Boolean);
  if (!question || lines.length !== 1 || /^answer\s*:/i.test(lines[0])) return undefined;
  const options = parseOptions(lines[0]);
  if (options.length < 2 || options.some((o) => o.length > 60)) return undefined;
  return { question, options };
}

export interface CartExtras {
  label: string;
  description?: string;
  price: Price;
}

/** A cart item's headline is the price alone; that is what tells it apart from a content item that mentions a price. */
export function parseCartItem(item: CopyItem): CartExtras | undefined {
  const fromHeadline = parsePrice(item.headline);
  if (fromHeadline && item.headline.trim() === fromHeadline.display) {
    return { label: item.label, description: item.body || undefined, price: fromHeadline };
  }
  return undefined;
}

/** Any priced item, for a client CopyDoc that puts the price somewhere else. */
export function parseLoosePrice(item: CopyItem): Price | undefined {
  return parsePrice(item.headline) ?? parsePrice(item.label) ?? parsePrice(item.body);
}

export interface LinkExtras {
  label: string;
  url?: string;
}

export function parseMenuItem(item: CopyItem): LinkExtras | undefined {
  if (item.headline.trim() !== "") return undefined;
  const body = item.body.trim();
  if (body === "") return { label: item.label };
  if (/^(?:https?:\/\/|mailto:|tel:|\{\{)[^\s]*$/i.test(body)) return { label: item.label, url: body };
  return undefined;
}

export type ItemShape = "quiz" | "survey" | "cart" | "link" | "content";

export function itemShape(item: CopyItem): ItemShape {
  if (parseQuizItem(item)) return "quiz";
  if (parseCartItem(item)) return "cart";
  if (parseMenuItem(item)) return "link";
  if (parseSurveyItem(item)) return "survey";
  return "content";
}

const SHAPE_OF: Record<Technique, ItemShape> = {
  quiz: "quiz",
  survey: "survey",
  itemCart: "cart",
  menu: "link",
  tabs: "content",
  accordion: "content",
  carousel: "content",
};

/**
 * Splits CopyDoc items between the selected techniques (see the header). Returns one list per
 * technique, each keeping the items' original order and their index into CopyDoc.items.
 */
export function partitionItems(items: CopyItem[], techniques: Technique[]): Array<Array<{ item: CopyItem; index: number }>> {
  const indexed = items.map((item, index) => ({ item, index }));
  if (techniques.length < 2) return [indexed];
  const [a, b] = techniques;
  const shapeA = SHAPE_OF[a];
  const shapeB = SHAPE_OF[b];
  if (shapeA === "content" && shapeB === "content") {
    const cut = Math.ceil(items.length / 2);
    return [indexed.slice(0, cut), indexed.slice(cut)];
  }
  const shapes = indexed.map((x) => itemShape(x.item));
  if (shapeA !== "content") {
    return [indexed.filter((_, i) => shapes[i] === shapeA), indexed.filter((_, i) => shapes[i] !== shapeA)];
  }
  return [indexed.filter((_, i) => shapes[i] !== shapeB), indexed.filter((_, i) => shapes[i] === shapeB)];
}

/**
 * The copy as the reader sees it once placed: structured item bodies (options, answer lines, link
 * URLs) expanded into the separate strings the modules show. Give this, not the raw CopyDoc, to a
 * word-for-word check of the rendered email, with the email's `lang` (prices are written per language).
 */
export function visibleCopy<T extends { sections: unknown[]; items: CopyItem[] }>(copy: T, techniques: Technique[], lang?: string): T {
  const parts = partitionItems(copy.items, techniques);
  const items: CopyItem[] = [];
  const blank = { label: "", headline: "", body: "" };
  techniques.forEach((t, mi) => {
    for (const { item } of parts[mi] ?? []) {
      if (t === "quiz") {
        const q = parseQuizItem(item);
        if (q) {
          items.push({ ...blank, headline: q.question, body: q.explanation }, ...q.options.map((o) => ({ ...blank, label: o })));
          continue;
        }
      }
      if (t === "survey") {
        const s = parseSurveyItem(item);
        if (s) {
          items.push({ ...blank, headline: s.question }, ...s.options.map((o) => ({ ...blank, label: o })));
          continue;
        }
      }
      if (t === "itemCart") {
        const c = parseCartItem(item);
        if (c) {
          // The module prints prices from minor units in the email's language, so "15 EUR" reads "€15.00" (or "15,00 €") once placed.
          items.push({ ...item, headline: formatMoney(c.price.minor, c.price.currency, lang) });
          continue;
        }
      }
      if (t === "menu") {
        const m = parseMenuItem(item);
        if (m) {
          items.push({ ...blank, label: m.label });
          continue;
        }
      }
      items.push(item);
    }
  });
  return { ...copy, items };
}
