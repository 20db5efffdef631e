// An item from its own line or clause: what sits on it is the item's — its price, its former price
// ("was $159", "au lieu de 32 €", "goes from $12 to $15"), a detail, a page link and an image.
// The name is the words before the first value or separator.
import type { CueSet } from "../cues";
import type { Range } from "../layout";
import type { MoneyToken, Token, UrlToken, Word } from "../tokens";
import { holdsAny, isLetter, onlyOf } from "../tokens/words";

export interface ItemRead {
  name: Range;
  price?: MoneyToken;
  was?: MoneyToken;
  detail?: Range;
  link?: UrlToken;
  image?: UrlToken;
  /** A billing period or unit right after the price ("/month", "por noche"). */
  per?: Range;
}

/** What ends a name before its detail: a spaced dash or bar, a colon, a bracket, a tab. */
const NAME_END = /\s[–—|]\s|\s-\s|:\s|\s\(|\t/;

/** The longest item name; a longer "name" is a sentence. */
const NAME_MAX_CHARS = 80;

export function trim(text: string, r: Range): Range | undefined {
  let { start, end } = r;
  const s = text.slice(start, end);
  const lead = s.length - s.replace(/^[\s–—:|•·,;()[\]/*¿¡\p{Extended_Pictographic}\u{FE0F}\u{200D}-]+/u, "").length;
  const tail = s.length - s.replace(/[\s–—:|•·,;()[\]/=>*-]+$/u, "").length;
  start += lead;
  end -= tail;
  return end > start ? { start, end } : undefined;
}

/** Where a cue of these keys that ends with the words starts (the longest, at most `reach` words back, never before `min`); -1 when none. */
function cueEnding(words: readonly Word[], cues: CueSet, keys: readonly string[], reach = 4, min = 0): number {
  for (let k = Math.max(min, words.length - reach); k < words.length; k++) if (cues.words.at(words, k, keys)?.to === words.length) return k;
  return -1;
}

/** Whether the words just before a position (in the clause) are a cue of `key`. */
function cueBefore(words: readonly Word[], at: number, cues: CueSet, key: string, reach = 4): boolean {
  const before = words.filter((w) => w.end <= at);
  return cueEnding(before, cues, [key], reach) >= 0;
}

/** Words that lead to an amount: "à", "pasa de", "a partir de", "stays". */
const TO_PRICE = ["price.to", "price.starting", "price.from"];

/** The price and the former price among a clause's amounts. */
export function pricesOf(
  text: string,
  words: readonly Word[],
  money: MoneyToken[],
  cues: CueSet,
  changeLikely = false,
): { price?: MoneyToken; was?: MoneyToken } {
  if (money.length === 0) return {};
  const was = money.find((m) => cueBefore(words, m.start, cues, "price.was"));
  if (was) return { was, price: money.find((m) => m !== was) };
  if (money.length >= 2) {
    const [a, b] = money;
    const between = words.filter((w) => w.start >= a.end && w.end <= b.start);
    const toCue = between.length <= 3 && between.some((_, k) => cues.words.at(between, k, ["price.to"]));
    const fromCue = cueBefore(words, a.start, cues, "price.from", 3);
    const arrow = /→|->|=>|>/.test(text.slice(a.end, b.start));
    if ((fromCue && toCue) || arrow || (changeLikely && between.length <= 2)) return { was: a, price: b };
  }
  return { price: money[0] };
}

/** An item read from a range of text and its tokens. */
export function itemOf(
  text: string,
  range: Range,
  words: readonly Word[],
  tokens: readonly Token[],
  cues: CueSet,
  changeLikely = false,
): ItemRead | undefined {
  const own = tokens.filter((t) => t.start >= range.start && t.end <= range.end);
  const money = own.filter((t): t is MoneyToken => t.kind === "money");
  const urls = own.filter((t): t is UrlToken => t.kind === "url");
  const { price, was } = pricesOf(text, words, money, cues, changeLikely);
  const out: Partial<ItemRead> = {};
  if (price) out.price = price;
  if (was) out.was = was;
  for (const u of urls) {
    const image =
      u.image ||
      cueBefore(words, u.start, cues, "label.image", 2) ||
      words.some((w) => w.end <= u.start && w.end >= u.start - 12 && cues.labels.is([w], ["image"]));
    if (image) out.image ??= u;
    else out.link ??= u;
  }
  // The name: the words before the first value or separator ("Bougie Figue & Cèdre 220 g – 24,90 €").
  // Prices, links and percents end a name; a date or a code may be part of it ("Carnet A5", "Edition 2025").
  const firstValue = own
    .filter((t) => t.kind === "money" || t.kind === "url" || t.kind === "percent")
    .reduce((n, t) => Math.min(n, t.start), range.end);
  const head = text.slice(range.start, firstValue);
  let sep = head.search(NAME_END);
  let from = range.start;
  // "drei E-Bikes – Stadtflitzer 1.499 €", "trois vins — Chinon 2020 à 16,80 €": a count before the dash
  // introduces the list; the first thing's name is after it.
  const lead = sep > 0 ? words.filter((w) => w.start >= range.start && w.end <= range.start + sep) : [];
  // (Or an article: "the headliners — The Lanterns".)
  const counted =
    lead.length >= 2 &&
    (cues.cues.numberWords[lead[0].folded] !== undefined ||
      lead[0].numeric ||
      (!lead[0].capital && cues.cues.determiners.includes(lead[0].folded)));
  // ("corsi, scuola lingue roma: inglese 99,00 €, …": words before a colon in a list of several priced things head it.)
  const headed = lead.length > 0 && head.startsWith(": ", sep) && text.slice(range.start, range.start + sep).includes(",");
  if (counted || (headed && price)) {
    const after = [...head.slice(sep)].findIndex((c) => !onlyOf(c, "–—|:(-"));
    const rest = after >= 0 ? head.slice(sep + after) : "";
    if ([...rest].some(isLetter)) {
      from = range.start + sep + after;
      const next = rest.search(NAME_END);
      sep = next >= 0 ? sep + after + next : -1;
    }
  }
  const nameEnd = sep >= 0 ? range.start + sep : firstValue;
  let name = trim(text, { start: from, end: nameEnd });
  if (!name && price) {
    // "$850 General", "12 € — Burrata": the name after the price.
    const lead = text.slice(price.end, range.end).search(/[^\s–—|:=>-]/);
    const from = lead >= 0 ? price.end + lead : range.end;
    const after = text.slice(from, range.end);
    const cut = after.search(/\s[–—|(]|https?:|[,;]/);
    name = trim(text, { start: from, end: cut >= 0 ? from + cut : range.end });
  }
  // "Bougie Cèdre à 14,50 €", "Plan Básico pasa de $49.000": the words that lead to the price are no part of the name.
  const firstAmount = was && price && was.start < price.start ? was : price;
  if (name && firstAmount && name.end <= firstAmount.start && /^\s*$/.test(text.slice(name.end, firstAmount.start))) {
    const inName = words.filter((w) => w.start >= name!.start && w.end <= name!.end);
    // ("À partir de 120 € la nuit": words that only lead to a price name nothing.)
    if (cueEnding(inName, cues, [...TO_PRICE, "price.was"], inName.length) === 0) return undefined;
    const lead = cueEnding(inName, cues, TO_PRICE, 4, 1);
    if (lead > 0) name = trim(text, { start: name.start, end: inName[lead - 1].end });
  }
  if (!name || name.end - name.start > NAME_MAX_CHARS) return undefined;
  // "Available on the Pro plan at $12": a name never ends in a function word; such words lead into a sentence.
  const lastOfName = words.filter((w) => w.start >= name!.start && w.end <= name!.end).at(-1);
  if (lastOfName && price && cues.cues.functionWords.includes(lastOfName.folded)) return undefined;
  // The detail: what is left after the name once values and their cue words are taken away.
  const taken = [name, ...own.filter((t) => t.kind !== "number" && t.kind !== "quoted")];
  let detailStart = Math.max(name.end, price ? price.end : 0);
  if (sep >= 0 && !price) detailStart = nameEnd;
  const rest = words.filter((w) => w.start >= detailStart && w.end <= range.end && !taken.some((t) => w.start < t.end && t.start < w.end));
  const cueWords = new Set<Word>();
  for (let k = 0; k < rest.length; k++) {
    const m = cues.words.at(rest, k, ["price.was", "price.from", "price.to", "label.image", "label.link"]);
    if (m) for (let j = m.from; j < m.to; j++) cueWords.add(rest[j]);
  }
  const detailWords = rest.filter((w) => !cueWords.has(w));
  if (detailWords.length > 0) {
    const per = price ? cues.words.at(detailWords, 0, ["price.per"]) : undefined;
    if (per && per.start - (price?.end ?? 0) <= 2) out.per = { start: per.start, end: per.end };
    const d = trim(text, { start: detailWords[0].start, end: detailWords[detailWords.length - 1].end });
    if (d && d.end - d.start >= 2 && d.end - d.start <= 200) out.detail = d;
  }
  return { ...out, name } as ItemRead;
}

/**
 * Priced things named in a sentence ("they left the Smoky Lapsang tin (£9.50) and a cast iron teapot
 * (£45)", "Prices: 4-pack £14, case of 24 £72"): each amount no offer took, named by the words right
 * before it, from after the last article, joint or punctuation, at most five words.
 */
export function proseItems(
  text: string,
  range: Range,
  words: readonly Word[],
  tokens: readonly Token[],
  cues: CueSet,
  taken: readonly Range[],
): ItemRead[] {
  const own = words.filter((w) => w.start >= range.start && w.end <= range.end);
  const stops = new Set([...cues.cues.determiners, ...cues.cues.list.and, ...cues.cues.list.or]);
  const out: ItemRead[] = [];
  const money = tokens.filter(
    (t): t is MoneyToken =>
      t.kind === "money" && t.start >= range.start && t.end <= range.end && !taken.some((r) => t.start < r.end && r.start < t.end),
  );
  for (const m of money) {
    let before = own.filter((w) => w.end <= m.start);
    // ("Pro stays $8/month": the words leading to the amount name nothing; the name is before them.)
    const lead = cueEnding(before, cues, ["price.to"], 3, 1);
    if (lead > 0 && !holdsAny(text.slice(before[lead - 1].end, before[lead].start), ",;:.!?")) before = before.slice(0, lead);
    let k = before.length;
    while (k > 0 && before.length - k < 5) {
      const w = before[k - 1];
      const gap = text.slice(w.end, (before[k] ?? m).start);
      // "…for one family; $100 helps": a clause's end before the amount names nothing of it.
      if (k < before.length ? /[,;:.!?]/.test(gap) : /[;.!?]/.test(gap)) break;
      if (stops.has(w.folded) || cues.words.at([w], 0, ["price.starting", "price.was", "price.to", "offer.threshold"])) break;
      k--;
    }
    const name = k < before.length ? trim(text, { start: before[k].start, end: before[before.length - 1].end }) : undefined;
    if (!name || name.end - name.start < 2) continue;
    const item: ItemRead = { name, price: m };
    out.push(item);
  }
  return out;
}

/** A clause holding several priced names ("Espresso $3, Latte $4 and Mocha $5"): one item per amount. */
export function itemsOf(
  text: string,
  range: Range,
  words: readonly Word[],
  tokens: readonly Token[],
  cues: CueSet,
  changeLikely = false,
): ItemRead[] {
  const money = tokens.filter((t): t is MoneyToken => t.kind === "money" && t.start >= range.start && t.end <= range.end);
  const one = itemOf(text, range, words, tokens, cues, changeLikely);
  if (money.length <= 1 || one?.was) return one ? [one] : [];
  // Cut at the joints before each later amount's name.
  const joints = new Set([...cues.cues.list.and, ...cues.cues.list.or]);
  const cuts: number[] = [];
  for (let k = 1; k < money.length; k++) {
    const between = text.slice(money[k - 1].end, money[k].start);
    const m = /[,;]|\s(\S+)\s/.exec(between);
    if (!m) continue;
    const comma = between.search(/[,;]/);
    if (comma >= 0) cuts.push(money[k - 1].end + comma);
    else {
      const joint = words.find((w) => w.start >= money[k - 1].end && w.end <= money[k].start && joints.has(w.folded));
      if (joint) cuts.push(joint.start);
    }
  }
  if (cuts.length === 0) return one ? [one] : [];
  const pieces: Range[] = [];
  let from = range.start;
  for (const c of cuts) {
    pieces.push({ start: from, end: c });
    // A comma is no part of the next piece; a joint ("and Kona $42") is, and is skipped below.
    from = /[,;]/.test(text[c]) ? c + 1 : c;
  }
  pieces.push({ start: from, end: range.end });
  return pieces
    .map((p) => {
      const joint = words.find((w) => w.start >= p.start && w.end <= p.end && joints.has(w.folded) && w.start - p.start <= 1);
      return itemOf(text, joint ? { start: joint.end, end: p.end } : p, words, tokens, cues, changeLikely);
    })
    .filter((i): i is ItemRead => Boolean(i));
}
