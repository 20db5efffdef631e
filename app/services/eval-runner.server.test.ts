// The page's eval runner on the real local engines and this file's own database (test/setup.ts):
// prompt sets read from a folder, a run executed in the background through the generation,
// judge and eval storage services, credits, stopping, and the stale-run sweep.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "../../db/migrate";
import { getApp, type AppContext } from "~/composition/app.server";
import { summarizeResults } from "~/domain/eval/stats";
import type { JudgeEngine } from "~/engines/judge/port";
import { balanceOf } from "~/models/credits.server";
import { findRun, insertRun, listResults } from "~/models/eval.server";
import { createUser, type User } from "~/models/users.server";
import { MAX_SET_BYTES, STALE_AFTER_MS, listPromptSets, liveRun, startEvalRun, stopRun, sweepStaleRuns } from "./eval-runner.server";
import { StartRunFormSchema } from "~/domain/requests/eval";
import { getCompareView, getEvalsOverview, getResultView, getRunView } from "./eval-views.server";

let app: AppContext;
let dir: string;
let counter = 0;

async function newAdmin(credits: number): Promise<User> {
  const created = await createUser(app.database.db, {
    email: `runner${++counter}@example.com`,
    password: "password123",
    admin: true,
    credits,
  });
  if (!created.ok) throw new Error(created.error);
  return created.user;
}

function form(fields: Record<string, string>) {
  const parsed = StartRunFormSchema.safeParse(fields);
  if (!parsed.success) throw new Error(parsed.error.message);
  return parsed.data;
}

beforeAll(async () => {
  app = await getApp();
  await migrate(app.database.client);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "kinetic-eval-sets-"));
  fs.copyFileSync(path.resolve("test/fixtures/eval-prompts.small.json"), path.join(dir, "small.json"));
  fs.writeFileSync(
    path.join(dir, "three-techniques.json"),
    JSON.stringify({
      version: "bad-v1",
      prompts: [
        { id: "too-many", prompt: "One email for Acme with tabs, an accordion and a carousel of our three products." },
        { id: "plans-tabs", prompt: "Northwind Studio plan comparison with tabs for Starter, Team and Business plans." },
      ],
    }),
  );
  fs.writeFileSync(
    path.join(dir, "deep-section.json"),
    JSON.stringify({
      version: "deep-v1",
      prompts: [
        {
          id: "deep",
          prompt: "Northwind Studio plans in tabs.",
          savedSections: [{ name: "footer", html: `${"<div>".repeat(250)}x${"</div>".repeat(250)}` }],
        },
      ],
    }),
  );
  fs.writeFileSync(
    path.join(dir, "broken.json"),
    JSON.stringify({
      version: "x",
      prompts: [
        { id: "a", prompt: "p" },
        { id: "a", prompt: "q" },
      ],
    }),
  );
  fs.writeFileSync(path.join(dir, "huge.json"), " ".repeat(MAX_SET_BYTES + 1));
  fs.writeFileSync(path.join(dir, "notes.txt"), "not a set");
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("prompt sets", () => {
  it("lists the folder's .json files, validated, and says why a set cannot be used", async () => {
    const sets = await listPromptSets(dir);
    expect(sets.map((s) => s.file)).toEqual(["broken.json", "deep-section.json", "huge.json", "small.json", "three-techniques.json"]);
    expect(sets.find((s) => s.file === "small.json")).toEqual({ file: "small.json", ok: true, version: "small-v1", promptCount: 3 });
    const broken = sets.find((s) => s.file === "broken.json");
    expect(broken?.ok).toBe(false);
    expect(!broken?.ok && broken?.error).toContain('prompts[1].id: duplicate id "a"');
    const huge = sets.find((s) => s.file === "huge.json");
    expect(!huge?.ok && huge?.error).toBe("huge.json is larger than 2 MB");
  });

  it("offers the CLI's sets by default", async () => {
    const sets = await listPromptSets();
    expect(sets.find((s) => s.file === "prompts.v1.json")).toMatchObject({ ok: true, version: "v1" });
  });

  it("refuses a file name outside the folder or an unknown set, before any run exists", async () => {
    const user = await newAdmin(10);
    for (const set of ["../../package.json", "/etc/passwd.json", "missing.json"]) {
      const r = await startEvalRun(app, user, form({ set, label: "x" }), { setsDir: dir });
      expect(r).toMatchObject({ ok: false, status: 400 });
    }
    expect(await balanceOf(app.database.db, user.id)).toBe(10);
  });
});

describe("a run started from the page", () => {
  it("generates, judges and saves each prompt in turn, then finalizes; the results match the services'", async () => {
    const user = await newAdmin(10);
    const started = await startEvalRun(app, user, form({ set: "small.json", label: "page run", limit: "2" }), { setsDir: dir });
    if (!started.ok) throw new Error(started.error);
    expect(started.value).toMatchObject({ promptCount: 2, cost: 2 });
    // While it runs, this process knows what it is doing.
    expect(liveRun(started.value.runId)).toMatchObject({ total: 2, setFile: "small.json", useRAG: false });
    await started.value.done;
    expect(liveRun(started.value.runId)).toBeNull();

    const run = await findRun(app.database.db, started.value.runId);
    expect(run).toMatchObject({
      label: "page run",
      promptSetVersion: "small-v1",
      promptCount: 2,
      status: "complete",
      resultCount: 2,
      errorCount: 0,
    });
    const results = await listResults(app.database.db, started.value.runId);
    expect(results.map((r) => r.promptId)).toEqual(["cafe-cart", "shipping-faq"]);
    for (const r of results) {
      expect(r.error).toBeNull();
      expect(r.qaScore).toBeGreaterThan(0);
      expect(r.judgeScore).toBeGreaterThan(0);
      expect(r.generationMs).toBeGreaterThanOrEqual(0);
      expect(r.details).toMatchObject({
        source: "admin-page",
        promptSet: "small.json",
        useRAG: false,
        rag: { used: false, examplesCount: 0 },
      });
      expect(String(r.details?.html)).toMatch(/^<!DOCTYPE html>/i);
      expect(r.details?.htmlBytes).toBe(Buffer.byteLength(String(r.details?.html)));
      // The stored score is the composition's judge on the stored email (one code path with /api/eval/judge).
      const again = await app.adapters.engines.judge.judge({ prompt: String(r.prompt), html: String(r.details?.html) });
      expect(again.ok && again.score).toBe(r.judgeScore);
    }
    const summary = summarizeResults(results);
    expect(run).toMatchObject({
      avgQaScore: summary.avgQaScore,
      avgJudgeScore: summary.avgJudgeScore,
      avgGenerationMs: summary.avgGenerationMs,
    });
    // Each prompt is a charged generation, as with the CLI.
    expect(await balanceOf(app.database.db, user.id)).toBe(8);

    // The pages read it without the HTML, and one result with it.
    const view = await getRunView(app, started.value.runId);
    if (!view.ok) throw new Error(view.error);
    expect(view.value.progress).toBeNull();
    expect(view.value.options).toEqual({ promptSet: "small.json", useRAG: false });
    expect(view.value.results).toHaveLength(2);
    expect(view.value.results[0]).toMatchObject({ promptId: "cafe-cart", hasHtml: true, technique: "itemCart" });
    expect(JSON.stringify(view.value)).not.toContain("<!DOCTYPE");
    const one = await getResultView(app, started.value.runId, view.value.results[1].id);
    if (!one.ok) throw new Error(one.error);
    expect(one.value).toMatchObject({ position: 2, total: 2, previous: view.value.results[0].id, next: null });
    expect(one.value.result.html).toMatch(/^<!DOCTYPE html>/i);
    expect(one.value.result.rubric.map((r) => r.criterion)).toEqual(["qa", "copy-fidelity", "techniques", "interactivity"]);
  });

  it("records a prompt the generator refuses as errored (not charged) and goes on", async () => {
    const user = await newAdmin(5);
    const started = await startEvalRun(app, user, form({ set: "three-techniques.json", label: "with an error", rag: "on" }), {
      setsDir: dir,
    });
    if (!started.ok) throw new Error(started.error);
    await started.value.done;
    const results = await listResults(app.database.db, started.value.runId);
    expect(results[0]).toMatchObject({ promptId: "too-many", qaScore: null, judgeScore: null });
    expect(results[0].error).toMatch(/^generate: .*techniques/i);
    expect(results[1]).toMatchObject({ promptId: "plans-tabs", error: null, details: expect.objectContaining({ useRAG: true }) });
    expect(await findRun(app.database.db, started.value.runId)).toMatchObject({ status: "complete", resultCount: 2, errorCount: 1 });
    // Only the generation that ran was charged.
    expect(await balanceOf(app.database.db, user.id)).toBe(4);
  });

  it("refuses verbatim HTML over the limits as POST /api/generate does, before any credit moves", async () => {
    const user = await newAdmin(5);
    const started = await startEvalRun(app, user, form({ set: "deep-section.json", label: "deep" }), { setsDir: dir });
    if (!started.ok) throw new Error(started.error);
    await started.value.done;
    const [result] = await listResults(app.database.db, started.value.runId);
    expect(result.error).toMatch(/^generate: savedSections\.0\.html is nested too deeply/);
    expect(await balanceOf(app.database.db, user.id)).toBe(5);
  });

  it("records a judge failure with the stage, keeping the QA score", async () => {
    const user = await newAdmin(5);
    const judge: JudgeEngine = {
      kind: "llm",
      judge: async () => ({
        ok: false,
        error: "model unavailable",
        usage: { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, estimated: false },
      }),
    };
    const started = await startEvalRun(app, user, form({ set: "small.json", label: "judge down", limit: "1" }), { setsDir: dir, judge });
    if (!started.ok) throw new Error(started.error);
    await started.value.done;
    const [result] = await listResults(app.database.db, started.value.runId);
    expect(result.error).toBe("judge: model unavailable");
    expect(result.qaScore).toBeGreaterThan(0);
    expect(await findRun(app.database.db, started.value.runId)).toMatchObject({
      status: "complete",
      errorCount: 1,
      avgQaScore: 0,
      avgJudgeScore: 0,
    });
  });

  it("keeps a prompt's credit only with its stored result: one the run no longer takes is refunded", async () => {
    const user = await newAdmin(5);
    const local = app.adapters.engines.judge;
    let runId = "";
    // The run is finalized while its first email is judged (an admin's "Finalize now", another process).
    const judge: JudgeEngine = {
      kind: "local",
      judge: async (input) => {
        await stopRun(app, runId).catch(() => undefined);
        const { finalizeRun } = await import("./eval.server");
        await finalizeRun(app, runId);
        return local.judge(input);
      },
    };
    const started = await startEvalRun(app, user, form({ set: "small.json", label: "finalized meanwhile", limit: "2" }), {
      setsDir: dir,
      judge,
    });
    if (!started.ok) throw new Error(started.error);
    runId = started.value.runId;
    await started.value.done;
    expect(await listResults(app.database.db, runId)).toEqual([]);
    expect(await balanceOf(app.database.db, user.id)).toBe(5);
    const pending = await app.database.client.execute({
      sql: "SELECT count(*) AS n FROM pending_charges WHERE user_id = ?",
      args: [user.id],
    });
    expect(Number(pending.rows[0].n)).toBe(0);
  });

  it("refuses a run the balance cannot pay for, with the cost and the balance, and creates nothing", async () => {
    const user = await newAdmin(1);
    const before = (await getEvalsOverview(app, user, { setsDir: dir })).runs.length;
    const r = await startEvalRun(app, user, form({ set: "small.json", label: "too dear" }), { setsDir: dir });
    expect(r).toEqual({
      ok: false,
      status: 402,
      error:
        "Not enough credits: this run needs 3 credits (3 prompts × 1) and your balance is 1. Run fewer prompts, or grant credits on the Admin page.",
    });
    expect((await getEvalsOverview(app, user, { setsDir: dir })).runs.length).toBe(before);
  });

  it("validates the form: a label, a whole positive limit", () => {
    expect(StartRunFormSchema.safeParse({ set: "small.json", label: "  " }).success).toBe(false);
    expect(StartRunFormSchema.safeParse({ set: "small.json", label: "x", limit: "0" }).success).toBe(false);
    expect(StartRunFormSchema.safeParse({ set: "small.json", label: "x", limit: "1.5" }).success).toBe(false);
    expect(StartRunFormSchema.safeParse({ set: "small.json", label: "x", limit: "" }).data).toEqual({
      set: "small.json",
      label: "x",
      rag: false,
      limit: undefined,
    });
    expect(StartRunFormSchema.safeParse({ set: "small.json", label: "x", rag: "on", limit: "2" }).data).toEqual({
      set: "small.json",
      label: "x",
      rag: true,
      limit: 2,
    });
  });

  it("stops after the prompt in progress when asked, and finalizes what ran", async () => {
    const user = await newAdmin(5);
    const started = await startEvalRun(app, user, form({ set: "small.json", label: "stopped" }), { setsDir: dir });
    if (!started.ok) throw new Error(started.error);
    expect(await stopRun(app, started.value.runId)).toEqual({ ok: true, value: "stopping" });
    await started.value.done;
    const run = await findRun(app.database.db, started.value.runId);
    expect(run).toMatchObject({ status: "complete", promptCount: 3, resultCount: 1 });
    expect(await balanceOf(app.database.db, user.id)).toBe(4);
    expect(await stopRun(app, started.value.runId)).toMatchObject({ ok: false, status: 409 });
  });
});

describe("runs nobody executes any more", () => {
  it("are finalized by the sweep after STALE_AFTER_MS without progress; fresh and live runs are left alone", async () => {
    const db = app.database.db;
    const stale = await insertRun(db, { label: "interrupted", promptSetVersion: "v1", promptCount: 4 });
    const now = Date.now() + STALE_AFTER_MS + 60_000;
    // Not yet stale at the current time.
    expect(await sweepStaleRuns(app)).not.toContain(stale.id);
    expect((await findRun(db, stale.id))?.status).toBe("running");

    const user = await newAdmin(5);
    const started = await startEvalRun(app, user, form({ set: "small.json", label: "live", limit: "1" }), { setsDir: dir });
    if (!started.ok) throw new Error(started.error);
    const swept = await sweepStaleRuns(app, { now });
    expect(swept).toContain(stale.id);
    expect(swept).not.toContain(started.value.runId);
    expect(await findRun(db, stale.id)).toMatchObject({ status: "complete", resultCount: 0, promptCount: 4 });
    await started.value.done;
    expect(await findRun(db, started.value.runId)).toMatchObject({ status: "complete", resultCount: 1 });
  });

  it("can be finalized by an admin at once", async () => {
    const db = app.database.db;
    const cli = await insertRun(db, { label: "cli run", promptSetVersion: "v1", promptCount: 2 });
    expect(await stopRun(app, cli.id)).toEqual({ ok: true, value: "finalized" });
    expect((await findRun(db, cli.id))?.status).toBe("complete");
    expect(await stopRun(app, "no-such-run")).toMatchObject({ ok: false, status: 404 });
  });
});

describe("comparing two page runs", () => {
  it("matches prompts by id and keeps each side's result ids", async () => {
    const user = await newAdmin(10);
    const ids: string[] = [];
    for (const rag of ["", "on"]) {
      const started = await startEvalRun(app, user, form({ set: "small.json", label: `cmp ${rag || "off"}`, limit: "2", rag }), {
        setsDir: dir,
      });
      if (!started.ok) throw new Error(started.error);
      await started.value.done;
      ids.push(started.value.runId);
    }
    const view = await getCompareView(app, ids[0], ids[1]);
    if (!view.ok) throw new Error(view.error);
    expect(view.value.comparison.prompts.map((p) => p.promptId)).toEqual(["cafe-cart", "shipping-faq"]);
    expect(view.value.a.rag).toBe(false);
    expect(view.value.b.rag).toBe(true);
    expect(view.value.prompts["cafe-cart"]).toContain("Morning Crumb Bakery");
    expect(Object.keys(view.value.resultIds.a)).toEqual(["cafe-cart", "shipping-faq"]);
    expect(await getCompareView(app, ids[0], "nope")).toMatchObject({ ok: false, status: 404 });
  });
});
