// `npm run brief:check [-- --split dev|heldout|both] [--lang fr,de] [--misses] [--field items,offers] [--json FILE]`
//
// The brief reader on the corpus (scripts/eval/briefs): the figures per split, language and field,
// the same table `npm run generate:check` prints. `--misses` lists what each dev brief got wrong
// (never a held-out one). Exits 1 when the corpus's labels do not check.
import fs from "node:fs";
import { parseArgs } from "node:util";
import { readBrief } from "../app/domain/reader";
import { readBrief as readBriefBefore } from "../app/domain/brief/read";
import { SCORED_FIELDS, type ScoredField } from "../app/domain/eval/brief-score";
import { splitOf } from "../app/domain/eval/brief-corpus";
import { loadCorpus } from "./eval/brief-corpus";
import { formatMisses, formatReport, measure } from "./eval/brief-report";

const { values } = parseArgs({
  options: {
    split: { type: "string", default: "dev" },
    lang: { type: "string" },
    misses: { type: "boolean", default: false },
    field: { type: "string" },
    json: { type: "string" },
    only: { type: "string" },
    reader: { type: "string", default: "new" },
  },
});
const { briefs, errors } = loadCorpus();
if (errors.length > 0) {
  for (const e of errors) console.error(`✗ ${e}`);
  process.exit(1);
}
const splits =
  values.split === "both" ? (["dev", "heldout"] as const) : values.split === "heldout" ? (["heldout"] as const) : (["dev"] as const);
const langs = values.lang?.split(",");
const only = values.only?.split(",");
const chosen = briefs.filter(
  (b) => (splits as readonly string[]).includes(splitOf(b.id)) && (!langs || langs.includes(b.language)) && (!only || only.includes(b.id)),
);
// `--reader old`: the reader this one replaced, for the before/after figures.
const read = values.reader === "old" ? (p: string) => readBriefBefore(p) : (p: string) => readBrief(p);
const results = chosen.map((b) => measure(b, read));
console.log(formatReport(results, [...splits]));
if (values.misses) {
  const fields = values.field
    ? (values.field.split(",").filter((f) => (SCORED_FIELDS as readonly string[]).includes(f)) as ScoredField[])
    : SCORED_FIELDS;
  console.log(formatMisses(results, fields));
}
const ms = results.map((r) => r.ms).sort((a, b) => a - b);
console.log(`read ${results.length} briefs: p50 ${ms[Math.floor(ms.length / 2)]?.toFixed(1)} ms, max ${ms[ms.length - 1]?.toFixed(1)} ms`);
if (values.json) fs.writeFileSync(values.json, JSON.stringify(results, null, 2));
