// The brief as data: what the clauses filled (a Draft, in read-text ranges) given spans of the
// prompt as written, bounded like the schema, with every part of the prompt that filled nothing
// listed under `unused` with its reason.
import type { EmailType, Tone } from "~/domain/brief/kinds";
import {
  BRIEF_LIMITS,
  type Brief,
  type BriefItem,
  type BriefOffer,
  type BriefPrice,
  type BriefText,
  type OccasionKind,
} from "~/domain/brief/schema";
import type { BrandRead } from "./brand";
import type { CueSet } from "./cues";
import type { TechniqueKey } from "./cues/types";
import type { CtaRead } from "./fields/ctas";
import type { ItemRead } from "./fields/items";
import type { OfferRead } from "./fields/offers";
import type { QuestionRead } from "./fields/questions";
import type { InstructionKind } from "./instruction";
import type { BriefLanguage } from "./language";
import type { Range } from "./layout";
import type { Reading } from "./roles";
import { unusedParts } from "./unused";
import { rawSpan, type PromptSource } from "./source";
import type { MoneyToken } from "./tokens";
import { hostOf } from "./tokens/links";

export interface Draft {
  items: ItemRead[];
  offers: OfferRead[];
  questions: QuestionRead[];
  faq: Array<{ question: Range; answer: Range }>;
  ctas: CtaRead[];
  when?: Range;
  where?: Range;
  who: Range[];
  agenda: Range[];
  message: Range[];
  says: Range[];
  ruledOut: Range[];
  instructions: Array<{ kind: InstructionKind; range: Range }>;
  techniques: Array<{ technique: TechniqueKey; range: Range; panes: Range[] }>;
  tone?: { tone: Tone; range: Range };
  length?: { value: "short" | "long"; range: Range };
  audience?: Range;
  subject?: Range;
  preheader?: Range;
  signature?: Range;
  quoted: Range[];
  headings: Range[];
}

export interface Decided {
  language: BriefLanguage;
  brand?: BrandRead;
  kind: OccasionKind;
  kindAt?: Range;
  /** The named day or seasonal sale, with its value as a name reads. */
  named?: Range & { value: string };
  emailType: { value: EmailType; source: "hint" | "prompt" | "default" };
  techniques: TechniqueKey[];
}

/** A sentence of copy whose letters are mostly values other fields took says nothing of its own. */
const TAKEN_SHARE = 0.6;

const overlap = (a: Range, b: Range) => Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start));

export function toBrief(src: PromptSource, reading: Reading, cues: CueSet, d: Draft, decided: Decided): Brief {
  const text = src.text;
  const span = (r: Range) => rawSpan(src, r.start, r.end);
  const bt = (r: Range | undefined, max: number = BRIEF_LIMITS.text): BriefText | undefined => {
    if (!r) return undefined;
    const value = text.slice(r.start, r.end).trim();
    return value && value.length <= max ? { value, span: span(r) } : undefined;
  };
  const price = (m: MoneyToken | undefined): BriefPrice | undefined =>
    m ? { display: m.display, minor: m.minor, currency: m.currency, span: span(m) } : undefined;
  const texts = (rs: Range[], max: number) =>
    rs
      .map((r) => bt(r))
      .filter((x): x is BriefText => Boolean(x))
      .slice(0, max);
  const dedupe = <T>(list: T[], key: (x: T) => string) => list.filter((x, i) => list.findIndex((y) => key(y) === key(x)) === i);

  const items: BriefItem[] = dedupe(
    d.items.flatMap((i) => {
      const name = bt(i.name, 120);
      if (!name) return [];
      const item: BriefItem = { name };
      if (i.price) item.price = price(i.price);
      if (i.was) item.was = price(i.was);
      const detail = bt(i.detail);
      if (detail) item.detail = detail;
      if (i.link) item.link = { value: i.link.url, span: span(i.link) };
      if (i.image) item.image = { value: i.image.url, span: span(i.image) };
      return [item];
    }),
    (i) => `${i.name.value.toLowerCase()}|${i.price?.display ?? ""}`,
  )
    // A pane named in a request ("als Tabs mit den Namen „Auszeit“, …") is the item its own line prices.
    .filter((i, _, all) => i.price || !all.some((o) => o !== i && o.price && o.name.value.toLowerCase() === i.name.value.toLowerCase()))
    .slice(0, BRIEF_LIMITS.items);

  const offers: BriefOffer[] = d.offers.slice(0, BRIEF_LIMITS.offers).map((o) => {
    const offer: BriefOffer = { text: bt(o.text) ?? { value: text.slice(o.text.start, o.text.end), span: span(o.text) }, kind: o.kind };
    if (o.percent !== undefined && o.percent <= 100) offer.percent = o.percent;
    if (o.amount) offer.amount = price(o.amount);
    if (o.code) offer.code = bt(o.code);
    if (o.threshold) offer.threshold = { text: bt(o.threshold.text)!, price: price(o.threshold.price)! };
    if (o.deadline) offer.deadline = bt(o.deadline);
    if (o.scope) offer.scope = bt(o.scope);
    return offer;
  });

  const questions = d.questions.slice(0, BRIEF_LIMITS.questions).flatMap((q) => {
    const t = bt(q.text);
    if (!t) return [];
    const options = q.scale
      ? Array.from({ length: q.scale.max - q.scale.min + 1 }, (_, i) => ({ value: String(q.scale!.min + i), span: span(q.scale!.range) }))
      : texts(q.options, BRIEF_LIMITS.options).filter((o) => o.value.length <= 120);
    return [
      {
        text: t,
        options: options.slice(0, BRIEF_LIMITS.options),
        ...(q.scale ? { scale: { min: q.scale.min, max: q.scale.max, span: span(q.scale.range) } } : {}),
        ...(q.correct !== undefined && q.correct < options.length ? { correct: q.correct } : {}),
      },
    ];
  });

  // Every token of a part the brief reads (not a forwarded header, not an instruction, not the writer's sign-off).
  const skipped = reading.clauses
    // (A request's own values are the email's — "say the sale ends Friday" — but not what it rules out or when it is sent.)
    .filter(
      (c) =>
        c.role === "header" ||
        c.role === "signoff" ||
        (c.role === "instruction" && (c.instruction?.kind === "avoid" || c.label === "send")),
    )
    .map((c) => c.range);
  const all = reading.tokens.flatMap((t) => t.tokens).filter((t) => !skipped.some((s) => t.start >= s.start && t.end <= s.end));
  const urls = reading.tokens
    .flatMap((t) => t.tokens)
    .filter(
      (t) => t.kind === "url" && !reading.clauses.some((c) => c.role === "header" && t.start >= c.range.start && t.end <= c.range.end),
    );
  const itemImages = new Set(items.flatMap((i) => (i.image ? [i.image.span.start] : [])));
  const links = dedupe(
    urls.flatMap((u) => (u.kind === "url" && !u.image && !itemImages.has(span(u).start) ? [{ value: u.url, span: span(u) }] : [])),
    (l) => l.value,
  ).slice(0, BRIEF_LIMITS.links);
  const images = dedupe(
    urls.flatMap((u) => (u.kind === "url" && (u.image || itemImages.has(span(u).start)) ? [{ value: u.url, span: span(u) }] : [])),
    (l) => l.value,
  ).slice(0, BRIEF_LIMITS.images);
  const offerDates = new Map(d.offers.flatMap((o, k) => (o.deadline ? [[o.deadline.start, k] as const] : [])));
  const eventLike = ["event", "invitation", "webinar", "course", "travel", "volunteer"].includes(decided.kind);
  const dates = dedupe(
    all.flatMap((t) => (t.kind === "date" && t.end - t.start <= 60 ? [t] : [])),
    (t) => String(t.start),
  )
    .slice(0, BRIEF_LIMITS.dates)
    .map((t) => ({
      value: text.slice(t.start, t.end),
      span: span(t),
      governs: offerDates.has(t.start)
        ? { kind: "offer" as const, offer: offerDates.get(t.start)! }
        : eventLike
          ? { kind: "event" as const }
          : { kind: "none" as const },
    }));
  const codes = dedupe(
    all.flatMap((t) => (t.kind === "code" ? [{ value: t.text, span: span(t) }] : [])),
    (c) => c.value,
  ).slice(0, BRIEF_LIMITS.codes);

  const ctas = dedupe(
    d.ctas.flatMap((c) => {
      const label = bt(c.label, 80);
      if (!label) return [];
      return [{ label, ...(c.url ? { url: { value: c.url.url, span: span(c.url) } } : {}) }];
    }),
    (c) => c.label.value.toLowerCase(),
  ).slice(0, BRIEF_LIMITS.ctas);

  // A survey or a quiz brief whose questions are written out asks for the module they make.
  if (d.techniques.length === 0 && d.questions.length > 0 && ["survey", "nps", "quiz"].includes(decided.kind))
    d.techniques.push({ technique: decided.kind === "quiz" ? "quiz" : "survey", range: d.questions[0].text, panes: [] });
  // A module asked for without panes of its own shows the brief's FAQ (an accordion) or items (the others).
  const techniques = dedupe(d.techniques, (t) => t.technique)
    .slice(0, 2)
    .map((t) => {
      const own = dedupe(t.panes, (p) => String(p.start));
      const fallback =
        t.technique === "accordion" && d.faq.length > 0
          ? d.faq.map((f) => f.question)
          : ["tabs", "carousel", "accordion"].includes(t.technique)
            ? d.items.map((i) => i.name)
            : [];
      return { technique: t.technique, span: span(t.range), panes: texts(own.length > 0 ? own : fallback, BRIEF_LIMITS.items) };
    });

  // Copy: sentences to the reader, unless other fields took most of their letters.
  const fieldRanges: Range[] = [
    ...d.items.flatMap((i) => [i.name, i.price, i.was, i.detail, i.link, i.image].filter((r): r is Range => Boolean(r))),
    ...d.offers.flatMap((o) => [o.text, o.code, o.threshold?.text, o.deadline, o.scope].filter((r): r is Range => Boolean(r))),
    ...d.questions.flatMap((q) => [q.text, ...q.options, ...(q.scale ? [q.scale.range] : [])]),
    ...all.filter((t) => t.kind === "date" || t.kind === "url" || t.kind === "email"),
  ];
  const message = d.message
    .map((r) => {
      const len = r.end - r.start;
      const taken = fieldRanges.reduce((n, f) => n + overlap(r, f), 0);
      return taken / Math.max(1, len) >= TAKEN_SHARE ? undefined : r;
    })
    .filter((r): r is Range => Boolean(r));
  const kept = message.slice(0, BRIEF_LIMITS.message);

  const brandText: BriefText | undefined = decided.brand?.range
    ? bt(decided.brand.range, 60)
    : decided.brand
      ? (() => {
          const want = decided.brand!.value.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");
          const host = reading.tokens
            .flatMap((t) => t.tokens)
            .find((u) =>
              (u.kind === "url" ? hostOf(u.url) : u.kind === "email" ? u.domain.toLowerCase() : "")
                .replace(/[^\p{L}\p{N}]/gu, "")
                .includes(want),
            );
          return host ? { value: decided.brand.value, span: span(host) } : undefined;
        })()
      : undefined;

  const instructions = d.instructions.slice(0, BRIEF_LIMITS.instructions).flatMap((x) => {
    const t = bt(x.range);
    return t ? [{ kind: x.kind, text: t }] : [];
  });
  const event =
    d.when || d.where || d.who.length > 0 || d.agenda.length > 0
      ? {
          ...(bt(d.when) ? { when: bt(d.when) } : {}),
          ...(bt(d.where) ? { where: bt(d.where) } : {}),
          who: texts(
            dedupe(d.who, (r) => text.slice(r.start, r.end)),
            BRIEF_LIMITS.people,
          ),
          agenda: texts(d.agenda, BRIEF_LIMITS.agenda),
        }
      : undefined;

  const brief: Brief = {
    version: 1,
    language: decided.language,
    ...(brandText ? { brand: brandText } : {}),
    emailType: decided.emailType,
    occasion: {
      kind: decided.kind,
      ...(decided.kindAt ? { span: span(decided.kindAt) } : {}),
      ...(decided.named ? { named: { value: decided.named.value, span: span(decided.named) } } : {}),
    },
    offers,
    items,
    otherItems: [],
    questions,
    dates,
    links,
    codes,
    conditions: [],
    tone: { value: decided.kindAt && d.tone ? d.tone.tone : (d.tone?.tone ?? "friendly"), ...(d.tone ? { span: span(d.tone.range) } : {}) },
    ...(ctas[0] ? { cta: ctas[0].label } : {}),
    ...(bt(d.audience) ? { audience: bt(d.audience) } : {}),
    message: texts(kept, BRIEF_LIMITS.message),
    quoted: [],
    faq: d.faq.slice(0, BRIEF_LIMITS.faq).flatMap((f) => {
      const q = bt(f.question);
      const a = bt(f.answer);
      return q && a ? [{ question: q, answer: a }] : [];
    }),
    ...(event ? { event } : {}),
    images,
    ctas,
    techniques,
    ...(d.length ? { length: { value: d.length.value, span: span(d.length.range) } } : {}),
    ...(bt(d.subject) ? { subject: bt(d.subject) } : {}),
    ...(bt(d.preheader) ? { preheader: bt(d.preheader) } : {}),
    ...(bt(d.signature) ? { signature: bt(d.signature) } : {}),
    ruledOut: texts(d.ruledOut, BRIEF_LIMITS.ruledOut),
    says: texts(d.says, BRIEF_LIMITS.says),
    instructions,
    headings: texts(d.headings, BRIEF_LIMITS.instructions),
    unused: [],
  };
  brief.unused = unusedParts(src, reading, brief, message.slice(BRIEF_LIMITS.message));
  return brief;
}
