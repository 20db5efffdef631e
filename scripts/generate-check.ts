// `npm run generate:check [-- --prompts FILE] [--only id,id] [--lang fr,es] [--tag terse]
//                                 [--json FILE] [--width 600] [--html-dir DIR]`
//
// Runs every prompt of the prompt set through the real generation service in this process (local
// engines, a temporary database), then opens each email in Chromium and clicks every control of
// every module (the drivers of e2e/email), and checks the copy was placed word for word.
// Prints one block per prompt and the totals; exits 1 when the local pipeline misses the bar:
// every blueprint valid, every interactive control works, median QA ≥ 90, lowest QA ≥ 75.
// It also reports which of each prompt's expected facts (brand, items, prices, codes, dates,
// occasion) the email shows, per prompt, per language and overall: reported, not part of the bar.
// Then the mutation check: how well QA and the local judge separate correct emails from mutants,
// per kind of fault, as JSON lines (scripts/eval/mutation-check.ts; not part of the bar). Last, the
// brief corpus (scripts/eval/briefs): the reader's figures per split, language and field, and
// whether the emails print an instruction or a ruled-out word (`--briefs dev|heldout`; both by default).
import fs from "node:fs";
import path from "node:path";
import { fail, parseArgs, stringFlag } from "./lib/args";
import {
  type Fact,
  type FactsResult,
  checkFacts,
  formatFacts,
  formatTotals,
  langMatches,
  listFacts,
  pct,
  summariseFacts,
} from "./eval/facts";
import { DEFAULT_PROMPT_SET } from "./eval/set";
import { shownCopy, shownTechniques } from "../app/domain/blueprint/shown-copy";
import { entryLanguage } from "../app/domain/eval/prompt-set";
import { breakdown, formatBreakdown } from "./eval/breakdown";
import { useOfflineTempEnv } from "./lib/offline-env";
import type { Brief } from "../app/domain/brief/schema";

const USAGE =
  "usage: npm run generate:check [-- --prompts scripts/eval/prompts.v4.json] [--only id,id] [--lang fr,es] [--tag terse,hostile] [--briefs dev|heldout|both] [--json report.json] [--width 600] [--html-dir DIR]";
/** Where the JSON summary goes (not committed: artifacts/ is ignored). */
const SUMMARY_FILE = "artifacts/generate-check.json";
const BAR = { medianQa: 90, lowestQa: 75 };

// Configuration is read once, on the first import of the app: set it before importing anything.
const dataDir = useOfflineTempEnv("generate-check");

interface PromptResult {
  id: string;
  techniques: string[];
  expectedTechniques?: string[];
  error?: string;
  qa?: number;
  failedChecks: Array<{ id: string; message: string }>;
  blueprintValid: boolean;
  controls: { ok: boolean; modules: Array<{ technique: string; ns: string; works: boolean; fallbackWorks: boolean; error?: string }> };
  verbatim: { ok: boolean; message: string };
  /** The prompt's language (the entry's `language`, else its facts', else "en"). */
  language: string;
  /** The prompt's kind: its email type, "none" when the entry gives none. */
  type: string;
  tags: string[];
  /** The email's `<html lang>`. */
  htmlLang?: string;
  /** The set's facts (or its older `expectText`) and which of them the email's visible text shows. */
  facts?: FactsResult;
  /** QA's fact trace: the brief's occasion, how many facts it holds, and the claims that trace to nothing. */
  trace?: { occasion: string; briefFacts: number; claims: Array<{ kind: string; claim: string }> };
  ms: number;
}

/** Facts a brief holds: brand, items and their prices, offers and their conditions, questions and options, dates, codes, links. */
function briefFactCount(b: Brief): number {
  const items = [...b.items, ...b.otherItems];
  const conditions = b.offers.reduce((n, o) => n + (o.code ? 1 : 0) + (o.threshold ? 1 : 0) + (o.deadline ? 1 : 0) + (o.scope ? 1 : 0), 0);
  const options = b.questions.reduce((n, q) => n + q.options.length, 0);
  return (
    (b.brand ? 1 : 0) +
    items.length +
    items.filter((i) => i.price).length +
    b.offers.length +
    conditions +
    b.questions.length +
    options +
    b.dates.length +
    b.codes.length +
    b.links.length
  );
}

/** The entry's `facts`, or for older sets its `expectText` read as plain words to show. */
function expectedFacts(entry: { facts?: Parameters<typeof listFacts>[0]; expectText?: unknown }): Fact[] {
  if (entry.facts) return listFacts(entry.facts);
  const words = Array.isArray(entry.expectText) ? entry.expectText.filter((w): w is string => typeof w === "string") : [];
  return words.map((value) => ({ kind: "text", value }));
}

function median(xs: number[]): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

const yes = (b: boolean) => (b ? "yes" : "NO");

async function main(): Promise<number> {
  const args = parseArgs(
    process.argv.slice(2),
    { strings: ["prompts", "only", "lang", "tag", "briefs", "json", "width", "html-dir"], booleans: ["help"] },
    USAGE,
  );
  if (args.flags.help) {
    console.log(USAGE);
    return 0;
  }
  const file = stringFlag(args, "prompts") ?? DEFAULT_PROMPT_SET;
  const list = (name: string) =>
    stringFlag(args, name)
      ?.split(",")
      .map((s) => s.trim())
      .filter(Boolean);
  const only = list("only");
  const langs = list("lang");
  const tags = list("tag");
  const jsonOut = stringFlag(args, "json");
  const htmlDir = stringFlag(args, "html-dir");
  if (htmlDir) fs.mkdirSync(htmlDir, { recursive: true });
  const width = Number(stringFlag(args, "width") ?? 600);
  if (!Number.isInteger(width) || width < 280 || width > 1600) fail("--width must be 280–1600", USAGE);

  const { loadPromptSet } = await import("./eval/set");
  const loaded = loadPromptSet(file);
  if (!loaded.ok) fail(loaded.error, USAGE);
  let entries = loaded.set.prompts;
  if (only) {
    const unknown = only.filter((id) => !entries.some((e) => e.id === id));
    if (unknown.length) fail(`unknown prompt id(s): ${unknown.join(", ")}`, USAGE);
    entries = entries.filter((e) => only.includes(e.id));
  }
  // While working on one language or one kind of prompt, run just those.
  if (langs) entries = entries.filter((e) => langs.includes(entryLanguage(e)));
  if (tags) entries = entries.filter((e) => e.tags?.some((t) => tags.includes(t)));
  if (entries.length === 0) fail("no prompt matches --only/--lang/--tag", USAGE);

  const [
    { getApp },
    { bootstrap },
    users,
    generation,
    { GenerateRequestSchema },
    { BlueprintSchema },
    { render },
    { qaDoc, traceEmail },
    { userSectionText },
    { boxedInline },
    { visibleCopy },
    interactivity,
    { parseEmail },
    { textOf, normalizeText },
  ] = await Promise.all([
    import("../app/composition/app.server"),
    import("../app/services/bootstrap.server"),
    import("../app/models/users.server"),
    import("../app/services/generation.server"),
    import("../app/domain/requests/generation"),
    import("../app/domain/blueprint/schema"),
    import("../app/domain/render"),
    import("../app/domain/qa/qa"),
    import("../app/domain/qa/trace"),
    import("../app/domain/qa/fidelity"),
    import("../app/engines/copy/conventions"),
    import("./lib/interactivity"),
    import("../app/domain/html/parse"),
    import("../app/domain/html/text"),
  ]);

  const app = await getApp();
  await bootstrap();
  const created = await users.createUser(app.database.db, {
    email: "generate-check@kinetic.local",
    password: "generate-check-password",
    credits: 1_000_000,
  });
  if (!created.ok) throw new Error(created.error);
  const user = created.user;

  const browser = await interactivity.launchChromium();
  const results: PromptResult[] = [];
  try {
    for (const entry of entries) {
      const t0 = performance.now();
      const r: PromptResult = {
        id: entry.id,
        techniques: [],
        expectedTechniques: Array.isArray(entry.expectTechniques) ? (entry.expectTechniques as string[]) : undefined,
        failedChecks: [],
        blueprintValid: false,
        controls: { ok: false, modules: [] },
        verbatim: { ok: false, message: "not checked" },
        language: entryLanguage(entry),
        type: entry.emailType ?? "none",
        tags: entry.tags ?? [],
        ms: 0,
      };
      // Until the email shows them, every expected fact is missing: an error loses them all.
      const facts = expectedFacts(entry);
      if (facts.length) r.facts = { expected: facts.length, found: [], missing: facts };
      results.push(r);
      try {
        // The same validation the endpoint applies, so the set cannot hold a request the API refuses.
        const parsed = GenerateRequestSchema.safeParse({ ...entry, useRAG: false });
        if (!parsed.success)
          throw new Error(`invalid request: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
        const prepared = generation.prepareGeneration(parsed.data);
        if (!prepared.ok) throw new Error(`generate → ${prepared.status}: ${prepared.error}`);
        const input = parsed.data;
        const out = await generation.generate(app, user, prepared.value);
        if (!out.ok) throw new Error(`generate → ${out.status}: ${out.error}`);
        const { html, blueprint, metadata } = out.value;
        r.techniques = metadata.techniques;
        if (htmlDir) {
          fs.writeFileSync(path.join(htmlDir, `${entry.id}.html`), html);
          fs.writeFileSync(path.join(htmlDir, `${entry.id}.blueprint.json`), JSON.stringify(blueprint, null, 2));
        }
        r.qa = metadata.qa.score;
        r.failedChecks = metadata.qa.failedChecks.map((c) => ({ id: c.id, message: c.message }));

        const schemaOk = BlueprintSchema.safeParse(blueprint).success;
        const rendered = render(blueprint);
        r.blueprintValid = schemaOk && rendered.ok;

        // The copy stage is deterministic for the same input: this is the copy generate() placed.
        const copy = await generation.generateCopy(app, input);
        if (!copy.ok) throw new Error(`copy → ${copy.status}: ${copy.error}`);
        // As generate() checks it: the buttons and modules the email shows (one left out for want of a destination or content is not missing).
        const techniques = shownTechniques(blueprint);
        const placed = visibleCopy(shownCopy(copy.value.copyDoc, blueprint), copy.value.techniques, blueprint.lang);
        // One parse of the email for the verbatim check and the facts' visible text.
        const doc = parseEmail(html);
        const check = qaDoc(doc, { copyDoc: placed, techniques }).checks.find((c) => c.id === "copy-verbatim");
        r.verbatim = { ok: Boolean(check?.passed), message: check?.message ?? "copy-verbatim check missing" };

        r.htmlLang = /<html\b[^>]*?\blang\s*=\s*["']?([A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{1,8})*)/i.exec(html.slice(0, 4000))?.[1];
        const hrefs = (doc.byTag.get("a") ?? []).map((a) => a.attribs.href ?? "");
        // Read as QA reads a view: links styled as boxes (a survey's answers) are words apart.
        if (facts.length) r.facts = checkFacts(normalizeText(textOf(doc.body ?? doc.document, undefined, boxedInline)), facts, hrefs);
        const userText = [input.prompt, ...(input.savedSections ?? []).map((x) => userSectionText(x.html))];
        const trace = traceEmail(doc, { brief: out.value.brief, userText });
        r.trace = {
          occasion: out.value.brief.occasion.kind,
          briefFacts: briefFactCount(out.value.brief),
          claims: trace.untraced.map((u) => ({ kind: u.kind, claim: u.claim })),
        };

        r.controls = await interactivity.checkInteractivity(browser, html, blueprint, width);
      } catch (error) {
        r.error = error instanceof Error ? error.message : String(error);
      }
      r.ms = Math.round(performance.now() - t0);
      printOne(r);
    }
  } finally {
    await browser.close();
  }

  const summary = summarise(results);
  printSummary(summary);
  // ── mutation check (docs/generation.md): reported as JSON lines, not part of the bar ──
  const { mutants, ...mutation } = await reportMutations(entries);
  // ── the brief corpus: the reader on briefs written apart from it, dev and held out, and their emails ──
  const briefCorpus = await reportBriefCorpus(
    async (prompt) => {
      const parsed = GenerateRequestSchema.safeParse({ prompt, useRAG: false });
      if (!parsed.success) return { error: parsed.error.issues.map((i) => i.message).join("; ") };
      const prepared = generation.prepareGeneration(parsed.data);
      if (!prepared.ok) return { error: prepared.error };
      const out = await generation.generate(app, user, prepared.value);
      if (!out.ok) return { error: out.error };
      const doc = parseEmail(out.value.html);
      return { brief: out.value.brief, text: normalizeText(textOf(doc.body ?? doc.document, undefined, boxedInline)) };
    },
    stringFlag(args, "briefs"),
  );
  // ── per type and per language: invented claims, misattributed conditions, facts found, options kept, mutations ──
  const rows = results.map((r) => ({ id: r.id, type: r.type, language: r.language, facts: r.facts, claims: r.trace?.claims }));
  const perGroup = breakdown(rows, mutants);
  console.log(
    "\n════ per type and per language (goals: invented 0, misattributed 0, facts ≥ 97%, options 100%; QA mutants 100% lower, 0% Ready; judge AUC ≥ 0.95)",
  );
  for (const line of [
    ...formatBreakdown("all", { all: perGroup.overall }),
    "",
    ...formatBreakdown("type", perGroup.perType),
    "",
    ...formatBreakdown("language", perGroup.perLanguage),
  ])
    console.log(line);
  fs.mkdirSync(path.dirname(SUMMARY_FILE), { recursive: true });
  fs.writeFileSync(
    SUMMARY_FILE,
    JSON.stringify(
      {
        file,
        prompts: results.length,
        barMet: summary.barMet,
        medianQa: summary.medianQa,
        lowestQa: summary.lowestQa,
        mutation,
        briefCorpus,
        ...perGroup,
      },
      null,
      2,
    ),
  );
  console.log(`summary written to ${SUMMARY_FILE}`);
  if (jsonOut) fs.writeFileSync(jsonOut, JSON.stringify({ file, bar: BAR, summary, mutation, perGroup, results }, null, 2));
  fs.rmSync(dataDir, { recursive: true, force: true });
  return summary.barMet ? 0 : 1;
}

/** Correct emails built from the set's facts, mutated, scored by QA and the local judge; one JSON line per checker and kind. */
/**
 * The brief corpus (scripts/eval/briefs): each brief generated as an email through the same service,
 * its brief scored against the labels, the email's text searched for the instructions and the words
 * the brief ruled out. Prints the dev and held-out tables (per language and field); misses are in
 * `npm run brief:check -- --misses` (dev only).
 */
async function reportBriefCorpus(
  emailOf: (prompt: string) => Promise<{ brief: Brief; text: string } | { error: string }>,
  which: string | undefined,
) {
  const { loadCorpus } = await import("./eval/brief-corpus");
  const { measure, formatReport, totals } = await import("./eval/brief-report");
  const { instructionsPrinted, ruledOutPrinted } = await import("../app/domain/eval/brief-score");
  const { splitOf } = await import("../app/domain/eval/brief-corpus");
  const { briefs, errors } = loadCorpus();
  if (errors.length > 0) throw new Error(`the brief corpus does not check: ${errors.slice(0, 5).join("; ")}`);
  const splits = which === "dev" ? ["dev"] : which === "heldout" ? ["heldout"] : ["dev", "heldout"];
  const results: Array<ReturnType<typeof measure>> = [];
  let failed = 0;
  for (const entry of briefs.filter((b) => splits.includes(splitOf(b.id)))) {
    const email = await emailOf(entry.prompt);
    if ("error" in email) {
      failed++;
      continue;
    }
    const r = measure(entry, () => email.brief);
    r.printed = instructionsPrinted(entry, email.text);
    r.mentioned = ruledOutPrinted(entry, email.text);
    results.push(r);
  }
  console.log("\n════ the brief corpus (briefs written apart from the reader; dev tuned on, held out not)");
  if (failed > 0) console.log(`briefs whose email failed: ${failed}`);
  console.log(formatReport(results, splits as Array<"dev" | "heldout">));
  return Object.fromEntries(splits.map((s) => [s, totals(results.filter((r) => r.split === s))]));
}

async function reportMutations(entries: Parameters<typeof import("./eval/mutation-check").runMutationCheck>[0]) {
  const { runMutationCheck, mutationJsonLines, qaMisses } = await import("./eval/mutation-check");
  const report = runMutationCheck(entries);
  console.log(
    "\n════ mutations (correct emails built from the set's facts; goals: QA every mutant lower and none Ready to send, judge AUC ≥ 0.95)",
  );
  for (const line of mutationJsonLines(report)) console.log(line);
  // Named, so a miss can be run again with --only.
  const misses = qaMisses(report);
  console.log(`QA mutants missing the goal (not lower, or Ready to send): ${misses.length}`);
  for (const m of misses) console.log(`  ${m.id}  ${m.kind}  ${m.note}  QA ${m.qa.original} → ${m.qa.mutant}`);
  return {
    originals: report.originals,
    skipped: report.skipped,
    originalsReady: report.originalsReady,
    qa: report.qa,
    judge: report.judge,
    mutants: report.mutants,
    qaMisses: misses,
  };
}

function printOne(r: PromptResult): void {
  const mismatch =
    r.expectedTechniques && r.techniques.length && r.expectedTechniques.join("+") !== r.techniques.join("+")
      ? ` (set expects ${r.expectedTechniques.join("+")})`
      : "";
  console.log(`\n■ ${r.id}  [${r.techniques.join("+") || "?"}]${mismatch}  ${r.ms} ms`);
  if (r.error) {
    console.log(`  ERROR: ${r.error}`);
    return;
  }
  console.log(`  QA ${r.qa}${r.failedChecks.length ? `  failed: ${r.failedChecks.map((c) => c.id).join(", ")}` : ""}`);
  for (const c of r.failedChecks) console.log(`    - ${c.id}: ${c.message}`);
  console.log(`  blueprint valid: ${yes(r.blueprintValid)}`);
  const failedControls = r.controls.modules.filter((m) => !m.works || !m.fallbackWorks);
  console.log(
    `  every interactive control works: ${yes(r.controls.ok)}${failedControls.length ? "" : ` (${r.controls.modules.map((m) => `${m.technique}@${m.ns}`).join(", ")})`}`,
  );
  for (const m of failedControls) console.log(`    - ${m.technique}@${m.ns}: ${m.error ?? "failed"}`);
  console.log(`  copy verbatim: ${yes(r.verbatim.ok)}${r.verbatim.ok ? "" : ` — ${r.verbatim.message}`}`);
  const lang = `${r.language}, html lang ${r.htmlLang ?? "none"}`;
  console.log(r.facts ? `  ${formatFacts(r.facts)}  (${lang})` : `  facts: none expected  (${lang})`);
}

function summarise(results: PromptResult[]) {
  const scored = results.filter((r) => r.qa !== undefined);
  const scores = scored.map((r) => r.qa!);
  const perTechnique: Record<string, { prompts: number; medianQa: number; lowestQa: number; controlsOk: number; verbatimOk: number }> = {};
  for (const r of scored) {
    for (const t of r.techniques) {
      const rows = scored.filter((x) => x.techniques.includes(t));
      perTechnique[t] ??= {
        prompts: rows.length,
        medianQa: median(rows.map((x) => x.qa!)),
        lowestQa: Math.min(...rows.map((x) => x.qa!)),
        controlsOk: rows.filter((x) => x.controls.modules.some((m) => m.technique === t && m.works && m.fallbackWorks)).length,
        verbatimOk: rows.filter((x) => x.verbatim.ok).length,
      };
    }
  }
  const failedCheckCounts: Record<string, number> = {};
  for (const r of scored) for (const c of r.failedChecks) failedCheckCounts[c.id] = (failedCheckCounts[c.id] ?? 0) + 1;
  const s = {
    prompts: results.length,
    errors: results.filter((r) => r.error).map((r) => r.id),
    blueprintsValid: results.filter((r) => r.blueprintValid).length,
    controlsOk: results.filter((r) => r.controls.ok).length,
    verbatimOk: results.filter((r) => r.verbatim.ok).length,
    facts: summariseFacts(
      results.filter((r) => r.facts).map((r) => ({ language: r.language, langOk: langMatches(r.language, r.htmlLang), facts: r.facts! })),
    ),
    // The same totals for each kind of prompt (terse, hostile, pair…): a prompt counts under each of its tags.
    factsPerTag: summariseFacts(
      results.flatMap((r) =>
        r.facts ? r.tags.map((tag) => ({ language: tag, langOk: langMatches(r.language, r.htmlLang), facts: r.facts! })) : [],
      ),
    ).perLanguage,
    missedFacts: missedByKind(results),
    medianQa: median(scores),
    lowestQa: scores.length ? Math.min(...scores) : NaN,
    lowestQaPrompt: scored.find((r) => r.qa === Math.min(...scores))?.id,
    techniqueMismatches: results
      .filter((r) => r.expectedTechniques && r.techniques.length && r.expectedTechniques.join("+") !== r.techniques.join("+"))
      .map((r) => r.id),
    failedCheckCounts,
    perTechnique,
    trace: summariseTrace(results),
    barMet: false,
  };
  s.barMet =
    s.errors.length === 0 &&
    s.blueprintsValid === s.prompts &&
    s.controlsOk === s.prompts &&
    s.medianQa >= BAR.medianQa &&
    s.lowestQa >= BAR.lowestQa;
  return s;
}

/**
 * What QA's fact trace flags: prompts with a claim the brief does not make, and the claims by kind
 * (price, percent, number, date, code, link, promise, condition), overall, per language and per
 * occasion; with the facts the briefs hold.
 */
function summariseTrace(results: PromptResult[]) {
  type Group = { prompts: number; flagged: number; briefFacts: number; claims: Record<string, number>; examples: Record<string, number> };
  const group = (): Group => ({ prompts: 0, flagged: 0, briefFacts: 0, claims: {}, examples: {} });
  const overall = group();
  const perLanguage: Record<string, Group> = {};
  const perOccasion: Record<string, Group> = {};
  for (const r of results) {
    if (!r.trace) continue;
    for (const g of [overall, (perLanguage[r.language] ??= group()), (perOccasion[r.trace.occasion] ??= group())]) {
      g.prompts++;
      g.briefFacts += r.trace.briefFacts;
      if (r.trace.claims.length) g.flagged++;
      for (const c of r.trace.claims) g.claims[c.kind] = (g.claims[c.kind] ?? 0) + 1;
    }
    for (const c of r.trace.claims) overall.examples[`${c.kind}: ${c.claim}`] = (overall.examples[`${c.kind}: ${c.claim}`] ?? 0) + 1;
  }
  const top = Object.entries(overall.examples)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 25);
  overall.examples = Object.fromEntries(top);
  return { overall, perLanguage, perOccasion };
}

function formatTrace(g: { prompts: number; flagged: number; briefFacts: number; claims: Record<string, number> }): string {
  const kinds = Object.entries(g.claims)
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${k} ${n}`)
    .join(", ");
  return `${g.flagged}/${g.prompts} prompts flagged; brief facts ${g.briefFacts}${kinds ? `; untraced: ${kinds}` : ""}`;
}

/** How many facts of each kind were expected and missed, e.g. brand 12/160. */
function missedByKind(results: PromptResult[]): Record<string, { expected: number; missing: number; missingPct: string }> {
  const out: Record<string, { expected: number; missing: number; missingPct: string }> = {};
  for (const r of results) {
    if (!r.facts) continue;
    for (const f of [...r.facts.found, ...r.facts.missing]) (out[f.kind] ??= { expected: 0, missing: 0, missingPct: "" }).expected += 1;
    for (const f of r.facts.missing) out[f.kind]!.missing += 1;
  }
  for (const v of Object.values(out)) v.missingPct = pct(v.missing, v.expected);
  return out;
}

function printSummary(s: ReturnType<typeof summarise>): void {
  console.log("\n════ totals");
  console.log(`prompts: ${s.prompts}${s.errors.length ? `  errors: ${s.errors.join(", ")}` : ""}`);
  console.log(
    `QA median ${s.medianQa}, lowest ${s.lowestQa} (${s.lowestQaPrompt ?? "-"})   bar: median ≥ ${BAR.medianQa}, lowest ≥ ${BAR.lowestQa}`,
  );
  console.log(`blueprints valid: ${s.blueprintsValid}/${s.prompts}`);
  console.log(`every interactive control works: ${s.controlsOk}/${s.prompts}`);
  console.log(`copy verbatim: ${s.verbatimOk}/${s.prompts}`);
  console.log(`facts (reported, not part of the bar): ${formatTotals(s.facts.overall)}`);
  console.log(
    `  missing by kind (missing/expected): ${
      Object.entries(s.missedFacts)
        .map(([k, v]) => `${k} ${v.missing}/${v.expected}`)
        .join(", ") || "none"
    }`,
  );
  console.log("  per language:");
  for (const [lang, t] of Object.entries(s.facts.perLanguage))
    console.log(`    ${lang.padEnd(4)} prompts ${String(t.prompts).padStart(3)}  ${formatTotals(t)}`);
  if (Object.keys(s.factsPerTag).length) console.log("  per tag:");
  for (const [tag, t] of Object.entries(s.factsPerTag))
    console.log(`    ${tag.padEnd(11)} prompts ${String(t.prompts).padStart(3)}  ${formatTotals(t)}`);
  if (s.techniqueMismatches.length) console.log(`techniques differ from the set's expectation: ${s.techniqueMismatches.join(", ")}`);
  console.log(`fact trace (claims the brief does not make): ${formatTrace(s.trace.overall)}`);
  console.log("  per language:");
  for (const [lang, g] of Object.entries(s.trace.perLanguage)) console.log(`    ${lang.padEnd(4)} ${formatTrace(g)}`);
  console.log("  per occasion:");
  for (const [kind, g] of Object.entries(s.trace.perOccasion)) console.log(`    ${kind.padEnd(14)} ${formatTrace(g)}`);
  console.log(
    `  most frequent: ${Object.entries(s.trace.overall.examples)
      .slice(0, 12)
      .map(([c, n]) => `${c} ×${n}`)
      .join(", ")}`,
  );
  const checks = Object.entries(s.failedCheckCounts).sort((a, b) => b[1] - a[1]);
  console.log(`failed checks: ${checks.length ? checks.map(([id, n]) => `${id} ×${n}`).join(", ") : "none"}`);
  console.log("per technique:");
  for (const [t, v] of Object.entries(s.perTechnique).sort()) {
    console.log(
      `  ${t.padEnd(10)} prompts ${String(v.prompts).padStart(2)}  QA median ${v.medianQa} lowest ${v.lowestQa}  controls ${v.controlsOk}/${v.prompts}  verbatim ${v.verbatimOk}/${v.prompts}`,
    );
  }
  console.log(s.barMet ? "BAR MET" : "BAR MISSED");
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(2);
  },
);
