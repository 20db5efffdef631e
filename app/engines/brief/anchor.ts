// A model's brief (./model.ts: values, no spans) turned into a Brief: every value is found in the
// prompt as written (./find.ts) and takes its span and the prompt's own words; each value of a
// list is searched after the one before it first. A value whose words are not in the prompt is not
// the prompt's: it is left out and named in `dropped`. Prices are the prompt's amounts of money,
// parsed as written. What a model cannot read better than the local reader (the language, which
// the email's frame follows) and what it left out of the required fields come from the local reading.
import { EMAIL_TYPES, type EmailType } from "~/domain/brief/kinds";
import {
  BRIEF_LIMITS,
  type Brief,
  type BriefDate,
  type BriefItem,
  type BriefOffer,
  type BriefQuestion,
  type BriefText,
  type Span,
} from "~/domain/brief/schema";
import type { PromptToken } from "~/domain/reader";
import { finderFor, tokenSpan } from "./find";
import type { ModelBrief } from "./model";

export interface AnchorOptions {
  /** The caller's email type, when it gave one: it wins over the model's. */
  emailType?: string | null;
  /** The local reading of the same prompt: the language, and the required fields the model left out. */
  local: Brief;
  /** promptTokens(prompt): the prompt's amounts of money and percents. */
  tokens: readonly PromptToken[];
}

export interface Anchored {
  brief: Brief;
  /** The model's values not found in the prompt ("items.2.price: \"$45\""), left out of the brief. */
  dropped: string[];
}

const inside = (inner: Span, outer: Span) => inner.start >= outer.start && inner.end <= outer.end;
const blank = (v: string | null | undefined): v is null | undefined => v === null || v === undefined || v.trim() === "";
const isEmailType = (v: string | null | undefined): v is EmailType => (EMAIL_TYPES as readonly string[]).includes(v ?? "");
/** An address written without its scheme reads as the web address it is, as the local reader has it. */
const fullUrl = (t: BriefText): BriefText => (/^www\./i.test(t.value) ? { ...t, value: `https://${t.value}` } : t);

export function anchorBrief(prompt: string, answer: ModelBrief, options: AnchorOptions): Anchored {
  const f = finderFor(prompt, options.tokens);
  const dropped: string[] = [];
  const drop = (path: string, value: unknown) => void dropped.push(`${path}: ${JSON.stringify(value)}`);

  /** A value found in the prompt, or reported; `required` reports a blank too (an entry without its key). */
  const text = (path: string, value: string | null | undefined, after = 0, max: number = BRIEF_LIMITS.text, required = false) => {
    if (blank(value)) {
      if (required) drop(path, value ?? null);
      return undefined;
    }
    const found = f.find(value, after, max);
    if (!found) drop(path, value);
    return found;
  };
  const price = (path: string, value: string | null | undefined, after = 0) => {
    if (blank(value)) return undefined;
    const found = f.price(value, after);
    if (!found) drop(path, value);
    return found;
  };
  /** Plain values, each searched after the one before. */
  const texts = (path: string, values: ReadonlyArray<string> | null | undefined, max: number = BRIEF_LIMITS.text): BriefText[] => {
    const out: BriefText[] = [];
    let after = 0;
    (values ?? []).forEach((v, i) => {
      const t = text(`${path}.${i}`, v, after, max);
      if (!t) return;
      out.push(t);
      after = t.span.end;
    });
    return out;
  };

  const items = (path: string, list: ModelBrief["items"]): BriefItem[] => {
    const out: BriefItem[] = [];
    let after = 0;
    (list ?? []).forEach((m, i) => {
      const p = `${path}.${i}`;
      const name = text(`${p}.name`, m.name, after, BRIEF_LIMITS.text, true);
      if (!name) return;
      after = name.span.end;
      const from = name.span.start;
      const entry: BriefItem = { name };
      const itemPrice = price(`${p}.price`, m.price, from);
      if (itemPrice) entry.price = itemPrice;
      const detail = text(`${p}.detail`, m.detail, from);
      if (detail) entry.detail = detail;
      // Room for the scheme fullUrl may add.
      const link = text(`${p}.link`, m.link, from, BRIEF_LIMITS.text - 8);
      if (link) entry.link = fullUrl(link);
      const image = text(`${p}.image`, m.image, from, BRIEF_LIMITS.text - 8);
      if (image) entry.image = fullUrl(image);
      const was = price(`${p}.was`, m.was, from);
      if (was) entry.was = was;
      out.push(entry);
    });
    return out;
  };

  // Offers first: a date names its offer by index, and an offer left out moves the ones after it.
  const offerIndex = new Map<number, number>();
  const offers: BriefOffer[] = [];
  {
    let after = 0;
    (answer.offers ?? []).forEach((m, i) => {
      const p = `offers.${i}`;
      const words = text(`${p}.text`, m.text, after, BRIEF_LIMITS.text, true);
      if (!words) return;
      after = words.span.end;
      const from = words.span.start;
      const entry: BriefOffer = { text: words, kind: m.kind };
      // The percent is the prompt's, inside the offer's words; the model's number alone is not kept.
      const percent = options.tokens.find((t) => t.kind === "percent" && inside(tokenSpan(t), words.span));
      const value = percent ? Number(/\d{1,3}(?:[.,]\d{1,2})?/.exec(percent.text)?.[0].replace(",", ".")) : NaN;
      if (value >= 0 && value <= 100) entry.percent = value;
      else if (m.percent !== null && m.percent !== undefined) drop(`${p}.percent`, m.percent);
      const amount = price(`${p}.amount`, m.amount, from);
      if (amount) entry.amount = amount;
      const code = text(`${p}.code`, m.code, from);
      if (code) entry.code = code;
      const threshold = text(`${p}.threshold`, m.threshold, from);
      if (threshold) {
        const spend = f.price(threshold.value, threshold.span.start);
        if (spend && inside(spend.span, threshold.span)) entry.threshold = { text: threshold, price: spend };
        else drop(`${p}.threshold`, m.threshold);
      }
      const deadline = text(`${p}.deadline`, m.deadline, from);
      if (deadline) entry.deadline = deadline;
      const scope = text(`${p}.scope`, m.scope, from);
      if (scope) entry.scope = scope;
      offerIndex.set(i, offers.length);
      offers.push(entry);
    });
  }

  const questions: BriefQuestion[] = [];
  {
    let after = 0;
    (answer.questions ?? []).forEach((m, i) => {
      const p = `questions.${i}`;
      const wording = text(`${p}.text`, m.text, after, BRIEF_LIMITS.text, true);
      if (!wording) return;
      after = wording.span.end;
      const entry: BriefQuestion = { text: wording, options: [] };
      if (m.scale) {
        const at = text(`${p}.scale.text`, m.scale.text, wording.span.start, 60, true);
        if (at && m.scale.min <= m.scale.max) entry.scale = { min: m.scale.min, max: m.scale.max, span: at.span };
      }
      const optionIndex = new Map<number, number>();
      let from = wording.span.start;
      (m.options ?? []).forEach((o, k) => {
        if (blank(o)) return;
        // A scale's steps are not written one by one ("0–10"): each is read from the scale, as the local reader does.
        const step = /^\d{1,3}$/.test(o.trim()) ? Number(o.trim()) : NaN;
        const onScale = entry.scale && step >= entry.scale.min && step <= entry.scale.max;
        const found = onScale && entry.scale ? { value: o.trim(), span: entry.scale.span } : f.find(o, from, 120);
        if (!found) return drop(`${p}.options.${k}`, o);
        if (found.span !== entry.scale?.span) from = found.span.end;
        optionIndex.set(k, entry.options.length);
        entry.options.push(found);
      });
      if (m.correct !== null && m.correct !== undefined) {
        const correct = optionIndex.get(m.correct);
        if (correct !== undefined) entry.correct = correct;
        else drop(`${p}.correct`, m.correct);
      }
      questions.push(entry);
    });
  }

  const dates: BriefDate[] = [];
  {
    let after = 0;
    (answer.dates ?? []).forEach((m, i) => {
      const p = `dates.${i}`;
      const when = text(`${p}.text`, m.text, after, BRIEF_LIMITS.text, true);
      if (!when) return;
      after = when.span.end;
      let governs: BriefDate["governs"] = { kind: m.governs === "event" ? "event" : "none" };
      if (m.governs === "offer") {
        const offer = offerIndex.get(m.offer ?? -1);
        if (offer !== undefined) governs = { kind: "offer", offer };
        else drop(`${p}.offer`, m.offer ?? null);
      }
      dates.push({ ...when, governs });
    });
  }

  const faq: Brief["faq"] = [];
  {
    let after = 0;
    (answer.faq ?? []).forEach((m, i) => {
      const question = text(`faq.${i}.question`, m.question, after, BRIEF_LIMITS.text, true);
      const reply = question && text(`faq.${i}.answer`, m.answer, question.span.end, BRIEF_LIMITS.text, true);
      if (!question || !reply) return;
      after = reply.span.end;
      faq.push({ question, answer: reply });
    });
  }

  const ctas: Brief["ctas"] = [];
  {
    let after = 0;
    (answer.ctas ?? []).forEach((m, i) => {
      const label = text(`ctas.${i}.label`, m.label, after, BRIEF_LIMITS.text, true);
      if (!label) return;
      after = label.span.end;
      const url = text(`ctas.${i}.url`, m.url, label.span.start, BRIEF_LIMITS.url);
      ctas.push({ label, ...(url ? { url: fullUrl(url) } : {}) });
    });
  }

  const techniques: Brief["techniques"] = [];
  (answer.techniques ?? []).forEach((m, i) => {
    const words = text(`techniques.${i}.words`, m.words, 0, BRIEF_LIMITS.text, true);
    if (words) techniques.push({ technique: m.technique, span: words.span, panes: texts(`techniques.${i}.panes`, m.panes) });
  });

  const instructions: Brief["instructions"] = [];
  {
    let after = 0;
    (answer.instructions ?? []).forEach((m, i) => {
      const said = text(`instructions.${i}.text`, m.text, after, BRIEF_LIMITS.text, true);
      if (!said) return;
      after = said.span.end;
      instructions.push({ kind: m.kind, text: said });
    });
  }

  const unused: Brief["unused"] = [];
  {
    let after = 0;
    (answer.unused ?? []).forEach((m, i) => {
      const part = text(`unused.${i}.text`, m.text, after, BRIEF_LIMITS.text, true);
      if (!part) return;
      after = part.span.end;
      unused.push({ text: part, reason: m.reason.trim() || "Not used in the email" });
    });
  }

  const emailType: Brief["emailType"] = isEmailType(options.emailType)
    ? { value: options.emailType, source: "hint" }
    : answer.emailType
      ? (() => {
          const words = text("emailType.words", answer.emailType.words);
          return { value: answer.emailType.value, source: "prompt" as const, ...(words ? { span: words.span } : {}) };
        })()
      : options.local.emailType;

  const occasion: Brief["occasion"] = answer.occasion
    ? (() => {
        const words = text("occasion.words", answer.occasion.words);
        const named = text("occasion.named", answer.occasion.named);
        return { kind: answer.occasion.kind, ...(words ? { span: words.span } : {}), ...(named ? { named } : {}) };
      })()
    : options.local.occasion;

  const tone: Brief["tone"] = answer.tone
    ? (() => {
        const words = text("tone.words", answer.tone.words);
        return { value: answer.tone.value, ...(words ? { span: words.span } : {}) };
      })()
    : options.local.tone;

  const length = answer.length && text("length.words", answer.length.words, 0, BRIEF_LIMITS.text, true);

  const event = answer.event
    ? {
        when: text("event.when", answer.event.when),
        where: text("event.where", answer.event.where),
        who: texts("event.who", answer.event.who),
        agenda: texts("event.agenda", answer.event.agenda),
      }
    : undefined;

  const optional = {
    brand: text("brand", answer.brand),
    product: text("product", answer.product),
    audience: text("audience", answer.audience),
    cta: text("cta", answer.cta),
    subject: text("subject", answer.subject),
    preheader: text("preheader", answer.preheader),
    signature: text("signature", answer.signature),
  };

  const brief: Brief = {
    version: 1,
    language: options.local.language,
    emailType,
    occasion,
    offers,
    items: items("items", answer.items),
    otherItems: items("otherItems", answer.otherItems),
    questions,
    dates,
    links: texts("links", answer.links, BRIEF_LIMITS.url).map(fullUrl),
    codes: texts("codes", answer.codes),
    conditions: texts("conditions", answer.conditions),
    tone,
    message: texts("message", answer.message),
    quoted: texts("quoted", answer.quoted),
    ...(answer.count !== null && answer.count !== undefined ? { count: answer.count } : {}),
    faq,
    ...(event && (event.when || event.where || event.who.length || event.agenda.length)
      ? {
          event: {
            ...(event.when ? { when: event.when } : {}),
            ...(event.where ? { where: event.where } : {}),
            who: event.who,
            agenda: event.agenda,
          },
        }
      : {}),
    images: texts("images", answer.images, BRIEF_LIMITS.url).map(fullUrl),
    ctas,
    techniques,
    ...(answer.length && length ? { length: { value: answer.length.value, span: length.span } } : {}),
    ruledOut: texts("ruledOut", answer.ruledOut),
    says: texts("says", answer.says),
    instructions,
    // Headings are the layout's, not the model's to read: the local reading's.
    headings: options.local.headings,
    unused,
  };
  for (const [key, value] of Object.entries(optional)) if (value) Object.assign(brief, { [key]: value });
  return { brief, dropped };
}
