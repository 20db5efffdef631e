// Who sends the email: from the brand or sender line, the line naming the email ("… for X",
// "— X"), a signature ("the Pocketgarden team"), the possessive ("Bloom's"), "from X" / "de X" /
// "von X", a name repeated, and the domain of the brief's links and addresses (helpwise.example →
// Helpwise). Each is a vote; never a common word, a month, a product or a person.
import type { CueSet } from "./cues";
import type { Range } from "./layout";
import type { Clause, Reading } from "./roles";
import { hostOf } from "./tokens/links";
import { fold, type Word } from "./tokens/words";

export interface BrandRead {
  range?: Range;
  /** A brand read from a domain only ("Papeterie Lune" from papeterie-lune.example): no words of the prompt hold it as written. */
  value: string;
}

interface Candidate {
  range: Range;
  value: string;
  score: number;
}

/** The longest brand. */
const BRAND_MAX_CHARS = 60;

/** A run of capitalised words (with the small words inside names) starting at word `i`. */
export function nameRunAt(words: readonly Word[], i: number, text: string, cues: CueSet, maxWords = 6): Range | undefined {
  const joiners = new Set(cues.cues.nameJoiners);
  const isName = (w: Word) => (w.capital || /\d/.test(w.text[0]) || /[A-Z].*[A-Z]/.test(w.text)) && !cues.cues.notNames.includes(w.folded);
  let k = i;
  // "l'AS Tennis", "d'Elise": an elided article before the name.
  if (k < words.length && (words[k].folded === "l" || words[k].folded === "d") && text[words[k].end] !== " ") k++;
  if (k >= words.length || !isName(words[k]) || words[k].numeric) return undefined;
  let end = k;
  for (let j = k + 1; j < words.length && j - k < maxWords; j++) {
    const gap = text.slice(words[j - 1].end, words[j].start);
    if (/[,;:.!?()\n—–]/.test(gap) && gap !== "." && gap !== "-" && gap !== "'" && gap !== "’") break;
    if (isName(words[j])) end = j;
    else if (!joiners.has(words[j].folded) && !(gap === "'" || gap === "’")) break;
  }
  return { start: words[k].start, end: words[end].end };
}

const letters = (s: string) =>
  fold(s)
    .normalize("NFKD")
    .replace(/[^\p{L}\p{N}]/gu, "");

/** A domain's words as a name: "papeterie-lune.example" → "Papeterie Lune". */
function domainName(host: string): string | undefined {
  const label = host
    .split(".")
    .filter(
      (p) => !["www", "app", "shop", "mail", "info", "aide", "help", "news", "go", "my", "blog", "boutique", "tienda", "loja"].includes(p),
    )[0];
  if (!label || label.length < 3) return undefined;
  return label
    .split(/[-_]/)
    .filter(Boolean)
    .map((p) => p[0].toUpperCase() + p.slice(1))
    .join(" ");
}

export function brandOf(reading: Reading, cues: CueSet, excluded: Range[]): BrandRead | undefined {
  const { text, lines, tokens, clauses } = reading;
  const candidates: Candidate[] = [];
  const overlapsExcluded = (r: Range) => excluded.some((e) => r.start < e.end && e.start < r.end && r.end - r.start <= e.end - e.start + 2);
  const add = (range: Range | undefined, score: number) => {
    if (!range || range.end - range.start > BRAND_MAX_CHARS || overlapsExcluded(range)) return;
    const value = text.slice(range.start, range.end).replace(/[\s.,;:]+$/, "");
    if (value.length < 2 || cues.cues.months.includes(fold(value)) || cues.cues.weekdays.includes(fold(value))) return;
    candidates.push({ range: { start: range.start, end: range.start + value.length }, value, score });
  };
  const clauseOf = (c: Clause) => ({ words: tokens[c.line].words.filter((w) => w.start >= c.range.start && w.end <= c.range.end) });

  for (const c of clauses) {
    const { words } = clauseOf(c);
    // "Client : Boussole (SaaS …)", "Brand: Bloom & Co", "From: The Pocketgarden team".
    if (c.role === "brand" || (c.role === "instruction" && c.label === "brand")) {
      const line = lines[c.line];
      const value = words.filter((w) => w.start >= line.body.start);
      add(
        nameRunAt(value, 0, text, cues) ??
          (value.length > 0 ? { start: value[0].start, end: value[Math.min(value.length, 4) - 1].end } : undefined),
        10,
      );
    }
    const first = c.line === 0 || lines[c.line].paragraph === 0;
    for (let i = 0; i < words.length; i++) {
      // "… for X", "organisée par X", "from X", "de X": a name right after the cue.
      const forCue = cues.words.at(words, i, ["brand.for"]);
      const fromCue = cues.words.at(words, i, ["brand.from"]);
      const cue = forCue ?? fromCue;
      if (cue) add(nameRunAt(words, cue.to, text, cues), (first ? 3 : 0) + (forCue ? 5 : 3) + (cue.to - cue.from > 1 ? 2 : 0));
      // The team that signs: "L'équipe Gaspard", "the Pocketgarden team".
      const team = cues.words.at(words, i, ["brand.team"]);
      if (team) {
        add(nameRunAt(words, team.to, text, cues, 4), 6);
        const before = words.slice(Math.max(0, i - 4), i);
        const at = before.findIndex((_, k) => nameRunAt(before, k, text, cues)?.end === words[i - 1]?.end);
        if (at >= 0) add(nameRunAt(before, at, text, cues), 6);
      }
    }
    // The possessive: "Bloom's spring sale".
    for (let i = 1; i < words.length; i++)
      if ((words[i].folded === "s" && "'’".includes(text[words[i].start - 1])) || words[i - 1].text.endsWith("s'")) {
        let k = i - 1;
        while (k > 0 && words[k - 1].capital) k--;
        add(nameRunAt(words, k, text, cues), 5);
      }
    // The first line naming the email: a name after a dash or colon ("Email rebajas — Alpargatas Lola").
    if (c.line === 0) {
      const line = text.slice(lines[0].start, lines[0].end);
      const dash = line.search(/\s[—–-]\s|:\s/);
      if (dash >= 0) {
        const after = words.filter((w) => w.start > lines[0].start + dash);
        const cue = cues.words.at(after, 0, ["brand.from"]);
        add(nameRunAt(after, cue ? cue.to : 0, text, cues), 4);
      }
    }
    // The writer's signature: "— Marta, Pocketgarden", "Merci, Mme Lefèvre (directrice)".
    if (c.role === "signoff") {
      const parts = text.slice(c.range.start, c.range.end).split(",");
      if (parts.length >= 2) {
        const lastStart = c.range.start + text.slice(c.range.start, c.range.end).lastIndexOf(",") + 1;
        const tail = words.filter((w) => w.start >= lastStart);
        if (tail.length > 0 && tail.length <= 4) add(nameRunAt(tail, 0, text, cues), 3);
      }
    }
  }
  // Domains: of the links and email addresses, the most frequent; a name of the brief spelt alike wins big.
  const hosts = new Map<string, number>();
  for (const lt of tokens)
    for (const t of lt.tokens)
      if (t.kind === "url" || t.kind === "email") {
        const host = t.kind === "url" ? hostOf(t.url) : t.domain;
        if (host) hosts.set(host.replace(/^(?:www|app|shop|aide|help|go|my)\./, ""), (hosts.get(host) ?? 0) + 1);
      }
  const host = [...hosts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const fromDomain = host ? domainName(host) : undefined;
  if (fromDomain) {
    const key = letters(fromDomain);
    for (const c of candidates) if (letters(c.value) === key || (key.length >= 5 && letters(c.value).includes(key))) c.score += 6;
    // A name run anywhere in the brief spelt like the domain ("Alpargatas Lola" for alpargataslola.example).
    if (!candidates.some((c) => letters(c.value) === key))
      for (const lt of tokens)
        for (let i = 0; i < lt.words.length; i++) {
          const run = nameRunAt(lt.words, i, text, cues);
          if (run && letters(text.slice(run.start, run.end)) === key) add(run, 8);
        }
  }
  // A name said twice is more likely the sender's.
  for (const c of candidates) {
    const seen = candidates.filter((o) => fold(o.value) === fold(c.value)).length;
    c.score += Math.min(3, seen - 1);
  }
  const best = candidates.sort((a, b) => b.score - a.score || a.range.start - b.range.start)[0];
  if (best && best.score >= 4) return { range: best.range, value: best.value };
  if (fromDomain) return { value: fromDomain };
  return best ? { range: best.range, value: best.value } : undefined;
}
