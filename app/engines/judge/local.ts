// The local judge: a rubric computed from the email itself, so evals run offline and the same
// input always gets the same score. Each criterion looks at a different failure a reader would
// notice: broken mechanics (QA), wrong or invented words (copy fidelity), a missing requested
// module (techniques) and controls that do nothing (interactivity).
import type { CopyDoc } from "~/domain/copy/schema";
import { type DomElement, descendants, hasClass } from "~/domain/html/dom";
import { type EmailDoc, type EmailModule, parseEmail } from "~/domain/html/parse";
import { normalizeText, textOf } from "~/domain/html/text";
import { extractTechniques } from "~/domain/prompt/techniques";
import { type PromptFacts, parsePromptFacts } from "~/domain/prompt/facts";
import { qaDoc } from "~/domain/qa/qa";
import { estimateUsage } from "../prompts/usage";
import { briefDefects } from "./brief-trace";
import { type Defect, escapeRe, marketerDefects } from "./defects";
import { type JudgeEngine, type JudgeInput, type JudgeResult, type RubricItem, summarise, weightedScore } from "./port";

export const LOCAL_WEIGHTS = { qa: 35, "copy-fidelity": 25, techniques: 20, interactivity: 20 } as const;

/** The most an email scores when it does not keep the brief (an untraced fact, a lost one, the brand lost). */
export const BRIEF_DEFECT_MAX_SCORE = 60;
/** Points each fault of the brief takes off beyond the hold: a second lost price scores lower than one. */
export const BRIEF_FAULT_STEP = 3;

/** Fewest items a module needs to be worth having when the blueprint does not say how many. */
const MIN_ITEMS: Record<string, number> = { tabs: 2, accordion: 2, carousel: 2, survey: 1, quiz: 1, menu: 2, itemCart: 2 };

const pct = (n: number) => Math.round(n * 100);

function listSome(items: string[], max = 3): string {
  const shown = items.slice(0, max).map((s) => (s.length > 40 ? `${s.slice(0, 37)}…` : s));
  return items.length > max ? `${shown.join(", ")} and ${items.length - max} more` : shown.join(", ");
}

// ── blueprint, read leniently (the judge accepts any JSON for it) ────────────────────────────────

interface BlueprintView {
  techniques: string[];
  /** Expected item count per technique, from the blueprint's modules. */
  itemCounts: Map<string, number>;
}

function readBlueprint(blueprint: unknown): BlueprintView {
  const view: BlueprintView = { techniques: [], itemCounts: new Map() };
  if (!blueprint || typeof blueprint !== "object") return view;
  const modules = (blueprint as { interactiveConfig?: { modules?: unknown } }).interactiveConfig?.modules;
  if (!Array.isArray(modules)) return view;
  for (const m of modules) {
    if (!m || typeof m !== "object") continue;
    const { technique, items, questions } = m as { technique?: unknown; items?: unknown; questions?: unknown };
    if (typeof technique !== "string") continue;
    view.techniques.push(technique);
    const list = technique === "survey" || technique === "quiz" ? questions : items;
    if (Array.isArray(list)) view.itemCounts.set(technique, list.length);
  }
  return view;
}

// ── criteria ─────────────────────────────────────────────────────────────────────────────────────

function qaCriterion(doc: EmailDoc, techniques: string[], copyDoc: CopyDoc | undefined, facts: PromptFacts): RubricItem {
  const result = qaDoc(doc, { techniques: techniques.slice(0, 2), copyDoc, subject: copyDoc?.subject, facts });
  const failed = result.failedChecks.map((c) => c.id);
  return {
    criterion: "qa",
    score: result.score,
    weight: LOCAL_WEIGHTS.qa,
    reason: failed.length ? `QA ${result.score}/100; failed: ${listSome(failed, 5)}` : `QA ${result.score}/100; all checks pass`,
  };
}

function copyFragments(copy: CopyDoc): string[] {
  const out = [copy.preheader];
  for (const s of copy.sections) out.push(s.headline, s.body, s.cta);
  for (const it of copy.items) out.push(it.label, it.headline, it.body);
  return out.map((s) => normalizeText(s ?? "")).filter((s) => s.length > 0);
}

/** Prompt facts worth checking, each with how to look for it in the email's text. */
function promptFacts(f: PromptFacts): string[] {
  const facts = new Set<string>();
  if (f.brand) facts.add(f.brand);
  if (f.product) facts.add(f.product);
  if (f.offer?.code) facts.add(f.offer.code);
  for (const c of f.codes) facts.add(c);
  for (const it of f.items) {
    facts.add(it.name);
    if (it.price) facts.add(it.price.display);
  }
  for (const q of f.quoted) facts.add(q);
  return [...facts].map((s) => normalizeText(s)).filter((s) => s.length > 1);
}

/** A price, e.g. "$4.50" or "12 EUR": an amount with at most a currency symbol or code around it. */
const PRICE = /^(?:[A-Za-z]{3}|[^\p{L}\d\s]{1,3})?\s*(\d+(?:[.,]\d+)?)\s*(?:[A-Za-z]{3}|[^\p{L}\d\s]{1,3})?$/u;

/** Case-insensitive; a price is found by its amount, since "$4.50" may render as "US$4.50" or "4.50 USD". */
function factPresent(fact: string, lowerText: string): boolean {
  if (lowerText.includes(fact.toLowerCase())) return true;
  const price = PRICE.exec(fact.trim());
  return !!price && lowerText.includes(price[1]);
}

function copyFidelityCriterion(doc: EmailDoc, input: JudgeInput, f: PromptFacts): RubricItem {
  const title = doc.byTag.get("title")?.[0];
  const text = normalizeText(`${title ? textOf(title) : ""} ${doc.body ? textOf(doc.body) : textOf(doc.document)}`);
  if (input.copyDoc) {
    const fragments = copyFragments(input.copyDoc);
    const missing = fragments.filter((s) => !text.includes(s));
    const subjectOk =
      !input.copyDoc.subject ||
      (title ? normalizeText(textOf(title)) : "").includes(normalizeText(input.copyDoc.subject)) ||
      text.includes(normalizeText(input.copyDoc.subject));
    const total = fragments.length + 1;
    const found = fragments.length - missing.length + (subjectOk ? 1 : 0);
    const lost = subjectOk ? missing : ["subject", ...missing];
    return {
      criterion: "copy-fidelity",
      score: pct(found / total),
      weight: LOCAL_WEIGHTS["copy-fidelity"],
      reason: lost.length
        ? `${found} of ${total} copy fragments placed verbatim; missing: ${listSome(lost)}`
        : `all ${total} copy fragments placed verbatim`,
    };
  }
  const facts = promptFacts(f);
  if (!facts.length) {
    return {
      criterion: "copy-fidelity",
      score: 100,
      weight: 0,
      reason: "not applicable: no copy given and the prompt names no brand, product, prices, codes or quoted text",
    };
  }
  const lower = text.toLowerCase();
  const missing = facts.filter((f) => !factPresent(f, lower));
  return {
    criterion: "copy-fidelity",
    score: pct((facts.length - missing.length) / facts.length),
    weight: LOCAL_WEIGHTS["copy-fidelity"],
    reason: missing.length
      ? `${facts.length - missing.length} of ${facts.length} prompt facts appear; missing: ${listSome(missing)}`
      : `all ${facts.length} prompt facts appear (${listSome(facts)})`,
  };
}

function itemCount(m: EmailModule): number {
  const root = m.int ?? m.element;
  if (m.technique === "menu") return descendants(root, (e) => e.name === "a" && !!e.attribs.href).length;
  const ids = new Set(descendants(root, (e) => e.attribs["data-kx-item"] !== undefined).map((e) => e.attribs["data-kx-item"]));
  // The survey's thank-you step carries an item index too, but it is not a question.
  return m.technique === "survey" ? Math.max(0, ids.size - 1) : ids.size;
}

function requestedTechniques(input: JudgeInput, bp: BlueprintView): { techniques: string[]; note: string } {
  const hint = bp.techniques.length ? bp.techniques.join(",") : null;
  const r = extractTechniques(input.prompt, hint, input.emailType);
  if (!r.ok) return { techniques: r.mentioned, note: r.error };
  return {
    techniques: r.techniques,
    note: r.source === "prompt" ? "requested by the prompt" : r.source === "hint" ? "from the blueprint" : "inferred from the prompt",
  };
}

function techniquesCriterion(doc: EmailDoc, wanted: string[], note: string, bp: BlueprintView): RubricItem {
  if (!wanted.length) return { criterion: "techniques", score: 100, weight: 0, reason: "not applicable: no technique requested" };
  const parts: number[] = [];
  const problems: string[] = [];
  for (const t of wanted) {
    const m = doc.modules.find((x) => x.technique === t);
    if (!m) {
      parts.push(0);
      problems.push(`${t}: no data-kx-technique="${t}" module`);
      continue;
    }
    const expected = bp.itemCounts.get(t) ?? MIN_ITEMS[t] ?? 1;
    const found = itemCount(m);
    parts.push(0.4 + 0.6 * Math.min(1, found / Math.max(1, expected)));
    if (found < expected) problems.push(`${t}: ${found} of ${expected} items`);
  }
  const score = pct(parts.reduce((s, v) => s + v, 0) / parts.length);
  return {
    criterion: "techniques",
    score,
    weight: LOCAL_WEIGHTS.techniques,
    reason: problems.length
      ? `${wanted.join(" + ")} (${note}); ${problems.join("; ")}`
      : `${wanted.join(" + ")} (${note}) present with all items`,
  };
}

/** Each module: controls wired to labels, `:checked` rules that drive it, and a visible fallback. */
function moduleInteractivity(m: EmailModule, doc: EmailDoc): { passed: number; total: number; problems: string[] } {
  const problems: string[] = [];
  const name = m.technique ?? "module";
  if (!m.int) return { passed: 0, total: 4, problems: [`${name}: no interactive block`] };
  let passed = 1;
  const inputs = descendants(m.int, (e) => e.name === "input" && !hasClass(e, "kx-probe"));
  const labels = descendants(m.int, (e) => e.name === "label");
  const inputIds = new Set(inputs.map((e) => e.attribs.id).filter(Boolean));
  const labelTargets = new Set(labels.map((l) => l.attribs.for).filter(Boolean));
  const wrapped = (input: DomElement) => labels.some((l) => descendants(l, (e) => e === input).length > 0);
  const orphanLabels = labels.filter((l) => l.attribs.for !== undefined && !inputIds.has(l.attribs.for));
  const unlabelled = inputs.filter((i) => !(i.attribs.id && labelTargets.has(i.attribs.id)) && !wrapped(i));
  if (!inputs.length) problems.push(`${name}: no inputs`);
  else if (orphanLabels.length || unlabelled.length) {
    if (orphanLabels.length) problems.push(`${name}: labels for missing inputs (${listSome(orphanLabels.map((l) => l.attribs.for))})`);
    if (unlabelled.length) problems.push(`${name}: ${unlabelled.length} input(s) no label operates`);
  } else passed++;
  const ns = m.ns;
  const inNs = ns ? new RegExp(`\\.${escapeRe(ns)}-[\\w-]*:checked`) : /:checked/;
  const driving = doc.rules.filter((r) => r.interactive && inNs.test(r.selector));
  // The probe's reveal rule alone shows the block but switches nothing inside it.
  const beyondProbe = driving.filter((r) => !/-probe:checked/.test(r.selector));
  if (beyondProbe.length) passed++;
  else problems.push(`${name}: no :checked rules drive its controls`);
  const fbText = m.fb ? normalizeText(textOf(m.fb)) : "";
  if (m.fb && (fbText.length > 0 || descendants(m.fb, (e) => e.name === "img").length > 0)) passed++;
  else problems.push(`${name}: ${m.fb ? "empty" : "no"} static fallback`);
  return { passed, total: 4, problems };
}

function interactivityCriterion(doc: EmailDoc, wanted: string[]): RubricItem {
  const modules = wanted.length ? doc.modules.filter((m) => m.technique && wanted.includes(m.technique)) : doc.modules;
  if (!modules.length) {
    return {
      criterion: "interactivity",
      score: wanted.length ? 0 : 100,
      weight: wanted.length ? LOCAL_WEIGHTS.interactivity : 0,
      reason: wanted.length ? "no interactive module to check" : "not applicable: no interactive module requested or present",
    };
  }
  let passed = 0;
  let total = 0;
  const problems: string[] = [];
  for (const m of modules) {
    const r = moduleInteractivity(m, doc);
    passed += r.passed;
    total += r.total;
    problems.push(...r.problems);
  }
  if (modules.length > 1) {
    total++;
    const nss = modules.map((m) => m.ns ?? "");
    if (nss.every(Boolean) && new Set(nss).size === nss.length) passed++;
    else problems.push("modules share a namespace");
  }
  return {
    criterion: "interactivity",
    score: pct(passed / total),
    weight: LOCAL_WEIGHTS.interactivity,
    reason: problems.length
      ? `${passed} of ${total} interactivity checks pass; ${problems.join("; ")}`
      : `all ${total} interactivity checks pass`,
  };
}

/** Takes each defect's points off its criterion and names it in the reason; a criterion that did not apply now does. */
function withDefects(item: RubricItem, defects: Defect[]): RubricItem {
  const mine = defects.filter((d) => d.criterion === item.criterion);
  if (!mine.length) return item;
  const penalty = mine.reduce((s, d) => s + d.penalty, 0);
  const weight = item.weight || LOCAL_WEIGHTS[item.criterion as keyof typeof LOCAL_WEIGHTS];
  const applied = item.weight ? item.reason : "";
  return {
    ...item,
    score: Math.max(0, (item.weight ? item.score : 100) - penalty),
    weight,
    reason: [applied, ...mine.map((d) => d.reason)].filter(Boolean).join("; "),
  };
}

/** The rubric for one email; pure and deterministic. */
export function judgeLocally(input: JudgeInput): { score: number; rubric: RubricItem[]; summary: string } {
  const doc = parseEmail(input.html);
  const bp = readBlueprint(input.blueprint);
  const { techniques, note } = requestedTechniques(input, bp);
  const facts = input.facts ?? parsePromptFacts(input.prompt, input.emailType);
  const trace = briefDefects(doc, input.prompt, facts);
  const defects = [...marketerDefects(doc, facts), ...trace];
  const rubric = [
    qaCriterion(doc, techniques, input.copyDoc, facts),
    withDefects(copyFidelityCriterion(doc, input, facts), defects),
    withDefects(techniquesCriterion(doc, techniques, note, bp), defects),
    interactivityCriterion(doc, techniques),
  ];
  // A wrong fact is not offset by good mechanics: an email that says what the brief did not, or
  // lost what it said (its brand, a price, an option), is held below any email that keeps the brief.
  // Each fault lowers the score further, soft ones (a lost item) included, so an email with one
  // more fault always scores below the same email without it.
  const wrong = trace.filter((d) => !d.soft);
  const weighted = weightedScore(rubric);
  const faults = Math.min(
    30,
    trace.reduce((n, d) => n + Math.max(1, d.faults ?? 1), 0),
  );
  const score = Math.max(0, (wrong.length ? Math.min(weighted, BRIEF_DEFECT_MAX_SCORE) : weighted) - BRIEF_FAULT_STEP * faults);
  const held = wrong.length
    ? ` Held at ${score}: ${wrong[0]!.reason}.`
    : faults
      ? ` Lowered ${Math.min(weighted, BRIEF_FAULT_STEP * faults)} for ${faults} fault${faults > 1 ? "s" : ""} of the brief.`
      : "";
  return { score, rubric, summary: `${summarise(score, rubric)}${held}` };
}

export function createLocalJudge(): JudgeEngine {
  return {
    kind: "local",
    async judge(input: JudgeInput): Promise<JudgeResult> {
      const result = judgeLocally(input);
      return { ok: true, ...result, usage: estimateUsage(`${input.prompt}\n${input.html}`, result.summary) };
    },
  };
}
