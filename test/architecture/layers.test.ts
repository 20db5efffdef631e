// The layer rules of docs/architecture.md, read from the import statements of the source files:
// a new file that breaks one fails here, whoever writes it.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const APP = path.resolve("app");

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(full);
  }
  return out;
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)|\brequire\(\s*["']([^"']+)["']\s*\)/g;

/** What a file imports, with `~/` and relative paths resolved to the app folder they name ("models", "lib"…). */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, "utf8");
  const out: string[] = [];
  for (const m of text.matchAll(IMPORT)) out.push((m[1] ?? m[2] ?? m[3])!);
  return out.map((spec) => {
    if (spec.startsWith("~/")) return `app/${spec.slice(2)}`;
    if (spec.startsWith(".")) return path.relative(path.dirname(APP), path.resolve(path.dirname(file), spec));
    return spec;
  });
}

const layerOf = (spec: string) => (spec.startsWith("app/") ? spec.split("/")[1] : null);
const rel = (file: string) => path.relative(path.dirname(APP), file);

/** Modules that do I/O: the domain stays pure without them. */
const IO_MODULES = /^(?:node:)?(?:fs|fs\/promises|http|https|http2|net|tls|dgram|dns|child_process|worker_threads|cluster)$|^(?:@libsql\/|libsql$|drizzle-orm|nodemailer$|resend$|openai$|@anthropic-ai\/|@pinecone-database\/|pino$)/;

function violations(files: string[], forbidden: (spec: string) => boolean): string[] {
  return files.flatMap((f) => importsOf(f).filter(forbidden).map((spec) => `${rel(f)} → ${spec}`));
}

describe("layer rules", () => {
  it("finds the source files and their imports", () => {
    const routes = sourceFiles(path.join(APP, "routes"));
    expect(routes.length).toBeGreaterThan(20);
    expect(importsOf(routes.find((f) => f.endsWith("api.generate.ts"))!)).toContain("app/services/generation.server");
  });

  it("domain code does no I/O: no I/O modules, no database, no adapters, services, models or lib", () => {
    const files = sourceFiles(path.join(APP, "domain"));
    const bad = violations(files, (spec) => IO_MODULES.test(spec) || ["models", "services", "lib", "adapters", "routes", "engines", "workers"].includes(layerOf(spec) ?? "") || spec.startsWith("db/"));
    expect(bad).toEqual([]);
  });

  it("routes reach data through services only: no route imports a model or the database", () => {
    const files = sourceFiles(path.join(APP, "routes"));
    const bad = violations(files, (spec) => layerOf(spec) === "models" || spec.startsWith("db/") || /^(?:@libsql\/|drizzle-orm)/.test(spec));
    expect(bad).toEqual([]);
  });

  // lib is for leaf utilities. The list of files still reaching up may only shrink.
  const LIB_STILL_REACHING_UP: string[] = [];

  it("lib imports nothing above it", () => {
    const files = sourceFiles(path.join(APP, "lib"));
    const above = (spec: string) => ["models", "services", "routes", "engines", "adapters", "workers", "composition", "http"].includes(layerOf(spec) ?? "");
    const reaching = [...new Set(violations(files, above).map((v) => v.split(" → ")[0]!))].sort();
    expect(reaching.filter((f) => !LIB_STILL_REACHING_UP.includes(f))).toEqual([]);
    // A file that stopped reaching up comes off the list.
    expect(LIB_STILL_REACHING_UP.filter((f) => !reaching.includes(f))).toEqual([]);
  });

  it("composition picks adapters and engines and knows nothing of services, models or requests", () => {
    const files = sourceFiles(path.join(APP, "composition"));
    const bad = violations(files, (spec) => ["models", "services", "routes", "http", "components"].includes(layerOf(spec) ?? ""));
    expect(bad).toEqual([]);
  });

  it("the request helpers (app/http) reach data through services only", () => {
    const files = sourceFiles(path.join(APP, "http"));
    const bad = violations(files, (spec) => ["models", "routes"].includes(layerOf(spec) ?? "") || spec.startsWith("db/") || /^(?:@libsql\/|drizzle-orm)/.test(spec));
    expect(bad).toEqual([]);
  });

  it("services know nothing of requests: no service imports a request helper (app/http) or a route", () => {
    const files = sourceFiles(path.join(APP, "services"));
    const bad = violations(files, (spec) => ["http", "routes"].includes(layerOf(spec) ?? ""));
    expect(bad).toEqual([]);
  });

  it("request schemas live in app/domain/requests: no route or service imports zod at runtime", () => {
    const files = [...sourceFiles(path.join(APP, "routes")), ...sourceFiles(path.join(APP, "services"))];
    // `import type { … } from "zod"` is erased at build time and allowed; anything else is a schema being built here.
    const RUNTIME_ZOD = /(?:^|\n)\s*(?:import|export)\s+(?!type\s)[^;]*?from\s+["']zod["']|\bimport\(\s*["']zod["']\s*\)|\brequire\(\s*["']zod["']\s*\)/;
    const bad = files.filter((f) => RUNTIME_ZOD.test(fs.readFileSync(f, "utf8"))).map(rel);
    expect(bad).toEqual([]);
  });

  // Results that are not service failures and keep their own shape: each says why. The list may only shrink.
  const OWN_OK_FALSE_TYPES: Record<string, string> = {
    // Form outcomes: field errors and the typed values to show the form again with, no status.
    "app/services/builder.server.ts ParsedBrief": "form outcome",
    "app/services/builder.server.ts GenerateRequest": "form outcome",
    "app/services/builder.server.ts UnderstoodForm": "form outcome",
    // A row of the prompt-set listing (a file that is valid, or says why not).
    "app/services/eval-runner.server.ts PromptSetInfo": "listing row",
  };

  it("services answer one failure type: only app/services/result.ts declares a type with `ok: false`", () => {
    const files = sourceFiles(path.join(APP, "services")).filter((f) => rel(f) !== "app/services/result.ts");
    const found: string[] = [];
    for (const file of files) {
      const text = fs.readFileSync(file, "utf8");
      // Each `type X = …;` and `interface X { … }` declaration, up to its end at brace depth 0.
      for (const m of text.matchAll(/(?:^|\n)\s*(?:export\s+)?(type|interface)\s+(\w+)[^=;{]*(=|\{)/g)) {
        let depth = m[3] === "{" ? 1 : 0;
        let i = m.index! + m[0].length;
        for (; i < text.length; i++) {
          const c = text[i];
          if (c === "{" || c === "(" || c === "[" || c === "<") depth++;
          else if (c === "}" || c === ")" || c === "]" || (c === ">" && text[i - 1] !== "=")) depth--;
          if ((m[3] === "=" && c === ";" && depth === 0) || (m[3] === "{" && depth === 0)) break;
        }
        if (/\bok\s*:\s*false\b/.test(text.slice(m.index!, i))) found.push(`${rel(file)} ${m[2]}`);
      }
    }
    expect(found.filter((t) => !(t in OWN_OK_FALSE_TYPES))).toEqual([]);
    // A type that stopped declaring its own failure comes off the list.
    expect(Object.keys(OWN_OK_FALSE_TYPES).filter((t) => !found.includes(t))).toEqual([]);
  });

  // The AMP validator has one implementation (the official one) and nothing to choose: a library
  // wrapper, not a port.
  const ADAPTERS_USED_DIRECTLY = ["app/adapters/amp-validator/official.server"];

  it("adapters are chosen only in app/composition: elsewhere the app imports their ports", () => {
    const files = sourceFiles(APP).filter((f) => !["adapters", "composition"].includes(rel(f).split(path.sep)[1] ?? ""));
    const bad = violations(files, (spec) => layerOf(spec) === "adapters" && !/\/port$/.test(spec) && !ADAPTERS_USED_DIRECTLY.includes(spec));
    expect(bad).toEqual([]);
  });

  it("models are the only SQL: services, routes and request helpers run no statement and import no schema or query builder", () => {
    const files = ["services", "routes", "http", "composition", "components"].flatMap((dir) => sourceFiles(path.join(APP, dir)));
    const bad = violations(files, (spec) => /^(?:drizzle-orm|@libsql\/)/.test(spec) || spec === "db/schema" || /(?:^|\/)db\/schema$/.test(spec));
    const STATEMENT = /\.(?:execute|batch|executeMultiple)\(|\bsql`|\bsql:\s*["'`]/;
    for (const file of files) if (STATEMENT.test(fs.readFileSync(file, "utf8"))) bad.push(`${rel(file)} runs a statement`);
    expect(bad).toEqual([]);
  });

  it("services build failures with failure(), not as literals", () => {
    const files = sourceFiles(path.join(APP, "services")).filter((f) => rel(f) !== "app/services/result.ts");
    const LITERAL = /\{\s*ok:\s*false(?:\s+as\s+const)?,[^}]*\bstatus:/;
    expect(files.filter((f) => LITERAL.test(fs.readFileSync(f, "utf8"))).map(rel)).toEqual([]);
  });
});
