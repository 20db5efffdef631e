// A server killed mid-generation and mid-eval (SIGKILL: no finally, no refund) leaves its charges
// pending; the next start refunds them, with a ledger note saying why, and finalizes the eval run.
// A second server started on the same database while the first still works must leave the first
// one's charge alone. Real servers in their own processes; the language model is a local fake that
// reads the brief (before any charge) and then never answers the copy, so each kill lands while a
// charged generation waits for it. Then kill cycles during eval runs: a kill after a prompt's email
// is generated and before its result is stored (the judge hangs) must refund that prompt's charge,
// so over every cycle the credits spent are exactly the results stored times the cost.
import fs from "node:fs";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Client } from "@libsql/client";
import { startFakeLlmVendor, type FakeLlmVendor } from "../helpers/fake-llm-vendor";
import { PageClient } from "../helpers/pages";
import { startServerProcess, type ServerProcess } from "../helpers/server-process";
import type { TestServer } from "../helpers/server";
import { waitUntil } from "../helpers/wait";

const BASE_URL = "http://localhost:3000";
const ADMIN = { email: "admin@restart.example", password: "admin-password-123" };
const BENCH_CREDITS = 1_000_000;
const ADMIN_CREDITS = 40;
const PROMPT = "Spring sale email for Bloom & Co with tabs for Dresses ($49), Shoes ($79) and Bags ($59). 20% off with code BLOOM20.";

let fake: FakeLlmVendor;
const started: ServerProcess[] = [];

beforeAll(async () => {
  fake = await startFakeLlmVendor();
  fake.setMode("timeout", { stages: ["copy"] });
});
afterAll(async () => {
  for (const s of started.reverse()) await s.kill("SIGKILL").catch(() => undefined);
  for (const dir of new Set(started.map((s) => s.dataDir))) fs.rmSync(dir, { recursive: true, force: true });
  await fake?.close();
});

const env = {
  ANTHROPIC_API_KEY: "test",
  LLM_TIMEOUT_MS: "600000",
  LLM_MAX_RETRIES: "0",
  BASE_URL,
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  NEW_USER_CREDITS: String(ADMIN_CREDITS),
};

async function start(dataDir?: string): Promise<ServerProcess> {
  const server = await startServerProcess({ ...env, ANTHROPIC_BASE_URL: fake.url }, dataDir ? { dataDir } : {});
  started.push(server);
  return server;
}

const rows = async (db: Client, sql: string, args: (string | number)[] = []) => (await db.execute({ sql, args })).rows;
const balanceOf = async (db: Client, email: string) =>
  Number(
    (await rows(db, "SELECT b.balance FROM credit_balances b JOIN users u ON u.id = b.user_id WHERE u.email = ?", [email]))[0].balance,
  );

/** Waits until the fake model has received `n` copy requests: the generations are charged and under way. */
async function modelCalls(n: number): Promise<void> {
  await waitUntil(() => fake.of("copy").length >= n, {
    what: () => `${n} copy calls (got ${fake.of("copy").length})`,
    timeoutMs: 30_000,
    intervalMs: 50,
  });
}

it("refunds the charges of generations and eval runs a kill interrupted, and leaves a live server's alone", async () => {
  const first = await start();
  const cost = 1; // CREDITS_PER_GENERATION's default

  // A generation through the API, hanging on the model…
  const generation = fetch(`${first.url}/api/generate`, {
    method: "POST",
    headers: { Authorization: `Bearer ${first.token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ prompt: PROMPT }),
  }).catch(() => null);
  await modelCalls(1);

  // …and an eval run started by the admin on the Evals page, hanging on the model too.
  const browser = new PageClient({ url: first.url, app: { env: { BASE_URL } } } as unknown as TestServer);
  expect((await browser.signIn(ADMIN.email, ADMIN.password)).status).toBe(302);
  const { csrf } = await browser.page("/admin/evals");
  const startRun = await browser.post("/admin/evals", { _csrf: csrf, set: "prompts.v1.json", label: "cut off by a kill", limit: "1" });
  expect(startRun.status).toBe(302);
  await modelCalls(2);
  const db1 = first.db();
  // Both charges are taken before their copy call; wait for the second one's row to be visible here.
  await waitUntil(async () => Number((await rows(db1, "SELECT count(*) AS n FROM pending_charges"))[0].n) >= 2, {
    what: "two pending charges",
    timeoutMs: 5_000,
    intervalMs: 50,
  });

  expect(await balanceOf(db1, "bench@sender.example")).toBe(BENCH_CREDITS - cost);
  expect(await balanceOf(db1, ADMIN.email)).toBe(ADMIN_CREDITS - cost);
  expect((await rows(db1, "SELECT count(*) AS n FROM pending_charges"))[0].n).toBe(2);
  const [run] = await rows(db1, "SELECT id, status FROM eval_runs");
  expect(run.status).toBe("running");

  // A second server on the same database while the first is alive: nothing of the first's is touched.
  const second = await start(first.dataDir);
  const db2 = second.db();
  expect(await balanceOf(db2, "bench@sender.example")).toBe(BENCH_CREDITS - cost);
  expect((await rows(db2, "SELECT count(*) AS n FROM pending_charges"))[0].n).toBe(2);
  expect((await rows(db2, "SELECT status FROM eval_runs WHERE id = ?", [String(run.id)]))[0].status).toBe("running");
  await second.kill("SIGTERM");

  // The kill: the process cannot refund anything on its way out.
  await first.kill("SIGKILL");
  void generation;
  const third = await start(first.dataDir);
  const db3 = third.db();

  expect(await balanceOf(db3, "bench@sender.example")).toBe(BENCH_CREDITS);
  expect(await balanceOf(db3, ADMIN.email)).toBe(ADMIN_CREDITS);
  expect((await rows(db3, "SELECT count(*) AS n FROM pending_charges"))[0].n).toBe(0);
  // Each charge has its refund: same reference, same amount, and a note saying why.
  const ledger = await rows(db3, "SELECT kind, delta, reference, note FROM credit_ledger WHERE kind IN ('charge', 'refund') ORDER BY id");
  const charges = ledger.filter((r) => r.kind === "charge");
  const refunds = ledger.filter((r) => r.kind === "refund");
  expect(charges).toHaveLength(2);
  expect(refunds.map((r) => r.reference).sort()).toEqual(charges.map((r) => r.reference).sort());
  for (const r of refunds) expect(r).toMatchObject({ delta: cost, note: "refund: interrupted by a restart" });
  // The eval run is finalized with what it had (nothing), and shown as incomplete.
  expect((await rows(db3, "SELECT status, result_count FROM eval_runs WHERE id = ?", [String(run.id)]))[0]).toMatchObject({
    status: "complete",
    result_count: 0,
  });

  // A later restart refunds nothing again.
  await third.kill("SIGKILL");
  const fourth = await start(first.dataDir);
  expect((await rows(fourth.db(), "SELECT count(*) AS n FROM credit_ledger WHERE kind = 'refund'"))[0].n).toBe(2);
  expect(await balanceOf(fourth.db(), "bench@sender.example")).toBe(BENCH_CREDITS);
}, 240_000);

it("over kill cycles during page eval runs, the credits spent are the results stored times the cost", async () => {
  const cost = 1; // CREDITS_PER_GENERATION's default
  const CYCLES = 4;
  const PROMPTS = 3;
  let dataDir: string | undefined;
  for (let cycle = 0; cycle < CYCLES; cycle++) {
    // This cycle's run judges `judged` prompts, then the next prompt's judge call hangs: its email
    // is generated (and paid for) but its result is not stored when the kill comes.
    const judged = cycle % PROMPTS;
    const server = await start(dataDir);
    dataDir = server.dataDir;
    const judgeCalls = fake.of("judge").length;
    fake.setMode("timeout", { stages: ["judge"], after: judged });
    const browser = new PageClient({ url: server.url, app: { env: { BASE_URL } } } as unknown as TestServer);
    expect((await browser.signIn(ADMIN.email, ADMIN.password)).status).toBe(302);
    const { csrf } = await browser.page("/admin/evals");
    const run = await browser.post("/admin/evals", {
      _csrf: csrf,
      set: "prompts.v1.json",
      label: `kill cycle ${cycle}`,
      limit: String(PROMPTS),
    });
    expect(run.status).toBe(302);
    await waitUntil(() => fake.of("judge").length >= judgeCalls + judged + 1, {
      what: () => `${judged + 1} judge calls in cycle ${cycle} (got ${fake.of("judge").length - judgeCalls})`,
      timeoutMs: 60_000,
      intervalMs: 50,
    });
    await server.kill("SIGKILL");
  }
  fake.setMode("ok");
  // The start after the last kill settles what it left.
  const last = await start(dataDir);
  const db = last.db();
  const results = Number((await rows(db, "SELECT count(*) AS n FROM eval_results WHERE error IS NULL"))[0].n);
  expect(Number((await rows(db, "SELECT count(*) AS n FROM eval_results"))[0].n)).toBe(results);
  expect(results).toBe([...Array(CYCLES).keys()].reduce((n, cycle) => n + (cycle % PROMPTS), 0));
  expect(ADMIN_CREDITS - (await balanceOf(db, ADMIN.email))).toBe(results * cost);
  expect((await rows(db, "SELECT count(*) AS n FROM pending_charges"))[0].n).toBe(0);
  // Each prompt that was generated has its charge, and each cut off by a kill its refund.
  const kinds = await rows(
    db,
    "SELECT kind, count(*) AS n FROM credit_ledger WHERE kind IN ('charge', 'refund') GROUP BY kind ORDER BY kind",
  );
  expect(kinds.map((r) => [r.kind, Number(r.n)])).toEqual([
    ["charge", results + CYCLES],
    ["refund", CYCLES],
  ]);
  expect((await rows(db, "SELECT count(*) AS n FROM eval_runs WHERE status = 'running'"))[0].n).toBe(0);
}, 300_000);
