import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseJsonBody } from "./body.server";
import { json } from "./responses.server";

const schema = z.object({ to: z.string().email(), html: z.string().min(1), subject: z.string().optional() });
const post = (body: BodyInit | null, headers: Record<string, string> = {}) =>
  new Request("http://x/api/t", { method: "POST", body, headers: { "content-type": "application/json", ...headers } });

describe("parseJsonBody", () => {
  it("accepts a valid body", async () => {
    const r = await parseJsonBody(post(JSON.stringify({ to: "a@b.co", html: "<p>x</p>" })), schema, 1000);
    expect(r).toEqual({ ok: true, data: { to: "a@b.co", html: "<p>x</p>" } });
  });

  it("answers 400 for malformed JSON and non-objects", async () => {
    for (const body of ["{nope", "[1,2]", "42", "null"]) {
      const r = await parseJsonBody(post(body), schema, 1000);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.response.status).toBe(400);
    }
  });

  it("names missing required fields", async () => {
    const r = await parseJsonBody(post(JSON.stringify({ subject: "hi", html: "" })), schema, 1000);
    if (r.ok) throw new Error("expected failure");
    expect(r.response.status).toBe(400);
    const body = await r.response.json();
    expect(body).toMatchObject({ success: false, error: "Missing required fields", missing: ["to", "html"] });
  });

  it("reports invalid fields with zod details", async () => {
    const r = await parseJsonBody(post(JSON.stringify({ to: "not-an-address", html: "<p/>" })), schema, 1000);
    if (r.ok) throw new Error("expected failure");
    const body = await r.response.json();
    expect(body.error).toBe("Invalid request");
    expect(body.details[0].path).toBe("to");
  });

  it("answers 413 over the limit, declared or streamed", async () => {
    const big = JSON.stringify({ to: "a@b.co", html: "x".repeat(5000) });
    const declared = await parseJsonBody(post(big), schema, 1000);
    expect(!declared.ok && declared.response.status).toBe(413);
    const stream = new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode(big));
        c.close();
      },
    });
    const streamed = await parseJsonBody(
      new Request("http://x/api/t", { method: "POST", body: stream, duplex: "half" } as RequestInit),
      schema,
      1000,
    );
    expect(!streamed.ok && streamed.response.status).toBe(413);
  });
});

describe("json()", () => {
  it("answers with JSON, no-store, and the given status and headers", async () => {
    const res = json({ a: 1 }, { status: 201, headers: { "X-Extra": "y" } });
    expect(res.status).toBe(201);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-extra")).toBe("y");
    expect(await res.json()).toEqual({ a: 1 });
  });

  it("refuses statuses that cannot carry a body, as Response does", () => {
    for (const status of [204, 205, 304]) expect(() => json({}, status)).toThrow(TypeError);
  });
});
