// Offers and their conditions: an offer's code, minimum spend, deadline and scope are those of its
// own clause. A clause with two offers is cut between them; a clause with a code or a deadline
// and no offer of its own gives them to the offer before it.
import { BRIEF_LIMITS } from "~/domain/brief/schema";
import type { CueSet } from "../cues";
import type { Range } from "../layout";
import type { CodeToken, DateToken, MoneyToken, PercentToken, Token, Word } from "../tokens";
import { trim } from "./items";

export type OfferKindRead = "percent" | "amount" | "free" | "bundle" | "code" | "other";

export interface OfferRead {
  text: Range;
  kind: OfferKindRead;
  percent?: number;
  amount?: MoneyToken;
  code?: CodeToken;
  threshold?: { text: Range; price: MoneyToken };
  /** A date, or the words after a deadline cue that no date parser reads ("bis Ostersonntag", "solange der Vorrat reicht", "gültig 48 Stunden"). */
  deadline?: Range;
  scope?: Range;
  /** Amounts the offer did not take (an item's price in the same sentence). */
  spare: MoneyToken[];
}

interface Head {
  start: number;
  end: number;
  kind: OfferKindRead;
  percent?: number;
  amount?: MoneyToken;
}

/** Where each offer of a clause is said: a percent, an amount off, a free thing, a bundle. */
function headsOf(text: string, words: readonly Word[], tokens: readonly Token[], cues: CueSet): Head[] {
  const heads: Head[] = [];
  const percents = tokens.filter((t): t is PercentToken => t.kind === "percent");
  const offWords = cues.words.all(words, ["offer.off"]);
  const wordIndex = (pos: number) => words.findIndex((w) => w.start >= pos);
  for (const p of percents) {
    let start = p.start;
    let end = p.end;
    // "extra 10% off", "-15 % supplémentaires", "10% de descuento": the off words around the percent.
    const after = offWords.find((m) => m.start >= end && m.start - end <= 4);
    if (after) end = after.end;
    const before = offWords.find((m) => m.end <= start && start - m.end <= 2);
    if (before) start = before.start;
    heads.push({ start, end, kind: "percent", percent: p.value });
  }
  for (const m of offWords) {
    const money = tokens.find((t): t is MoneyToken => t.kind === "money" && m.start - t.end >= 0 && m.start - t.end <= 2);
    if (money && !heads.some((h) => h.start <= money.start && money.end <= h.end))
      heads.push({ start: money.start, end: m.end, kind: "amount", amount: money });
  }
  for (const m of cues.words.all(words, ["offer.bogo"]))
    if (!heads.some((h) => m.start < h.end && h.start < m.end)) heads.push({ start: m.start, end: m.end, kind: "bundle" });
  for (const m of cues.words.all(words, ["offer.free", "offer.gift"])) {
    if (heads.some((h) => m.start < h.end && h.start < m.end)) continue;
    // The free thing: the words right after the cue ("free shipping"), else right before it ("livraison offerte").
    const i = wordIndex(m.start);
    // (A condition's cue may be several words: "Free gift wrap | on orders over $50".)
    const stop = (k: number) =>
      cues.cues.determiners.includes(words[k].folded) ||
      cues.words.at(words, k, ["offer.code", "offer.threshold", "offer.deadline", "list.and"]) !== undefined ||
      tokens.some((t) => t.start <= words[k].start && words[k].end <= t.end);
    const next: Word[] = [];
    for (
      let k = m.to;
      k < words.length && next.length < 3 && !stop(k) && !/[,;.:(]/.test(text.slice(words[k - 1].end, words[k].start));
      k++
    )
      next.push(words[k]);
    const prev: Word[] = [];
    for (let k = i - 1; k >= 0 && prev.length < 3 && !stop(k) && !/[,;.:(]/.test(text.slice(words[k].end, words[k + 1].start)); k--)
      prev.unshift(words[k]);
    const english = cues.lang === "en" || cues.lang === "de";
    const span =
      english && next.length > 0
        ? { start: m.start, end: next[next.length - 1].end }
        : prev.length > 0
          ? { start: prev[0].start, end: m.end }
          : next.length > 0
            ? { start: m.start, end: next[next.length - 1].end }
            : { start: m.start, end: m.end };
    heads.push({ start: span.start, end: span.end, kind: "free" });
  }
  return heads.sort((a, b) => a.start - b.start);
}

/** The scope after a scope cue, up to the next value, cue or separator, at most six words. */
function scopeOf(
  text: string,
  words: readonly Word[],
  tokens: readonly Token[],
  cues: CueSet,
  range: Range,
  taken: Range[],
): Range | undefined {
  for (const m of cues.words.all(words, ["offer.scope"])) {
    if (m.start < range.start || m.end > range.end || taken.some((t) => m.start < t.end && t.start < m.end)) continue;
    let end = m.end;
    for (let k = m.to; k < words.length && k - m.to < 5; k++) {
      const w = words[k];
      if (w.end > range.end || /[,;.:(]/.test(text.slice(words[k - 1].end, w.start))) break;
      if (
        tokens.some((t) => t.start <= w.start && w.end <= t.end) ||
        cues.words.at(words, k, ["offer.code", "offer.threshold", "offer.deadline", "offer.off", "offer.free"])
      )
        break;
      end = w.end;
    }
    return trim(text, { start: m.start, end });
  }
  return undefined;
}

/** A deadline no parser reads as a date: the cue phrase itself ("while stocks last") or up to four words after it. */
function deadlineWords(
  text: string,
  words: readonly Word[],
  tokens: readonly Token[],
  cues: CueSet,
  part: Range,
  head: Range,
): Range | undefined {
  const inPart = words.filter((w) => w.start >= part.start && w.end <= part.end && (w.end <= head.start || w.start >= head.end));
  for (let k = 0; k < inPart.length; k++) {
    const m = cues.words.at(inPart, k, ["offer.deadline"]);
    if (!m) continue;
    if (m.to - m.from >= 3) return { start: m.start, end: m.end };
    let end = m.end;
    let start = -1;
    for (let j = m.to; j < inPart.length && j - m.to < 4; j++) {
      const gap = text.slice(inPart[j - 1].end, inPart[j].start);
      if (/[,;.:()!?]/.test(gap) || tokens.some((t) => t.kind !== "number" && t.start <= inPart[j].start && inPart[j].end <= t.end)) break;
      if (cues.words.at(inPart, j, ["offer.code", "offer.threshold", "offer.scope"])) break;
      if (start < 0) start = inPart[j].start;
      end = inPart[j].end;
    }
    if (start >= 0) return { start, end };
  }
  return undefined;
}

/** The offers of one clause, each with the conditions of its own part of the clause. */
export function offersOf(text: string, range: Range, words: readonly Word[], tokens: readonly Token[], cues: CueSet): OfferRead[] {
  const own = tokens.filter((t) => t.start >= range.start && t.end <= range.end);
  const ownWords = words.filter((w) => w.start >= range.start && w.end <= range.end);
  // No brief holds more offers than it keeps: the work on a clause of a thousand percents stays bounded.
  const heads = headsOf(text, ownWords, own, cues).slice(0, BRIEF_LIMITS.offers);
  const codes = own.filter((t): t is CodeToken => t.kind === "code");
  if (heads.length === 0 && codes.length === 0) return [];
  if (heads.length === 0) heads.push({ start: codes[0].start, end: codes[0].end, kind: "code" });
  // Each offer's part: from the cut after the previous offer to the cut before the next one.
  const parts: Range[] = heads.map((h, k) => {
    const next = heads[k + 1];
    let end = range.end;
    if (next) {
      const gap = text.slice(h.end, next.start);
      const cut = Math.max(
        gap.lastIndexOf(","),
        gap.lastIndexOf(";"),
        gap.lastIndexOf("—"),
        gap.lastIndexOf("+"),
        gap.lastIndexOf(" and "),
        gap.lastIndexOf(" et "),
        gap.lastIndexOf(" y "),
      );
      end = cut >= 0 ? h.end + cut : next.start;
    }
    return { start: k === 0 ? range.start : 0, end };
  });
  parts.forEach((p, k) => {
    if (k > 0) p.start = parts[k - 1].end;
  });
  return heads.map((h, k) => {
    const part = parts[k];
    const inPart = <T extends Token>(t: T) => t.start >= part.start && t.end <= part.end;
    const offer: OfferRead = { text: { start: h.start, end: h.end }, kind: h.kind, spare: [] };
    if (h.percent !== undefined) offer.percent = h.percent;
    if (h.amount) offer.amount = h.amount;
    const code = codes.find(inPart);
    if (code) offer.code = code;
    for (const money of own.filter((t): t is MoneyToken => t.kind === "money" && inPart(t) && t !== h.amount)) {
      const before = ownWords.filter((w) => w.end <= money.start).slice(-5);
      const cue = before.findIndex((_, i) => cues.words.at(before, i, ["offer.threshold"]));
      if (!offer.threshold && cue >= 0) offer.threshold = { text: { start: before[cue].start, end: money.end }, price: money };
      else offer.spare.push(money);
    }
    const dates = own.filter((t): t is DateToken => t.kind === "date" && inPart(t));
    const deadline =
      dates.find((d) =>
        ownWords
          .filter((w) => w.end <= d.start)
          .slice(-3)
          .some((_, i, arr) => cues.words.at(arr, i, ["offer.deadline"])),
      ) ??
      dates[0] ??
      deadlineWords(text, ownWords, own, cues, part, offer.text);
    if (deadline) offer.deadline = deadline;
    const taken: Range[] = [
      offer.text,
      ...(offer.threshold ? [offer.threshold.text] : []),
      ...(offer.code ? [offer.code] : []),
      ...(deadline ? [deadline] : []),
    ];
    const scope = scopeOf(text, ownWords, own, cues, part, taken);
    if (scope) offer.scope = scope;
    return offer;
  });
}
