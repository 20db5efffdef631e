// How a brief read from a prompt compares with the corpus's labels (./brief-corpus.ts): per field,
// what the label holds and how much of it the brief got right. Names compare by their letters
// (case, accents, blanks and punctuation aside); prices by amount and currency; a condition must be
// on its own offer. Pure.
import type { Brief, BriefOffer } from "~/domain/brief/schema";
import { parseMoney } from "~/domain/reader/tokens/money";
import type { CorpusBrief } from "./brief-corpus";

export const SCORED_FIELDS = [
  "brand",
  "items",
  "prices",
  "offers",
  "questions",
  "faq",
  "dates",
  "links",
  "images",
  "ctas",
  "techniques",
  "panes",
  "ruledOut",
  "event",
] as const;
export type ScoredField = (typeof SCORED_FIELDS)[number];

export interface FieldScore {
  /** What the label holds (a brand counts one, a list counts its entries). */
  expected: number;
  right: number;
  /** What was wrong, for the report: "item 'Coffret Trio Hiver' price 49 € (read 65 €)". */
  misses: string[];
}

export type BriefScore = Record<ScoredField, FieldScore>;

export const letters = (s: string) =>
  s
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, "");

/** Whether two names are the same: equal letters, or one holds the other and they are of like length. */
export function sameName(a: string, b: string, ratio = 0.6): boolean {
  const x = letters(a);
  const y = letters(b);
  if (!x || !y) return false;
  if (x === y) return true;
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  return long.includes(short) && short.length / long.length >= ratio;
}

function samePrice(label: string | undefined, read: { minor: number; currency: string } | undefined): boolean {
  if (!label) return true;
  const want = parseMoney(label);
  if (!want || !read) return false;
  return want.minor === read.minor;
}

const overlaps = (label: string, read: string | undefined) => {
  if (!read) return false;
  const x = letters(label);
  const y = letters(read);
  return Boolean(x && y && (x.includes(y) || y.includes(x)));
};

function score(expected: number): FieldScore {
  return { expected, right: 0, misses: [] };
}

function offerMatches(label: CorpusBrief["expect"]["offers"][number], o: BriefOffer): boolean {
  const pct = /(\d+(?:[.,]\d+)?)\s?%/.exec(label.text);
  if (pct) return o.percent !== undefined && Math.abs(o.percent - Number(pct[1].replace(",", "."))) < 0.01;
  return overlaps(label.text, o.text.value) || sameName(label.text, o.text.value, 0.4);
}

export function scoreBrief(entry: CorpusBrief, brief: Brief): BriefScore {
  const e = entry.expect;
  const out = Object.fromEntries(SCORED_FIELDS.map((f) => [f, score(0)])) as BriefScore;

  out.brand = score(1);
  if (e.brand === null ? !brief.brand : brief.brand && sameName(e.brand, brief.brand.value, 0.5)) out.brand.right = 1;
  else
    out.brand.misses.push(`brand ${e.brand === null ? "none" : `"${e.brand}"`} (read ${brief.brand ? `"${brief.brand.value}"` : "none"})`);

  const items = [...brief.items, ...brief.otherItems];
  out.items = score(e.items.length);
  out.prices = score(e.items.filter((i) => i.price).length);
  for (const label of e.items) {
    const found = items.find(
      (i) => sameName(label.name, i.name.value) || (i.detail && sameName(label.name, `${i.name.value} ${i.detail.value}`)),
    );
    if (!found) {
      out.items.misses.push(`item "${label.name}" missing`);
      if (label.price) out.prices.misses.push(`item "${label.name}" missing`);
      continue;
    }
    const priceRight = samePrice(label.price, found.price) && (!label.was || samePrice(label.was, found.was));
    if (priceRight) out.items.right++;
    else
      out.items.misses.push(
        `item "${label.name}" price ${label.price ?? "none"}${label.was ? ` was ${label.was}` : ""} (read ${found.price?.display ?? "none"}${found.was ? ` was ${found.was.display}` : ""})`,
      );
    if (label.price) {
      if (samePrice(label.price, found.price)) out.prices.right++;
      else out.prices.misses.push(`item "${label.name}" price ${label.price} (read ${found.price?.display ?? "none"})`);
    }
  }

  out.offers = score(e.offers.length);
  const taken = new Set<BriefOffer>();
  for (const label of e.offers) {
    const o = brief.offers.find((x) => !taken.has(x) && offerMatches(label, x));
    if (!o) {
      out.offers.misses.push(`offer "${label.text}" missing`);
      continue;
    }
    taken.add(o);
    const wrong: string[] = [];
    if (label.code && o.code?.value !== label.code) wrong.push(`code ${label.code} (read ${o.code?.value ?? "none"})`);
    if (label.threshold && !samePrice(label.threshold, o.threshold?.price))
      wrong.push(`minimum ${label.threshold} (read ${o.threshold?.price.display ?? "none"})`);
    if (label.deadline && !overlaps(label.deadline, o.deadline?.value))
      wrong.push(`deadline ${label.deadline} (read ${o.deadline?.value ?? "none"})`);
    // A condition the label gives another offer is misattributed here.
    for (const other of e.offers)
      if (other !== label) {
        if (other.code && o.code?.value === other.code && other.code !== label.code) wrong.push(`has the code of "${other.text}"`);
        if (
          other.deadline &&
          o.deadline &&
          overlaps(other.deadline, o.deadline.value) &&
          !(label.deadline && overlaps(label.deadline, o.deadline.value))
        )
          wrong.push(`has the deadline of "${other.text}"`);
      }
    if (wrong.length === 0) out.offers.right++;
    else out.offers.misses.push(`offer "${label.text}": ${wrong.join(", ")}`);
  }

  out.questions = score(e.questions.length);
  for (const label of e.questions) {
    const q = brief.questions.find((x) => sameName(label.text, x.text.value, 0.5) || overlaps(label.text, x.text.value));
    if (!q) {
      out.questions.misses.push(`question "${label.text}" missing`);
      continue;
    }
    const want = label.scale
      ? Array.from({ length: label.scale[1] - label.scale[0] + 1 }, (_, i) => String(label.scale![0] + i))
      : label.options;
    const got = q.options.map((o) => letters(o.value));
    const missing = want.filter((w) => !got.includes(letters(w)));
    const extra = q.options.filter((o) => !want.some((w) => letters(w) === letters(o.value)));
    const correctWrong =
      label.correct !== undefined && (q.correct === undefined || letters(q.options[q.correct]?.value ?? "") !== letters(label.correct));
    if (missing.length === 0 && extra.length === 0 && !correctWrong) out.questions.right++;
    else
      out.questions.misses.push(
        `question "${label.text}": ${[missing.length ? `missing ${missing.join(" / ")}` : "", extra.length ? `extra ${extra.map((o) => o.value).join(" / ")}` : "", correctWrong ? `right answer ${label.correct}` : ""].filter(Boolean).join(", ")}`,
      );
  }

  out.faq = score(e.faq.length);
  for (const f of e.faq) {
    if (brief.faq.some((x) => overlaps(f.q, x.question.value) && overlaps(f.a, x.answer.value))) out.faq.right++;
    else out.faq.misses.push(`faq "${f.q}"`);
  }

  const listed = (field: "dates" | "links" | "images", labels: string[], read: string[], same: (a: string, b: string) => boolean) => {
    out[field] = score(labels.length);
    for (const l of labels) {
      if (read.some((r) => same(l, r))) out[field].right++;
      else out[field].misses.push(`${field.replace(/s$/, "")} "${l}"`);
    }
  };
  const url = (a: string, b: string) => letters(a.replace(/^https?:\/\//, "")) === letters(b.replace(/^https?:\/\//, ""));
  listed(
    "dates",
    e.dates,
    brief.dates.map((d) => d.value),
    (a, b) => overlaps(a, b),
  );
  listed("links", e.links, [...brief.links.map((l) => l.value), ...brief.items.flatMap((i) => (i.link ? [i.link.value] : []))], url);
  listed("images", e.images, [...brief.images.map((l) => l.value), ...brief.items.flatMap((i) => (i.image ? [i.image.value] : []))], url);

  out.ctas = score(e.ctas.length);
  for (const c of e.ctas) {
    const found = brief.ctas.find((x) => sameName(c.label, x.label.value, 0.5));
    if (found && (!c.url || (found.url && url(c.url, found.url.value)))) out.ctas.right++;
    else
      out.ctas.misses.push(
        `button "${c.label}"${c.url ? ` → ${c.url}` : ""} (read ${found ? `"${found.label.value}" → ${found.url?.value ?? "nowhere"}` : "none"})`,
      );
  }

  out.techniques = score(entry.techniques.length);
  for (const t of entry.techniques) {
    if (brief.techniques.some((x) => x.technique === t)) out.techniques.right++;
    else out.techniques.misses.push(`module ${t} not asked`);
  }
  out.panes = score(e.panes.reduce((n, p) => n + p.titles.length, 0));
  for (const p of e.panes)
    for (const title of p.titles) {
      const t = brief.techniques.find((x) => x.technique === p.technique);
      if (t?.panes.some((x) => sameName(title, x.value, 0.4)) || brief.items.some((i) => sameName(title, i.name.value, 0.5)))
        out.panes.right++;
      else out.panes.misses.push(`${p.technique} pane "${title}"`);
    }

  out.ruledOut = score(e.ruledOut.length);
  for (const r of e.ruledOut) {
    if (brief.ruledOut.some((x) => overlaps(r, x.value))) out.ruledOut.right++;
    else out.ruledOut.misses.push(`not to mention "${r}"`);
  }

  const ev = e.event;
  out.event = score(ev ? (ev.when ? 1 : 0) + (ev.where ? 1 : 0) + (ev.who?.length ?? 0) : 0);
  if (ev) {
    const check = (right: boolean, miss: string) => (right ? out.event.right++ : out.event.misses.push(miss));
    if (ev.when) check(overlaps(ev.when, brief.event?.when?.value), `when "${ev.when}" (read ${brief.event?.when?.value ?? "none"})`);
    if (ev.where) check(overlaps(ev.where, brief.event?.where?.value), `where "${ev.where}" (read ${brief.event?.where?.value ?? "none"})`);
    for (const who of ev.who ?? []) check(Boolean(brief.event?.who.some((x) => overlaps(who, x.value))), `who "${who}"`);
  }
  return out;
}

/** Labelled instructions (less what they ask the email to say) that the brief gives the reader as copy. */
export function instructionsAsCopy(entry: CorpusBrief, brief: Brief): string[] {
  const copy = [
    ...brief.message.map((m) => m.value),
    ...brief.items.map((i) => `${i.name.value} ${i.detail?.value ?? ""}`),
    ...brief.faq.map((f) => f.answer.value),
  ].map(letters);
  return entry.expect.instructions
    .filter((x) => {
      const own = letters(x.says ? x.text.replace(x.says, "") : x.text);
      return own.length >= 8 && copy.some((c) => c.includes(own) || (own.length >= 16 && own.includes(c) && c.length >= own.length * 0.5));
    })
    .map((x) => x.text);
}

/** Lines of the prompt that no span of the brief touches and `unused` does not list. */
export function droppedLines(prompt: string, brief: Brief): string[] {
  const spans: Array<{ start: number; end: number }> = [];
  const walk = (v: unknown) => {
    if (!v || typeof v !== "object") return;
    if (Array.isArray(v)) return v.forEach(walk);
    for (const [k, x] of Object.entries(v)) {
      if (k === "span" && x && typeof x === "object") spans.push(x as { start: number; end: number });
      else walk(x);
    }
  };
  walk({ ...brief, tone: undefined, occasion: undefined, emailType: undefined });
  const out: string[] = [];
  let at = 0;
  for (const line of prompt.split("\n")) {
    const start = at;
    at += line.length + 1;
    const letterCount = letters(line).length;
    if (letterCount < 3) continue;
    let covered = 0;
    for (let i = 0; i < line.length; i++) {
      if (!/[\p{L}\p{N}]/u.test(line[i])) continue;
      if (spans.some((s) => start + i >= s.start && start + i < s.end)) covered++;
    }
    if (covered / letterCount < 0.5) out.push(line.trim());
  }
  return out;
}

/** Labelled instructions (less what they ask the email to say) whose words the email's visible text shows. */
export function instructionsPrinted(entry: CorpusBrief, emailText: string): string[] {
  const shown = letters(emailText);
  return entry.expect.instructions
    .filter((x) => {
      const own = letters(x.says ? x.text.replace(x.says, "") : x.text);
      return own.length >= 8 && shown.includes(own);
    })
    .map((x) => x.text);
}

/** What the brief said not to mention that the email's visible text mentions. */
export function ruledOutPrinted(entry: CorpusBrief, emailText: string): string[] {
  const shown = ` ${emailText.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase()} `;
  return entry.expect.ruledOut.filter((r) => {
    const word = r.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().trim();
    return word.length >= 3 && new RegExp(`[^\\p{L}\\p{N}]${word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}[^\\p{L}\\p{N}]`, "u").test(shown);
  });
}
