import { describe, expect, it } from "vitest";
import { z } from "zod";
import { JSON_BODY_TEXT } from "~/lib/body-handoff";
import { json, parseJsonBody } from "./api.server";

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
  it("overrides every body member of Response, and notices when Node adds one", () => {
    const body = ["body", "bodyUsed", "clone", "blob", "arrayBuffer", "text", "json", "formData", "bytes"];
    const plain = ["constructor", "type", "url", "redirected", "status", "ok", "statusText", "headers"];
    const members = Object.getOwnPropertyNames(Response.prototype);
    expect(members.filter((m) => !body.includes(m) && !plain.includes(m))).toEqual([]);
    const own = Object.getOwnPropertyNames(Object.getPrototypeOf(json({})));
    for (const m of body) if (members.includes(m)) expect(own).toContain(m);
  });

  it("answers with JSON, no-store, and the given status and headers", async () => {
    const res = json({ a: 1 }, { status: 201, headers: { "X-Extra": "y" } });
    expect(res.status).toBe(201);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-extra")).toBe("y");
    expect(await res.json()).toEqual({ a: 1 });
    expect(res.bodyUsed).toBe(true);
    await expect(res.text()).rejects.toThrow(TypeError);
  });

  it("reads as any Response does: a body stream, bytes, a Blob, a copy", async () => {
    const viaStream = json({ b: [1, 2] });
    expect(viaStream.bodyUsed).toBe(false);
    // What Remix does with a resource route's response when it sets a header on it.
    const rewrapped = new Response(viaStream.body, { status: viaStream.status, headers: viaStream.headers, duplex: "half" } as ResponseInit);
    expect(await rewrapped.json()).toEqual({ b: [1, 2] });
    expect(viaStream.bodyUsed).toBe(true);
    expect(() => viaStream.clone()).toThrow(TypeError);

    expect(new TextDecoder().decode(await json("é").arrayBuffer())).toBe('"é"');
    expect(await (await json(null).blob()).text()).toBe("null");

    const original = json({ c: true });
    const copy = original.clone();
    expect(await copy.json()).toEqual({ c: true });
    expect(await original.json()).toEqual({ c: true });

    const streamed = json({ d: 4 });
    void streamed.body;
    const streamedCopy = streamed.clone();
    expect(await streamedCopy.text()).toBe('{"d":4}');
    expect(await streamed.text()).toBe('{"d":4}');
  });

  it("refuses statuses that cannot carry a body, as Response does, and stops offering its text once the body is touched", async () => {
    for (const status of [204, 205, 304]) expect(() => json({}, status)).toThrow(TypeError);
    const textOf = (r: Response) => (r as unknown as { [JSON_BODY_TEXT]?: string })[JSON_BODY_TEXT];
    const read = json({ e: 5 });
    expect(textOf(read)).toBe('{"e":5}');
    expect(Array.from(await read.bytes())).toEqual(Array.from(new TextEncoder().encode('{"e":5}')));
    expect(textOf(read)).toBeUndefined();
    expect(read.body?.locked).toBe(true);
    const touched = json({ f: 6 });
    void touched.body;
    expect(textOf(touched)).toBeUndefined();
    expect(await touched.json()).toEqual({ f: 6 });
  });
});
