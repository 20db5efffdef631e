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
});
