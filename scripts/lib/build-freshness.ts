// Whether the build (scripts/build.mjs) was made from the sources as they are now, so `npm start` builds only
// when something changed. After a successful build, a record of every input file's content hash
// is written next to the server build; a missing or unreadable record, a missing build, or any
// input added, removed or changed since means "build again". Content hashes rather than mtimes:
// a checkout or a copy that keeps the content keeps the build, and reading ~1,000 small files
// costs tens of milliseconds.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const RECORD_FILE = "build-inputs.json";
const RECORD_VERSION = 1;
/** The source folder, walked on every check so that a new file (a new route) is seen. */
const SOURCE_DIR = "app";
/** Configuration that changes what the compiler produces (the lock file pins the compiler itself). */
const CONFIG_FILES = ["vite.config.ts", "scripts/build.mjs", "package.json", "package-lock.json", "tsconfig.json"];
/** Tests beside the sources are never bundled (vite.config.ts ignores them as routes). */
const NOT_AN_INPUT = /\.test\.tsx?$/;
/** esbuild's lists of what each of its bundles read (server/, scripts/), in the build folder. */
const METAFILES = ["metafile.freshness.json", "metafile.worker.json", "metafile.start.json"];
/** The files the Vite server build read (vite.config.ts writes it): inputs outside app/ (db/, scripts/eval/). */
const VITE_INPUTS = path.join("server", "inputs.json");

export interface BuildLayout {
  /** The project root, which the compiler's input paths are relative to. */
  root: string;
  /** Absolute path of the build folder. */
  buildDir: string;
  /** Absolute path of the Remix server bundle (<build>/server/index.js). */
  serverBuildFile: string;
  /** Absolute path of the folder holding the browser assets. */
  assetsDir: string;
}

/** Input path (relative to the root, with "/") → SHA-1 of its content. */
export type InputHashes = Record<string, string>;

interface BuildRecord {
  version: typeof RECORD_VERSION;
  inputs: InputHashes;
  /** The browser assets manifest the server build points at, relative to the root. */
  assetsManifest: string | null;
}

export type Freshness = { fresh: true; inputs: InputHashes } | { fresh: false; reason: string; inputs: InputHashes };

/** Where the build goes: KINETIC_BUILD_DIR (read at the time of the call), else build/. */
export function buildLayout(root: string): BuildLayout {
  const buildDir = path.resolve(root, process.env.KINETIC_BUILD_DIR || "build");
  return { root, buildDir, serverBuildFile: path.join(buildDir, "server", "index.js"), assetsDir: path.join(buildDir, "client") };
}

/** The record of the last build, in the build folder. */
export const recordPath = (layout: BuildLayout) => path.join(layout.buildDir, RECORD_FILE);
const toKey = (root: string, file: string) => path.relative(root, file).split(path.sep).join("/");

function sourceFiles(dir: string, out: string[]): string[] {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(full, out);
    else if (entry.isFile() && !NOT_AN_INPUT.test(entry.name)) out.push(full);
  }
  return out;
}

function hashFile(file: string): string | null {
  try {
    return crypto.createHash("sha1").update(fs.readFileSync(file)).digest("hex");
  } catch {
    return null;
  }
}

/**
 * The content hash of every input: the files under app/, the configuration files, and `extra`
 * (inputs outside app/ that an earlier build read). Files that do not exist are left out.
 */
function hashInputs(root: string, extra: Iterable<string> = []): InputHashes {
  const files = new Set<string>(sourceFiles(path.join(root, SOURCE_DIR), []).map((f) => toKey(root, f)));
  for (const f of CONFIG_FILES) files.add(f);
  for (const f of extra) files.add(f);
  const hashes: InputHashes = {};
  for (const key of [...files].sort()) {
    const hash = hashFile(path.join(root, key));
    if (hash) hashes[key] = hash;
  }
  return hashes;
}

function readRecord(layout: BuildLayout): BuildRecord | "missing" | "unreadable" {
  let text: string;
  try {
    text = fs.readFileSync(recordPath(layout), "utf8");
  } catch {
    return "missing";
  }
  try {
    const record = JSON.parse(text) as Partial<BuildRecord> | null;
    const inputs = record?.inputs;
    const inputsOk =
      typeof inputs === "object" && inputs !== null && !Array.isArray(inputs) && Object.values(inputs).every((v) => typeof v === "string");
    const manifestOk = record?.assetsManifest === null || typeof record?.assetsManifest === "string";
    return record?.version === RECORD_VERSION && inputsOk && manifestOk ? (record as BuildRecord) : "unreadable";
  } catch {
    return "unreadable";
  }
}

function describeChanges(before: InputHashes, now: InputHashes): string | null {
  const changes: string[] = [];
  for (const [file, hash] of Object.entries(now)) {
    if (!(file in before)) changes.push(`${file} added`);
    else if (before[file] !== hash) changes.push(`${file} changed`);
  }
  for (const file of Object.keys(before)) if (!(file in now)) changes.push(`${file} removed`);
  if (changes.length === 0) return null;
  const shown = changes.slice(0, 3).join(", ");
  return changes.length > 3 ? `${shown} and ${changes.length - 3} more` : shown;
}

/** Whether the build is current; `inputs` is the snapshot to record should it be rebuilt now. */
export function checkBuild(layout: BuildLayout): Freshness {
  const record = readRecord(layout);
  const inputs = hashInputs(layout.root, typeof record === "object" ? Object.keys(record.inputs) : []);
  if (record === "missing") return { fresh: false, reason: "no record of an earlier build", inputs };
  if (record === "unreadable") return { fresh: false, reason: "the record of the last build is unreadable", inputs };
  if (!fs.existsSync(layout.serverBuildFile)) {
    return { fresh: false, reason: `the server build ${toKey(layout.root, layout.serverBuildFile)} is missing`, inputs };
  }
  if (record.assetsManifest !== null && !fs.existsSync(path.join(layout.root, record.assetsManifest))) {
    return { fresh: false, reason: `the browser assets (${record.assetsManifest}) are missing`, inputs };
  }
  const changes = describeChanges(record.inputs, inputs);
  return changes ? { fresh: false, reason: changes, inputs } : { fresh: true, inputs };
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as T;
  } catch {
    return null;
  }
}

/** Input files outside app/ that the last build read, from esbuild's metafiles and Vite's list. */
function inputsReadByBuild(layout: BuildLayout): string[] {
  const out: string[] = [];
  const lists = METAFILES.map((name) =>
    Object.keys(readJson<{ inputs?: Record<string, unknown> }>(path.join(layout.buildDir, name))?.inputs ?? {}),
  );
  lists.push(readJson<{ inputs?: string[] }>(path.join(layout.buildDir, VITE_INPUTS))?.inputs ?? []);
  for (const list of lists) {
    for (const input of list) {
      // Virtual modules carry a namespace ("empty-module:…"); dependencies are pinned by the lock file.
      if (input.includes(":") || input.startsWith("<") || input.split("/").includes("node_modules")) continue;
      const key = toKey(layout.root, path.resolve(layout.root, input));
      if (!key.startsWith("../") && !key.startsWith(`${SOURCE_DIR}/`)) out.push(key);
    }
  }
  return out;
}

/** The browser manifest the server build refers to (Vite names it by its content hash). */
function assetsManifestOf(layout: BuildLayout): string | null {
  try {
    const name = /\/assets\/(manifest-[\w-]{1,64}\.js)/.exec(fs.readFileSync(layout.serverBuildFile, "utf8"))?.[1];
    const manifest = name ? path.join(layout.assetsDir, "assets", name) : null;
    return manifest && fs.existsSync(manifest) ? toKey(layout.root, manifest) : null;
  } catch {
    return null;
  }
}

/** Forgets the last build (before building, so a failed build is never taken for a current one). */
export function forgetBuild(layout: BuildLayout): void {
  fs.rmSync(recordPath(layout), { force: true });
}

/**
 * Records a successful build made from `inputs` (hashed before the build started, so a file
 * edited during the build makes the next start build again).
 */
export function recordBuild(layout: BuildLayout, inputs: InputHashes): void {
  const all = { ...inputs };
  for (const key of inputsReadByBuild(layout)) {
    if (key in all) continue;
    const hash = hashFile(path.join(layout.root, key));
    if (hash) all[key] = hash;
  }
  const record: BuildRecord = { version: RECORD_VERSION, inputs: all, assetsManifest: assetsManifestOf(layout) };
  const file = recordPath(layout);
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(record, null, 1)}\n`);
  fs.renameSync(tmp, file);
}
