import { describe, expect, it } from "vitest";
import { z } from "zod";
import { extractJson, formatZodIssues } from "./json";

describe("extractJson", () => {
  it("parses a bare JSON value", () => {
    expect(extractJson(' {"a":1} ')).toEqual({ ok: true, value: { a: 1 } });
    expect(extractJson("[1,2]")).toEqual({ ok: true, value: [1, 2] });
  });

  it("takes the first parsable fenced block", () => {
    const text = 'Here:\n```\nnot json\n```\nand\n```json\n{"b": [true]}\n```';
    expect(extractJson(text)).toEqual({ ok: true, value: { b: [true] } });
  });

  it("finds an object inside prose, ignoring brackets inside strings", () => {
    const text = 'Sure! The result is {"title": "a } tricky [ one", "n": {"x": 2}} — hope it helps.';
    expect(extractJson(text)).toEqual({ ok: true, value: { title: "a } tricky [ one", n: { x: 2 } } });
  });

  it("skips a broken candidate and uses a later one", () => {
    expect(extractJson('{oops} then {"ok": true}')).toEqual({ ok: true, value: { ok: true } });
  });

  it("gives up on a long reply full of unbalanced braces", () => {
    const res = extractJson("{ ".repeat(5_000) + "x");
    expect(res.ok).toBe(false);
  });

  it("reports empty and JSON-free replies", () => {
    expect(extractJson("   ")).toEqual({ ok: false, message: "the reply was empty" });
    const res = extractJson("no json here, {unterminated");
    expect(res.ok).toBe(false);
    if (!res.ok) expect(res.message).toContain("no JSON value found");
  });
});

describe("formatZodIssues", () => {
  it("lists each issue with its path", () => {
    const schema = z.object({ a: z.string(), b: z.object({ c: z.number() }) });
    const parsed = schema.safeParse({ a: 1, b: { c: "x" } });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    const text = formatZodIssues(parsed.error);
    expect(text).toContain("- a: Expected string, received number");
    expect(text).toContain("- b.c: Expected number, received string");
  });

  it("names the root and truncates long lists", () => {
    const parsed = z.array(z.number()).safeParse(["a", "b", "c"]);
    if (parsed.success) throw new Error("expected failure");
    const text = formatZodIssues(parsed.error, 2);
    expect(text.split("\n")).toHaveLength(3);
    expect(text).toContain("… and 1 more");
    const root = z.string().safeParse(5);
    if (root.success) throw new Error("expected failure");
    expect(formatZodIssues(root.error)).toBe("- (root): Expected string, received number");
  });
});
