// A model that fails: garbage twice (the repair round included), no answer, or HTTP 500. Each
// generation answers 502 naming the stage, refunds the credit it charged and stores no QA row. The
// brief stage comes first and is the exception: its failure leaves the local reading, and a warning.
// One server configuration for the whole file; only the fake vendor's behaviour changes.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GARBAGE, startFakeLlmVendor, type FakeLlmVendor, type VendorRequest } from "../helpers/fake-llm-vendor";
import { startTestServer, type TestServer } from "../helpers/server";
import { createUserWithToken } from "../helpers/users";

let fake: FakeLlmVendor;
let server: TestServer;
const PROMPT = "Spring sale email for Bloom & Co with tabs for Dresses ($49), Shoes ($79) and Bags ($59). 20% off with code BLOOM20.";

beforeAll(async () => {
  fake = await startFakeLlmVendor();
  server = await startTestServer({ ANTHROPIC_API_KEY: "test", ANTHROPIC_BASE_URL: fake.url, LLM_TIMEOUT_MS: "1000", LLM_MAX_RETRIES: "0" });
});
afterEach(() => fake.setMode("ok"));
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

const sql = async (query: string, args: (string | number)[] = []) => (await server.app.database.client.execute({ sql: query, args })).rows;
const qaRows = async () => Number((await sql("SELECT count(*) AS n FROM qa_evaluations"))[0].n);
const balance = async (token: string) => (await (await server.fetch("/api/me", { token })).json()).credits.ai_generation as number;
const stages = (rs: VendorRequest[]) => rs.map((r) => r.stage);

/** A fresh user (its own ledger), the request, and what the failure left behind. */
async function failingCall(path: string, json: unknown) {
  const user = await createUserWithToken(server, { credits: 5 });
  const qaBefore = await qaRows();
  const from = fake.requests.length;
  const res = await server.fetch(path, { method: "POST", token: user.token, json });
  const body = await res.json();
  return { res, body, user, sent: fake.requests.slice(from), qaBefore };
}

/** 502 with the stage named, the balance as before, a charge and its refund on the ledger, no QA row. */
async function expectRefunded502(call: Awaited<ReturnType<typeof failingCall>>, stage: string) {
  expect(call.res.status).toBe(502);
  expect(call.body.success).toBe(false);
  expect(call.body.error).toMatch(new RegExp(`^Generation failed at the ${stage} stage: `));
  expect(await balance(call.user.token)).toBe(5);
  const ledger = await sql(
    "SELECT kind, delta, reference, balance_after FROM credit_ledger WHERE user_id = ? AND kind IN ('charge', 'refund') ORDER BY id",
    [call.user.id],
  );
  expect(ledger.map((r) => [r.kind, Number(r.delta), Number(r.balance_after)])).toEqual([
    ["charge", -1, 4],
    ["refund", 1, 5],
  ]);
  expect(ledger[0].reference).toEqual(expect.any(String));
  expect(ledger[1].reference).toBe(ledger[0].reference);
  expect(await qaRows()).toBe(call.qaBefore);
}

describe("garbage from the model", () => {
  it("copy: two unusable answers (the repair round included) → 502 naming the copy stage, credit refunded", async () => {
    fake.setMode("garbage");
    const call = await failingCall("/api/generate", { prompt: PROMPT });
    await expectRefunded502(call, "copy");
    expect(call.body.error).toContain("Copy model failed (invalid_output)");
    expect(call.body.error).toContain("CopyDoc");
    // The brief's two unusable answers leave the local reading; the copy's fail the generation.
    expect(stages(call.sent)).toEqual(["brief", "brief", "copy", "copy"]);
    expect(call.sent.map((r) => r.repair)).toEqual([false, true, false, true]);
    // The repair round shows the model its own answer and asks for the object again.
    const repair = call.sent[3].body.messages;
    expect(repair.map((m: { role: string }) => m.role)).toEqual(["user", "assistant", "user"]);
    expect(repair[1].content).toBe(GARBAGE);
    expect(repair[2].content).toContain("Reply with the corrected CopyDoc JSON object only");
  });

  it("blueprint: the copy succeeds, the plan is garbage twice → 502 naming the blueprint stage, no code call", async () => {
    fake.setMode("garbage", { stages: ["blueprint"] });
    const call = await failingCall("/api/generate", { prompt: PROMPT });
    await expectRefunded502(call, "blueprint");
    expect(call.body.error).toContain("Blueprint model failed (invalid_output)");
    expect(stages(call.sent)).toEqual(["brief", "copy", "blueprint", "blueprint"]);
  });

  it("code: a reply without an HTML document → 502 naming the code stage, nothing stored", async () => {
    fake.setMode("garbage", { stages: ["code"] });
    const call = await failingCall("/api/generate", { prompt: PROMPT });
    await expectRefunded502(call, "code");
    expect(call.body.error).toContain("no complete HTML document");
    expect(stages(call.sent)).toEqual(["brief", "copy", "blueprint", "code"]);
  });

  it("generate-email, direct and refine: 502 naming the stage, credit refunded", async () => {
    fake.setMode("garbage");
    await expectRefunded502(await failingCall("/api/generate-email", { prompt: PROMPT }), "copy");
    const refine = await failingCall("/api/generate-email", {
      prompt: 'replace "Sale" with "Event"',
      refine: true,
      currentHtml: "<!DOCTYPE html><html><body><p>Sale</p></body></html>",
    });
    await expectRefunded502(refine, "refine");
    expect(refine.body.error).toContain("Refine model failed (invalid_output)");
    expect(stages(refine.sent)).toEqual(["refine", "refine"]);
  });

  it("the free stage endpoints answer 502 naming the stage and charge nothing", async () => {
    fake.setMode("garbage");
    const user = await createUserWithToken(server, { credits: 5 });
    const copy = await server.fetch("/api/gen/copy", { method: "POST", token: user.token, json: { prompt: PROMPT } });
    expect(copy.status).toBe(502);
    expect((await copy.json()).error).toMatch(/^Generation failed at the copy stage: Copy model failed \(invalid_output\)/);
    const blueprint = await server.fetch("/api/gen/blueprint", { method: "POST", token: user.token, json: { prompt: PROMPT } });
    expect(blueprint.status).toBe(502);
    expect(await balance(user.token)).toBe(5);
  });

  it("a failing re-ranker degrades retrieval, reported truthfully; the generation itself succeeds", async () => {
    fake.setMode("garbage", { stages: ["rerank"] });
    const user = await createUserWithToken(server, { credits: 5 });
    const res = await server.fetch("/api/generate", { method: "POST", token: user.token, json: { prompt: PROMPT, useRAG: true } });
    expect(res.status).toBe(200);
    const { metadata } = await res.json();
    const libraryDocs = Number((await sql("SELECT count(*) AS n FROM rag_documents"))[0].n);
    expect(metadata.rag.used).toBe(false);
    expect(metadata.rag.examplesCount).toBe(0);
    if (libraryDocs > 0) expect(metadata.rag.error).toMatch(/^retrieval failed at rerank: rerank model failed/);
    expect(await balance(user.token)).toBe(4);
  });
});

describe("a brief model that fails", () => {
  it("garbage twice: the brief is read locally, the generation goes on and says so", async () => {
    fake.setMode("garbage", { stages: ["brief"] });
    const user = await createUserWithToken(server, { credits: 5 });
    const from = fake.requests.length;
    const res = await server.fetch("/api/generate", { method: "POST", token: user.token, json: { prompt: PROMPT } });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(stages(fake.requests.slice(from))).toEqual(["brief", "brief", "copy", "blueprint", "code"]);
    expect(body.metadata.validator.warnings).toContainEqual(
      expect.stringMatching(/^The brief was read without the language model \(Brief model failed \(invalid_output\)/),
    );
    expect(body.brief.items.map((i: { price?: { display: string } }) => i.price?.display)).toEqual(["$49", "$79", "$59"]);
    expect(await balance(user.token)).toBe(4);
  });

  it("no answer: the same, after the timeout", async () => {
    fake.setMode("timeout", { stages: ["brief"] });
    const res = await server.fetch("/api/gen/copy", {
      method: "POST",
      token: (await createUserWithToken(server)).token,
      json: { prompt: PROMPT },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).brief.codes.map((c: { value: string }) => c.value)).toEqual(["BLOOM20"]);
  });
});

describe("a model that never answers", () => {
  it("times out (LLM_TIMEOUT_MS) → 502 naming the copy stage and the timeout, credit refunded", async () => {
    fake.setMode("timeout");
    const call = await failingCall("/api/generate", { prompt: PROMPT });
    await expectRefunded502(call, "copy");
    expect(call.body.error).toContain("Copy model failed (timeout)");
    expect(call.body.error).toContain("no response within 1000 ms");
    expect(stages(call.sent)).toEqual(["brief", "copy"]); // LLM_MAX_RETRIES=0
  });

  it("a code stage that times out still refunds and stores nothing", async () => {
    fake.setMode("timeout", { stages: ["code"] });
    const call = await failingCall("/api/generate-email", { prompt: PROMPT });
    await expectRefunded502(call, "code");
    expect(call.body.error).toContain("Code model failed (timeout)");
  });
});

describe("a vendor answering 500", () => {
  it("→ 502 naming the stage and the server error, credit refunded", async () => {
    fake.setMode("http500");
    const call = await failingCall("/api/generate", { prompt: PROMPT });
    await expectRefunded502(call, "copy");
    expect(call.body.error).toContain("Copy model failed (server)");
    expect(stages(call.sent)).toEqual(["brief", "copy"]);
    expect(call.sent.map((r) => r.status)).toEqual([500, 500]);
  });

  it("refine → 502 and refund", async () => {
    fake.setMode("http500");
    const call = await failingCall("/api/generate-email", {
      prompt: "make the button red",
      refine: true,
      currentHtml: "<!DOCTYPE html><html><body><p>Hi</p></body></html>",
    });
    await expectRefunded502(call, "refine");
    expect(call.body.error).toContain("Refine model failed (server)");
  });
});

describe("recovery", () => {
  it("once the vendor answers again, the same server generates normally", async () => {
    fake.setMode("ok");
    const user = await createUserWithToken(server, { credits: 5 });
    const qaBefore = await qaRows();
    const res = await server.fetch("/api/generate", { method: "POST", token: user.token, json: { prompt: PROMPT } });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.metadata.qa.score).toBeGreaterThanOrEqual(70);
    expect(await balance(user.token)).toBe(4);
    expect(await qaRows()).toBe(qaBefore + 1);
  });
});
