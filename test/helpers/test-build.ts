// The Remix build the HTTP tests serve, kept between test runs and rebuilt only when something it
// is built from changed (scripts/lib/build-freshness.ts, the same check `npm start` makes).
//
// Each build goes into a folder of its own under .cache/test-builds/, and `current` names the
// newest. A folder is never rebuilt in place, so a run still serving an older build (two runs at
// once, sources edited in between) keeps its files. Within one run every test file uses the
// same build: the first file that needs it checks (and builds, under a lock shared by every
// process), then writes the run's marker naming the folder; the files after it read the marker.
// A run that starts no server builds nothing.
import crypto from "node:crypto";
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { buildLayout, checkBuild, type BuildLayout } from "../../scripts/lib/build-freshness";
import { waitUntil } from "./wait";

const ROOT = path.resolve(".cache/test-builds");
const CURRENT = path.join(ROOT, "current");
const LOCK = path.join(ROOT, "lock");
/** A marker of a run that ended without removing it (killed) is forgotten after this. */
const STALE_MARKER_MS = 24 * 3600_000;
/** The build takes ~10 s of CPU, 30–90 s of clock on a loaded 2-core machine; waiting for another process's is bounded by this. */
const BUILD_WAIT_MS = 240_000;

const runMarker = (runId: string) => path.join(ROOT, `run-${runId}`);

function readText(file: string): string | null {
  try {
    return fs.readFileSync(file, "utf8").trim() || null;
  } catch {
    return null;
  }
}

function writeAtomically(file: string, text: string): void {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, text);
  fs.renameSync(tmp, file);
}

/** The build is placed by KINETIC_BUILD_DIR: its layout for the folder `dir`. */
function layoutOf(dir: string): BuildLayout {
  const before = process.env.KINETIC_BUILD_DIR;
  process.env.KINETIC_BUILD_DIR = dir;
  try {
    return buildLayout(process.cwd());
  } finally {
    if (before === undefined) delete process.env.KINETIC_BUILD_DIR;
    else process.env.KINETIC_BUILD_DIR = before;
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Takes the lock file (created exclusively, holding our pid); a lock whose process has gone is broken. */
function tryLock(): boolean {
  try {
    fs.writeFileSync(LOCK, String(process.pid), { flag: "wx" });
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
  }
  // Empty: its owner has created it and is about to write its pid.
  const owner = Number(readText(LOCK));
  if (owner && !processAlive(owner)) fs.rmSync(LOCK, { force: true });
  return false;
}

/** scripts/build.mjs into `dir` (it records the inputs itself, hashed before it builds). */
async function build(dir: string): Promise<void> {
  try {
    await promisify(execFile)(process.execPath, [path.resolve("scripts/build.mjs")], {
      env: { ...process.env, KINETIC_BUILD_DIR: dir, NODE_ENV: "production" },
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (e) {
    const { stdout = "", stderr = "" } = e as { stdout?: string; stderr?: string };
    throw new Error(`the test build failed (scripts/build.mjs into ${dir}):\n${stdout}${stderr}`);
  }
}

/** Removes build folders no run names any more, and markers of runs that never ended. */
function sweep(keep: string): void {
  const now = Date.now();
  const inUse = new Set([keep]);
  for (const name of fs.readdirSync(ROOT)) {
    if (!name.startsWith("run-")) continue;
    const marker = path.join(ROOT, name);
    if (now - fs.statSync(marker).mtimeMs > STALE_MARKER_MS) fs.rmSync(marker, { force: true });
    else inUse.add(readText(marker) ?? "");
  }
  for (const entry of fs.readdirSync(ROOT, { withFileTypes: true })) {
    if (entry.isDirectory() && !inUse.has(entry.name)) fs.rmSync(path.join(ROOT, entry.name), { recursive: true, force: true });
  }
}

/** The current build when it is fresh, else a new one (the lock is held). */
async function freshBuild(): Promise<string> {
  const current = readText(CURRENT);
  if (current && checkBuild(layoutOf(path.join(ROOT, current))).fresh) return current;
  const id = crypto.randomUUID();
  await build(path.join(ROOT, id));
  writeAtomically(CURRENT, id);
  return id;
}

/** The folder of this run's build (absolute), built first when none is fresh. */
export async function ensureTestBuild(runId: string): Promise<string> {
  const marker = runMarker(runId);
  const marked = readText(marker);
  if (marked) return path.join(ROOT, marked);
  fs.mkdirSync(ROOT, { recursive: true });
  await waitUntil(tryLock, {
    what: `the test build lock (${LOCK}, held by process ${readText(LOCK) ?? "?"})`,
    timeoutMs: BUILD_WAIT_MS,
    intervalMs: 100,
  });
  try {
    const again = readText(marker);
    if (again) return path.join(ROOT, again);
    const id = await freshBuild();
    writeAtomically(marker, id);
    sweep(id);
    return path.join(ROOT, id);
  } finally {
    fs.rmSync(LOCK, { force: true });
  }
}

/**
 * Makes the current build fresh before the tests start (npm test runs it first): the build then
 * never counts against the first server test's set-up time limit on a slow machine.
 */
export async function prepareTestBuild(): Promise<string> {
  fs.mkdirSync(ROOT, { recursive: true });
  await waitUntil(tryLock, {
    what: `the test build lock (${LOCK}, held by process ${readText(LOCK) ?? "?"})`,
    timeoutMs: BUILD_WAIT_MS,
    intervalMs: 100,
  });
  try {
    return path.join(ROOT, await freshBuild());
  } finally {
    fs.rmSync(LOCK, { force: true });
  }
}

/** Called when the run ends (test/global-setup.ts): its build is no longer in use. */
export function endTestRun(runId: string): void {
  fs.rmSync(runMarker(runId), { force: true });
}
