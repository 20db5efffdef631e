// The generation endpoints with LLM_PROVIDER=auto and an Anthropic key: every stage engine runs
// through the real Anthropic adapter (SDK included) against a local server speaking /v1/messages.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BRIEF_SCHEMA_NAME, BRIEF_SYSTEM } from "~/engines/prompts/brief";
import { COPY_SYSTEM } from "~/engines/prompts/copy";
import { BLUEPRINT_SYSTEM } from "~/engines/prompts/blueprint";
import { CODE_SYSTEM } from "~/engines/prompts/code";
import { REFINE_SYSTEM } from "~/engines/prompts/refine";
import { startFakeLlmVendor, type FakeLlmVendor, type VendorRequest } from "../helpers/fake-llm-vendor";
import { expectTabsEmailWithoutRag } from "../helpers/generation";
import { startTestServer, type TestServer } from "../helpers/server";
import { createUserWithToken } from "../helpers/users";

let fake: FakeLlmVendor;
let server: TestServer;
let token: string;
const PROMPT =
  "Spring sale email for Bloom & Co with tabs for Dresses ($49), Shoes ($79) and Bags ($59). 20% off with code BLOOM20 until May 3.";

beforeAll(async () => {
  fake = await startFakeLlmVendor();
  server = await startTestServer({
    ANTHROPIC_API_KEY: "test",
    ANTHROPIC_BASE_URL: fake.url,
    LLM_TIMEOUT_MS: "3000",
    LLM_MAX_RETRIES: "0",
    // One role configured explicitly; the others keep the provider defaults.
    LLM_MODEL_BLUEPRINT: "claude-blueprint-test",
  });
  token = (await createUserWithToken(server, { credits: 100 })).token;
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

const post = (path: string, json: unknown) => server.fetch(path, { method: "POST", token, json });
const credits = async () => (await (await server.fetch("/api/me", { token })).json()).credits.ai_generation as number;
const count = async (table: string) => Number((await server.app.database.client.execute(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
const stages = (rs: VendorRequest[]) => rs.map((r) => r.stage);

/** Every request of the Messages API: path, key, version header, cached system block, model. */
function expectAnthropicWire(r: VendorRequest, model: string, system: string, schemaName?: string) {
  expect(r.path).toBe("/v1/messages");
  expect(r.headers.authorization).toBe("Bearer test"); // SDK 1.x sends the key as a bearer token
  expect(r.headers["anthropic-version"]).toEqual(expect.any(String));
  expect(r.model).toBe(model);
  expect(r.body.max_tokens).toEqual(expect.any(Number));
  expect(r.body.system).toHaveLength(1);
  expect(r.body.system[0]).toMatchObject({ type: "text", cache_control: { type: "ephemeral" } });
  expect(r.body.system[0].text.startsWith(system)).toBe(true);
  if (schemaName) expect(r.body.system[0].text).toContain(`Respond with a single JSON object (${schemaName})`);
  // Structured output with a schema (the brief) is a forced tool; the other JSON stages have none.
  if (schemaName === BRIEF_SCHEMA_NAME) {
    expect(r.body.tools).toEqual([
      { name: BRIEF_SCHEMA_NAME, description: expect.any(String), input_schema: expect.objectContaining({ type: "object" }) },
    ]);
    expect(r.body.tool_choice).toEqual({ type: "tool", name: BRIEF_SCHEMA_NAME });
  } else expect(r.body).not.toHaveProperty("tools");
  expect(r.body).not.toHaveProperty("response_format");
  expect(r.status).toBe(200);
}

describe("POST /api/gen/copy through Anthropic", () => {
  it("returns the model's CopyDoc in the prompt's words, free of charge", async () => {
    const from = fake.requests.length;
    const before = await credits();
    const res = await post("/api/gen/copy", { prompt: PROMPT, emailType: "ecommerce" });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.success).toBe(true);
    expect(body.copyDoc).toMatchObject({
      subject: expect.any(String),
      preheader: expect.any(String),
      sections: expect.any(Array),
      items: expect.any(Array),
    });
    const words = JSON.stringify(body.copyDoc);
    for (const w of ["Bloom & Co", "Dresses", "Shoes", "Bags", "BLOOM20"]) expect(words).toContain(w);
    expect(body.copyText).toContain(body.copyDoc.subject);
    expect(await credits()).toBe(before);

    const sent = fake.requests.slice(from);
    expect(stages(sent)).toEqual(["brief", "copy"]);
    expectAnthropicWire(sent[0], "claude-sonnet-5-5", BRIEF_SYSTEM, BRIEF_SCHEMA_NAME);
    expectAnthropicWire(sent[1], "claude-sonnet-5-5", COPY_SYSTEM, "CopyDoc");
    // The per-call part is the assembled prompt (step 2 of docs/generation.md), with the caller's type hint.
    const userText = sent[1].body.messages[0].content.at(-1).text;
    expect(userText).toContain(PROMPT);
    expect(userText).toContain("ecommerce (given by the caller)");
  });
});

describe("POST /api/gen/blueprint through Anthropic", () => {
  it("asks the model for structure only and places a supplied copyDoc verbatim, brand tokens forced", async () => {
    const copy = (await (await post("/api/gen/copy", { prompt: PROMPT })).json()).copyDoc;
    copy.subject = "Exactly this subject, verbatim";
    const from = fake.requests.length;
    const res = await post("/api/gen/blueprint", { prompt: PROMPT, copyDoc: copy, designTokens: { colors: { primary: "#123456" } } });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.success).toBe(true);
    expect(body.blueprint).toMatchObject({
      subject: "Exactly this subject, verbatim",
      technique: "tabs",
      design: { colors: expect.any(Object), typography: expect.any(Object), spacing: expect.any(Object), buttons: expect.any(Object) },
      sections: expect.any(Array),
      interactiveConfig: expect.any(Object),
    });
    expect(body.blueprint.design.colors.primary).toBe("#123456");

    const sent = fake.requests.slice(from);
    expect(stages(sent)).toEqual(["brief", "blueprint"]); // the supplied copy is not rewritten
    expectAnthropicWire(sent[1], "claude-blueprint-test", BLUEPRINT_SYSTEM, "StructurePlan");
    expect(sent[1].body.messages[0].content.at(-1).text).toContain(`0. [${copy.sections[0].role}] ${copy.sections[0].headline}`);
  });

  it("without a copyDoc, writes the copy first, then the structure", async () => {
    const from = fake.requests.length;
    const res = await post("/api/gen/blueprint", { prompt: PROMPT });
    expect(res.status).toBe(200);
    const { blueprint } = await res.json();
    expect(JSON.stringify(blueprint)).toContain("BLOOM20");
    expect(stages(fake.requests.slice(from))).toEqual(["brief", "copy", "blueprint"]);
  });
});

describe("POST /api/generate through Anthropic", () => {
  it("runs copy → blueprint → code through the model, charges one credit and logs QA", async () => {
    const before = await credits();
    const qaRows = await count("qa_evaluations");
    const from = fake.requests.length;
    const res = await post("/api/generate", { prompt: PROMPT });
    expect(res.status).toBe(200);
    const body = await res.json();
    expectTabsEmailWithoutRag(body, 70);
    expect(body.html).not.toContain("```"); // the fence around the model's HTML is gone
    for (const w of ["Dresses", "BLOOM20"]) expect(body.html).toContain(w);
    expect(body.blueprint).toMatchObject({ technique: "tabs", subject: expect.any(String) });
    expect(await credits()).toBe(before - 1);
    expect(await count("qa_evaluations")).toBe(qaRows + 1);

    const sent = fake.requests.slice(from);
    expect(stages(sent)).toEqual(["brief", "copy", "blueprint", "code"]);
    expectAnthropicWire(sent[3], "claude-sonnet-5-5", CODE_SYSTEM);
    expect(sent[3].body.system[0].text).not.toContain("Respond with a single JSON object");
    // Without retrieval there are no cacheable example blocks: the first user turn is the prompt alone.
    expect(sent[3].body.messages[0].content).toHaveLength(1);
    expect(sent[3].body.messages[0].content[0].text).toContain("## Blueprint (final; place its words verbatim)");

    const served = fake.usageSince(from);
    expect(body.metadata.usage).toEqual({ input_tokens: served.input, output_tokens: served.output, estimated: false });
  });

  it("with useRAG, reports retrieval truthfully and sends the examples it reports as cached blocks", async () => {
    const libraryDocs = await count("rag_documents");
    const from = fake.requests.length;
    const res = await post("/api/generate", { prompt: PROMPT, useRAG: true });
    expect(res.status).toBe(200);
    const { metadata, html } = await res.json();
    expect(html).toContain('data-kx-technique="tabs"');
    const { rag } = metadata;
    expect(rag.examplesCount).toBe(rag.examples.length);
    expect(rag.used).toBe(rag.examplesCount > 0);
    expect(rag.examplesCount).toBeLessThanOrEqual(7);
    expect(rag.error).toBeUndefined();
    if (libraryDocs === 0) expect(rag.used).toBe(false);

    const sent = fake.requests.slice(from);
    // The query is written by the model (writing model); the re-ranker uses the cheap one when it runs.
    const rewrite = sent.filter((r) => r.stage === "rewrite");
    expect(rewrite).toHaveLength(1);
    expectAnthropicWire(rewrite[0], "claude-sonnet-5-5", "You turn a marketer's request", "RetrievalQuery");
    for (const r of sent.filter((x) => x.stage === "rerank"))
      expectAnthropicWire(r, "claude-haiku-4-5", "You pick the most useful example emails", "RerankSelection");
    if (rag.used) {
      // The examples are the re-ranker's picks among the candidates it was shown, and real library rows.
      const rerank = sent.filter((r) => r.stage === "rerank");
      expect(rerank).toHaveLength(1);
      const shown = JSON.parse(rerank[0].body.messages[0].content.at(-1).text).candidates.map((c: { id: string }) => c.id);
      for (const e of rag.examples) expect(shown).toContain(e.id);
      const ids = rag.examples.map((e: { id: string }) => e.id);
      const rows = await server.app.database.client.execute({
        sql: `SELECT count(*) AS n FROM rag_documents WHERE id IN (${ids.map(() => "?").join(",")})`,
        args: ids,
      });
      expect(Number(rows.rows[0].n)).toBe(ids.length);
      // The retrieval query is the model's, with the local vocabulary appended.
      expect(rag.trace.query).toContain("hidden radio and checkbox inputs");
    }

    const code = sent.filter((r) => r.stage === "code");
    expect(code).toHaveLength(1);
    const blocks: Array<{ text: string; cache_control?: unknown }> = code[0].body.messages[0].content;
    const examples = blocks.filter((b) => b.text.startsWith("## Library example"));
    expect(examples).toHaveLength(rag.examplesCount);
    rag.examples.forEach((e: { id: string }, i: number) => expect(examples[i].text).toContain(`(${e.id})`));
    // At most three example blocks carry a cache breakpoint (four per request, one is the system prompt).
    expect(examples.filter((b) => b.cache_control).length).toBe(Math.min(3, examples.length));
    if (examples.length > 0) expect(examples.at(-1)!.cache_control).toEqual({ type: "ephemeral" });
    expect(blocks.at(-1)!.cache_control).toBeUndefined();
  });
});

describe("the brief read by the model through Anthropic", () => {
  it("reads the brief from the forced tool's input, with a price the model lost taken back from the local reading", async () => {
    fake.editBrief((answer) => {
      answer.items = [{ name: "Dresses", price: "$49" }, { name: "Shoes" }, { name: "Bags", price: "$59" }];
      answer.brand = "Bloom and Company";
      answer.unused = [{ text: "Spring sale email", reason: "The model's note: the kind of email" }];
    });
    try {
      const from = fake.requests.length;
      const res = await post("/api/generate", { prompt: PROMPT });
      expect(res.status).toBe(200);
      const body = await res.json();
      const brief = fake.requests.slice(from)[0];
      expect(brief.stage).toBe("brief");
      expectAnthropicWire(brief, "claude-sonnet-5-5", BRIEF_SYSTEM, BRIEF_SCHEMA_NAME);
      expect(body.brief.unused).toContainEqual({
        text: { value: "Spring sale email", span: { start: 0, end: 17 } },
        reason: "The model's note: the kind of email",
      });
      expect(body.brief.items[1]).toMatchObject({
        name: { value: "Shoes" },
        price: { display: "$79", minor: 7900, span: { start: 69, end: 72 } },
      });
      // A brand the prompt does not write is dropped; the one it writes comes back with its name token.
      expect(body.brief.brand).toEqual({ value: "Bloom & Co", span: { start: 22, end: 32 } });
      expect(body.html).toContain("$79");
    } finally {
      fake.editBrief(undefined);
    }
  });
});

describe("POST /api/generate-email through Anthropic", () => {
  let first: { html: string };

  it("generates directly, reporting the vendor's token counts rather than estimates", async () => {
    const before = await credits();
    const from = fake.requests.length;
    const res = await post("/api/generate-email", { prompt: PROMPT });
    expect(res.status).toBe(200);
    const body = await res.json();
    first = body;
    expect(body.success).toBe(true);
    expect(body.html).toMatch(/^<!DOCTYPE html>/i);
    expect(body.html).toContain('data-kx-technique="tabs"');
    expect(body.qa.score).toBeGreaterThanOrEqual(70);
    expect(body.qa.qualifiesForFreeRegen).toBe(false);
    expect(await credits()).toBe(before - 1);

    const sent = fake.requests.slice(from);
    expect(stages(sent)).toEqual(["brief", "copy", "blueprint", "code"]); // no retrieval
    const served = fake.usageSince(from);
    expect(served.input).toBe(909 + 1101 + 1202 + 1303);
    expect(body.usage.input_tokens).toBe(served.input);
    expect(body.usage.output_tokens).toBe(served.output);
    expect(body.usage.estimated).toBe(false);
  });

  it("refines existing HTML through the model, all or nothing: what it could not apply is named and nothing is charged", async () => {
    const before = await credits();
    const from = fake.requests.length;
    const res = await post("/api/generate-email", {
      prompt: 'replace "Dresses" with "Gowns"\nteleport the footer to Mars',
      refine: true,
      currentHtml: first.html,
    });
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.html).toBeUndefined();
    expect(body.notApplied).toHaveLength(1);
    expect(body.notApplied[0].instruction).toContain("teleport");
    expect(await credits()).toBe(before);

    const sent = fake.requests.slice(from);
    expect(stages(sent)).toEqual(["refine"]);
    expectAnthropicWire(sent[0], "claude-sonnet-5-5", REFINE_SYSTEM, "RefineResult");
    expect(sent[0].body.max_tokens).toBe(16_000);
  });
});
