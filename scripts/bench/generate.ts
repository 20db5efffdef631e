// Generation benchmark: `npm run bench -- generate` (or `npx tsx scripts/bench/generate.ts
// [--docs 1000] [--requests 200] [--warmup 20] [--build-dir DIR]`).
//
// POST /api/generate end to end over HTTP (the real Express + Remix server in this process, local
// engines, useRAG: true) against a library of --docs documents: the starter library plus
// synthetic documents written through the library service (rag_documents + the vector index).
// The prompts are the prompt set's, cycled. Prints JSON lines: the setup, then the result with
// p50/p95 of the whole request and the median of each stage from metadata.timingsMs.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { useOfflineTempEnv } from "../lib/offline-env";
import { median, percentile, rng } from "./lib/stats";
import { ANGLES, BRANDS, FEATURES } from "./lib/retrieval-corpus";

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

const DOCS = Number(arg("docs", "1000"));
const REQUESTS = Number(arg("requests", "200"));
const WARMUP = Number(arg("warmup", "20"));
const TARGET_P50_MS = 150;

// Configuration is read once, on the first import of the app: set it before importing anything.
const dataDir = useOfflineTempEnv("bench-generate");
process.env.NODE_ENV = "production";

const out = (o: Record<string, unknown>) => console.log(JSON.stringify({ bench: "generate", ...o }));

const round = (x: number) => Math.round(x * 100) / 100;

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

const COMPLEXITY = ["beginner", "intermediate", "advanced"] as const;

/**
 * The build the server runs: the current code, built into its own folder unless one is given.
 * Inside the repo (like the test builds), so the bundle resolves node_modules.
 */
let ownBuild: string | undefined;
function ensureBuild(): string {
  const given = arg("build-dir", "");
  if (given) return path.resolve(given);
  const dir = path.resolve(".cache/bench-builds", path.basename(dataDir));
  ownBuild = dir;
  const t = performance.now();
  execFileSync(process.execPath, [path.resolve("scripts/build.mjs")], { env: { ...process.env, KINETIC_BUILD_DIR: dir }, stdio: "pipe" });
  out({ phase: "build", ms: Math.round(performance.now() - t) });
  return dir;
}

async function main(): Promise<void> {
  const buildDir = ensureBuild();
  const { loadBuild, createHttpServer } = await import("../../server/http-server");
  const build = loadBuild(buildDir);
  const serverApp = await build.entry.module.getApp();
  await build.entry.module.bootstrap();

  // Seeding and the token go through this process's own copy of the modules (the build bundles
  // its own), on the same database file, before the server answers its first request.
  const [{ getApp }, { addDocuments }, { loadStarterLibraryEntries }, { countDocuments }, users, { issueAccessToken }, { loadPromptSet }] =
    await Promise.all([
      import("../../app/composition/app.server"),
      import("../../app/services/library.server"),
      import("../../db/seed"),
      import("../../app/models/rag-documents.server"),
      import("../../app/models/users.server"),
      import("../../app/services/auth.server"),
      import("../eval/set"),
    ]);
  const app = await getApp();
  const tSeed = performance.now();
  const starter = loadStarterLibraryEntries();
  if ((await countDocuments(app.database.db)) === 0) {
    const r = await addDocuments(
      app,
      starter.map((e) => ({ input: e.document as never, options: { seedKey: e.key } })),
    );
    if (!r.ok) throw new Error(`seeding the starter library: ${r.error}`);
  }
  // Synthetic documents carry real emails (the starter positives), so the examples the pipeline
  // fetches and hands to the code stage have realistic sizes.
  const positives = starter.flatMap((e) => (e.document.uploadType === "html" && e.document.exampleType === "positive" ? [e.document] : []));
  const r = rng(42);
  let have = await countDocuments(app.database.db);
  while (have < DOCS) {
    const batch = Array.from({ length: Math.min(100, DOCS - have) }, () => {
      const base = pick(r, positives);
      const brand = pick(r, BRANDS);
      const angle = pick(r, ANGLES);
      const features = [pick(r, FEATURES), pick(r, FEATURES), pick(r, FEATURES)];
      return {
        input: {
          ...base,
          description: `${brand} ${angle} email: ${base.description}`,
          complexity: pick(r, COMPLEXITY),
          exampleType: r() < 0.1 ? ("negative" as const) : ("positive" as const),
          keyFeatures: features,
          bestPracticeTags: [pick(r, FEATURES)],
        },
      };
    });
    const added = await addDocuments(app, batch as never);
    if (!added.ok) throw new Error(`adding synthetic documents: ${added.error}`);
    have = await countDocuments(app.database.db);
  }
  out({ phase: "library", documents: have, starter: starter.length, ms: Math.round(performance.now() - tSeed) });

  const created = await users.createUser(app.database.db, {
    email: "bench-generate@kinetic.local",
    password: "bench-generate-password",
    credits: 1_000_000,
  });
  if (!created.ok) throw new Error(created.error);
  const { token } = await issueAccessToken(app, created.user, "2h", "bench");

  const server = createHttpServer(build, buildDir, serverApp.logger, serverApp.env);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/generate`;

  const set = loadPromptSet("scripts/eval/prompts.v1.json");
  if (!set.ok) throw new Error(set.error);
  const bodies = set.set.prompts.map((p) => {
    const { id: _id, expectTechniques: _e, ...rest } = p as Record<string, unknown>;
    return JSON.stringify({ ...rest, useRAG: true });
  });

  const once = async (i: number) => {
    const t = performance.now();
    const res = await fetch(url, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: bodies[i % bodies.length],
    });
    const body = (await res.json()) as {
      success?: boolean;
      error?: string;
      metadata?: {
        timingsMs: Record<string, number>;
        rag: { used: boolean; examplesCount: number; trace?: { timingsMs?: Record<string, number> } };
      };
    };
    const ms = performance.now() - t;
    if (res.status !== 200 || !body.metadata) throw new Error(`request ${i}: ${res.status} ${body.error ?? ""}`);
    return { ms, metadata: body.metadata };
  };

  try {
    for (let i = 0; i < WARMUP; i++) await once(i);
    const times: number[] = [];
    const stages: Record<string, number[]> = {};
    const retrievalSteps: Record<string, number[]> = {};
    let ragUsed = 0;
    let examples = 0;
    const cpu = process.cpuUsage();
    const t0 = performance.now();
    for (let i = 0; i < REQUESTS; i++) {
      const { ms, metadata } = await once(WARMUP + i);
      times.push(ms);
      for (const [k, v] of Object.entries(metadata.timingsMs)) (stages[k] ??= []).push(v);
      for (const [k, v] of Object.entries(metadata.rag.trace?.timingsMs ?? {}))
        if (typeof v === "number") (retrievalSteps[k] ??= []).push(v);
      if (metadata.rag.used) ragUsed++;
      examples += metadata.rag.examplesCount;
    }
    const wall = performance.now() - t0;
    const used = process.cpuUsage(cpu);
    const p50 = median(times);
    out({
      phase: "result",
      documents: have,
      requests: REQUESTS,
      concurrency: 1,
      p50Ms: round(p50),
      p95Ms: round(percentile(times, 95)),
      maxMs: round(Math.max(...times)),
      meanMs: round(times.reduce((a, b) => a + b, 0) / times.length),
      cpuMsPerRequest: round((used.user + used.system) / 1000 / REQUESTS),
      requestsPerSecond: round((REQUESTS * 1000) / wall),
      stageMedianMs: Object.fromEntries(Object.entries(stages).map(([k, v]) => [k, round(median(v))])),
      stageP95Ms: Object.fromEntries(Object.entries(stages).map(([k, v]) => [k, round(percentile(v, 95))])),
      retrievalStepMedianMs: Object.fromEntries(Object.entries(retrievalSteps).map(([k, v]) => [k, round(median(v))])),
      ragUsedRate: round(ragUsed / REQUESTS),
      meanExamples: round(examples / REQUESTS),
      targetP50Ms: TARGET_P50_MS,
      targetMet: p50 <= TARGET_P50_MS,
    });
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

function cleanUp(): void {
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (ownBuild) fs.rmSync(ownBuild, { recursive: true, force: true });
}

main().then(
  () => {
    cleanUp();
    process.exit(0);
  },
  (error) => {
    console.error(error);
    cleanUp();
    process.exit(1);
  },
);
