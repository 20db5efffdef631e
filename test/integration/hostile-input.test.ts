// Hostile input through the real server (docs/api.md "Input limits"): deep JSON and HTML answer a clear
// 400/413 before anything recursive sees them and before any credit moves; a regex-hostile prompt
// is parsed in linear work; nothing answers 5xx. Work is counted (characters the regexes read,
// server and client share this process), never timed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_PROMPT_CHARS } from "~/domain/requests/generation";
import { HTML_LIMITS } from "~/domain/html/limits";
import { JSON_MAX_DEPTH } from "~/http/body.server";
import { startTestServer, type TestServer } from "../helpers/server";
import { hostilePrompts } from "../../scripts/bench/lib/hostile-inputs";
import { countRegexWork } from "../helpers/regex-work";
import { createUserWithToken } from "../helpers/users";

let server: TestServer;
let user: { id: string; token: string };
let admin: { id: string; token: string };

beforeAll(async () => {
  server = await startTestServer({ EMAIL_PROVIDER: "outbox" });
  user = await createUserWithToken(server, { credits: 20 });
  admin = await createUserWithToken(server, { admin: true, credits: 20 });
});
afterAll(() => server?.close());

/** POSTs a body given as text: a 100,000-deep value cannot go through JSON.stringify. */
const postText = (path: string, body: string, token = user.token) =>
  server.fetch(path, { method: "POST", token, body, headers: { "Content-Type": "application/json" } });
const post = (path: string, json: unknown, token = user.token) => postText(path, JSON.stringify(json), token);

/** Balance and ledger rows: a refused request neither charges nor charges-and-refunds. */
async function books(userId: string): Promise<{ balance: number; ledgerRows: number }> {
  const client = server.app.database.client;
  const balance = await client.execute({
    sql: "SELECT balance FROM credit_balances WHERE user_id = ? AND action = 'ai_generation'",
    args: [userId],
  });
  const rows = await client.execute({ sql: "SELECT count(*) AS n FROM credit_ledger WHERE user_id = ?", args: [userId] });
  return { balance: Number(balance.rows[0]?.balance ?? 0), ledgerRows: Number(rows.rows[0].n) };
}

const deepArray = (prefix: string, depth: number) => `{${prefix},"deep":${"[".repeat(depth)}${"]".repeat(depth)}}`;

describe("deeply nested JSON", () => {
  it("answers 400 naming the limit on every generation endpoint, charging nothing", async () => {
    const before = await books(user.id);
    for (const path of ["/api/gen/copy", "/api/gen/blueprint", "/api/generate", "/api/generate-email"]) {
      const res = await postText(path, deepArray('"prompt":"Tabs for A, B and C"', 100_000));
      expect(res.status, path).toBe(400);
      const body = await res.json();
      expect(body.error, path).toMatch(/^JSON nested too deeply/);
      expect(body.limit, path).toBe(JSON_MAX_DEPTH);
    }
    expect(await books(user.id)).toEqual(before);
  });

  it("answers 400 where a stored value would have overflowed JSON.stringify (was a 500)", async () => {
    const run = await (
      await post("/api/admin/eval", { action: "createRun", label: "hostile", promptSetVersion: "v1", promptCount: 1 }, admin.token)
    ).json();
    const depth = 100_000;
    const body = `{"action":"saveResult","runId":${JSON.stringify(run.runId)},"result":{"promptId":"p","details":{"x":${"[".repeat(depth)}${"]".repeat(depth)}}}}`;
    const res = await postText("/api/admin/eval", body, admin.token);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatch(/^JSON nested too deeply/);
  });
});

describe("deeply nested HTML", () => {
  const deepHtml = (depth: number) => `<html><body>${"<div>".repeat(depth)}<h1>Hi</h1>${"</div>".repeat(depth)}</body></html>`;

  it("a refine of HTML nested 100,000 deep answers 413 and charges nothing (was a 502 after half a minute, charged and refunded)", async () => {
    const before = await books(user.id);
    const res = await post("/api/generate-email", { prompt: 'Change the headline to "New"', refine: true, currentHtml: deepHtml(100_000) });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ success: false, field: "currentHtml", reason: "chars", limit: HTML_LIMITS.maxChars });
    expect(await books(user.id)).toEqual(before);
  });

  it("a refine of HTML nested past the depth limit within the size limit answers 400 and charges nothing", async () => {
    const before = await books(user.id);
    const res = await post("/api/generate-email", {
      prompt: 'Change the headline to "New"',
      refine: true,
      currentHtml: deepHtml(HTML_LIMITS.maxDepth + 50),
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toMatchObject({ field: "currentHtml", reason: "depth", limit: HTML_LIMITS.maxDepth });
    expect(body.error).toContain(`more than ${HTML_LIMITS.maxDepth} levels`);
    expect(await books(user.id)).toEqual(before);
  });

  it("a refine within the limits still works and charges", async () => {
    const before = await books(user.id);
    const res = await post("/api/generate-email", {
      prompt: 'Change the headline to "New"',
      refine: true,
      currentHtml: deepHtml(HTML_LIMITS.maxDepth - 5),
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.html).toContain(">New</h1>");
    expect((await books(user.id)).balance).toBe(before.balance - 1);
  });

  it("every other endpoint that takes HTML answers 400 for deep HTML, not 5xx", async () => {
    const html = deepHtml(HTML_LIMITS.maxDepth + 50);
    const cases: Array<[string, unknown]> = [
      ["/api/gen/amp", { blueprint: {}, html }],
      ["/api/eval/judge", { prompt: "Tabs for A, B and C", html }],
      ["/api/admin/auto-tag", { htmlContent: html }],
      ["/api/admin/submit-content", { uploadType: "html", htmlContent: html, description: "deep" }],
      ["/api/generate", { prompt: "Tabs for A, B and C", savedSections: [{ html }] }],
    ];
    for (const [path, json] of cases) {
      const res = await post(path, json, admin.token);
      expect(res.status, path).toBe(400);
      expect((await res.json()).reason, path).toBe("depth");
    }
  });

  it("every endpoint that parses HTML answers 400 for CSS nested 2,000 deep (was a 500 or 502: the stack overflowed)", async () => {
    const html = `<html><head><style>${"@media screen{".repeat(2000)}a{color:red}${"}".repeat(2000)}</style></head><body><h1>Hi</h1></body></html>`;
    const cases: Array<[string, unknown]> = [
      ["/api/generate-email", { prompt: 'Change the headline to "New"', refine: true, currentHtml: html }],
      ["/api/gen/amp", { blueprint: {}, html }],
      ["/api/eval/judge", { prompt: "Tabs for A, B and C", html }],
      ["/api/admin/auto-tag", { htmlContent: html }],
      ["/api/admin/submit-content", { uploadType: "html", htmlContent: html, description: "nested css" }],
    ];
    const before = await books(admin.id);
    for (const [path, json] of cases) {
      const res = await post(path, json, admin.token);
      expect(res.status, path).toBe(400);
      expect((await res.json()).reason, path).toBe("css-depth");
    }
    expect(await books(admin.id)).toEqual(before);
  });

  it("sends an email whose HTML is nested 100,000 deep (was a 500 after seconds of parsing)", async () => {
    const res = await post("/api/send-email-esp", { to: "reader@example.com", subject: "Deep", html: deepHtml(100_000) });
    expect(res.status).toBeLessThan(500);
  });
});

describe("prompts", () => {
  it('reads "Tab: " × 4,000 in linear work and answers 200', async () => {
    const prompt = "Tab: ".repeat(4000);
    for (const path of ["/api/gen/copy", "/api/generate"]) {
      const work = countRegexWork();
      let res: Response;
      try {
        res = await post(path, { prompt });
      } finally {
        work.stop();
      }
      expect(res.status, path).toBe(200);
      // The old parser read ~46,000 characters per prompt character here.
      expect(work.chars, `${path}: ${work.chars} characters read by regexes`).toBeLessThan(2_000 * prompt.length);
    }
  });

  it("answers every hostile prompt of the bench without a 5xx (a 20,000-character brand or link was a 502)", async () => {
    for (const [name, prompt] of Object.entries(hostilePrompts())) {
      const res = await post("/api/gen/blueprint", { prompt });
      expect(res.status, `${name}: ${res.status} ${res.status >= 500 ? await res.text() : ""}`).toBeLessThan(500);
    }
  });

  it("answers 413 naming the field and the limit for a prompt over it", async () => {
    const res = await post("/api/gen/copy", { prompt: "a".repeat(MAX_PROMPT_CHARS + 1) });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({
      success: false,
      field: "prompt",
      limit: MAX_PROMPT_CHARS,
      error: `prompt is too large: ${MAX_PROMPT_CHARS + 1} characters, the limit is ${MAX_PROMPT_CHARS}`,
    });
  });
});

describe("client blueprints", () => {
  /** Valid field by field, but 20 one-line-per-row bodies render to ~48,000 nodes. */
  async function bloatedBlueprint() {
    const { bigBlueprint } = await import("../fixtures/blueprints");
    const bp = bigBlueprint() as unknown as {
      sections: Array<Record<string, unknown>>;
      interactiveConfig: { modules: Array<{ items?: Array<Record<string, unknown>> }> };
    };
    const lines = "- a\n".repeat(1000);
    for (const s of bp.sections) if ("body" in s) s.body = lines.slice(0, 4000);
    for (const m of bp.interactiveConfig.modules) for (const it of m.items ?? []) if ("body" in it) it.body = lines.slice(0, 2000);
    return bp;
  }

  it("/api/generate answers 413 for a blueprint that renders past the HTML limits, charging nothing", async () => {
    const before = await books(user.id);
    const res = await post("/api/generate", { prompt: "Tabs for A, B and C", blueprint: await bloatedBlueprint(), generateAmp: true });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ field: "blueprint", reason: "nodes", limit: HTML_LIMITS.maxNodes });
    expect(await books(user.id)).toEqual(before);
  });

  it("/api/gen/amp answers 413 for it too", async () => {
    const res = await post("/api/gen/amp", { blueprint: await bloatedBlueprint() });
    expect(res.status).toBe(413);
    expect((await res.json()).reason).toBe("nodes");
  });
});
