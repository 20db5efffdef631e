// Input limits of JSON bodies (docs/api.md "Input limits"): deep or huge input answers a clear
// 400/413 before anything recursive or super-linear sees it.
import { z } from "zod";
import { checkJsonShape, JSON_MAX_DEPTH, JSON_MAX_VALUES, MAX_ERROR_DETAILS, parseJsonBody } from "./body.server";

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
  const schema = z
    .object({
      prompt: z.string().max(50),
      items: z
        .array(z.object({ name: z.string() }))
        .max(2)
        .optional(),
    })
    .passthrough();

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
    const r = await parseJsonBody(post(`{"prompt":"x","items":[${"{},".repeat(100_000)}{}]}`), schema, LIMIT);
    if (r.ok) throw new Error("expected a refusal");
    expect(r.response.status).toBe(413);
    expect((await r.response.json()).limit).toBe(JSON_MAX_VALUES);
  });

  it("answers 413 naming a field over its character limit, before the schema", async () => {
    const r = await parseJsonBody(post(JSON.stringify({ prompt: "x".repeat(60) })), schema, LIMIT, { maxChars: { prompt: 40 } });
    if (r.ok) throw new Error("expected a refusal");
    expect(r.response.status).toBe(413);
    expect(await r.response.json()).toMatchObject({
      success: false,
      field: "prompt",
      limit: 40,
      size: 60,
      error: "prompt is too large: 60 characters, the limit is 40",
    });
  });

  it("lists at most MAX_ERROR_DETAILS schema issues and counts the rest", async () => {
    const r = await parseJsonBody(post(`{"prompt":"x","items":[${"{},".repeat(199)}{}]}`), schema, LIMIT);
    if (r.ok) throw new Error("expected a refusal");
    const json = await r.response.json();
    expect(json.details).toHaveLength(MAX_ERROR_DETAILS);
    expect(json.details_omitted).toBe(201 - MAX_ERROR_DETAILS);
  });

  it("still accepts nesting within the limit", async () => {
    const r = await parseJsonBody(
      post(`{"prompt":"x","deep":${"[".repeat(JSON_MAX_DEPTH - 1)}${"]".repeat(JSON_MAX_DEPTH - 1)}}`),
      schema,
      LIMIT,
    );
    expect(r.ok).toBe(true);
  });
});
