// The eval CLI as a user runs it: a separate process talking HTTP to a running server.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runScript } from "../helpers/cli";
import { startTestServer, type TestServer } from "../helpers/server";
import { createUserWithToken } from "../helpers/users";

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = (await createUserWithToken(server, { admin: true, credits: 100 })).token;
});
afterAll(() => server?.close());

const SET = "test/fixtures/eval-prompts.small.json";

/**
 * Asynchronous on purpose: the server answering the CLI lives in this same process. No token from
 * the operator's environment leaks into a test.
 */
const cli = (args: string[], env: Record<string, string> = {}) => runScript("scripts/eval.ts", args, { KINETIC_TOKEN: "", ...env });

async function runDetail(runId: string, token = admin) {
  const res = await server.fetch(`/api/admin/eval?run=${runId}`, { token });
  expect(res.status).toBe(200);
  return (await res.json()) as { run: Record<string, any>; results: Record<string, any>[] };
}

function runIdOf(stdout: string): string {
  const m = /^run (\S+)\s+label/m.exec(stdout);
  if (!m) throw new Error(`no run id in output:\n${stdout}`);
  return m[1];
}

describe("npm run eval", () => {
  it("generates, judges and saves every prompt of the set, then prints a table and a summary", async () => {
    const r = await cli(["--url", server.url, "--token", admin, "--set", SET, "--label", "t", "--concurrency", "2"]);
    expect(r.stderr).not.toMatch(/error:/);
    expect(r.code).toBe(0);
    for (const id of ["cafe-cart", "shipping-faq", "plans-tabs"]) expect(r.stdout).toMatch(new RegExp(`^${id}\\s+\\d`, "m"));
    expect(r.stdout).toMatch(/^id\s+QA\s+judge\s+ms\s+error$/m);
    expect(r.stdout).toContain("prompts 3  errors 0");
    expect(r.stdout).toMatch(/average QA \d+(\.\d+)? {2}average judge \d+(\.\d+)?/);
    expect(r.stdout).toMatch(/generation ms {2}p50 \d+ {2}p95 \d+/);
    // Not a terminal: one plain progress line per prompt on stderr.
    expect(r.stderr.match(/^\[\d\/3\] /gm)).toHaveLength(3);

    const { run, results } = await runDetail(runIdOf(r.stdout));
    expect(run).toMatchObject({
      label: "t",
      promptSetVersion: "small-v1",
      promptCount: 3,
      status: "complete",
      resultCount: 3,
      errorCount: 0,
    });
    expect(results.map((x) => x.promptId).sort()).toEqual(["cafe-cart", "plans-tabs", "shipping-faq"]);
    for (const x of results) {
      expect(x.error).toBeNull();
      expect(x.qaScore).toBeGreaterThan(0);
      expect(x.judgeScore).toBeGreaterThan(0);
      expect(x.generationMs).toBeGreaterThanOrEqual(0);
    }
    expect(run.avgJudgeScore).toBeGreaterThan(0);
  }, 120_000);

  it("records failed generations as errors without stopping, and --limit trims the set", async () => {
    const broke = (await createUserWithToken(server, { admin: true, credits: 0 })).token;
    const r = await cli(["--url", server.url, "--set", SET, "--label", "no-credits", "--limit", "2"], { KINETIC_TOKEN: broke });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("prompts 2  errors 2");
    expect(r.stdout).toMatch(/^cafe-cart\s+-\s+-\s+\d+\s+generate: HTTP \d{3}: /m);
    const { run, results } = await runDetail(runIdOf(r.stdout));
    expect(run).toMatchObject({
      promptCount: 2,
      status: "complete",
      resultCount: 2,
      errorCount: 2,
      avgQaScore: 0,
      avgJudgeScore: 0,
      avgGenerationMs: null,
    });
    expect(results.every((x) => /^generate: HTTP \d{3}/.test(x.error))).toBe(true);
  }, 120_000);

  it("compares two runs prompt by prompt", async () => {
    const seed = async (label: string, results: Record<string, unknown>[]) => {
      const created = await server.fetch("/api/admin/eval", {
        method: "POST",
        token: admin,
        json: { action: "createRun", label, promptSetVersion: "small-v1", promptCount: results.length },
      });
      const { runId } = (await created.json()) as { runId: string };
      for (const result of results)
        await server.fetch("/api/admin/eval", { method: "POST", token: admin, json: { action: "saveResult", runId, result } });
      await server.fetch("/api/admin/eval", { method: "POST", token: admin, json: { action: "finalizeRun", runId } });
      return runId;
    };
    const a = await seed("no-rag", [
      { promptId: "cafe-cart", qaScore: 80, judgeScore: 70, generationMs: 100 },
      { promptId: "shipping-faq", error: "generate: HTTP 500: boom" },
      { promptId: "old-only", qaScore: 50, judgeScore: 50, generationMs: 10 },
    ]);
    const b = await seed("rag", [
      { promptId: "cafe-cart", qaScore: 90, judgeScore: 65, generationMs: 150 },
      { promptId: "shipping-faq", qaScore: 60, judgeScore: 60, generationMs: 200 },
      { promptId: "plans-tabs", qaScore: 99, judgeScore: 99, generationMs: 1 },
    ]);
    const text = await cli(["--url", server.url, "--token", admin, "--compare", a, b]);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(`A = ${a} "no-rag"   B = ${b} "rag"   deltas are B − A`);
    expect(text.stdout).toMatch(/^cafe-cart\s+80\/70\s+90\/65\s+\+10\s+-5\s+\+50\s*$/m);
    expect(text.stdout).toMatch(/^shipping-faq\s+error\s+60\/60\s+\+60\s+\+60\s+-\s+fixed$/m);
    expect(text.stdout).toMatch(/^QA \(matched\)\s+40\s+75\s+\+35$/m);
    expect(text.stdout).toContain("only in A: old-only");
    expect(text.stdout).toContain("only in B: plans-tabs");

    const json = await cli(["--url", server.url, "--token", admin, "--compare", a, b, "--json"]);
    expect(json.code).toBe(0);
    const c = JSON.parse(json.stdout);
    expect(c.matched).toMatchObject({ count: 2, qa: 35, judge: 27.5, ms: 75, errors: -1 });
    expect(c.overall.errors).toBe(-1);
  }, 120_000);

  it("fails with a clear message for a non-admin token, an unknown run and a bad set", async () => {
    const user = (await createUserWithToken(server, { admin: false })).token;
    const denied = await cli(["--url", server.url, "--token", user, "--set", SET, "--label", "x"]);
    expect(denied.code).toBe(1);
    expect(denied.stderr).toContain("could not create the run: HTTP 403: Admin access required");

    const unknown = await cli(["--url", server.url, "--token", admin, "--compare", "nope-a", "nope-b"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/run nope-a: HTTP 404: Eval run not found/);

    const badSet = await cli(["--url", server.url, "--token", admin, "--set", "test/fixtures/does-not-exist.json", "--label", "x"]);
    expect(badSet.code).toBe(2);
    expect(badSet.stderr).toMatch(/cannot read test\/fixtures\/does-not-exist.json/);

    const usage = await cli(["--url", server.url, "--set", SET, "--label", "x"]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/KINETIC_TOKEN/);
  }, 120_000);
});
