// The brief reader's budget: cue words are data (app/domain/reader/cues), so the code that reads a
// brief holds few patterns and stays in small modules. Counts, with the TypeScript compiler's
// parser, the regular-expression literals of every module of the reader and the brief (tests aside), and the lines of every module of the reader (the cue data files aside).
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../..");
// The earlier prompt reader (app/domain/prompt) still feeds the copy, the judge and QA until every
// consumer reads the brief alone (docs/brief.md, "Who reads the brief"); it is not counted, and goes.
const PATTERN_DIRS = ["app/domain/reader", "app/domain/brief"];
const READER_DIR = "app/domain/reader";
/** The most regular-expression literals those modules hold together. */
const MAX_PATTERNS = 211;
/** The longest module of the reader, in lines. */
const MAX_LINES = 300;
/** A language's cue words (app/domain/reader/cues/en.ts …): data, as long as the language needs. */
const CUE_DATA = /^app\/domain\/reader\/cues\/[a-z]{2,3}\.ts$/;

/** The non-test TypeScript modules under a folder of the repository, as repository paths. */
function modulesUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const entry of fs.readdirSync(path.join(ROOT, rel), { withFileTypes: true })) {
      const child = `${rel}/${entry.name}`;
      if (entry.isDirectory()) walk(child);
      else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") && !entry.name.endsWith(".d.ts")) out.push(child);
    }
  };
  walk(dir);
  return out.sort();
}

/** The regular-expression literals of a module, as its parser reads them. */
function patternCount(file: string): number {
  const source = ts.createSourceFile(file, fs.readFileSync(path.join(ROOT, file), "utf8"), ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  let n = 0;
  const visit = (node: ts.Node) => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) n++;
    ts.forEachChild(node, visit);
  };
  visit(source);
  return n;
}

function lineCount(file: string): number {
  const text = fs.readFileSync(path.join(ROOT, file), "utf8");
  if (text === "") return 0;
  return text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
}

describe("the reader's budget", () => {
  it("finds the modules it counts", () => {
    const reader = modulesUnder(READER_DIR);
    expect(reader).toContain("app/domain/reader/index.ts");
    expect(reader.some((f) => CUE_DATA.test(f))).toBe(true);
    expect(reader.some((f) => f.endsWith(".test.ts"))).toBe(false);
  });

  it("counts regular-expression literals, not strings or divisions that look like them", () => {
    const sample = 'const a = /x+/g; const b = "/y/"; const c = 4 / 2 / 1; const d = new RegExp("z"); const e = [/p/, /q/u];';
    const source = ts.createSourceFile("sample.ts", sample, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
    let n = 0;
    const visit = (node: ts.Node) => {
      if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) n++;
      ts.forEachChild(node, visit);
    };
    visit(source);
    expect(n).toBe(3);
  });

  it(`holds at most ${MAX_PATTERNS} regular-expression literals in the reader and the brief`, () => {
    const counts = PATTERN_DIRS.flatMap(modulesUnder).map((file) => ({ file, n: patternCount(file) }));
    const total = counts.reduce((sum, c) => sum + c.n, 0);
    const perFile = counts
      .filter((c) => c.n > 0)
      .sort((a, b) => b.n - a.n)
      .map((c) => `${c.file}: ${c.n}`)
      .join("\n");
    expect(total, `${total} regular-expression literals (at most ${MAX_PATTERNS}):\n${perFile}`).toBeLessThanOrEqual(MAX_PATTERNS);
  });

  it(`keeps every module of the reader within ${MAX_LINES} lines, the cue data aside`, () => {
    const long = modulesUnder(READER_DIR)
      .filter((file) => !CUE_DATA.test(file))
      .map((file) => ({ file, n: lineCount(file) }))
      .filter((c) => c.n > MAX_LINES)
      .map((c) => `${c.file}: ${c.n} lines (${c.n - MAX_LINES} over)`);
    expect(long, `modules over ${MAX_LINES} lines:\n${long.join("\n")}`).toEqual([]);
  });
});
