// npx tsx scripts/amp-check.ts [--set scripts/eval/prompts.v1.json | --builtin] [--limit N] [--json]
// Runs the local pipeline in-process (prompt → copy → blueprint → HTML → auto-fixes → AMP) over a
// prompt set and reports, per prompt and in total, the AMP verdict: validation, repairs, parity
// with the HTML and clipping at 360 px. No server, database or network is needed; with
// AMP_VALIDATOR_JS set the official engine judges too (docs/amp.md).
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { GenerationInputsSchema } from "~/domain/requests/generation";
import { extractTechniques, parsePromptFacts } from "~/domain/prompt";
import { autofix } from "~/domain/autofix/autofix";
import { mergeDesign } from "~/domain/blueprint/styles";
import { LocalCopyEngine } from "~/engines/copy/local";
import { LocalBlueprintEngine } from "~/engines/blueprint/local";
import { LocalCodeEngine } from "~/engines/code/local";
import { ampEmail } from "~/services/amp.server";
import { fail, parseArgs, runCli, stringFlag } from "./lib/args";
import type { PromptEntry } from "../app/domain/eval/prompt-set";
import { loadPromptSet } from "./eval/set";

const CHECK_SECRET = randomBytes(32).toString("base64url");

const USAGE = "usage: npx tsx scripts/amp-check.ts [--set scripts/eval/prompts.v1.json | --builtin] [--limit N] [--json]";
const DEFAULT_SET = "scripts/eval/prompts.v1.json";

/** Used when no prompt set exists yet: each technique alone and a few pairs. */
const BUILT_IN: PromptEntry[] = [
  {
    id: "tabs",
    prompt:
      "Spring sale email for Bloom & Co with tabs for Dresses ($49), Shoes ($79) and Bags ($59). 20% off with code BLOOM20 until May 3.",
    emailType: "ecommerce",
  },
  {
    id: "accordion",
    prompt:
      "Onboarding email for Ledgerly with an accordion FAQ: how to connect a bank, how to invite an accountant, and how billing works.",
  },
  { id: "carousel", prompt: "Product launch for Stride running shoes with an image carousel of the Trail, Road and Recovery models." },
  { id: "survey", prompt: "Harbor Bistro post-dinner survey: ask how the food was and whether guests would come back." },
  { id: "quiz", prompt: "A fun coffee quiz from Bean & Leaf with two questions and 10% off for everyone who plays." },
  { id: "menu", prompt: "Maison Verte newsletter with a hamburger menu linking to New In, Dresses, Linen and Sale." },
  {
    id: "itemCart",
    prompt:
      "Morning Crumb Bakery: build your weekend breakfast box with an interactive cart of sourdough ($6.50), croissants ($12.25) and cold brew ($9.95).",
  },
  { id: "carousel+quiz", prompt: "Product launch with a carousel of the new bikes and a quick quiz about riding style" },
  {
    id: "tabs+survey",
    prompt: "Gym newsletter with tabs for Yoga, Spin and Strength classes, plus a short survey about preferred class times.",
  },
  {
    id: "accordion+itemCart",
    prompt: "Holiday gift guide with an accordion of shipping questions and an add-to-cart block for three gift boxes ($25, $40, $60).",
  },
];

interface Row {
  id: string;
  techniques: string;
  ok: boolean;
  error?: string;
  validation?: "pass" | "fail";
  validator?: string;
  errors?: string[];
  repairs?: number;
  parity?: boolean;
  parityNote?: string;
  clipping?: boolean;
  clipped?: string[];
}

async function check(entry: PromptEntry): Promise<Row> {
  const fail = (techniques: string, error: string): Row => ({ id: entry.id, techniques, ok: false, error });
  const inputs = GenerationInputsSchema.safeParse(entry);
  if (!inputs.success) return fail("", `invalid entry: ${inputs.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  const input = inputs.data;
  const facts = parsePromptFacts(input.prompt, input.emailType);
  const extracted = extractTechniques(input.prompt, input.detectedTechnique, input.emailType);
  if (!extracted.ok) return fail("", extracted.error);
  const techniques = extracted.techniques;
  const label = techniques.join("+");

  const copy = await new LocalCopyEngine().write({ prompt: input.prompt, emailType: input.emailType, facts, techniques });
  if (!copy.ok) return fail(label, `copy: ${copy.error}`);
  const built = await new LocalBlueprintEngine().build({ ...input, copyDoc: copy.copyDoc, techniques, facts });
  if (!built.ok) return fail(label, `blueprint: ${built.error}`);
  const blueprint = input.designTokens
    ? { ...built.blueprint, design: mergeDesign(built.blueprint.design, input.designTokens) }
    : built.blueprint;
  const code = await new LocalCodeEngine().generate({ blueprint });
  if (!code.ok) return fail(label, `code: ${code.error}`);
  const html = autofix(code.html, { subject: blueprint.subject, preheader: blueprint.preheader, lang: blueprint.lang, techniques }).html;

  const ampResult = await ampEmail(
    // The survey form id is signed, but nothing posts to these forms: any secret will do.
    {
      BASE_URL: process.env.BASE_URL ?? "https://kinetic.example",
      AMP_VALIDATOR_JS: process.env.AMP_VALIDATOR_JS,
      SESSION_SECRET: CHECK_SECRET,
    },
    { blueprint, html, formId: `check-${entry.id.replace(/[^A-Za-z0-9_-]/g, "-").slice(0, 80)}` },
  );
  if (!ampResult.ok) return fail(label, `amp: ${ampResult.error}`);
  const amp = ampResult.value;
  const p = amp.parity;
  const parityNote = p.ok
    ? undefined
    : !p.available
      ? p.reason
      : [
          p.missingWords.length ? `missing words: ${p.missingWords.slice(0, 8).join(", ")}` : "",
          p.missingLinks.length ? `missing links: ${p.missingLinks.slice(0, 4).join(", ")}` : "",
          p.items.some((i) => i.html !== i.amp) ? `items: ${p.items.map((i) => `${i.technique} ${i.html}/${i.amp}`).join(", ")}` : "",
        ]
          .filter(Boolean)
          .join("; ");
  const passed = amp.validation.status === "pass" && p.ok && amp.clipping.ok;
  return {
    id: entry.id,
    techniques: label,
    ok: passed,
    validation: amp.validation.status,
    validator: amp.validation.validator,
    errors: amp.validation.errors.map((e) => `${e.code} (line ${e.line}): ${e.message}`),
    repairs: amp.repairs.length,
    parity: p.ok,
    parityNote,
    clipping: amp.clipping.ok,
    clipped: amp.clipping.blocks.filter((b) => b.clipped).map((b) => `${b.component} ${b.width}px > ${b.available}px`),
  };
}

function pct(n: number, of: number): string {
  return of === 0 ? "n/a" : `${((100 * n) / of).toFixed(1)}%`;
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2), { strings: ["set", "limit"], booleans: ["json", "builtin", "help"] }, USAGE);
  if (args.flags.help) {
    console.log(USAGE);
    return 0;
  }
  const setFlag = stringFlag(args, "set");
  let entries: PromptEntry[];
  let source: string;
  if (!args.flags.builtin && (setFlag || fs.existsSync(DEFAULT_SET))) {
    const file = setFlag ?? DEFAULT_SET;
    const loaded = loadPromptSet(file);
    if (!loaded.ok) fail(loaded.error, USAGE);
    entries = loaded.set.prompts;
    source = `${file} (${loaded.set.version})`;
  } else {
    entries = BUILT_IN;
    source = args.flags.builtin ? "built-in prompts" : `built-in prompts (no ${DEFAULT_SET} yet)`;
  }
  const limitFlag = stringFlag(args, "limit");
  if (limitFlag !== undefined) {
    const limit = Number(limitFlag);
    if (!Number.isInteger(limit) || limit < 1) fail("--limit must be a positive integer", USAGE);
    entries = entries.slice(0, limit);
  }

  const rows: Row[] = [];
  for (const entry of entries) rows.push(await check(entry));
  const built = rows.filter((r) => r.validation !== undefined);
  const summary = {
    source,
    prompts: rows.length,
    built: built.length,
    pipelineErrors: rows.length - built.length,
    validationPass: built.filter((r) => r.validation === "pass").length,
    repaired: built.filter((r) => (r.repairs ?? 0) > 0).length,
    parityOk: built.filter((r) => r.parity).length,
    clippingOk: built.filter((r) => r.clipping).length,
    allOk: rows.filter((r) => r.ok).length,
  };
  if (args.flags.json) {
    process.stdout.write(`${JSON.stringify({ summary, rows }, null, 2)}\n`);
  } else {
    console.log(`AMP check over ${source}\n`);
    for (const r of rows) {
      if (r.validation === undefined) {
        console.log(`✗ ${r.id} [${r.techniques || "-"}] pipeline error: ${r.error}`);
        continue;
      }
      console.log(
        `${r.ok ? "✓" : "✗"} ${r.id} [${r.techniques}] validation ${r.validation} (${r.validator}), repairs ${r.repairs}, parity ${r.parity ? "ok" : "FAIL"}, clipping ${r.clipping ? "ok" : "FAIL"}`,
      );
      for (const e of r.errors ?? []) console.log(`    ${e}`);
      if (r.parityNote) console.log(`    parity: ${r.parityNote}`);
      for (const c of r.clipped ?? []) console.log(`    clipped: ${c}`);
    }
    const n = summary.built;
    console.log(
      `\n${summary.prompts} prompts, ${n} built (${summary.pipelineErrors} pipeline errors)` +
        `\nvalidation pass ${summary.validationPass}/${n} (${pct(summary.validationPass, n)}), repaired ${summary.repaired}` +
        `\nparity ok ${summary.parityOk}/${n} (${pct(summary.parityOk, n)}), clipping ok ${summary.clippingOk}/${n} (${pct(summary.clippingOk, n)})` +
        `\nall three ${summary.allOk}/${summary.prompts} (${pct(summary.allOk, summary.prompts)})`,
    );
  }
  return summary.allOk === summary.prompts ? 0 : 1;
}

runCli(main);
