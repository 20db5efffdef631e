// npm run bench -- engine: p50/p95 of render, autofix, qa and one plain htmlparser2 parse on a
// ~100 KB email (the renderer's bigBlueprint), one JSON line each, then a verdict line.
import { parseDocument } from "htmlparser2";
import { autofix } from "~/domain/autofix/autofix";
import { qa } from "~/domain/qa/qa";
import { render } from "~/domain/render";
import { bigBlueprint } from "~/domain/render/fixtures";

const WARMUP = 30;
const RUNS = 200;

function measure(fn: () => unknown): { p50: number; p95: number } {
  for (let i = 0; i < WARMUP; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Number(times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(3));
  return { p50: at(0.5), p95: at(0.95) };
}

function main(): void {
  const blueprint = bigBlueprint();
  const first = render(blueprint);
  if (!first.ok) throw new Error(`bigBlueprint does not render: ${JSON.stringify(first.issues)}`);
  const html = first.html;
  const docBytes = new TextEncoder().encode(html).length;
  const techniques = [...new Set([...html.matchAll(/data-kx-technique="([^"]+)"/g)].map((m) => m[1]))];
  const context = { subject: first.blueprint.subject, techniques };

  const results = {
    render: measure(() => render(blueprint)),
    autofix: measure(() => autofix(html, context)),
    qa: measure(() => qa(html, context)),
    parse: measure(() => parseDocument(html)),
  };
  for (const [name, r] of Object.entries(results)) {
    console.log(JSON.stringify({ bench: `engine.${name}`, docBytes, p50_ms: r.p50, p95_ms: r.p95 }));
  }
  const targets = {
    qa_p50_le_10ms: results.qa.p50 <= 10,
    autofix_p50_le_10ms: results.autofix.p50 <= 10,
    render_p50_le_5ms: results.render.p50 <= 5,
    qa_le_4x_parse: results.qa.p50 <= 4 * results.parse.p50,
  };
  const score = qa(html, context).score;
  console.log(
    JSON.stringify({
      bench: "engine.targets",
      qaScore: score,
      qaOverParse: Number((results.qa.p50 / results.parse.p50).toFixed(2)),
      ...targets,
      pass: Object.values(targets).every(Boolean),
    }),
  );
}

main();
