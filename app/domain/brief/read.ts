// Reading a prompt into a Brief. The facts come from the prompt's extractors (app/domain/prompt/facts),
// read once over the same text; this module adds what a brief holds beyond them (offers with their
// own conditions, questions with every option, what each date governs, the occasion) and the span
// of the written prompt each value came from. A value whose words cannot be found in the prompt is
// not the prompt's, and is left out.
import { factsOf, findTone, readSource, locate, rawSpan, type PromptSource } from "~/domain/prompt/facts";
import { dateMentions } from "~/domain/prompt/facts/dates";
import { codeMentions } from "~/domain/prompt/facts/offer";
import { questionMentions } from "~/domain/prompt/facts/questions";
import type { FactItem, Price, PromptFacts } from "~/domain/prompt/facts/types";
import { readMessage } from "./message";
import { readOccasion } from "./occasion";
import { readOffers, type At, type OfferMention } from "./offers";
import { BRIEF_LIMITS, type Brief, type BriefItem, type BriefOffer, type BriefPrice, type BriefText, type Span } from "./schema";

/** A value at a known place in the text read. */
function at(src: PromptSource, a: At): BriefText {
  return { value: a.text.slice(0, BRIEF_LIMITS.text), span: rawSpan(src, a.index, a.index + a.text.length) };
}

function found(src: PromptSource, value: string | undefined, lowered: string, from = 0): BriefText | undefined {
  if (!value) return undefined;
  const span = locate(src, value, from, lowered);
  return span ? { value: value.slice(0, BRIEF_LIMITS.text), span } : undefined;
}

const URL_RE = /\bhttps?:\/\/[^\s<>"'()]+|\bwww\.[a-z0-9-]+(?:\.[a-z0-9-]+)+[^\s<>"'()]*/gi;
const IMAGE_URL = /\.(?:png|jpe?g|gif|webp|avif)(?:[?#]|$)/i;

function fullUrl(raw: string): string {
  const url = raw.replace(/[.,;:!?]+$/, "");
  return url.startsWith("www.") ? `https://${url}` : url;
}

/** Where the read text of the last found value ends: the next search starts there. */
function endIn(src: PromptSource, span: Span): number {
  // map is increasing: the first read character at or after the span's end.
  let lo = 0;
  let hi = src.map.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (src.map[mid] < span.end) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function startIn(src: PromptSource, span: Span): number {
  let lo = 0;
  let hi = src.map.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (src.map[mid] < span.start) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function priceAt(src: PromptSource, price: Price, lowered: string, from: number): BriefPrice | undefined {
  const span = locate(src, price.display, from, lowered);
  return span ? { display: price.display, minor: price.minor, currency: price.currency, span } : undefined;
}

/** The items of one list, each found after the one before; a link or image in the item's own piece is its own. */
function readItems(src: PromptSource, items: FactItem[], lowered: string): BriefItem[] {
  const out: BriefItem[] = [];
  let from = 0;
  const located = items.map((item) => {
    const name = found(src, item.name, lowered, from);
    if (name) from = endIn(src, name.span);
    return { item, name };
  });
  located.forEach(({ item, name }, k) => {
    if (!name) return;
    const start = startIn(src, name.span);
    const next = located.slice(k + 1).find((l) => l.name)?.name;
    const limit = Math.min(src.text.length, next ? startIn(src, next.span) : start + 300, start + 300);
    const own = src.text.slice(start, limit);
    const entry: BriefItem = { name };
    if (item.price) {
      const price = priceAt(src, item.price, lowered, start);
      if (price) entry.price = price;
    }
    const detail = found(src, item.detail, lowered, start);
    if (detail) entry.detail = detail;
    URL_RE.lastIndex = 0;
    for (let m = URL_RE.exec(own); m; m = URL_RE.exec(own)) {
      const value = fullUrl(m[0]);
      const text = { value, span: rawSpan(src, start + m.index, start + m.index + m[0].replace(/[.,;:!?]+$/, "").length) };
      if (IMAGE_URL.test(value)) entry.image ??= text;
      else entry.link ??= text;
    }
    out.push(entry);
  });
  return out.slice(0, BRIEF_LIMITS.items);
}

function offerOf(src: PromptSource, o: OfferMention): BriefOffer {
  const offer: BriefOffer = { text: at(src, o.text), kind: o.kind };
  if (o.percent !== undefined) offer.percent = o.percent;
  if (o.amount)
    offer.amount = {
      display: o.amount.display,
      minor: o.amount.minor,
      currency: o.amount.currency,
      span: rawSpan(src, o.amount.index, o.amount.index + o.amount.display.length),
    };
  if (o.code) offer.code = at(src, o.code);
  if (o.threshold) {
    const p = o.threshold.price;
    offer.threshold = {
      text: at(src, o.threshold.text),
      price: { display: p.display, minor: p.minor, currency: p.currency, span: rawSpan(src, p.index, p.index + p.display.length) },
    };
  }
  if (o.deadline) offer.deadline = at(src, o.deadline);
  if (o.scope) offer.scope = at(src, o.scope);
  return offer;
}

const EVENT_KINDS = new Set(["event", "invitation", "webinar", "course", "travel"]);

/** The brief and the facts it was read with (the local copy engine still writes from the facts). */
export function readPrompt(prompt: string, emailType?: string | null): { brief: Brief; facts: PromptFacts } {
  const src = readSource(prompt);
  const text = src.text;
  const lowered = text.toLowerCase().length === text.length ? text.toLowerCase() : text;
  const facts = factsOf(text, emailType);
  const codes = codeMentions(text).slice(0, BRIEF_LIMITS.codes);
  const dates = dateMentions(text, facts.language.code).filter((d) => d.text.length <= 60);
  const { offers, dateOffer } = readOffers(text, codes, dates);
  const occasion = readOccasion(text, facts.emailType);
  const named = found(src, facts.occasion, lowered);
  const tone = findTone(text);
  const briefOffers = offers.map((o) => offerOf(src, o));
  const taken = briefOffers.flatMap((o) =>
    [o.text, o.threshold?.text, o.scope].filter((t): t is BriefText => Boolean(t)).map((t) => t.span),
  );
  const conditions = facts.conditions
    .map((c) => found(src, c, lowered))
    .filter((c): c is BriefText => Boolean(c) && !taken.some((s) => c!.span.start < s.end && s.start < c!.span.end));

  const brief: Omit<Brief, "message"> & Partial<Pick<Brief, "message">> = {
    version: 1,
    language: facts.language,
    brand: found(src, facts.brand, lowered),
    emailType: { value: facts.emailType, source: facts.emailTypeSource },
    occasion: {
      kind: occasion.kind,
      ...(occasion.index !== undefined && occasion.text
        ? { span: rawSpan(src, occasion.index, occasion.index + occasion.text.length) }
        : {}),
      ...(named ? { named } : {}),
    },
    offers: briefOffers,
    items: readItems(src, facts.items, lowered),
    otherItems: readItems(src, facts.otherItems ?? [], lowered),
    questions: questionMentions(text, { full: true })
      .filter((q) => q.index >= 0)
      .map((q) => {
        const wording = q.text.replace(/\?$/, "");
        const span = rawSpan(src, q.index, q.index + wording.length);
        const scaleSpan = q.scale ? rawSpan(src, q.scale.index, q.scale.index + q.scale.text.length) : undefined;
        return {
          text: { value: q.text, span },
          options: q.options.map((o) => ({
            value: o.text,
            span: o.index >= 0 ? rawSpan(src, o.index, o.index + o.text.length) : (scaleSpan ?? span),
          })),
          ...(q.scale && scaleSpan ? { scale: { min: q.scale.min, max: q.scale.max, span: scaleSpan } } : {}),
        };
      })
      .slice(0, BRIEF_LIMITS.questions),
    dates: dates.slice(0, BRIEF_LIMITS.dates).map((d, i) => {
      const offer = dateOffer.get(i);
      return {
        value: d.text,
        span: rawSpan(src, d.index, d.index + d.text.length),
        governs:
          offer !== undefined
            ? { kind: "offer" as const, offer }
            : EVENT_KINDS.has(occasion.kind)
              ? { kind: "event" as const }
              : { kind: "none" as const },
      };
    }),
    links: facts.urls
      .map((u) => found(src, u, lowered) ?? found(src, u.replace(/^https:\/\//, ""), lowered))
      .filter((u): u is BriefText => Boolean(u))
      .map((u) => ({ value: facts.urls.find((x) => x.endsWith(u.value.replace(/^https:\/\//, ""))) ?? u.value, span: u.span }))
      .slice(0, BRIEF_LIMITS.links),
    codes: codes.map((c) => at(src, c)),
    conditions: conditions.slice(0, BRIEF_LIMITS.offers),
    tone: { value: facts.tone, ...(tone ? { span: rawSpan(src, tone.index, tone.index + tone.text.length) } : {}) },
    product: found(src, facts.product, lowered),
    audience: found(src, facts.audience, lowered),
    cta: found(src, facts.cta, lowered),
    quoted: facts.quoted
      .map((q) => found(src, q, lowered))
      .filter((q): q is BriefText => Boolean(q))
      .slice(0, BRIEF_LIMITS.quoted),
    ...(facts.count !== undefined && facts.count <= 50 ? { count: facts.count } : {}),
    faq: [],
    images: [],
    ctas: [],
    techniques: [],
    ruledOut: [],
    says: [],
    instructions: [],
    headings: [],
    unused: [],
  };
  for (const key of ["brand", "product", "audience", "cta"] as const) if (brief[key] === undefined) delete brief[key];
  return { brief: { ...brief, message: readMessage(src, brief) }, facts };
}

export function readBrief(prompt: string, emailType?: string | null): Brief {
  return readPrompt(prompt, emailType).brief;
}

const priceOf = (p: BriefPrice): Price => ({ display: p.display, minor: p.minor, currency: p.currency });

/**
 * The facts the copy engine writes from, taken from a brief the client confirmed (and perhaps
 * edited): what the brief holds wins over what the prompt says; what a brief has no field for
 * (the topic line) is read from the prompt.
 */
export function factsFromBrief(brief: Brief, fromPrompt: PromptFacts): PromptFacts {
  const items = (list: BriefItem[]): FactItem[] =>
    list.map((i) => ({
      name: i.name.value,
      ...(i.price ? { price: priceOf(i.price) } : {}),
      ...(i.detail ? { detail: i.detail.value } : {}),
    }));
  const first = brief.offers[0];
  return {
    ...fromPrompt,
    language: brief.language,
    brand: brief.brand?.value,
    product: brief.product?.value,
    offer: first
      ? {
          text: first.text.value,
          ...(first.percent !== undefined ? { percent: first.percent } : {}),
          ...(first.code ? { code: first.code.value } : {}),
        }
      : undefined,
    codes: brief.codes.map((c) => c.value),
    dates: brief.dates.map((d) => d.value),
    items: items(brief.items),
    otherItems: items(brief.otherItems),
    audience: brief.audience?.value,
    tone: brief.tone.value,
    toneFromPrompt: Boolean(brief.tone.span),
    emailType: brief.emailType.value,
    emailTypeSource: brief.emailType.source,
    urls: brief.links.map((l) => l.value),
    cta: brief.cta?.value,
    quoted: brief.quoted.map((q) => q.value),
    occasion: brief.occasion.named?.value,
    conditions: [
      ...brief.offers.flatMap((o) => (o.threshold ? [`${o.text.value} ${o.threshold.text.value}`] : [])),
      ...brief.conditions.map((c) => c.value),
    ],
    questions: brief.questions.map((q) => ({ text: q.text.value, options: q.options.map((o) => o.value) })),
    count: brief.count,
  };
}
