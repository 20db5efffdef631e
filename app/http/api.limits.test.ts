// Input limits of JSON bodies and client HTML (docs/api.md "Input limits"): deep or huge input answers a clear
// 400/413 before anything recursive or super-linear sees it.
import { z } from "zod";
import { checkHtmlShape, HTML_LIMITS } from "~/domain/html/limits";
import { checkHtmlInputs, checkJsonShape, JSON_MAX_DEPTH, JSON_MAX_VALUES, MAX_ERROR_DETAILS, parseJsonBody } from "./api.server";

const post = (body: string) => new Request("http://x/api/t", { method: "POST", body, headers: { "content-type": "application/json" } });
const LIMIT = 5 * 1024 * 1024;
const deepArray = (depth: number) => `{"a":${"[".repeat(depth)}${"]".repeat(depth)}}`;
const deepObject = (depth: number) => `{"a":${'{"b":'.repeat(depth)}1${"}".repeat(depth)}}`;

describe("checkJsonShape", () => {
  it("finds nesting past the limit in arrays and objects", () => {
    expect(checkJsonShape(deepArray(100_000))).toEqual({ kind: "depth", limit: JSON_MAX_DEPTH });
    expect(checkJsonShape(deepObject(100_000))).toEqual({ kind: "depth", limit: JSON_MAX_DEPTH });
    expect(checkJsonShape(deepArray(JSON_MAX_DEPTH - 1))).toBeNull();
    expect(checkJsonShape(deepArray(JSON_MAX_DEPTH))).toEqual({ kind: "depth", limit: JSON_MAX_DEPTH });
  });

  it("ignores brackets, commas and escaped quotes inside strings", () => {
    const text = JSON.stringify({ html: `${"[{".repeat(10_000)}\\"${",".repeat(30_000)}"\\\\`, after: [1, 2] });
    expect(checkJsonShape(text)).toBeNull();
  });

  it("counts array elements and object members", () => {
    expect(checkJsonShape(`{"a":[${"1,".repeat(JSON_MAX_VALUES)}1]}`)).toEqual({ kind: "values", limit: JSON_MAX_VALUES });
    expect(checkJsonShape(`{"a":[${"1,".repeat(JSON_MAX_VALUES - 10)}1]}`)).toBeNull();
  });
});

describe("parseJsonBody limits", () => {
  const schema = z.object({ prompt: z.string().max(50), items: z.array(z.object({ name: z.string() })).max(2).optional() }).passthrough();

  it("answers 400 naming the depth limit for deeply nested JSON", async () => {
    for (const body of [deepArray(100_000), deepObject(100_000), deepArray(2_000_000)]) {
      const r = await parseJsonBody(post(body), schema, LIMIT);
      if (r.ok) throw new Error("expected a refusal");
      expect(r.response.status).toBe(400);
      const json = await r.response.json();
      expect(json.error).toMatch(/^JSON nested too deeply/);
      expect(json.limit).toBe(JSON_MAX_DEPTH);
    }
  });

  it("answers 413 for too many values", async () => {
    const r = await parseJsonBody(post(`{"prompt":"x","items":[${'{},'.repeat(100_000)}{}]}`), schema, LIMIT);
    if (r.ok) throw new Error("expected a refusal");
    expect(r.response.status).toBe(413);
    expect((await r.response.json()).limit).toBe(JSON_MAX_VALUES);
  });

  it("answers 413 naming a field over its character limit, before the schema", async () => {
    const r = await parseJsonBody(post(JSON.stringify({ prompt: "x".repeat(60) })), schema, LIMIT, { maxChars: { prompt: 40 } });
    if (r.ok) throw new Error("expected a refusal");
    expect(r.response.status).toBe(413);
    expect(await r.response.json()).toMatchObject({ success: false, field: "prompt", limit: 40, size: 60, error: "prompt is too large: 60 characters, the limit is 40" });
  });

  it("lists at most MAX_ERROR_DETAILS schema issues and counts the rest", async () => {
    const r = await parseJsonBody(post(`{"prompt":"x","items":[${"{},".repeat(199)}{}]}`), schema, LIMIT);
    if (r.ok) throw new Error("expected a refusal");
    const json = await r.response.json();
    expect(json.details).toHaveLength(MAX_ERROR_DETAILS);
    expect(json.details_omitted).toBe(201 - MAX_ERROR_DETAILS);
  });

  it("still accepts nesting within the limit", async () => {
    const r = await parseJsonBody(post(`{"prompt":"x","deep":${"[".repeat(JSON_MAX_DEPTH - 1)}${"]".repeat(JSON_MAX_DEPTH - 1)}}`), schema, LIMIT);
    expect(r.ok).toBe(true);
  });
});

describe("checkHtmlInputs", () => {
  it("finds HTML nested 100,000 deep in one pass that stops at the depth limit", () => {
    const deep = "<div>".repeat(100_000) + "</div>".repeat(100_000);
    expect(checkHtmlShape(deep, { maxChars: Infinity })).toEqual({ ok: false, problem: { kind: "depth", limit: HTML_LIMITS.maxDepth } });
    expect(checkHtmlShape("<b>".repeat(100_000), { maxChars: Infinity })).toEqual({ ok: false, problem: { kind: "depth", limit: HTML_LIMITS.maxDepth } });
    // Implied end tags close elements, as in the tree the parser builds: 100,000 <p> are siblings.
    expect(checkHtmlShape("<p>x".repeat(5000), { maxChars: Infinity, maxNodes: Infinity })).toMatchObject({ ok: true, depth: 1, elements: 5000, nodes: 10_000 });
  });

  it("answers 413 for HTML nested 100,000 deep (it is over the size limit too), 400 for 300 levels", async () => {
    const deep = await checkHtmlInputs([{ field: "currentHtml", html: "<div>".repeat(100_000) + "</div>".repeat(100_000) }]);
    expect(deep?.status).toBe(413);
    expect(await deep!.json()).toMatchObject({ field: "currentHtml", reason: "chars", limit: HTML_LIMITS.maxChars });
    const res = await checkHtmlInputs([{ field: "currentHtml", html: "<div>".repeat(300) + "</div>".repeat(300) }]);
    expect(res?.status).toBe(400);
    expect(await res!.json()).toMatchObject({ field: "currentHtml", limit: HTML_LIMITS.maxDepth, reason: "depth", error: `currentHtml is nested too deeply: more than ${HTML_LIMITS.maxDepth} levels of elements` });
  });

  it("answers 413 for HTML over the character, node or CSS limits", async () => {
    const tooLong = await checkHtmlInputs([{ field: "html", html: "x".repeat(HTML_LIMITS.maxChars + 1) }]);
    expect(tooLong?.status).toBe(413);
    expect(await tooLong!.json()).toMatchObject({ field: "html", reason: "chars", limit: HTML_LIMITS.maxChars });
    const tiny = await checkHtmlInputs([{ field: "html", html: "<i></i>".repeat(HTML_LIMITS.maxNodes + 1) }]);
    expect(tiny?.status).toBe(413);
    expect(await tiny!.json()).toMatchObject({ reason: "nodes", limit: HTML_LIMITS.maxNodes });
    const css = await checkHtmlInputs([{ field: "html", html: `<style>${"a{b:c}".repeat(HTML_LIMITS.maxStyleChars)}</style>` }]);
    expect(await css!.json()).toMatchObject({ reason: "style", limit: HTML_LIMITS.maxStyleChars });
  });

  it("answers 400 for CSS nested past the limit (2,000 nested @media overflowed the stack: a 500)", async () => {
    const css = "@media screen{".repeat(2000) + "}".repeat(2000);
    const res = await checkHtmlInputs([{ field: "htmlContent", html: `<html><head><style>${css}</style></head><body></body></html>` }]);
    expect(res?.status).toBe(400);
    expect(await res!.json()).toMatchObject({ field: "htmlContent", reason: "css-depth", limit: HTML_LIMITS.maxCssDepth });
    // An unclosed <style> is checked too.
    expect((await (await checkHtmlInputs([{ field: "html", html: `<style>${"a{".repeat(100)}` }]))!.json()).reason).toBe("css-depth");
  });

  it("gives parts of one email one budget", async () => {
    const part = "<i></i>".repeat(Math.floor(HTML_LIMITS.maxNodes / 3));
    const parts = [0, 1, 2, 3].map((i) => ({ field: `savedSections.${i}.html`, html: part }));
    expect(await checkHtmlInputs(parts.slice(0, 2), "savedSections")).toBeNull();
    const res = await checkHtmlInputs(parts, "savedSections");
    expect(res?.status).toBe(413);
    expect(await res!.json()).toMatchObject({ field: "savedSections", reason: "nodes", limit: HTML_LIMITS.maxNodes });
  });

  it("counts a text node once however many entities split it", () => {
    expect(checkHtmlShape("<p>a&amp;b&nbsp;c&#169;d</p><!-- x -->e")).toMatchObject({ ok: true, elements: 1, nodes: 4 });
  });

  it("accepts a real email", async () => {
    const email = `<!DOCTYPE html><html><head><style>.a{color:red}</style></head><body>${"<table><tr><td><p>Hi <a href='x'>there</a></p></td></tr></table>".repeat(200)}</body></html>`;
    expect(await checkHtmlInputs([{ field: "html", html: email }])).toBeNull();
  });
});
