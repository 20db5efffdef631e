import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { compareRuns } from "../../app/domain/eval/compare";
import { DEFAULT_CONCURRENCY, DEFAULT_URL, parseEvalArgs } from "./args";
import { KineticClient } from "./client";
import { fmtDelta } from "../../app/domain/eval/format";
import { formatComparison, formatOutcomes, formatReport, table } from "./format";
import { createProgress, progressBar, progressLine } from "./progress";
import { type PromptOutcome, type RunReport, mapPool, runEval } from "./run";
import { generateRequest, parsePromptSet } from "../../app/domain/eval/prompt-set";

const env = { KINETIC_TOKEN: "env-token" };

describe("parseEvalArgs", () => {
  it("parses a run with defaults", () => {
    const r = parseEvalArgs(["--set", "s.json", "--label", "base"], env);
    expect(r).toEqual({
      ok: true,
      command: {
        kind: "run",
        set: "s.json",
        label: "base",
        rag: false,
        limit: null,
        concurrency: DEFAULT_CONCURRENCY,
        url: DEFAULT_URL,
        token: "env-token",
        json: false,
      },
    });
  });

  it("parses every run option; --token wins over KINETIC_TOKEN", () => {
    const r = parseEvalArgs(
      [
        "--set=s.json",
        "--label",
        "rag on",
        "--rag",
        "--limit",
        "5",
        "--concurrency",
        "4",
        "--url",
        "https://k.example/",
        "--token",
        "t1",
        "--json",
      ],
      env,
    );
    expect(r).toMatchObject({
      ok: true,
      command: { rag: true, limit: 5, concurrency: 4, url: "https://k.example", token: "t1", json: true, label: "rag on" },
    });
  });

  it("parses --compare A B", () => {
    expect(parseEvalArgs(["--compare", "run-a", "run-b"], env)).toEqual({
      ok: true,
      command: { kind: "compare", runA: "run-a", runB: "run-b", url: DEFAULT_URL, token: "env-token", json: false },
    });
  });

  it.each([
    [["--label", "x"], /--set FILE is required/],
    [["--set", "s.json"], /--label NAME is required/],
    [["--set", "s.json", "--label", "x", "--limit", "0"], /--limit must be an integer from 1/],
    [["--set", "s.json", "--label", "x", "--limit", "abc"], /--limit .* got "abc"/],
    [["--set", "s.json", "--label", "x", "--concurrency", "17"], /--concurrency must be an integer from 1 to 16/],
    [["--set", "s.json", "--label", "x", "--url", "ftp://x"], /--url must be an http\(s\) URL/],
    [["--set", "s.json", "--label", "x", "--colour"], /unknown option: --colour/],
    [["--compare", "a"], /exactly two run ids/],
    [["--compare", "a", "b", "c"], /exactly two run ids/],
    [["--set", "s.json", "--label", "x", "stray"], /unexpected argument "stray"/],
  ])("rejects %j", (argv, message) => {
    const r = parseEvalArgs(argv, env);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(message);
  });

  it("needs a token from --token or KINETIC_TOKEN", () => {
    const r = parseEvalArgs(["--set", "s.json", "--label", "x"], {});
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/KINETIC_TOKEN/);
    expect(parseEvalArgs(["--help"], {})).toEqual({ ok: true, command: { kind: "help" } });
  });
});

describe("prompt sets", () => {
  it("accepts the small fixture set and builds generate requests from known fields only", () => {
    const text = fs.readFileSync(path.resolve("test/fixtures/eval-prompts.small.json"), "utf8");
    const r = parsePromptSet(text);
    if (!r.ok) throw new Error(r.error);
    expect(r.set.version).toBe("small-v1");
    expect(r.set.prompts.map((p) => p.id)).toEqual(["cafe-cart", "shipping-faq", "plans-tabs"]);
    expect(generateRequest(r.set.prompts[2], true)).toEqual({
      prompt: r.set.prompts[2].prompt,
      useRAG: true,
      designTokens: { colors: { primary: "#0b5fff" } },
    });
    expect(generateRequest(r.set.prompts[1], false)).toMatchObject({
      useRAG: false,
      emailType: "transactional",
      styleTheory: "minimal",
      complexity: "advanced",
    });
  });

  it.each([
    ["{", /not valid JSON/],
    ['{"prompts":[{"id":"a","prompt":"x"}]}', /version: Required/],
    ['{"version":"v","prompts":[]}', /prompts: prompts must list at least one prompt/],
    ['{"version":"v","prompts":[{"id":"a"}]}', /prompts\[0\]\.prompt: Required/],
    [
      '{"version":"v","prompts":[{"id":"a","prompt":"x"},{"id":"a","prompt":"y"}]}',
      /prompts\[1\]\.id: duplicate id "a" \(also prompts\[0\]\)/,
    ],
    ['{"version":"v","prompts":[{"id":"a","prompt":"x","images":"nope"}]}', /prompts\[0\]\.images: Expected array/],
  ])("explains what is wrong with %s", (text, message) => {
    const r = parsePromptSet(text, "set.json");
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(message);
  });
});

const outcome = (over: Partial<PromptOutcome>): PromptOutcome => ({
  promptId: "p",
  prompt: "x",
  qaScore: null,
  judgeScore: null,
  generationMs: null,
  error: null,
  details: {},
  ...over,
});

describe("formatting", () => {
  it("aligns a table", () => {
    expect(
      table(
        ["id", "n"],
        [
          ["a", "1"],
          ["long", "100"],
        ],
        [false, true],
      ),
    ).toBe("id      n\n----  ---\na       1\nlong  100");
  });

  it("prints a row per prompt with errors on their line", () => {
    const text = formatOutcomes([
      outcome({ promptId: "ok-1", qaScore: 96, judgeScore: 88.5, generationMs: 1234 }),
      outcome({ promptId: "bad", generationMs: 20, error: "generate: HTTP 402: Insufficient balance" }),
    ]);
    const lines = text.split("\n");
    expect(lines[0]).toMatch(/^id\s+QA\s+judge\s+ms\s+error$/);
    expect(lines[2]).toMatch(/^ok-1\s+96\s+88\.5\s+1234$/);
    expect(lines[3]).toMatch(/^bad\s+-\s+-\s+20\s+generate: HTTP 402: Insufficient balance$/);
  });

  it("prints the summary: averages, errors, p50/p95", () => {
    const report: RunReport = {
      runId: "r1",
      label: "base",
      promptSetVersion: "v1",
      rag: true,
      outcomes: [
        outcome({ promptId: "a", qaScore: 90, judgeScore: 80, generationMs: 100, details: { rag: { used: true, examplesCount: 3 } } }),
        outcome({ promptId: "b", error: "generate: HTTP 500: x" }),
      ],
      totals: { avgQaScore: 45, avgJudgeScore: 40, avgGenerationMs: 100, errorCount: 1, resultCount: 2, p50Ms: 100, p95Ms: 100 },
    };
    const text = formatReport(report);
    expect(text).toContain('run r1  label "base"  set v1  rag on');
    expect(text).toContain("prompts 2  errors 1");
    expect(text).toContain("average QA 45  average judge 40");
    expect(text).toContain("generation ms  p50 100  p95 100");
    expect(text).toContain("retrieval used for 1 of 2 prompts  examples per prompt 1.50");
  });

  it("prints per-prompt and average deltas of a comparison", () => {
    const res = (promptId: string, qa: number | null, judge: number | null, ms: number | null, error: string | null = null) => ({
      promptId,
      qaScore: qa,
      judgeScore: judge,
      generationMs: ms,
      error,
    });
    const c = compareRuns(
      { id: "A1", label: "no-rag", results: [res("p1", 80, 70, 100), res("p2", null, null, null, "boom")] },
      { id: "B1", label: "rag", results: [res("p1", 90, 65, 150), res("p2", 60, 60, 200)] },
    );
    const text = formatComparison(c);
    expect(text).toContain('A = A1 "no-rag"   B = B1 "rag"');
    expect(text).toMatch(/p1\s+80\/70\s+90\/65\s+\+10\s+-5\s+\+50/);
    expect(text).toMatch(/p2\s+error\s+60\/60\s+\+60\s+\+60\s+-\s+fixed/);
    expect(text).toMatch(/QA \(matched\)\s+40\s+75\s+\+35/);
    expect(text).toMatch(/errors \(matched\)\s+1\s+0\s+-1/);
    expect(fmtDelta(0)).toBe("0");
  });

  it("draws a bar on a terminal and plain lines otherwise", () => {
    expect(progressBar(1, 4, 0, 8)).toBe("[##......] 1/4");
    expect(progressLine(outcome({ promptId: "p1", qaScore: 90, judgeScore: 80, generationMs: 12 }), 1, 12)).toBe(
      "[ 1/12] p1  QA 90  judge 80  12 ms",
    );
    const plain: string[] = [];
    const p = createProgress({ write: (s: string) => plain.push(s), isTTY: false });
    p.start(1);
    p.done(outcome({ promptId: "p1", error: "generate: HTTP 500: x", generationMs: 5 }), 1, 1);
    p.finish();
    expect(plain).toEqual(["evaluating 1 prompt(s)\n", "[1/1] p1  error after 5 ms: generate: HTTP 500: x\n"]);
    const tty: string[] = [];
    const t = createProgress({ write: (s: string) => tty.push(s), isTTY: true, columns: 120 });
    t.start(2);
    t.done(outcome({ promptId: "p1" }), 1, 2);
    t.finish();
    expect(tty.every((s) => s.startsWith("\r") || s === "\n")).toBe(true);
    expect(tty[1]).toContain("1/2");
  });
});

describe("runEval against a fake service", () => {
  function fakeService(opts: { failGenerateFor?: string; failJudge?: boolean } = {}) {
    const calls: Array<{ path: string; body: any }> = [];
    const fetchImpl = async (url: string, init?: RequestInit) => {
      const p = new URL(url).pathname + new URL(url).search;
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ path: p, body });
      const reply = (status: number, json: unknown) =>
        new Response(JSON.stringify(json), { status, headers: { "Content-Type": "application/json" } });
      if (p === "/api/generate") {
        if (body.prompt.includes(opts.failGenerateFor ?? "\u0000")) return reply(402, { success: false, error: "Insufficient balance" });
        return reply(200, {
          success: true,
          html: `<p>${body.prompt}</p>`,
          blueprint: { technique: "tabs" },
          metadata: {
            technique: "tabs",
            rag: { used: body.useRAG, examplesCount: 0 },
            qa: { score: 90, failedChecks: [{ id: "dark-mode" }] },
          },
        });
      }
      if (p === "/api/eval/judge") {
        if (opts.failJudge) return new Response("upstream exploded", { status: 502 });
        return reply(200, { success: true, score: 80, rubric: [], summary: "fine" });
      }
      if (p === "/api/admin/eval") {
        if (body.action === "createRun") return reply(200, { success: true, runId: "run-1" });
        if (body.action === "saveResult") return reply(200, { success: true, resultId: calls.length });
        if (body.action === "finalizeRun")
          return reply(200, {
            success: true,
            run: { id: "run-1", resultCount: 3, errorCount: 1, avgQaScore: 60, avgJudgeScore: 53.33, avgGenerationMs: 10 },
          });
      }
      return reply(404, { success: false, error: "Not found" });
    };
    return { calls, client: new KineticClient("http://svc", "tok", fetchImpl as typeof fetch) };
  }
  const set = {
    version: "v9",
    prompts: [
      { id: "a", prompt: "tabs A", emailType: "ecommerce" },
      { id: "b", prompt: "tabs B broken" },
      { id: "c", prompt: "tabs C" },
    ],
  };
  const silent = { start() {}, done() {}, finish() {} };

  it("creates, generates, judges, saves each result (errors recorded) and finalizes", async () => {
    const { calls, client } = fakeService({ failGenerateFor: "broken" });
    const r = await runEval(client, set, { label: "t", rag: true, limit: null, concurrency: 2 }, silent);
    if (!r.ok) throw new Error(r.error);
    expect(calls[0]).toEqual({
      path: "/api/admin/eval",
      body: { action: "createRun", label: "t", promptSetVersion: "v9", promptCount: 3 },
    });
    expect(calls.filter((c) => c.path === "/api/generate").map((c) => c.body)).toContainEqual({
      prompt: "tabs A",
      useRAG: true,
      emailType: "ecommerce",
    });
    const judged = calls.find((c) => c.path === "/api/eval/judge")!;
    expect(judged.body).toMatchObject({ html: expect.stringContaining("<p>tabs"), blueprint: { technique: "tabs" } });
    const saves = calls.filter((c) => c.body?.action === "saveResult").map((c) => c.body.result);
    expect(saves).toHaveLength(3);
    expect(saves.find((s) => s.promptId === "b")).toMatchObject({
      error: "generate: HTTP 402: Insufficient balance",
      qaScore: null,
      judgeScore: null,
    });
    expect(saves.find((s) => s.promptId === "a")).toMatchObject({
      qaScore: 90,
      judgeScore: 80,
      error: null,
      details: { technique: "tabs", qaFailedChecks: ["dark-mode"] },
    });
    expect(calls.at(-1)!.body).toEqual({ action: "finalizeRun", runId: "run-1" });
    expect(r.report.outcomes.map((o) => o.promptId)).toEqual(["a", "b", "c"]);
    expect(r.report.totals).toMatchObject({ avgQaScore: 60, avgJudgeScore: 53.33, errorCount: 1, resultCount: 3 });
  });

  it("records a judge failure and honours --limit", async () => {
    const { calls, client } = fakeService({ failJudge: true });
    const r = await runEval(client, set, { label: "t", rag: false, limit: 1, concurrency: 4 }, silent);
    if (!r.ok) throw new Error(r.error);
    expect(calls[0].body.promptCount).toBe(1);
    expect(r.report.outcomes).toHaveLength(1);
    expect(r.report.outcomes[0].error).toBe("judge: HTTP 502: upstream exploded");
  });

  it("fails cleanly when the run cannot be created", async () => {
    const client = new KineticClient(
      "http://svc",
      "tok",
      (async () => new Response(JSON.stringify({ success: false, error: "Admin access required" }), { status: 403 })) as typeof fetch,
    );
    expect(await runEval(client, set, { label: "t", rag: false, limit: null, concurrency: 1 }, silent)).toEqual({
      ok: false,
      error: "could not create the run: HTTP 403: Admin access required",
    });
  });

  it("reports an unreachable service as an error value", async () => {
    const client = new KineticClient("http://svc", "tok", (async () => {
      throw Object.assign(new TypeError("fetch failed"), { cause: { code: "ECONNREFUSED" } });
    }) as typeof fetch);
    expect(await client.get("/api/admin/eval")).toEqual({ ok: false, status: null, error: "GET /api/admin/eval: ECONNREFUSED" });
  });

  it("mapPool keeps order and bounds concurrency", async () => {
    let inFlight = 0;
    let peak = 0;
    const out = await mapPool([1, 2, 3, 4, 5], 2, async (n) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setImmediate(r));
      inFlight--;
      return n * 10;
    });
    expect(out).toEqual([10, 20, 30, 40, 50]);
    expect(peak).toBe(2);
  });
});
