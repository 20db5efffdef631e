import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { render } from "~/domain/render";
import { sampleBlueprint } from "../fixtures/blueprints";
import { startTestServer, type TestServer } from "../helpers/server";
import { createUserWithToken } from "../helpers/users";

let server: TestServer;
let admin: string;
let user: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = (await createUserWithToken(server, { admin: true })).token;
  user = (await createUserWithToken(server, { admin: false })).token;
});
afterAll(() => server?.close());

async function post(path: string, json: unknown, token = admin) {
  const res = await server.fetch(path, { method: "POST", token, json });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}
async function get(path: string, token = admin) {
  const res = await server.fetch(path, { token });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}
const evalPost = (json: unknown, token = admin) => post("/api/admin/eval", json, token);

async function newRun(label = "t", promptCount = 3): Promise<string> {
  const r = await evalPost({ action: "createRun", label, promptSetVersion: "v-test", promptCount });
  expect(r.status).toBe(200);
  return r.body.runId as string;
}

describe("eval run state table", () => {
  it("createRun → saveResult → finalizeRun, with errored prompts counted as 0", async () => {
    const runId = await newRun("state", 3);
    const created = await get(`/api/admin/eval?run=${runId}`);
    expect(created.body.run).toMatchObject({
      id: runId,
      label: "state",
      promptSetVersion: "v-test",
      promptCount: 3,
      status: "running",
      resultCount: 0,
    });

    const results = [
      { promptId: "p1", prompt: "tabs for plans", qaScore: 90, judgeScore: 80, generationMs: 100 },
      { promptId: "p2", prompt: "accordion faq", qaScore: 60, judgeScore: 70, generationMs: 300, details: { technique: "accordion" } },
      { promptId: "p3", prompt: "broken", error: "HTTP 500: Internal server error", generationMs: 9000 },
    ];
    for (const result of results) {
      const saved = await evalPost({ action: "saveResult", runId, result });
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({ success: true, resultId: expect.any(Number) });
    }
    const running = await get(`/api/admin/eval?run=${runId}`);
    expect(running.body.run).toMatchObject({ status: "running", resultCount: 3, errorCount: 1, avgQaScore: null });

    const done = await evalPost({ action: "finalizeRun", runId });
    expect(done.status).toBe(200);
    // QA (90 + 60 + 0) / 3, judge (80 + 70 + 0) / 3, time over the two that generated.
    expect(done.body.run).toMatchObject({
      id: runId,
      status: "complete",
      resultCount: 3,
      errorCount: 1,
      avgQaScore: 50,
      avgJudgeScore: 50,
      avgGenerationMs: 200,
      completedAt: expect.any(String),
    });

    const again = await evalPost({ action: "finalizeRun", runId });
    expect(again).toEqual(done);

    const refused = await evalPost({ action: "saveResult", runId, result: { promptId: "late", qaScore: 100 } });
    expect(refused.status).toBe(409);
    expect(refused.body.success).toBe(false);

    const detail = await get(`/api/admin/eval?run=${runId}`);
    expect(detail.status).toBe(200);
    expect(detail.body.run).toEqual(done.body.run);
    expect(detail.body.results).toHaveLength(3);
    expect(detail.body.results[1]).toMatchObject({
      promptId: "p2",
      qaScore: 60,
      judgeScore: 70,
      generationMs: 300,
      error: null,
      details: { technique: "accordion" },
    });
    expect(detail.body.results[2]).toMatchObject({ promptId: "p3", qaScore: null, error: "HTTP 500: Internal server error" });
  });

  it("finalises an empty run with null averages", async () => {
    const runId = await newRun("empty", 0);
    const done = await evalPost({ action: "finalizeRun", runId });
    expect(done.body.run).toMatchObject({
      status: "complete",
      resultCount: 0,
      errorCount: 0,
      avgQaScore: null,
      avgJudgeScore: null,
      avgGenerationMs: null,
    });
  });

  it("keeps every concurrent saveResult and counts them all at finalize", async () => {
    const runId = await newRun("concurrent", 12);
    const saves = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        evalPost({ action: "saveResult", runId, result: { promptId: `p${i}`, qaScore: i % 2 ? 100 : 50, judgeScore: 75 } }),
      ),
    );
    expect(saves.map((s) => s.status)).toEqual(Array(12).fill(200));
    expect(new Set(saves.map((s) => s.body.resultId)).size).toBe(12);
    const done = await evalPost({ action: "finalizeRun", runId });
    expect(done.body.run).toMatchObject({ resultCount: 12, avgQaScore: 75, avgJudgeScore: 75 });
  });

  it("never keeps a result that races past finalize: the stored counts always match the rows", async () => {
    const runId = await newRun("race", 10);
    const saves = Array.from({ length: 10 }, (_, i) =>
      evalPost({ action: "saveResult", runId, result: { promptId: `p${i}`, qaScore: 80 } }),
    );
    const [done, ...saved] = await Promise.all([evalPost({ action: "finalizeRun", runId }), ...saves]);
    expect(done.status).toBe(200);
    for (const s of saved) expect([200, 409]).toContain(s.status);
    const accepted = saved.filter((s) => s.status === 200).length;
    const detail = await get(`/api/admin/eval?run=${runId}`);
    expect(detail.body.results).toHaveLength(accepted);
    expect(detail.body.run.resultCount).toBe(accepted);
    expect(done.body.run.resultCount).toBe(accepted);
  });

  it("answers 404 for an unknown run", async () => {
    expect((await get("/api/admin/eval?run=no-such-run")).status).toBe(404);
    expect((await evalPost({ action: "saveResult", runId: "no-such-run", result: { qaScore: 1 } })).status).toBe(404);
    const fin = await evalPost({ action: "finalizeRun", runId: "no-such-run" });
    expect(fin.status).toBe(404);
    expect(fin.body).toEqual({ success: false, error: "Eval run not found" });
  });

  it.each([
    ["unknown action", { action: "deleteRun", runId: "x" }],
    ["no action", { label: "x" }],
    ["missing label", { action: "createRun", promptSetVersion: "v1", promptCount: 1 }],
    ["missing promptSetVersion", { action: "createRun", label: "x", promptCount: 1 }],
    ["missing promptCount", { action: "createRun", label: "x", promptSetVersion: "v1" }],
    ["negative promptCount", { action: "createRun", label: "x", promptSetVersion: "v1", promptCount: -1 }],
    ["fractional promptCount", { action: "createRun", label: "x", promptSetVersion: "v1", promptCount: 1.5 }],
    ["saveResult without runId", { action: "saveResult", result: { qaScore: 1 } }],
    ["result not an object", { action: "saveResult", runId: "x", result: "great" }],
    ["result an array", { action: "saveResult", runId: "x", result: [1] }],
    ["result missing", { action: "saveResult", runId: "x" }],
    ["a negative generation time", { action: "saveResult", runId: "x", result: { generationMs: -1 } }],
    ["two spellings that disagree", { action: "saveResult", runId: "x", result: { qaScore: 5, qa_score: 6 } }],
    ["score out of range", { action: "saveResult", runId: "x", result: { qaScore: 101 } }],
    ["finalizeRun without runId", { action: "finalizeRun" }],
  ])("answers 400 for %s", async (_name, payload) => {
    const r = await evalPost(payload);
    expect(r.status).toBe(400);
    expect(r.body.success).toBe(false);
    expect(typeof r.body.error).toBe("string");
  });

  it("refuses an out-of-bounds value under any spelling with details naming the field", async () => {
    const runId = await newRun("bad-values", 1);
    const r = await evalPost({ action: "saveResult", runId, result: { judge_score: 120, "generation-time": -4 } });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ success: false, error: "Invalid request" });
    expect(r.body.details.map((d: { path: string }) => d.path).sort()).toEqual(["result.generation-time", "result.judge_score"]);
    expect((await get(`/api/admin/eval?run=${runId}`)).body.results).toHaveLength(0);
  });

  it("keeps a known name holding another kind of value in details, never refusing the result for it", async () => {
    const runId = await newRun("other-shapes", 1);
    const result = { qaScore: 88, extra: "kept", qa: "A+", "generation-time": "soon", details: { model: "m" } };
    const r = await evalPost({ action: "saveResult", runId, result });
    expect(r.status).toBe(200);
    const [row] = (await get(`/api/admin/eval?run=${runId}`)).body.results;
    expect(row).toMatchObject({
      qaScore: 88,
      generationMs: null,
      details: { extra: "kept", qa: "A+", "generation-time": "soon", model: "m" },
    });
  });

  it("names the missing fields", async () => {
    const r = await evalPost({ action: "createRun", promptCount: 2 });
    expect(r.body).toMatchObject({ error: "Missing required fields", missing: expect.arrayContaining(["label", "promptSetVersion"]) });
  });

  it("lists at most 50 runs, newest first, with status, counts and averages", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 53; i++) ids.push(await newRun(`bulk-${i}`, 1));
    await evalPost({ action: "saveResult", runId: ids[52], result: { promptId: "a", error: "boom" } });
    const list = await get("/api/admin/eval");
    expect(list.status).toBe(200);
    expect(list.body.runs).toHaveLength(50);
    expect(list.body.runs.slice(0, 50).map((r: { id: string }) => r.id)).toEqual(ids.slice(3).reverse());
    expect(list.body.runs[0]).toMatchObject({
      id: ids[52],
      label: "bulk-52",
      status: "running",
      resultCount: 1,
      errorCount: 1,
      avgQaScore: null,
      avgJudgeScore: null,
      avgGenerationMs: null,
      createdAt: expect.any(String),
    });
  });

  it("is admin only", async () => {
    expect((await get("/api/admin/eval", user)).status).toBe(403);
    expect((await evalPost({ action: "createRun", label: "x", promptSetVersion: "v", promptCount: 1 }, user)).status).toBe(403);
    expect((await post("/api/eval/judge", { prompt: "x", html: "<p>x</p>" }, user)).status).toBe(403);
    expect((await post("/api/admin/submit-feedback", { prompt: "x", rating: "up" }, user)).status).toBe(403);
    expect((await get("/api/admin/submit-feedback", user)).status).toBe(403);
  });
});

describe("saveResult from other clients: spellings, coercion, details", () => {
  it("stores camelCase, snake_case, kebab-case and spaced names in the right columns, keeps the rest in details, and averages them", async () => {
    const runId = await newRun("spellings", 6);
    const results = [
      // Other clients' spellings: the contract names the quantities, not the fields (docs/api/eval.md).
      { qaScore: 90, judgeScore: 80, generationTime: 1200 },
      { prompt_id: "p2", qa_score: "70", judge_score: 60.5, generation_time_ms: "800", model: "gpt-x", tokens: { input: 12, output: 34 } },
      { "prompt-id": "p3", "qa-score": 50, "judge-score": "40", "generation-ms": 1000.4, "Error Message": "" },
      { "Prompt Id": "p4", "QA Score": "100%", "Judge Score": 100, "Latency Ms": 600, details: { technique: "tabs" }, run_note: "kept" },
      { promptId: "p5", err: { message: "HTTP 502: upstream" }, durationMs: 9000, qa: 99 },
      { promptId: "p6", errorMessage: "timeout", generation_seconds: 30 },
    ];
    for (const result of results) {
      const saved = await evalPost({ action: "saveResult", runId, result });
      expect(saved.status, JSON.stringify(result)).toBe(200);
    }
    const detail = await get(`/api/admin/eval?run=${runId}`);
    expect(detail.status).toBe(200);
    const rows = detail.body.results;
    expect(rows).toHaveLength(6);
    expect(rows[0]).toMatchObject({ promptId: null, qaScore: 90, judgeScore: 80, generationMs: 1200, error: null, details: null });
    expect(rows[1]).toMatchObject({
      promptId: "p2",
      qaScore: 70,
      judgeScore: 60.5,
      generationMs: 800,
      error: null,
      details: { model: "gpt-x", tokens: { input: 12, output: 34 } },
    });
    expect(rows[2]).toMatchObject({ promptId: "p3", qaScore: 50, judgeScore: 40, generationMs: 1000, error: null, details: null });
    expect(rows[3]).toMatchObject({
      promptId: "p4",
      qaScore: 100,
      judgeScore: 100,
      generationMs: 600,
      details: { technique: "tabs", run_note: "kept" },
    });
    expect(rows[4]).toMatchObject({ promptId: "p5", qaScore: 99, error: "HTTP 502: upstream", generationMs: 9000 });
    expect(rows[5]).toMatchObject({ promptId: "p6", error: "timeout", generationMs: 30_000 });
    expect(detail.body.run).toMatchObject({ resultCount: 6, errorCount: 2 });

    const done = await evalPost({ action: "finalizeRun", runId });
    expect(done.status).toBe(200);
    // QA (90 + 70 + 50 + 100 + 0 + 0) / 6, judge (80 + 60.5 + 40 + 100 + 0 + 0) / 6,
    // time over the four that did not error: (1200 + 800 + 1000 + 600) / 4.
    expect(done.body.run).toMatchObject({
      status: "complete",
      resultCount: 6,
      errorCount: 2,
      avgQaScore: 51.67,
      avgJudgeScore: 46.75,
      avgGenerationMs: 900,
    });
  });

  it("keeps unknown fields, even ones shaped like the canonical names' neighbours, instead of refusing them", async () => {
    const runId = await newRun("unknown", 1);
    const result = { qaScore: 80, score: 77, technique: "carousel", failedChecks: ["dark-mode"], html_bytes: 51234 };
    expect((await evalPost({ action: "saveResult", runId, result })).status).toBe(200);
    const [row] = (await get(`/api/admin/eval?run=${runId}`)).body.results;
    expect(row).toMatchObject({
      qaScore: 80,
      judgeScore: null,
      details: { score: 77, technique: "carousel", failedChecks: ["dark-mode"], html_bytes: 51234 },
    });
  });
});

describe("POST /api/eval/judge", () => {
  const blueprint = sampleBlueprint("accordion");
  const rendered = render(blueprint);
  if (!rendered.ok) throw new Error("fixture did not render");
  // The prompt names every promise the sample makes (its FAQ speaks of free shipping): the judge
  // holds an email that promises what the prompt did not (app/engines/judge/brief-trace.ts).
  const prompt = `An FAQ accordion email for ${blueprint.brandName} about free shipping and returns`;

  it("scores with a rubric, the same way every time", async () => {
    const a = await post("/api/eval/judge", { prompt, html: rendered.html, blueprint });
    const b = await post("/api/eval/judge", { prompt, html: rendered.html, blueprint });
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ success: true, score: expect.any(Number), summary: expect.any(String) });
    expect(a.body.score).toBeGreaterThanOrEqual(0);
    expect(a.body.score).toBeLessThanOrEqual(100);
    for (const item of a.body.rubric)
      expect(item).toMatchObject({ criterion: expect.any(String), score: expect.any(Number), reason: expect.any(String) });
    expect(b.body).toEqual(a.body);
  });

  it("rewards a good email over a broken one", async () => {
    const broken = rendered.html
      .replace(/:checked/g, ":hover")
      .replace(/ for="[^"]*"/g, ' for="x"')
      .replace(/class="kx-fb[^"]*"/g, "");
    const good = await post("/api/eval/judge", { prompt, html: rendered.html, blueprint });
    const bad = await post("/api/eval/judge", { prompt, html: broken, blueprint });
    expect(good.body.score).toBeGreaterThan(bad.body.score);
    const none = await post("/api/eval/judge", { prompt, html: "<html><body><p>Hello</p></body></html>" });
    expect(none.body.score).toBeLessThan(bad.body.score);
  });

  it.each([
    ["missing prompt", { html: "<p>x</p>" }],
    ["missing html", { prompt: "x" }],
    ["copyDoc of the wrong shape", { prompt: "x", html: "<p>x</p>", copyDoc: { subject: 3 } }],
    ["blueprint not an object", { prompt: "x", html: "<p>x</p>", blueprint: "tabs" }],
  ])("answers 400 for %s", async (_n, payload) => {
    expect((await post("/api/eval/judge", payload)).status).toBe(400);
  });
});

describe("/api/admin/submit-feedback", () => {
  it("stores feedback and reports the share of positive ratings with and without RAG", async () => {
    const entries = [
      { prompt: "p1", rating: "up", ragUsed: true, ragExamplesCount: 5 },
      { prompt: "p2", rating: 5, ragUsed: true, ragExamplesCount: 3, comment: "great tabs" },
      { prompt: "p3", rating: "down", ragUsed: true, ragExamplesCount: 2 },
      { prompt: "p4", rating: 4 },
      { prompt: "p5", rating: "3" },
    ];
    const ids: number[] = [];
    for (const e of entries) {
      const r = await post("/api/admin/submit-feedback", e);
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ success: true, id: expect.any(Number) });
      ids.push(r.body.id);
    }
    const list = await get("/api/admin/submit-feedback");
    expect(list.status).toBe(200);
    expect(list.body.aggregates).toEqual({
      overall: { count: 5, positive: 3, positiveShare: 0.6 },
      withRag: { count: 3, positive: 2, positiveShare: 0.6667 },
      withoutRag: { count: 2, positive: 1, positiveShare: 0.5 },
    });
    expect(list.body.items.map((i: { id: number }) => i.id)).toEqual([...ids].reverse());
    expect(list.body.items[3]).toMatchObject({
      prompt: "p2",
      rating: "5",
      positive: true,
      ragUsed: true,
      ragExamplesCount: 3,
      comment: "great tabs",
    });
    expect(list.body.items[0]).toMatchObject({
      prompt: "p5",
      rating: "3",
      positive: false,
      ragUsed: false,
      ragExamplesCount: 0,
      comment: null,
    });

    const limited = await get("/api/admin/submit-feedback?limit=2");
    expect(limited.body.items.map((i: { id: number }) => i.id)).toEqual([ids[4], ids[3]]);
    expect(limited.body.aggregates.overall.count).toBe(5);
  });

  it.each([
    ["missing prompt", { rating: "up" }],
    ["missing rating", { prompt: "x" }],
    ["rating out of range", { prompt: "x", rating: 6 }],
    ["rating not a rating", { prompt: "x", rating: "meh" }],
    ["negative ragExamplesCount", { prompt: "x", rating: "up", ragExamplesCount: -1 }],
    ["ragUsed not a boolean", { prompt: "x", rating: "up", ragUsed: "yes" }],
  ])("answers 400 for %s", async (_n, payload) => {
    const r = await post("/api/admin/submit-feedback", payload);
    expect(r.status).toBe(400);
    expect(r.body.success).toBe(false);
  });

  it("names a missing prompt and rating", async () => {
    const r = await post("/api/admin/submit-feedback", {});
    expect(r.body).toMatchObject({ error: "Missing required fields", missing: expect.arrayContaining(["prompt", "rating"]) });
  });

  it.each(["0", "501", "abc", "2.5"])("answers 400 for ?limit=%s", async (limit) => {
    expect((await get(`/api/admin/submit-feedback?limit=${limit}`)).status).toBe(400);
  });
});
