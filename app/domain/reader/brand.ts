// Who sends the email. Candidates come from the brand or sender line, the line naming the email
// ("… for X", "— X"), a team that signs ("the Pocketgarden team"), the possessive ("Bloom's"),
// "from X" / "de X" / "von X", a name that starts with a kind of business ("Hotel Tannenhof"), and
// a name said twice. The domain of the brief's links and addresses anchors them: a name spelt like
// it wins, and with none the domain is the name (helpwise.example → Helpwise). Never a common word,
// a month, a value, a product, a person or the forwarded message's header.
import type { CueSet } from "./cues";
import type { Range } from "./layout";
import type { Clause, Reading } from "./roles";
import { hostOf } from "./tokens/links";
import { domainName, lettersOf, likeDomain, recased, siteLabel, spanSpeltLike } from "./brand-domain";
import { fold, onlyOf, type Word } from "./tokens/words";

export interface BrandRead {
  range?: Range;
  /** The name; read from a domain only ("Papeterie Lune" from papeterie-lune.example) when no words of the prompt hold it. */
  value: string;
}

interface Candidate {
  range: Range;
  value: string;
  score: number;
  /** A line that says who the sender is ("Client:", "Absender:"). */
  explicit: boolean;
}

/** The longest brand. */
const BRAND_MAX_CHARS = 60;

/** A run of capitalised words (with the small words inside names) starting at word `i`; a capitalised article may open it ("La Fabrique à Bougies"). */
export function nameRunAt(words: readonly Word[], i: number, text: string, cues: CueSet, maxWords = 6): Range | undefined {
  const joiners = new Set(cues.cues.nameJoiners);
  // (A month or a weekday ends a name: "Laden Bloom im Juni".)
  const isName = (w: Word) =>
    (w.capital || /[A-Z].*[A-Z]/.test(w.text)) &&
    !w.numeric &&
    !cues.cues.notNames.includes(w.folded) &&
    !cues.cues.months.includes(w.folded) &&
    !cues.cues.weekdays.includes(w.folded);
  let k = i;
  // "l'AS Tennis", "d'Elise": an elided article before the name.
  if (k < words.length && (words[k].folded === "l" || words[k].folded === "d") && "'’".includes(text[words[k].end] ?? "")) k++;
  const opensWithArticle =
    k + 1 < words.length && words[k].capital && cues.cues.determiners.includes(words[k].folded) && isName(words[k + 1]);
  if (k >= words.length || !(isName(words[k]) || opensWithArticle)) return undefined;
  let end = k;
  for (let j = k + 1; j < words.length && j - k < maxWords; j++) {
    const gap = text.slice(words[j - 1].end, words[j].start);
    if (/[,;:!?()\n—–/<>]/.test(gap) || (gap.includes(".") && gap.trim() !== ".")) break;
    // ("Cave Saint-Roch": a word joined to a name by a hyphen is the name's, whatever it is alone.)
    const hyphened = words[j].capital && words[j + 1] && text.slice(words[j].end, words[j + 1].start) === "-" && isName(words[j + 1]);
    if (isName(words[j]) || hyphened || (/\d/.test(words[j].text) && !words[j].numeric)) end = j;
    else if (!joiners.has(words[j].folded) && gap !== "'" && gap !== "’" && gap !== "-") break;
  }
  return { start: words[k].start, end: words[end].end };
}

export function brandOf(reading: Reading, cues: CueSet, excluded: Range[]): BrandRead | undefined {
  const { text, lines, tokens, clauses } = reading;
  const and = cues.cues.list.and[0] ?? "and";
  const candidates: Candidate[] = [];
  const business = new Set((cues.cues.brand.business ?? []).map(fold));
  const valueTokens = tokens.flatMap((t) => t.tokens).filter((t) => t.kind !== "quoted" && t.kind !== "url" && t.kind !== "email");
  // A product's or a person's name is never the brand, wherever the brief says it again.
  const excludedNames = new Set(excluded.map((e) => fold(text.slice(e.start, e.end))));
  const clash = (r: Range) =>
    excluded.some((e) => r.start < e.end && e.start < r.end) ||
    excludedNames.has(fold(text.slice(r.start, r.end))) ||
    valueTokens.some((t) => r.start < t.end && t.start < r.end);
  const add = (range: Range | undefined, score: number, explicit = false) => {
    if (!range || range.end - range.start > BRAND_MAX_CHARS || clash(range)) return;
    const value = text.slice(range.start, range.end).replace(/[\s.,;:]+$/, "");
    const f = fold(value);
    if (
      value.length < 2 ||
      cues.cues.months.includes(f) ||
      cues.cues.weekdays.includes(f) ||
      cues.cues.notNames.includes(f) ||
      business.has(f)
    )
      return;
    candidates.push({ range: { start: range.start, end: range.start + value.length }, value, score, explicit });
  };
  // A clause's words, and a label line's label with them ("Spring sale for Bloom: 20% off everything").
  const wordsOf = (c: Clause) => {
    const line = lines[c.line];
    const from = line.label && line.kind === "label" && c.range.start >= line.body.start ? line.start : c.range.start;
    return tokens[c.line].words.filter((w) => w.start >= from && w.end <= c.range.end);
  };

  for (const c of clauses) {
    if (c.role === "header") continue;
    const words = wordsOf(c);
    const line = lines[c.line];
    // "Client : Boussole (SaaS …)", "Absender: Elternbeirat des Goethe-Gymnasiums Freiburg".
    if (c.role === "brand" || (c.role === "instruction" && c.label === "brand")) {
      const value = tokens[c.line].words.filter((w) => w.start >= line.body.start && w.end <= line.end);
      const cue = cues.words.at(value, 0, ["brand.from"]);
      add(nameRunAt(value, cue ? cue.to : 0, text, cues) ?? nameRunAt(value, 0, text, cues, 6), 10, true);
    }
    const first = line.paragraph === 0 && c.line <= 2;
    // "Gridline Fitness survey: …", "Ember Roasters carousel: …": the name that opens the words naming the email.
    if ((c.instruction?.kind === "naming" || (c.role === "pane" && c.line === 0)) && words[0]?.capital) {
      const cue = words.findIndex(
        (_, i) => cues.kinds.at(words, i) || cues.techniques.at(words, i) || cues.words.at(words, i, ["instruction.self"]),
      );
      // ("Pour Roue Libre (Grenoble) : annonce …": past a cue that opens it, up to a bracket or a comma.)
      const lead = cues.words.at(words, 0, ["brand.for", "brand.from"]);
      const from = lead && lead.to < cue ? lead.to : 0;
      const run = cue > from ? nameRunAt(words, from, text, cues, cue - from) : undefined;
      const upTo = run ? words.findIndex((w) => w.end === run.end) + 1 : 0;
      const opening = words.slice(from, Math.max(from, upTo));
      // (Where every noun is capitalised, "Sommerfest-Newsletter" names no sender; "Plant sale … all plants":
      // one word capitalised only by opening the sentence, which the brief writes in lower case elsewhere.)
      if (
        opening.length > 0 &&
        (upTo === cue || lead) &&
        !cues.cues.nounsCapitalized &&
        opening.every((w, k) => w.capital || (k > 0 && cues.cues.nameJoiners.includes(w.folded))) &&
        !(opening.length === 1 && writtenLower(reading, opening[0]))
      )
        add({ start: opening[0].start, end: opening[opening.length - 1].end }, 5);
    }
    for (let i = 0; i < words.length; i++) {
      // "… for X", "organisée par X", "from X", "de X": a name right after the cue.
      const forCue = cues.words.at(words, i, ["brand.for"]);
      const fromCue = cues.words.at(words, i, ["brand.from"]);
      const cue = forCue ?? fromCue;
      // ("para el Bistró Sol": past a small article.)
      let at =
        cue && words[cue.to] && !words[cue.to].capital && cues.cues.determiners.includes(words[cue.to].folded) ? cue.to + 1 : cue?.to;
      // ("für Kunden der Alpina Versicherung": past the readers the email is for, to whose they are.)
      const readers = at !== undefined ? cues.words.at(words, at, ["instruction.reader"]) : undefined;
      if (readers) {
        at = readers.to;
        while (at < words.length && !words[at].capital && cues.cues.determiners.includes(words[at].folded)) at++;
      }
      if (cue && at !== undefined) {
        const run = nameRunAt(words, at, text, cues);
        // In German every noun is capitalised: "für den Text" names nothing; a name there has two words or more.
        // ("von Rechnix", "von Taskwerk": after "from" one capitalised word is a name.)
        const oneNoun = forCue && cues.cues.nounsCapitalized && run && !text.slice(run.start, run.end).includes(" ");
        add(run, oneNoun ? 1 : (first ? 3 : 0) + (forCue ? 4 : 3));
      }
      // A name that starts with a kind of business: "Hotel Tannenhof", "Escola Montseny".
      // (In English the kind comes last: "Linden House Hotel".)
      if (business.has(words[i].folded) && (words[i].capital || i === 0)) {
        // ("Sondage de la Médiathèque des Tilleuls": the word naming the email is no part of the name.)
        const namesEmail = (j: number) =>
          cues.kinds.at(words, j) !== undefined ||
          cues.techniques.at(words, j) !== undefined ||
          cues.words.at(words, j, ["instruction.self"]) !== undefined;
        let k = i;
        while (
          k > 0 &&
          (words[k - 1].capital || cues.cues.nameJoiners.includes(words[k - 1].folded)) &&
          !namesEmail(k - 1) &&
          !/[,;:.!?()\n—–]/.test(text.slice(words[k - 1].end, words[k].start))
        )
          k--;
        while (k < i && !words[k].capital) k++;
        add(nameRunAt(words, k, text, cues), 6);
      }
      // The team that signs: "L'équipe Gaspard", "the Pocketgarden team".
      const team = cues.words.at(words, i, ["brand.team"]);
      if (team) {
        add(nameRunAt(words, team.to, text, cues, 4), 5);
        let k = i;
        while (k > 0 && (words[k - 1].capital || cues.cues.nameJoiners.includes(words[k - 1].folded))) k--;
        if (k < i) add(nameRunAt(words, k, text, cues, i - k), 5);
      }
    }
    // The possessive: "Bloom's spring sale".
    for (let i = 1; i < words.length; i++)
      if (words[i].folded === "s" && "'’".includes(text[words[i].start - 1]) && words[i - 1].capital) {
        let k = i - 1;
        while (k > 0 && words[k - 1].capital) k--;
        add({ start: words[k].start, end: words[i - 1].end }, 5);
      }
    // The first line naming the email: a name after a dash or a colon ("Email rebajas — Alpargatas Lola").
    if (c.line === 0) {
      const at = text.slice(line.start, line.end).search(/\s[—–-]\s|:\s/);
      // (The name right after it: "… users: connect your bank. Expandable steps, …" names nothing.)
      const next = words.find((w) => w.start > line.start + at);
      if (at >= 0 && next && onlyOf(text.slice(line.start + at, next.start), "—–:-")) {
        const after = words.filter((w) => w.start > line.start + at);
        const cue = cues.words.at(after, 0, ["brand.from"]);
        add(nameRunAt(after, cue ? cue.to : 0, text, cues), 4);
      }
    }
    // The writer's signature names the sender after a comma: "— Marta, Pocketgarden".
    if (c.role === "signoff") {
      const body = text.slice(c.range.start, c.range.end);
      const comma = body.lastIndexOf(",");
      if (comma > 0) {
        const tail = words.filter((w) => w.start > c.range.start + comma);
        if (tail.length > 0 && tail.length <= 4) add(nameRunAt(tail, 0, text, cues), 3);
      }
    }
  }
  // A name said twice is more likely the sender's.
  for (const c of candidates) c.score += Math.min(3, candidates.filter((o) => fold(o.value) === fold(c.value)).length - 1);

  // The domain of the links and addresses (the most frequent; a header's addresses count too).
  const hosts = new Map<string, number>();
  for (const lt of tokens)
    for (const t of lt.tokens)
      if (t.kind === "url" || t.kind === "email") {
        const host = siteLabel(t.kind === "url" ? hostOf(t.url) : t.domain);
        if (host) hosts.set(host, (hosts.get(host) ?? 0) + (t.kind === "url" ? 2 : 1));
      }
  const host = [...hosts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const fromDomain = host ? domainName(`${host}.x`) : undefined;
  const byScore = (list: Candidate[]) =>
    [...list].sort((a, b) => b.score - a.score || b.value.length - a.value.length || a.range.start - b.range.start)[0];
  const explicit = byScore(candidates.filter((c) => c.explicit));
  if (fromDomain) {
    const key = lettersOf(fromDomain, "");
    const spelt = candidates.map((c) => ({ c, like: likeDomain(c.value, key, and) })).filter((x) => x.like > 0);
    // Words of the brief spelt like the domain, anywhere and in any case ("Alpargatas Lola" for
    // alpargataslola.example, "tierheim pfotenglück" for pfotenglueck.example), with a kind of business before them.
    if (!spelt.some((x) => x.like === 2)) {
      const found = spanSpeltLike(reading, key, and, business, clash);
      if (found)
        spelt.push({ c: { range: found, value: recased(text.slice(found.start, found.end)), score: 8, explicit: false }, like: 2 });
    }
    const best = spelt.sort((a, b) => b.like - a.like || b.c.value.length - a.c.value.length || b.c.score - a.c.score)[0];
    // A name that is only part of the domain ("Gaspard" of brasserie-gaspard.example): the domain's words are the whole name.
    if (
      best &&
      best.like === 1 &&
      key.length > lettersOf(best.c.value, and).length &&
      key.includes(lettersOf(best.c.value, "")) &&
      !candidates.some((c) => c.explicit)
    )
      return { value: fromDomain };
    if (best) return widest(best.c, candidates);
    // A domain that abbreviates the name (vhs-mfs.example): the brief's own strong candidate first.
    const strong = explicit ?? byScore(candidates.filter((c) => c.score >= 5));
    if (strong) return widest(strong, candidates);
    return { value: fromDomain };
  }
  const best = explicit ?? byScore(candidates);
  return best && best.score >= 3 ? widest(best, candidates) : undefined;
}

/** Whether the brief writes a word in lower case somewhere, or its plural ("plants" for "Plant"). */
function writtenLower(reading: Reading, word: Word): boolean {
  return reading.tokens.some((lt) =>
    lt.words.some(
      (w) =>
        w.start !== word.start &&
        !w.capital &&
        w.folded.startsWith(word.folded) &&
        w.folded.length - word.folded.length <= PLURAL_MAX_CHARS,
    ),
  );
}

/** The most letters a plural adds ("plant" → "plants", "box" → "boxes"). */
const PLURAL_MAX_CHARS = 2;

/** The longest candidate holding the chosen name, when it adds a kind of business or an article ("Trattoria Nonna Pia" for "Nonna Pia"). */
function widest(chosen: Candidate, candidates: Candidate[]): BrandRead {
  // Words that count: "Câmara Municipal de Vale do Sol" adds two to "Vale do Sol".
  const words = (v: string) => v.split(/\s+/).filter((x) => x.length > 3 || /^\p{Lu}/u.test(x)).length;
  const wider = candidates
    .filter(
      (c) =>
        c.value.length > chosen.value.length && fold(c.value).includes(fold(chosen.value)) && words(c.value) - words(chosen.value) <= 2,
    )
    .sort((a, b) => b.value.length - a.value.length)[0];
  const c = wider ?? chosen;
  return { range: c.range, value: c.value };
}
