import { describe, expect, it } from "vitest";
import { normalizeEvalResult, normalizeKey, RESULT_ALIASES } from "./result";

const none = { promptId: null, prompt: null, qaScore: null, judgeScore: null, generationMs: null, error: null, details: null };

describe("normalizeEvalResult", () => {
  it("keeps the canonical names as they were", () => {
    const r = normalizeEvalResult({
      promptId: "p1",
      prompt: "tabs",
      qaScore: 90,
      judgeScore: 80.5,
      generationMs: 100.4,
      error: null,
      details: { technique: "tabs" },
    });
    expect(r).toEqual({
      ok: true,
      value: {
        promptId: "p1",
        prompt: "tabs",
        qaScore: 90,
        judgeScore: 80.5,
        generationMs: 100,
        error: null,
        details: { technique: "tabs" },
      },
    });
  });

  it.each([
    ["camelCase", { qaScore: 90, judgeScore: 80, generationTime: 1200 }],
    ["snake_case", { qa_score: 90, judge_score: 80, generation_time_ms: 1200 }],
    ["kebab-case", { "qa-score": 90, "judge-score": 80, "generation-ms": 1200 }],
    ["spaces and capitals", { "QA Score": 90, "Judge Score": 80, "Generation Time": 1200 }],
    ["short names", { qa: 90, judge: 80, durationMs: 1200 }],
    ["SCREAMING_SNAKE", { QA_SCORE: 90, JUDGE_SCORE: 80, LATENCY_MS: 1200 }],
    ["numeric strings", { qaScore: "90", judgeScore: " 80.0 ", generationMs: "1.2e3" }],
    ["a percent and units", { qa_score: "90%", judge: 80, generation_time: "1200ms" }],
    ["seconds", { qaScore: 90, judgeScore: 80, generation_seconds: 1.2 }],
    ["a seconds suffix", { qaScore: 90, judgeScore: 80, latency: "1.2s" }],
  ])("%s", (_, input) => {
    expect(normalizeEvalResult(input)).toEqual({ ok: true, value: { ...none, qaScore: 90, judgeScore: 80, generationMs: 1200 } });
  });

  it.each([
    [{ error: "boom" }, "boom"],
    [{ errorMessage: " boom " }, "boom"],
    [{ err: { name: "Error", message: "boom" } }, "boom"],
    [{ error_msg: "boom" }, "boom"],
    [{ error: true }, "error"],
    [{ error: false }, null],
    [{ error: "   " }, null],
    [{ error: null }, null],
  ])("error %j → %j", (input, error) => {
    expect(normalizeEvalResult(input)).toEqual({ ok: true, value: { ...none, error } });
  });

  it("keeps every other field in details, with a given details object winning on a clash", () => {
    const r = normalizeEvalResult({ qa: 70, score: 55, model: "x", tokens: { in: 3 }, details: { model: "y", rubric: [] } });
    expect(r).toEqual({ ok: true, value: { ...none, qaScore: 70, details: { score: 55, model: "y", tokens: { in: 3 }, rubric: [] } } });
    expect(normalizeEvalResult({ metadata: { a: 1 } })).toEqual({ ok: true, value: { ...none, details: { a: 1 } } });
  });

  it("is not fooled by Object.prototype names, and keeps a stray __proto__ as data", () => {
    const input = JSON.parse('{"constructor": 1, "toString": "x", "__proto__": {"polluted": true}, "hasOwnProperty": 2}') as Record<
      string,
      unknown
    >;
    const r = normalizeEvalResult(input);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(JSON.stringify(r.value.details)).toBe('{"constructor":1,"toString":"x","__proto__":{"polluted":true},"hasOwnProperty":2}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("turns a numeric prompt id into a string and a blank one into null", () => {
    expect(normalizeEvalResult({ prompt_id: 7 })).toEqual({ ok: true, value: { ...none, promptId: "7" } });
    expect(normalizeEvalResult({ promptId: "  " })).toEqual({ ok: true, value: { ...none, promptId: null } });
  });

  it.each([
    [{ qaScore: 101 }, "qaScore"],
    [{ qa_score: -1 }, "qa_score"],
    [{ generationMs: -5 }, "generationMs"],
    [{ durationSeconds: 100_000 }, "durationSeconds"],
    [{ promptId: "x".repeat(201) }, "promptId"],
    [{ error: "x".repeat(4001) }, "error"],
    [{ qaScore: 90, qa_score: 80 }, "qa_score"],
  ])("refuses a value of the right kind out of bounds, or two spellings that disagree: %j (at %s)", (input, path) => {
    const r = normalizeEvalResult(input);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues.map((i) => i.path)).toContain(path);
  });

  it.each([
    [{ extra: "kept" }],
    [{ qa: "great" }],
    [{ judgeScore: "0x50" }],
    [{ judge: "1e400" }],
    [{ generation_time: "fast" }],
    [{ qaScore: [90] }],
    [{ prompt: 5 }],
    [{ error: 42 }],
    [{ details: [1, 2] }],
    [{ metadata: "a note" }],
  ])("keeps a known name holding another kind of value in details instead of refusing the result: %j", (input) => {
    expect(normalizeEvalResult(input)).toEqual({ ok: true, value: { ...none, details: input } });
  });

  it("stores what fits and keeps what does not, side by side", () => {
    const r = normalizeEvalResult({ qaScore: 90, qa: "A+", extra: "kept", meta: { run: 3 }, latency: "fast", generationMs: 1200 });
    expect(r).toEqual({
      ok: true,
      value: { ...none, qaScore: 90, generationMs: 1200, details: { qa: "A+", extra: "kept", latency: "fast", run: 3 } },
    });
  });

  it("accepts two spellings of one field when they agree", () => {
    expect(normalizeEvalResult({ qaScore: 90, qa_score: "90" })).toEqual({ ok: true, value: { ...none, qaScore: 90 } });
  });

  it("the alias table's keys are all in normalised form", () => {
    for (const key of Object.keys(RESULT_ALIASES)) expect(normalizeKey(key)).toBe(key);
  });
});
